package table

import (
	"fmt"
	"os"
)

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
