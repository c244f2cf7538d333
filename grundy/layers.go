package grundy

import (
	"context"
	"fmt"
	"iter"
)

// FirstLayers yields R_1, ..., R_k (k >= 1) for the rows 0..N in order, in
// blocks: (n0, R) with R[g-1][i] = R_g(n0+i), the same length for every
// g. It chains k row sweeps block by block on the caller's goroutine, so
// it holds no layer whole: its memory is k sweepers (a few MiB) whatever
// N is, and its cost is k sweeps (the first values are row sweeps in
// Breakpoints too). It is how a check that reads R_1..R_4 runs on a table
// of start values alone, and beyond the rows a breakpoint file can hold
// (2^31 - 1). The blocks are reused: R is valid until the next yield. An
// error (a bad N, ctx done) ends it.
func FirstLayers(ctx context.Context, N int, a Multiplier, k int) iter.Seq2[int, [][]uint32] {
	return func(yield func(int, [][]uint32) bool) {
		if N < 0 || N > MaxBreakpointN || k < 1 || a.Q == 0 || a.P < a.Q {
			panic(fmt.Sprintf("grundy: FirstLayers(N=%d, a=%s, k=%d)", N, a, k))
		}
		sw := make([]*sweeper, k)
		R := make([][]uint32, k)
		for g := range sw {
			sw[g] = newSweeper(N, a)
			sw[g].start(g, nil)
			R[g] = make([]uint32, publishStride)
		}
		zero := make([]uint32, publishStride)
		for n0 := 0; n0 <= N; n0 += publishStride {
			if n0&(1<<20-1) == 0 && ctx.Err() != nil {
				return
			}
			m := min(publishStride, N+1-n0)
			in := zero[:m]
			for g, s := range sw {
				s.run(in, R[g][:m])
				in = R[g][:m]
			}
			out := R
			if m < publishStride {
				out = make([][]uint32, k)
				for g := range R {
					out[g] = R[g][:m]
				}
			}
			if !yield(n0, out) {
				return
			}
		}
	}
}
