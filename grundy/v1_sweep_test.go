package grundy

import "sync/atomic"

// The first breakpoint engine (fibnim before engine v2), kept as an
// independent reference: the v2 sweep must give the same arrays.

const blockShiftV1 = 16

// Start buckets. Row m joins the active set at n = m + lo(m). The buckets
// for the positions of the current block of blockSize rows and the next one
// live in a ring of 2*blockSize list heads, small enough to stay in cache;
// a row whose start lies further ahead waits in a coarse bucket per block,
// moved into the ring when its block is next. Lists link through next[m],
// so the memory per row is one int32.
// sweeperV1 holds the scratch memory of one sweep; it is reused across values.
type sweeperV1 struct {
	ring   []int32    // ring[s & ringMask]: first row whose interval starts at s (s in this block or the next), or -1
	coarse []int32    // coarse[b]: rows starting in block b >= current+2, or -1
	next   []int32    // next[m]: next row in the same bucket
	active *activeSet // rows whose interval has started and not yet been seen to end
	dirty  bool       // a stopped sweep left the buckets and active unclean
	shift  int        // log2 of the block size (blockShiftV1; tests use less)
}

func newSweeperV1(N int) *sweeperV1 { return newSweeperV1Blocks(N, blockShiftV1) }

func newSweeperV1Blocks(N, shift int) *sweeperV1 {
	s := &sweeperV1{ring: make([]int32, 2<<shift), coarse: make([]int32, N>>shift+1), next: make([]int32, N+1), active: newActiveSet(N), shift: shift}
	s.reset()
	return s
}

func (s *sweeperV1) reset() {
	for i := range s.ring {
		s.ring[i] = -1
	}
	for i := range s.coarse {
		s.coarse[i] = -1
	}
	s.active.clear()
}

// sweep computes out = R_{v+1} from in = R_v (in == nil means R_0 = 0). It
// waits for in's progress and publishes its own. It returns the number of
// finite entries of out, or -1 if stop was set before it finished.
//
// Row m is put in a start bucket when its own R_v(m) is known, and joins
// the active set when n reaches the start of its interval. The latest row
// offering v to n is the largest active m whose interval has not ended:
// with k = n - m and R_{v+1}(m) = rr, it has ended when floor(a*k) >= rr,
// that is P*k >= Q*rr, and then it stays ended for every later n. So the
// largest active member is checked and dropped until one holds. Every
// comparison with a is a product of integers; only the bucket of a row
// needs ceil(R_v(m)/a).
//
// Rows are taken in chunks of at most publishStride that do not cross a
// block: waiting for in, moving coarse buckets, publishing and checking
// stop happen once per chunk. Until the first row enters a bucket nothing
// can be active, so the leading rows with R_v = Inf (G(n, n) < v; more
// of them for every value) are only marked Inf.
//
// If counts is not nil and in != nil, the sweep also records the rows
// whose start value is v: G(n, n) = v exactly when R_v(n) <= n and no
// row offers v to n (then R_{v+1}(n) = Inf; otherwise R_{v+1}(n) <= n).
// So each G(n, n) is written once, by the sweep for its value, and
// the rows with R_v(n) = n are noted (v must be <= MaxStartValue).
func (s *sweeperV1) sweep(N int, a Multiplier, v int, in []uint32, inProg *progress, out []uint32, outProg *progress, counts *StartCounts, stop *atomic.Bool) int {
	if s.dirty {
		s.reset()
		s.dirty = false
	}
	P, Q := a.P, a.Q
	div := newCeilDiv(a)
	track := counts != nil && in != nil
	shift, ringMask := s.shift, len(s.ring)-1
	chunk := min(publishStride, 1<<shift)
	finite := 0
	ready := int64(N + 1)
	if inProg != nil {
		ready = inProg.done.Load()
	}
	pushed := in == nil // some row may be in a bucket or active
	// cur is the latest offering row found so far (-1: none), and curR its
	// R_{v+1}(cur) (Inf: it never stops offering). Between one n and the
	// next the active set only gains the rows whose interval starts and
	// loses rows that ended, so cur stays the answer until it ends or a
	// later row starts: the set is searched only then.
	cur, curR := -1, uint32(0)
	for n := 0; n <= N; {
		end := min(N+1, (n&^(chunk-1))+chunk)
		if int64(end) > ready {
			if ready = inProg.waitBeyond(int64(end-1), stop); ready < 0 {
				s.dirty = true
				return -1
			}
		}
		if !pushed {
			for n < end && in[n] == Inf {
				out[n] = Inf
				n++
			}
			if n == end {
				goto published
			}
			pushed = true
		}
		if n&(1<<shift-1) == 0 && in != nil {
			// Block n>>shift begins: the rows starting in the block
			// after it move from their coarse bucket into the ring.
			if b := n>>shift + 1; b < len(s.coarse) {
				for m := s.coarse[b]; m >= 0; {
					nm := s.next[m]
					st := int(m) + max(1, int(div.minRemoval(in[m])))
					s.next[m] = s.ring[st&ringMask]
					s.ring[st&ringMask] = m
					m = nm
				}
				s.coarse[b] = -1
			}
		}
		for ; n < end; n++ {
			// Rows whose interval starts at n become active.
			slot := &s.ring[n&ringMask]
			for m := *slot; m >= 0; m = s.next[m] {
				s.active.add(int(m))
				if int(m) > cur {
					cur, curR = int(m), out[m]
				}
			}
			*slot = -1
			if cur >= 0 && curR != Inf && P*uint64(n-cur) >= Q*uint64(curR) {
				// cur has ended: find the latest row that has not.
				s.active.remove(cur)
				for cur = s.active.prev(cur - 1); cur >= 0; cur = s.active.prev(cur - 1) {
					if curR = out[cur]; curR == Inf || P*uint64(n-cur) < Q*uint64(curR) {
						break
					}
					s.active.remove(cur)
				}
			}
			rv := uint32(0)
			if in != nil {
				rv = in[n]
			}
			if rv == Inf {
				out[n] = Inf
				continue
			}
			res := uint32(Inf)
			if cur >= 0 {
				res = max(rv, uint32(n-cur))
				finite++
			}
			out[n] = res
			if track && rv <= uint32(n) {
				if cur < 0 {
					counts.SetG(n, v)
				}
				if rv == uint32(n) {
					counts.noteEqual(n, v)
				}
			}
			// Row n offers v to rows n + k for k from lo = max(1, ceil(rv/a))
			// while floor(a*k) < res: none if floor(a*lo) >= res.
			lo := max(1, int(div.minRemoval(rv)))
			if st := n + lo; (res == Inf || P*uint64(lo) < Q*uint64(res)) && st <= N {
				var h *int32
				if st>>shift <= n>>shift+1 {
					h = &s.ring[st&ringMask]
				} else {
					h = &s.coarse[st>>shift]
				}
				s.next[n] = *h
				*h = int32(n)
			}
		}
	published:
		if outProg != nil {
			outProg.done.Store(int64(end))
		}
		if stop != nil && stop.Load() && end <= N {
			s.dirty = true
			return -1
		}
	}
	s.active.clear()
	return finite
}
