package table

import (
	"fmt"
	"os"
)

// ScanStartValues streams the start values in n order, a batch at a time
// (a page of the file, or less): fn gets the first n of the batch and
// G(n, n-1), G(n, n) for it (slices reused by the next call) and returns
// false to stop. It reads each page once, in place where it can
// (colCursor), each page's checksum included. A row out of order or a
// value outside 0..grundy.MaxStartValue (65535) is an error wrapping
// ErrCorrupt. The value columns may be stored as any integer type (the
// writer uses int32 in a dictionary; uint16 columns read the same).
func (t *Table) ScanStartValues(fn func(lo int, start, full []uint16) bool) (err error) {
	if t.closed {
		return ErrClosed
	}
	path := t.dir + string(os.PathSeparator) + StartValuesFile
	rd, err := OpenFile[StartValue](path)
	if err != nil {
		return err
	}
	defer rd.Close()
	var nc colCursor[int64]
	var sc, fc colCursor[int32]
	defer func() {
		nc.close()
		sc.close()
		fc.close()
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: %w (%v)", path, ErrCorrupt, p)
		}
	}()
	pf := rd.File()
	var cols [3]int
	for i, name := range []string{"n", "g_start", "g_full"} {
		c, ok := pf.Schema().Lookup(name)
		if !ok {
			return fmt.Errorf("%s: %w (no column %s)", path, ErrCorrupt, name)
		}
		cols[i] = c.ColumnIndex
	}
	var start, full []uint16
	next := int64(0)
	for gi, rg := range pf.RowGroups() {
		nc.open(rg.ColumnChunks()[cols[0]])
		sc.open(rg.ColumnChunks()[cols[1]])
		fc.open(rg.ColumnChunks()[cols[2]])
		for left := rg.NumRows(); left > 0; {
			k := left
			for _, err := range []error{nc.next(), sc.next(), fc.next()} {
				if err != nil {
					return fmt.Errorf("%s: %w (row group %d: %v)", path, ErrCorrupt, gi, err)
				}
			}
			k = min(k, int64(len(nc.vals)), int64(len(sc.vals)), int64(len(fc.vals)))
			ns, ss, fs := nc.vals[:k], sc.vals[:k], fc.vals[:k]
			nc.vals, sc.vals, fc.vals = nc.vals[k:], sc.vals[k:], fc.vals[k:]
			start, full = start[:0], full[:0]
			for i, n := range ns {
				s, g := int64(ss[i]), int64(fs[i])
				if n != next || n > int64(t.n) || !startValueOK(s) || !startValueOK(g) {
					return fmt.Errorf("%s: %w: row %d is n = %d, g_start = %d, g_full = %d", path, ErrCorrupt, next, n, s, g)
				}
				start = append(start, uint16(s))
				full = append(full, uint16(g))
				next++
			}
			if !fn(int(next)-len(full), start, full) {
				return nil
			}
			left -= k
		}
		for _, c := range []interface{ end() error }{&nc, &sc, &fc} {
			if err := c.end(); err != nil {
				return fmt.Errorf("%s: %w (row group %d: %v)", path, ErrCorrupt, gi, err)
			}
		}
		nc.close()
		sc.close()
		fc.close()
	}
	if next != int64(t.n)+1 {
		return fmt.Errorf("%s: %w: %d rows, want %d", path, ErrCorrupt, next, t.n+1)
	}
	return nil
}
