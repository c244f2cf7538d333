package table

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/parquet-go/parquet-go"
)

// ScanColumns reads the integer columns cols of the Parquet file path, a
// row group at a time, and calls fn with the index of the group's first
// row and one slice per column (reused by the next call). It reads pages
// of values directly, without building rows: several times faster than a
// row reader for the long files of a table, with memory for one row group
// (parquetfile.RowGroupRows rows) per column. A corrupt file gives an error wrapping
// ErrCorrupt.
func ScanColumns(path string, cols []string, fn func(lo int64, vals [][]int64) bool) (err error) {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: %w (%v)", path, ErrCorrupt, p)
		}
	}()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		return fmt.Errorf("%s: %w (%v)", path, ErrCorrupt, err)
	}
	idx := make([]int, len(cols))
	for i, name := range cols {
		c, ok := pf.Schema().Lookup(name)
		if !ok {
			return fmt.Errorf("%s: %w (no column %s)", path, ErrCorrupt, name)
		}
		idx[i] = c.ColumnIndex
	}
	vals := make([][]int64, len(cols))
	var buf32 []int32
	var bufV []parquet.Value
	lo := int64(0)
	for _, rg := range pf.RowGroups() {
		rows := rg.NumRows()
		for i, ci := range idx {
			v := vals[i][:0]
			if int64(cap(v)) < rows {
				v = make([]int64, 0, rows)
			}
			pages := rg.ColumnChunks()[ci].Pages()
			for {
				p, err := pages.ReadPage()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					pages.Close()
					return fmt.Errorf("%s: %w (%v)", path, ErrCorrupt, err)
				}
				pv := p.Values()
				switch r := pv.(type) {
				case parquet.Int64Reader:
					v = readAll64(r, v)
				case parquet.Int32Reader:
					if buf32 == nil {
						buf32 = make([]int32, 1<<12)
					}
					for {
						n, err := r.ReadInt32s(buf32)
						for _, x := range buf32[:n] {
							v = append(v, int64(x))
						}
						if err != nil {
							break
						}
					}
				default:
					if bufV == nil {
						bufV = make([]parquet.Value, 1<<12)
					}
					for {
						n, err := pv.ReadValues(bufV)
						for _, x := range bufV[:n] {
							v = append(v, x.Int64())
						}
						if err != nil {
							break
						}
					}
				}
				parquet.Release(p)
			}
			pages.Close()
			if int64(len(v)) != rows {
				return fmt.Errorf("%s: %w (column %s holds %d values in a row group of %d rows)", path, ErrCorrupt, cols[i], len(v), rows)
			}
			vals[i] = v
		}
		if !fn(lo, vals) {
			return nil
		}
		lo += rows
	}
	return nil
}

func readAll64(r parquet.Int64Reader, v []int64) []int64 {
	var buf [1 << 10]int64
	for {
		n, err := r.ReadInt64s(buf[:])
		v = append(v, buf[:n]...)
		if err != nil {
			return v
		}
	}
}

// ScanStartValues streams the start values in n order, a row group at a
// time: fn gets the first n of the batch and G(n, n-1), G(n, n) for it
// (slices reused by the next call) and returns false to stop. A row out of
// order or a value outside 0..grundy.MaxStartValue (65535) is an error
// wrapping ErrCorrupt. The value columns may be stored as any integer type
// (the writer uses int32; uint16 columns read the same).
func (t *Table) ScanStartValues(fn func(lo int, start, full []uint16) bool) error {
	if t.closed {
		return ErrClosed
	}
	path := t.dir + string(os.PathSeparator) + StartValuesFile
	var start, full []uint16
	var bad error
	next := int64(0)
	stopped := false
	err := ScanColumns(path, []string{"n", "g_start", "g_full"}, func(lo int64, v [][]int64) bool {
		start, full = start[:0], full[:0]
		for i, n := range v[0] {
			s, g := v[1][i], v[2][i]
			if n != next || n > int64(t.n) || !startValueOK(s) || !startValueOK(g) {
				bad = fmt.Errorf("%s: %w: row %d is n = %d, g_start = %d, g_full = %d", path, ErrCorrupt, next, n, s, g)
				return false
			}
			start = append(start, uint16(s))
			full = append(full, uint16(g))
			next++
		}
		if !fn(int(lo), start, full) {
			stopped = true
			return false
		}
		return true
	})
	if err == nil {
		err = bad
	}
	if err == nil && !stopped && next != int64(t.n)+1 {
		err = fmt.Errorf("%s: %w: %d rows, want %d", path, ErrCorrupt, next, t.n+1)
	}
	return err
}
