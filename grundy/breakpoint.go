package grundy

import (
	"math"
	"runtime"
	"sync/atomic"
	"time"
)

// Inf marks an absent breakpoint: R_g(n) = Inf means G(n, n) < g.
const Inf = math.MaxUint32

// MaxBreakpointN is the largest N the breakpoint engine accepts: rows,
// breakpoints and window ends are uint32, with Inf = 2^32 - 1 kept apart,
// so rows run to 2^32 - 2.
const MaxBreakpointN = math.MaxUint32 - 1

// A row n of the table is a non-decreasing step function r -> G(n, r) (the
// mex of a growing set cannot drop), so it is stored as its breakpoints
//
//	R_g(n) = least r with G(n, r) >= g,  g = 1..G(n, n),
//
// with R_0(n) = 0 and R_g(n) = Inf for g > G(n, n). Let K_v(n) be the least
// k whose option (n-k, min(floor(a*k), n-k)) has value v. Then
//
//	R_{v+1}(n) = max(R_v(n), K_v(n))   (Inf if R_v(n) or K_v(n) is absent).
//
// Row m offers value v to row n = m + k exactly when
// R_v(m) <= min(floor(a*k), m) < R_{v+1}(m), that is for k in
//
//	[max(1, ceil(R_v(m)/a)), ceil(R_{v+1}(m)/a) - 1]   (no upper end if R_{v+1}(m) = Inf),
//
// a contiguous interval of later rows. So K_v(n) = n - max{m : n in m + I_v(m)},
// and one sweep over n with the set of active rows (a hierarchical bit set,
// rows dropped lazily once seen to have ended) turns R_v into R_{v+1}. A sweep needs only R_v(m) and
// R_{v+1}(m) for m <= n, so the sweep for v+1 can follow the sweep for v a
// short distance behind: sweeps for consecutive values run on different
// workers as a pipeline.

// progress publishes how many leading entries of a breakpoint array are
// final.
type progress struct {
	done atomic.Int64
	_    [56]byte // keep each counter on its own cache line
}

// publishStride is how often (in rows) a sweep publishes its progress.
const publishStride = 4096

// waitBeyond waits until more than n entries are done and returns how
// many, or -1 if stop was set first. It spins a little, then yields, then
// sleeps for growing spells (up to 1 ms): a sweep waiting for another one
// must not take the core that one needs when there are fewer cores than
// sweeps.
func (p *progress) waitBeyond(n int64, stop *atomic.Bool) int64 {
	return p.waitBeyondOrEnd(n, nil, stop)
}

// waitBeyondOrEnd is waitBeyond that also returns, with what is done, when
// end is set: the writer will write no more.
func (p *progress) waitBeyondOrEnd(n int64, end, stop *atomic.Bool) int64 {
	sleep := 10 * time.Microsecond
	for i := 0; ; i++ {
		d := p.done.Load()
		if d > n {
			return d
		}
		if end != nil && end.Load() {
			return p.done.Load()
		}
		if stop != nil && stop.Load() {
			return -1
		}
		switch {
		case i < 64:
		case i < 128:
			runtime.Gosched()
		default:
			time.Sleep(sleep)
			sleep = min(2*sleep, time.Millisecond)
		}
	}
}
