package table

import (
	"fmt"
	"iter"
	"path/filepath"

	"fibnim/grundy"
	"fibnim/internal/parquetfile"
)

// StartValues returns start[n] = G(n, n-1) (G(0, 0) for n = 0) and
// full[n] = G(n) = G(n, n) for every n = 0..N.
// They take 2 bytes per row each.
func (t *Table) StartValues() (start, full []uint16, err error) {
	if t.closed {
		return nil, nil, ErrClosed
	}
	start, full, err = readStarts(filepath.Join(t.dir, StartValuesFile))
	if err == nil && len(full) != t.n+1 {
		err = invalid(t.dir, "%s has %d rows, want %d", StartValuesFile, len(full), t.n+1)
	}
	return start, full, err
}

func (t *Table) checkN(n int) error {
	if t.closed {
		return ErrClosed
	}
	if n < 0 || n > t.n {
		return fmt.Errorf("n = %d is outside the table %s, which covers 0 <= n <= %d", n, t.dir, t.n)
	}
	return nil
}

// R returns R_g(n) for every n = 0..N (grundy.Inf where G(n, n) < g), from
// breakpoint file g: 4 bytes per row.
func (t *Table) R(g int) ([]uint32, error) {
	if t.closed {
		return nil, ErrClosed
	}
	if t.files == nil {
		return nil, fmt.Errorf("%s holds no breakpoint files", t.dir)
	}
	R := make([]uint32, t.n+1)
	for i := range R {
		R[i] = grundy.Inf
	}
	if g < 1 || g > len(t.files) {
		return R, nil
	}
	path := BreakpointFile(filepath.Join(t.dir, BreakpointsDir), g)
	end, err := readRuns(t.files[g-1], 0, 0, R)
	if err == nil && end > int64(t.n)+1 {
		err = fmt.Errorf("a run ends past N = %d", t.n)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return R, nil
}

// Runs iterates over the rows of breakpoint file g in row order (increasing
// n), checking each as it goes: a row that is out of order, overlaps the
// one before, leaves 0..N or has r_min outside 1..n ends the iteration with
// an error. (A row's field N is the first n of its run, not the table's N.)
// For g above the largest value there is no file and no row: no n has
// G(n) >= g. A g below 1, a closed table or one without breakpoint files
// yields a single error.
func (t *Table) Runs(g int) iter.Seq2[Breakpoint, error] {
	return func(yield func(Breakpoint, error) bool) {
		switch {
		case t.closed:
			yield(Breakpoint{}, ErrClosed)
			return
		case t.files == nil:
			yield(Breakpoint{}, fmt.Errorf("%s holds no breakpoint files", t.dir))
			return
		case g < 1:
			yield(Breakpoint{}, fmt.Errorf("table: Runs(%d): values g start at 1", g))
			return
		case g > len(t.files):
			return
		}
		path := BreakpointFile(filepath.Join(t.dir, BreakpointsDir), g)
		next := int64(0)
		var bad error
		stopped := false
		err := parquetfile.ScanColumnsOf(t.files[g-1].File(), path, []string{"n", "g", "r_min", "run"}, func(_ int64, v [][]int64) bool {
			for i, n := range v[0] {
				bg, r, run := v[1][i], v[2][i], v[3][i]
				if run < 1 || n < next || r < 1 || r > n || n+run > int64(t.n)+1 || bg != int64(g) {
					bad = fmt.Errorf("%s: bad breakpoint row n=%d g=%d r_min=%d run=%d", path, n, bg, r, run)
					return false
				}
				next = n + run
				if !yield(Breakpoint{N: int32(n), G: int32(bg), RMin: int32(r), Run: int32(run)}, nil) {
					stopped = true
					return false
				}
			}
			return true
		})
		if stopped {
			return
		}
		if err == nil {
			err = bad
		}
		if err != nil {
			yield(Breakpoint{}, err)
		}
	}
}

// loadDense reads dense.parquet once, if it covers row n.
func (t *Table) loadDense(n int) error {
	if n > t.denseN {
		if t.denseN < 0 {
			return fmt.Errorf("%s holds neither breakpoint files nor %s", t.dir, DenseFile)
		}
		return fmt.Errorf("%s holds no breakpoint files, and %s covers only n <= %d", t.dir, DenseFile, t.denseN)
	}
	if t.dense != nil {
		return nil
	}
	rows := make([][]uint16, t.denseN+1)
	for m := range rows {
		rows[m] = make([]uint16, m+1)
	}
	// seen has a bit per cell, so that a missing or repeated cell is
	// caught whatever its value (every uint16 is a value).
	seen := make([]uint64, (int64(t.denseN+1)*int64(t.denseN+2)/2+63)/64)
	path := filepath.Join(t.dir, DenseFile)
	// Column by column (ScanColumns): several times faster than rows.
	var bad error
	err := ScanColumns(path, []string{"n", "r", "g"}, func(_ int64, v [][]int64) bool {
		for i, n := range v[0] {
			r, g := v[1][i], v[2][i]
			if n < 0 || n > int64(t.denseN) || r < 0 || r > n || g < 0 || g > grundy.MaxValue {
				bad = fmt.Errorf("%s: bad cell (%d, %d)", path, n, r)
				return false
			}
			i := n*(n+1)/2 + r
			if seen[i/64]&(1<<(i%64)) != 0 {
				bad = fmt.Errorf("%s: %w: cell (%d, %d) appears twice", path, ErrCorrupt, n, r)
				return false
			}
			seen[i/64] |= 1 << (i % 64)
			rows[n][r] = uint16(g)
		}
		return true
	})
	if err == nil {
		err = bad
	}
	if err != nil {
		return err
	}
	for m, row := range rows {
		for r := range row {
			if i := int64(m)*int64(m+1)/2 + int64(r); seen[i/64]&(1<<(i%64)) == 0 {
				return fmt.Errorf("%s: %w: cell (%d, %d) is missing", path, ErrCorrupt, m, r)
			}
		}
	}
	t.dense = rows
	return nil
}

// DenseRows returns the rows of dense.parquet: rows[n][r] = G(n, r) for
// 0 <= r <= n <= DenseN, 2 bytes per cell, every cell checked present
// once and in range. The table keeps them for Value; do not modify them.
func (t *Table) DenseRows() ([][]uint16, error) {
	if t.closed {
		return nil, ErrClosed
	}
	if t.denseN < 0 {
		return nil, fmt.Errorf("%s holds no %s", t.dir, DenseFile)
	}
	if err := t.loadDense(t.denseN); err != nil {
		return nil, err
	}
	return t.dense, nil
}

// ScanDense calls fn on the cells of dense.parquet in batches.
func (t *Table) ScanDense(fn func([]DenseCell) error) error {
	if t.denseN < 0 {
		return fmt.Errorf("%s holds no %s", t.dir, DenseFile)
	}
	_, err := scan(filepath.Join(t.dir, DenseFile), 1<<16, fn)
	return err
}
