package table

import (
	"context"
	"fmt"

	"fibnim/internal/pool"
)

// Check reads every row of every file of the table and checks it: the
// start values (one row per n, values in range), dense.parquet (every
// cell once) and every run of every breakpoint file (as Runs does), and
// that the runs of file g cover exactly the n with G(n) >= g. It is what
// "compute info -full" runs: Open alone reads only the files' footers.
// It stops when ctx is done.
func (t *Table) Check(ctx context.Context) error {
	_, full, err := t.StartValues()
	if err != nil {
		return err
	}
	if t.denseN >= 0 {
		if err := t.loadDense(t.denseN); err != nil {
			return err
		}
		t.dense = nil // 2 bytes per cell: do not keep it
	}
	// atLeast[g]: the number of n with G(n) >= g, for g up to the
	// largest value and one past it.
	top := 0
	for _, v := range full {
		top = max(top, int(v))
	}
	atLeast := make([]int64, top+2)
	for _, v := range full {
		atLeast[v]++
	}
	for v := len(atLeast) - 2; v >= 0; v-- {
		atLeast[v] += atLeast[v+1]
	}
	// The files are independent: read on GOMAXPROCS goroutines (each Runs
	// reads its own file, open since Open), which halves the wall time of
	// compute verify's deep check on 2 cores.
	return pool.Each(ctx, len(t.files), 0, func(i int) error {
		g := i + 1
		covered := int64(0)
		for b, err := range t.Runs(g) {
			if err != nil {
				return err
			}
			for n := b.N; n < b.N+b.Run; n++ {
				if int(full[n]) < g {
					return fmt.Errorf("%s: a run of g = %d covers n = %d, but G(%d) = %d", t.dir, g, n, n, full[n])
				}
			}
			covered += int64(b.Run)
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if want := atLeast[min(g, top+1)]; covered != want {
			return fmt.Errorf("%s: the runs of g = %d cover %d rows, but %d have G(n) >= %d", t.dir, g, covered, want, g)
		}
		return nil
	})
}
