package grundy

// The run sweep turns R_v into R_{v+1} as the row sweep does (sweep.go),
// but reads and writes runs, stretches of rows on which R rises by one
// from row to row, and costs a few events per run instead of one step per
// row. For a = 2, R_v is made of runs of 3 rows on average at v = 10, 15
// at v = 20 and over 100 from v = 35 (N = 10^7), so past the first values
// almost all of a row sweep's steps are spared.
//
// Families. Rows m = m0+i, 0 <= i < L, on which both R_v(m) = A+i and
// either R_{v+1}(m) = B+i with B > A or R_{v+1}(m) = Inf for all of them,
// offer v to the windows
//
//	s(i) = m0 + i + ceil((A+i)/a),  e(i) = m0 + i + ceil((B+i)/a) - 1   (e = Inf when B = Inf),
//
// both non-decreasing in i, and s(i+1) - s(i) is 1 or 2 (a >= 1). With
// a = P/Q and j = n - m0 (j - i an integer), s(i) <= n exactly when
// Q(A+i) <= P(j-i), that is
//
//	i <= i*(n) = floor((P j - Q A) / (P + Q)),
//
// so the latest member of a family that has started at n is found in
// O(1), and it covers n exactly when any member does, since e(i) <= e(i*)
// for i <= i*. Member i's window is empty when s(i) > e(i), and there is a
// gap between members i and i+1 when s(i+1) > e(i) + 1; either happens
// only when ceil((A+i+1)/a) = ceil((B+i)/a), which needs Q(B-A-1) < P
// (a "narrow" family: B - A <= 2 for a = 2), never for B = Inf. A narrow
// family is cut into gap-free blocks with its empty members dropped; a
// block then covers every row from its first start s0 to its last end E,
// and at each such row the covering row is m0 + i*(n).
//
// The staircase. A started block whose rows all come after another's and
// whose end is no earlier hides it for good, so the started blocks that
// can still win form a staircase, rows increasing and ends decreasing, as
// the windows of the row sweep do; its top holds the latest offering row
// T(n) = m0 + i*(n), K_v(n) = n - T(n) and R_{v+1}(n) = max(R_v(n), K_v(n)).
//
// Segments. Each input run is cut into segments at the next event (a
// block that starts, the top's end, a bucket of blocks to load), at the
// first start of the family being built, and, while the top is only
// partly started, at its next member's start. In a segment R_v has slope
// 1 and so has K_v, or K_v <= R_v throughout (K_v - R_v never increases
// while the top's members keep starting), so R_{v+1} is one slope-1 piece
// or Inf, and the pieces merge into the output runs.
//
// Blocks wait for their first start in a binary heap keyed by it. Few wait
// at once: a block starts 16 to 64 rows after it is made at v = 10 (a = 2,
// N = 10^6), 1000 to 4000 at v = 30, and there is a block every 8 to 120
// rows, so the heap holds tens of blocks, and a push or a pop costs a few
// comparisons whatever the value before was (the C prototype's buckets,
// whose width it guessed from the value before, put half a million blocks
// in one bucket at N = 10^8).
//
// Start values are recorded as in the row sweep: G(n, n) = v for the rows
// finite in R_v and Inf in R_{v+1}, once, and the rows with R_v(n) = n.

// Run is a stretch of Len rows from row N on which R rises by one from row
// to row: R(N+i) = R+i for 0 <= i < Len. A breakpoint array R_g is the
// list of its maximal runs, in increasing N; rows in no run have
// R_g(n) = Inf.
type Run struct {
	N, R, Len uint32
}

// noBlock ends the free list of blocks.
const noBlock = -1

// infB stands for B = Inf in a family.
const infB = ^uint64(0)

// block is a gap-free run of members of a family: rows m0 .. m0+L-1 with
// R_v(m0+i) = A+i, whose windows cover every row from s0 to E (<= N).
// sL is the start of the last member (at most N+1).
type block struct {
	m0, L, A  uint32
	s0, E, sL uint32
	next      int32 // the bucket's list, or the free list
}

// stairBlock is a started block of the staircase.
type stairBlock struct {
	m0, E uint32
	b     int32
}

// runSweeper holds the state of one run sweep, reused across values.
type runSweeper struct {
	N      uint64
	a      Multiplier
	div    ceilDiv // ceil(r/a)
	pq     divisor // floor(u/(P+Q))
	v      int
	counts *StartCounts
	narrow []uint8
	wide   []uint16

	blocks []block
	free   int32    // free list of blocks
	heap   []uint64 // waiting blocks, keyed s0<<32 | block

	stair []stairBlock
	// The top of the staircase: its first row, A, the start of its last
	// member and its last row (hasTop false: none).
	hasTop             bool
	tm0, tA, tsL, tEnd uint64
	nev                uint64 // the next event: a block start, a bucket, or the top's end + 1

	// The output run being built (olen = 0: none).
	on0, or0, olen uint64
	finite         uint64 // rows with R_{v+1}(n) < Inf so far

	// Counts, for the benchmarks and the switch: segments, blocks made.
	segments, made int
}

func newRunSweeper(N int, a Multiplier) *runSweeper {
	return &runSweeper{N: uint64(N), a: a, div: newCeilDiv(a), pq: newDivisor(a.P + a.Q)}
}

// runSweeperBytes is the memory of a run sweeper beside its blocks.
func runSweeperBytes(int) uint64 { return 1 << 10 }

// start readies s for the sweep from R_v (v >= 1) and records start
// values in counts if not nil, as sweeper.start does.
func (s *runSweeper) start(v int, counts *StartCounts) {
	if v < 1 {
		panic("grundy: a run sweep for v = 0")
	}
	s.v = v
	if v > MaxStartValue {
		counts = nil
	}
	s.counts, s.narrow, s.wide = counts, nil, nil
	if counts != nil {
		if counts.Wide() {
			s.wide = counts.wide
		} else if v <= narrowMax {
			s.narrow = counts.narrow
		} else {
			panic("grundy: a run sweep for a value past 255 with narrow counts")
		}
	}
	s.blocks, s.free, s.heap = s.blocks[:0], noBlock, s.heap[:0]
	s.stair, s.hasTop = s.stair[:0], false
	s.nev = s.N + 1
	s.on0, s.or0, s.olen, s.finite = 0, 0, 0, 0
	s.segments, s.made = 0, 0
}

// blockBytes is the memory of the block pool so far.
func (s *runSweeper) blockBytes() uint64 {
	return uint64(cap(s.blocks))*24 + uint64(cap(s.heap))*8 + uint64(cap(s.stair))*12
}

// feed takes the next runs of R_v, in increasing row order (a run may
// continue the one before it: the pieces of a run cut in two give the
// same result), and appends to out the runs of R_{v+1} they complete. The
// run still open at the end waits for the next call or for finish.
func (s *runSweeper) feed(in []Run, out []Run) []Run {
	P, Q := s.a.P, s.a.Q
	v := s.v
	for _, run := range in {
		n := uint64(run.N)
		end := n + uint64(run.Len)
		r0 := uint64(run.R) - n // R_v(m) = m + r0 (mod 2^64): r0 is -(n - R) when R < n
		equal := run.R == run.N
		// The family being built: rows om0 .. om0+oL-1, R_v = oA+i,
		// R_{v+1} = oB+i (infB: Inf), first start os0.
		open := false
		var om0, oL, oA, oB, os0 uint64
		for n < end {
			s.segments++
			if open && os0 <= n {
				s.closeFamily(om0, oL, oA, oB, os0)
				open = false
			}
			if n >= s.nev {
				s.events(n)
			}
			lim := min(end, s.nev)
			if open && os0 < lim {
				lim = os0
			}
			R := n + r0
			S := infB
			if s.hasTop {
				if n >= s.tsL {
					S = max(n-s.tEnd, R) // K_v(n) = n - (m0 + L - 1)
				} else {
					j := n - s.tm0
					is := s.pq.div(P*j - Q*s.tA)
					if K := j - is; K <= R {
						S = R
					} else {
						// K rises with n until the next member starts.
						if nx := s.tm0 + is + 1 + uint64(s.div.minRemoval(uint32(s.tA+is+1))); nx < lim {
							lim = nx
						}
						S = K
					}
				}
			}
			if S != R { // S > R or Inf: these rows offer v
				if !open || oB != infB && oB+(n-om0) != S || oB == infB && S != infB {
					if open {
						s.closeFamily(om0, oL, oA, oB, os0)
					}
					open, om0, oA, oB = true, n, R, S
					os0 = n + uint64(max(1, s.div.minRemoval(uint32(R))))
					lim = min(lim, os0)
				}
				oL = lim - om0
			} else if open {
				s.closeFamily(om0, oL, oA, oB, os0)
				open = false
			}
			if S == infB {
				if s.narrow != nil {
					b := s.narrow[n:lim]
					for i := range b {
						b[i] = uint8(v)
					}
				} else if s.wide != nil {
					b := s.wide[n:lim]
					for i := range b {
						b[i] = uint16(v)
					}
				}
			} else {
				if s.olen > 0 && n == s.on0+s.olen && S == s.or0+s.olen {
					s.olen += lim - n
				} else {
					out = s.flush(out)
					s.on0, s.or0, s.olen = n, S, lim-n
				}
				s.finite += lim - n
			}
			if equal && s.counts != nil {
				for m := n; m < lim; m++ {
					s.counts.noteEqual(int(m), v)
				}
			}
			n = lim
		}
		if open {
			s.closeFamily(om0, oL, oA, oB, os0)
		}
	}
	return out
}

// flush appends the output run being built, if any.
func (s *runSweeper) flush(out []Run) []Run {
	if s.olen > 0 {
		out = append(out, Run{N: uint32(s.on0), R: uint32(s.or0), Len: uint32(s.olen)})
		s.olen = 0
	}
	return out
}

// finish appends the last output run; the sweep is then complete.
func (s *runSweeper) finish(out []Run) []Run { return s.flush(out) }

// closeFamily queues the blocks of a family whose first window starts at
// s0: the whole family when it is wide or infinite, its gap-free blocks
// when it is narrow.
func (s *runSweeper) closeFamily(m0, L, A, B, s0 uint64) {
	P, Q := s.a.P, s.a.Q
	switch {
	case B == infB:
		s.addBlock(m0, L, A, s0, s.N)
	case Q*(B-A-1) >= P:
		s.addBlock(m0, L, A, s0, m0+L-1+uint64(s.div.minRemoval(uint32(B+L-1)))-1)
	default:
		// Narrow: a gap between members i and i+1 when s(i+1) > e(i)+1.
		bi, bs, be := int64(-1), uint64(0), uint64(0)
		for i := uint64(0); i < L; i++ {
			st := m0 + i + uint64(s.div.minRemoval(uint32(A+i)))
			e := m0 + i + uint64(s.div.minRemoval(uint32(B+i))) - 1
			switch {
			case st > e: // an empty member ends the block
				if bi >= 0 {
					s.addBlock(m0+uint64(bi), i-uint64(bi), A+uint64(bi), bs, be)
					bi = -1
				}
			case bi >= 0 && st <= be+1:
				be = e
			default:
				if bi >= 0 {
					s.addBlock(m0+uint64(bi), i-uint64(bi), A+uint64(bi), bs, be)
				}
				bi, bs, be = int64(i), st, e
			}
		}
		if bi >= 0 {
			s.addBlock(m0+uint64(bi), L-uint64(bi), A+uint64(bi), bs, be)
		}
	}
}

// addBlock queues the block of rows m0 .. m0+L-1 (R_v = A+i) covering
// s0 .. E, unless it starts past N.
func (s *runSweeper) addBlock(m0, L, A, s0, E uint64) {
	if s0 > s.N {
		return
	}
	s.made++
	sL := min(m0+L-1+uint64(s.div.minRemoval(uint32(A+L-1))), s.N+1)
	b := s.free
	if b >= 0 {
		s.free = s.blocks[b].next
	} else {
		b = int32(len(s.blocks))
		s.blocks = append(s.blocks, block{})
	}
	s.blocks[b] = block{m0: uint32(m0), L: uint32(L), A: uint32(A), s0: uint32(s0), E: uint32(min(E, s.N)), sL: uint32(sL)}
	s.heapPush(s0<<32 | uint64(b))
	s.nev = min(s.nev, s0)
}

// events activates the blocks that start at or before n, drops the ended
// ones from the staircase, and sets the top and the next event.
func (s *runSweeper) events(n uint64) {
	for len(s.heap) > 0 && s.heap[0]>>32 <= n {
		b := int32(s.heap[0] & (1<<32 - 1))
		s.heapPop()
		s.insert(s.blocks[b].m0, s.blocks[b].E, b)
	}
	k := len(s.stair)
	for k > 0 && uint64(s.stair[k-1].E) < n {
		k--
		s.freeBlock(s.stair[k].b)
	}
	s.stair = s.stair[:k]
	nev := s.N + 1
	if len(s.heap) > 0 {
		nev = s.heap[0] >> 32
	}
	s.hasTop = k > 0
	if s.hasTop {
		t := &s.blocks[s.stair[k-1].b]
		s.tm0, s.tA, s.tsL, s.tEnd = uint64(t.m0), uint64(t.A), uint64(t.sL), uint64(t.m0)+uint64(t.L)-1
		nev = min(nev, uint64(t.E)+1)
	}
	s.nev = nev
}

func (s *runSweeper) freeBlock(b int32) {
	s.blocks[b].next = s.free
	s.free = b
}

// insert adds a block that has started to the staircase, unless a block
// of later rows ends no earlier; it drops the blocks of earlier rows that
// end no later. The staircase is short (at most 9 blocks for a = 2 at
// N = 10^6), so the place is found from the top.
func (s *runSweeper) insert(m0, E uint32, b int32) {
	st := s.stair
	i := len(st)
	for i > 0 && st[i-1].m0 > m0 {
		i--
	}
	if i < len(st) && st[i].E >= E {
		s.freeBlock(b)
		return
	}
	t := i
	for t > 0 && st[t-1].E <= E {
		t--
		s.freeBlock(st[t].b)
	}
	if t == i {
		st = append(st, stairBlock{})
		copy(st[i+1:], st[i:])
	} else if t+1 < i {
		st = append(st[:t+1], st[i:]...)
	}
	st[t] = stairBlock{m0: m0, E: E, b: b}
	s.stair = st
}

func (s *runSweeper) heapPush(k uint64) {
	h := append(s.heap, k)
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if h[p] <= k {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = k
	s.heap = h
}

func (s *runSweeper) heapPop() {
	h := s.heap
	k := h[len(h)-1]
	h = h[:len(h)-1]
	i := 0
	for {
		c := 2*i + 1
		if c >= len(h) {
			break
		}
		if c+1 < len(h) && h[c+1] < h[c] {
			c++
		}
		if h[c] >= k {
			break
		}
		h[i] = h[c]
		i = c
	}
	if len(h) > 0 {
		h[i] = k
	}
	s.heap = h
}
