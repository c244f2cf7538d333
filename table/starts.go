package table

import "fmt"

// ReadStarts streams start_values.parquet into two compact arrays indexed
// by n = 0..N: start[n] = G(n, n-1) and full[n] = G(n). A row outside
// 0..N or a value above 255 is reported as corrupt.
func ReadStarts(path string) (start, full []uint8, err error) {
	rd, err := OpenFile[StartValue](path)
	if err != nil {
		return nil, nil, err
	}
	N := int(rd.NumRows()) - 1
	rd.Close()
	if N < 0 {
		return nil, nil, fmt.Errorf("%s: %w: no rows", path, ErrCorrupt)
	}
	start, full = make([]uint8, N+1), make([]uint8, N+1)
	_, err = Scan(path, 1<<16, func(b []StartValue) error {
		for _, r := range b {
			if r.N < 0 || int(r.N) > N || r.GStart < 0 || r.GStart > 255 || r.GFull < 0 || r.GFull > 255 {
				return fmt.Errorf("%s: %w: row n=%d out of range", path, ErrCorrupt, r.N)
			}
			start[r.N], full[r.N] = uint8(r.GStart), uint8(r.GFull)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return start, full, nil
}
