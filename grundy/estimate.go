package grundy

import "sync"

// pilotRows is the size of the pilot run of PendingShare.
const pilotRows = 1 << 20

var pendingShares sync.Map // Multiplier -> float64, for N >= pilotRows

// PendingShare returns the memory a sweep's records of windows that wait
// to start take at most, in bytes per row, measured by running every sweep
// for multiplier a at N' = min(N, 2^20) (a few tenths of a second, once per
// multiplier); BreakpointBytes uses it.
func PendingShare(a Multiplier, N int) float64 {
	n := min(N, pilotRows)
	if n == pilotRows {
		if v, ok := pendingShares.Load(a); ok {
			return v.(float64)
		}
	}
	s := newSweeper(n, a)
	in, out := make([]uint32, n+1), make([]uint32, n+1)
	most := 0
	for v := 0; ; v++ {
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
	share := float64(most) / float64(n+1)
	if n == pilotRows {
		pendingShares.Store(a, share)
	}
	return share
}
