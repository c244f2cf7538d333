package table

import (
	"fmt"

	"fibnim/grundy"
)

// readStarts streams start_values.parquet into two compact arrays indexed
// by n = 0..N: start[n] = G(n, n-1) and full[n] = G(n). A row outside
// 0..N or a value outside 0..grundy.MaxStartValue (65535) is reported as
// corrupt. The value columns may be stored as any integer type (the writer
// uses int32; a file with uint16 columns of the same names reads the same).
func readStarts(path string) (start, full []uint16, err error) {
	rd, err := OpenFile[StartValue](path)
	if err != nil {
		return nil, nil, err
	}
	N := int(rd.NumRows()) - 1
	rd.Close()
	if N < 0 {
		return nil, nil, fmt.Errorf("%s: %w: no rows", path, ErrCorrupt)
	}
	start, full = make([]uint16, N+1), make([]uint16, N+1)
	_, err = scan(path, 1<<16, func(b []StartValue) error {
		for _, r := range b {
			if r.N < 0 || int(r.N) > N || !startValueOK(int64(r.GStart)) || !startValueOK(int64(r.GFull)) {
				return fmt.Errorf("%s: %w: row n=%d out of range", path, ErrCorrupt, r.N)
			}
			start[r.N], full[r.N] = uint16(r.GStart), uint16(r.GFull)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return start, full, nil
}

// startValueOK reports whether g can be a stored start value.
func startValueOK(g int64) bool { return 0 <= g && g <= grundy.MaxStartValue }
