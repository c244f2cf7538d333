package main

import (
	"fmt"
	"io"
	"sync/atomic"

	"fibnim/internal/cli"
)

// denseMeter is the progress line of a dense table that query fills
// (moves.OpenOptions.Dense): the rows filled of 0..N, and the fraction of
// the table's cells they hold (row n holds n+1; the rows are handed out
// in order), from which the ETA is extrapolated.
func denseMeter(w io.Writer, N int, rows *atomic.Int64) *cli.Meter {
	all := float64(N+1) * float64(N+2) / 2
	return cli.NewMeter(w, "query", func() (float64, string) {
		r := rows.Load()
		f := float64(r) * float64(r+1) / 2 / all
		return f, fmt.Sprintf("the dense table to n = %d: %d of its %d rows filled, %.0f%% of its cells", N, r, N+1, 100*f)
	})
}

// stepMeter is the progress line of a step of the proved automata that a
// query starts (moves.OpenOptions.Step): what it does now, and the time
// it has taken; quiet for its first two seconds.
func stepMeter(w io.Writer, status func() string) *cli.Meter {
	return cli.NewMeter(w, "query", func() (float64, string) { return -1, status() })
}
