package grundy

import (
	"math"
	"runtime"
	"sync/atomic"
)

// Inf marks an absent breakpoint: R_g(n) = Inf means G(n, n) < g.
const Inf = math.MaxUint32

// MaxBreakpointN is the largest N the breakpoint engine accepts: rows and
// quotas are stored as uint32 and bucket links as int32.
const MaxBreakpointN = math.MaxInt32 - 1

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
// and one sweep over n with a max-heap of active rows (keyed by m, dropped
// lazily when expired) turns R_v into R_{v+1}. A sweep needs only R_v(m) and
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

func (p *progress) waitBeyond(n int64, stop *atomic.Bool) int64 {
	for i := 0; ; i++ {
		d := p.done.Load()
		if d > n {
			return d
		}
		if stop != nil && stop.Load() {
			return -1
		}
		if i > 32 {
			runtime.Gosched()
		}
	}
}

// sweeper holds the scratch memory of one sweep; it is reused across values.
type sweeper struct {
	head []int32  // head[s]: first row whose interval starts at n = s, or -1
	next []int32  // next[m]: next row in the same start bucket
	heap []uint64 // max-heap of m<<32 | end, end = last n of m's interval (capped)
}

func newSweeper(N int) *sweeper {
	return &sweeper{head: make([]int32, N+1), next: make([]int32, N+1)}
}

// sweepBytes is the memory of one sweeper plus its output array, not
// counting the heap, which holds at most one entry per row.
func sweepBytes(N int) uint64 { return uint64(N+1) * (4 + 4 + 4) }

// sweep computes out = R_{v+1} from in = R_v (in == nil means R_0 = 0). It
// waits for in's progress and publishes its own. It returns the number of
// finite entries of out, or -1 if stop was set before it finished.
func (s *sweeper) sweep(N int, a Multiplier, in []uint32, inProg *progress, out []uint32, outProg *progress, stop *atomic.Bool) int {
	for i := range s.head {
		s.head[i] = -1
	}
	h := s.heap[:0]
	finite := 0
	ready := int64(N + 1)
	if inProg != nil {
		ready = inProg.done.Load()
	}
	for n := 0; n <= N; n++ {
		if int64(n) >= ready {
			if ready = inProg.waitBeyond(int64(n), stop); ready < 0 {
				return -1
			}
		}
		// Rows whose interval starts at n become active.
		for m := s.head[n]; m >= 0; m = s.next[m] {
			end := uint64(math.MaxUint32)
			if rr := out[m]; rr != Inf {
				end = uint64(m) + uint64(a.MinRemoval(int(rr))) - 1
			}
			h = heapPush(h, uint64(m)<<32|min(end, math.MaxUint32))
		}
		// Drop expired rows from the top.
		for len(h) > 0 && uint32(h[0]) < uint32(n) {
			h = heapPop(h)
		}
		rv := uint32(0)
		if in != nil {
			rv = in[n]
		}
		res := uint32(Inf)
		if rv != Inf && len(h) > 0 {
			k := uint32(n) - uint32(h[0]>>32)
			res = max(rv, k)
			finite++
		}
		out[n] = res
		// Row n offers v to rows n + k, k in [lo, hi].
		if rv != Inf {
			lo := max(1, a.MinRemoval(int(rv)))
			ok := true
			if res != Inf {
				ok = lo <= a.MinRemoval(int(res))-1
			}
			if ok && n+lo <= N {
				s.next[n] = s.head[n+lo]
				s.head[n+lo] = int32(n)
			}
		}
		if n&(publishStride-1) == publishStride-1 {
			if outProg != nil {
				outProg.done.Store(int64(n + 1))
			}
			if stop != nil && stop.Load() {
				return -1
			}
		}
	}
	if outProg != nil {
		outProg.done.Store(int64(N + 1))
	}
	s.heap = h
	return finite
}

func heapPush(h []uint64, x uint64) []uint64 {
	h = append(h, x)
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if h[p] >= x {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = x
	return h
}

func heapPop(h []uint64) []uint64 {
	last := h[len(h)-1]
	h = h[:len(h)-1]
	n := len(h)
	if n == 0 {
		return h
	}
	i := 0
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && h[c+1] > h[c] {
			c++
		}
		if h[c] <= last {
			break
		}
		h[i] = h[c]
		i = c
	}
	h[i] = last
	return h
}
