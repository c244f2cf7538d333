package grundy

import (
	"math"
	"runtime"
	"sync"
)

// pilotRows is the size of the pilot run of PendingBytes.
const pilotRows = 1 << 20

// pilotResult is what a pilot run measures.
type pilotResult struct {
	recordBytes float64 // the most a sweep's records took, in bytes per row
	maxG        int     // max G(n) over n <= N'
}

var pilots sync.Map // Multiplier -> pilotResult, for N >= pilotRows

// pilot runs every sweep for multiplier a at N' = min(N, 2^20) (a few
// tenths of a second, once per multiplier: the result at 2^20 is kept).
func pilot(a Multiplier, N int) pilotResult {
	n := min(N, pilotRows)
	if n == pilotRows {
		if v, ok := pilots.Load(a); ok {
			return v.(pilotResult)
		}
	}
	s := newSweeper(n, a)
	in, out := make([]uint32, n+1), make([]uint32, n+1)
	most, v := 0, 0
	for ; ; v++ {
		s.start(v, nil)
		for n0 := 0; n0 <= n; n0 += publishStride {
			n1 := min(n+1, n0+publishStride)
			s.run(in[n0:n1], out[n0:n1])
			most = max(most, int(s.recordBytes()))
		}
		if s.finite == 0 {
			break
		}
		in, out = out, in
	}
	p := pilotResult{recordBytes: float64(most) / float64(n+1), maxG: v}
	if n == pilotRows {
		pilots.Store(a, p)
	}
	return p
}

// PendingBytes returns the memory a sweep's records of windows that wait
// to start take at most, in bytes per row, from the pilot run at 2^20
// rows; BreakpointBytes uses it. Below 2^20 rows a pilot would cost as
// much as the run itself, so it gives the most there can be instead: one
// 12-byte record a row (a few MiB at most).
func PendingBytes(a Multiplier, N int) float64 {
	if N < pilotRows {
		return 12
	}
	return pilot(a, N).recordBytes
}

// MayWiden reports whether a table of size N for multiplier a may reach a
// start value past 255, so that StartCounts widens to two bytes a row. It
// is an estimate: the pilot's max G(n) over n <= N' = min(N, 2^20), scaled
// by ln N / ln N' as for G(n) ~ alpha ln n, and by a margin of 1.5 for the
// multipliers near 1, where G grows faster (a = 1: G(2^20) = 217, and 256
// is first reached at n = 2,272,949). Below 2^20 rows, where the wide store
// costs at most 2 MiB, it runs no pilot and answers from the proved lower
// bound on the first n with G(n) >= 256 (FirstWithValueBound).
func MayWiden(a Multiplier, N int) bool {
	if N < pilotRows {
		return int64(N) >= FirstWithValueBound(a, narrowMax+1)
	}
	p := pilot(a, N)
	if p.maxG > narrowMax || N == pilotRows {
		return p.maxG > narrowMax
	}
	return 1.5*float64(p.maxG)*math.Log(float64(N+1))/math.Log(float64(pilotRows+1)) > narrowMax
}

// BreakpointBytes estimates the memory of Breakpoints in bytes, not
// counting Counts or what the RunWriters hold: the row array of the
// chains' ends (4 bytes a row), the rings between the sweeps, and per
// worker a row sweeper with its records of windows that have not started
// (10 or 12 bytes each; how many wait at once depends on a and N, and a
// pilot run of the sweeps at 2^20 rows measures it, PendingBytes).
func BreakpointBytes(N int, a Multiplier, workers int) uint64 {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	rings := uint64(workers) * (4*ringRows + 12*ringRuns)
	records := uint64(PendingBytes(a, N)*float64(N+1)) + 12<<pageShift
	return 4*uint64(N+1) + rings + uint64(workers)*(sweeperBytes(N)+records+runSweeperBytes(N))
}
