package grundy

// A sweep turns R_v into R_{v+1} in one pass over n (see breakpoint.go).
// Row m offers v to the rows m+lo .. m+hi, its window, with
//
//	lo = max(1, ceil(R_v(m)/a)),  hi = ceil(R_{v+1}(m)/a) - 1  (no end if R_{v+1}(m) = Inf),
//
// so both ends are known the moment row m is made, and the sweep never
// reads back into its input or output: it reads R_v(n) and writes
// R_{v+1}(n) in order of n, and its own state is
//
//   - the windows that have not started, by the block of 2^pendingShift
//     rows they start in: a ring of slots for the current block and the
//     next, and a bucket of far records per later block, moved into the
//     ring when its block is next; most rows (77% for a = 2) offer nothing
//     (lo > hi) and are never stored;
//   - the windows that have started and can still win (the staircase):
//     rows in increasing order whose ends strictly decrease. A window whose
//     end is not after the end of a later row's started window can never be
//     the latest offering row again, so it is dropped; the latest offering
//     row is the top, and a top that has ended is popped.
//
// K_v(n) = n - top, and R_{v+1}(n) = max(R_v(n), K_v(n)).

// pendingShift is log2 of the rows per block of the start buckets (at
// most 16: a far record keeps its start as a 16-bit offset in its block).
const pendingShift = 14

// window is a started window: row m offers the sweep's value to rows up to
// e (Inf: to every later row).
type window struct{ m, e uint32 }

// slot holds the windows that start at one row of the current block or the
// next: the first inline (e = 0: none; every window ends after row 0), the
// others in a list of records. About one row in four starts a window, so
// most slots hold none or one, and the ring of slots (12 bytes a row, 384
// KiB) is written at random within two blocks, in cache, and read in order.
type slot struct {
	m, e uint32
	more int32 // the other windows' records, -1 if none
}

// record is a window of a slot's list. Such records live at most two
// blocks, so their pool stays small and in cache.
type record struct {
	m, e uint32
	next int32 // the next record of the list, or of the free list; -1 ends it
}

// A window that starts in a later block is a far record: its row m, its
// end e, and its start as an offset in its block (10 bytes). It is
// appended to that block's bucket, a list of chunks filled in order, and
// read back in order when the block is next: written once and read once,
// both sequentially, so the far records, most of the sweep's memory, cost
// no random access.
type chunk struct {
	m, e [chunkRecords]uint32
	off  [chunkRecords]uint16
}

// chunkRecords is the number of far records in a chunk (2040 bytes).
const chunkRecords = 204

// chunkBytes is the memory of a chunk and its link.
const chunkBytes = 10*chunkRecords + 4

// chunkPageShift is log2 of the chunks per page of the chunk pool.
const chunkPageShift = 8

// sweeper holds the state of one sweep; it is reused across values.
type sweeper struct {
	N     int
	a     Multiplier
	div   ceilDiv
	v     int // the sweep turns R_v into R_{v+1}
	n     int // the next row
	shift int
	ring  []slot     // ring[s & (len-1)]: the windows starting at s, in this block or the next
	pool  [][]record // pages of 2^pageShift records, allocated as needed and kept
	used  int32      // records handed out from pool
	free  int32      // a free list of records given back, -1 if empty
	// The far buckets: head[b] and tail[b] are the first and last chunk of
	// block b's bucket (-1: empty), fill[b] the records in its tail.
	head, tail []int32
	fill       []uint16
	chunks     [][]chunk // pages of 2^chunkPageShift chunks
	chunkNext  []int32   // the next chunk of a bucket, or of the free list
	chunksUsed int32     // chunks handed out
	freeChunk  int32     // the free list of chunks, -1 if empty
	stair      []window
	pushed     bool // some record was made: until then no window can be open
	finite     int  // rows with R_{v+1}(n) < Inf so far
	counts     *StartCounts
}

func newSweeper(N int, a Multiplier) *sweeper { return newSweeperBlocks(N, a, pendingShift) }

func newSweeperBlocks(N int, a Multiplier, shift int) *sweeper {
	nb := N>>shift + 2
	return &sweeper{N: N, a: a, div: newCeilDiv(a), shift: shift, ring: make([]slot, 2<<shift),
		head: make([]int32, nb), tail: make([]int32, nb), fill: make([]uint16, nb)}
}

// sweeperBytes is the memory of one sweeper, less its records (see
// BreakpointBytes) and its staircase (a few windows): the ring, and ten
// bytes per block for the far buckets.
func sweeperBytes(N int) uint64 {
	return 12*(2<<pendingShift) + 10*uint64(N>>pendingShift+2)
}

// recordBytes is the memory the sweeper's records have taken so far: the
// chunks and the ring records handed out (pools are kept across values).
func (s *sweeper) recordBytes() uint64 {
	return uint64(s.chunksUsed)*chunkBytes + uint64(s.used)*12
}

// start readies s for the sweep from R_v. If counts is not nil, the sweep
// records the rows whose start value is v: G(n, n) = v exactly when
// R_v(n) <= n and no row offers v to n (then R_{v+1}(n) = Inf), and notes
// the rows with R_v(n) = n. So each G(n, n) is written once, by the sweep
// for its value. A sweep for v > 255 needs counts widened (Widen).
func (s *sweeper) start(v int, counts *StartCounts) {
	s.v, s.n, s.pushed, s.finite = v, 0, false, 0
	if v == 0 || v > MaxStartValue {
		counts = nil
	}
	s.counts = counts
	for i := range s.ring {
		s.ring[i] = slot{more: -1}
	}
	for i := range s.head {
		s.head[i], s.tail[i], s.fill[i] = -1, -1, 0
	}
	s.used, s.free, s.stair = 0, -1, s.stair[:0]
	s.chunksUsed, s.freeChunk = 0, -1
}

// run takes the next len(in) rows: out[i] = R_{v+1}(n+i) from in[i] =
// R_v(n+i).
func (s *sweeper) run(in, out []uint32) {
	out = out[:len(in)]
	i := 0
	if !s.pushed {
		// Until the first record nothing can be open, and the leading rows
		// with R_v = Inf (G(n, n) < v) stay Inf.
		for i < len(in) && in[i] == Inf {
			out[i] = Inf
			i++
		}
		if i == len(in) {
			s.n += i
			return
		}
		s.pushed = true
	}
	P, Q, N := s.a.P, s.a.Q, uint64(s.N)
	div := s.div
	shift := s.shift
	ringMask := uint32(len(s.ring) - 1)
	blockMask := 1<<shift - 1
	// The start values G(n, n) = v go to one of the counts' stores.
	track := s.counts != nil
	var narrow []uint8
	var wide []uint16
	if track {
		if s.counts.Wide() {
			wide = s.counts.wide
		} else if s.v <= narrowMax {
			narrow = s.counts.narrow
		} else {
			panic("grundy: a sweep for a value past 255 with narrow counts")
		}
	}
	ring := s.ring
	// The top of the staircase lives in topM, topE (topE = 0 with an empty
	// staircase: no row ends before row 1). It is written back only when
	// the staircase changes.
	var topM, topE uint32
	if k := len(s.stair); k > 0 {
		topM, topE = s.stair[k-1].m, s.stair[k-1].e
	}
	finite := s.finite
	n := s.n + i
	for ; i < len(in); i, n = i+1, n+1 {
		if n&blockMask == 0 {
			s.nextBlock(n)
		}
		// Windows that start at n.
		if sl := &ring[uint32(n)&ringMask]; sl.e != 0 {
			s.insert(sl.m, sl.e)
			for r := sl.more; r >= 0; {
				rec := s.rec(r)
				s.insert(rec.m, rec.e)
				nr := rec.next
				rec.next = s.free
				s.free = r
				r = nr
			}
			*sl = slot{more: -1}
			k := len(s.stair)
			topM, topE = s.stair[k-1].m, s.stair[k-1].e
		}
		// The top, if it has ended.
		if topE < uint32(n) && topE != 0 {
			topM, topE = s.pop(uint32(n))
		}
		rv := in[i]
		if rv == Inf {
			out[i] = Inf
			continue
		}
		res := uint32(Inf)
		if track {
			if topE == 0 {
				if wide != nil {
					wide[n] = uint16(s.v)
				} else {
					narrow[n] = uint8(s.v)
				}
			}
			if rv == uint32(n) {
				s.counts.noteEqual(n, s.v)
			}
		}
		if topE != 0 {
			finite++
			k := uint32(n) - topM
			if k <= rv {
				// R_{v+1}(n) = R_v(n) <= a*lo: row n offers nothing.
				out[i] = rv
				continue
			}
			res = k
		}
		out[i] = res
		// Row n's window: none if floor(a*lo) >= R_{v+1}(n).
		lo := max(1, div.minRemoval(rv))
		st := uint64(n) + uint64(lo)
		if st > N || (res != Inf && P*uint64(lo) >= Q*uint64(res)) {
			continue
		}
		e := uint32(Inf)
		if res != Inf {
			e = uint32(min(uint64(n)+uint64(div.minRemoval(res))-1, N))
		}
		if b := int(st >> shift); b <= n>>shift+1 {
			s.add(uint32(st), uint32(n), e)
		} else {
			s.pushFar(b, uint32(n), uint32(st), e)
		}
	}
	s.n, s.finite = n, finite
}

// pop drops the windows that end before n from the top of the staircase
// and returns the new top (0, 0 if none is left).
func (s *sweeper) pop(n uint32) (m, e uint32) {
	k := len(s.stair)
	for k > 0 && s.stair[k-1].e < n {
		k--
	}
	s.stair = s.stair[:k]
	if k == 0 {
		return 0, 0
	}
	return s.stair[k-1].m, s.stair[k-1].e
}

// nextBlock moves the records that start in the block after n's from its
// bucket into the ring, and frees the bucket's chunks.
func (s *sweeper) nextBlock(n int) {
	b := n>>s.shift + 1
	if b >= len(s.head) {
		return
	}
	c := s.head[b]
	if c < 0 {
		return
	}
	for c >= 0 {
		k := chunkRecords
		next := s.chunkNext[c]
		if next < 0 {
			k = int(s.fill[b])
		}
		ch, base := s.chunk(c), uint32(b<<s.shift)
		for i := range k {
			s.add(base+uint32(ch.off[i]), ch.m[i], ch.e[i])
		}
		s.chunkNext[c] = s.freeChunk
		s.freeChunk = c
		c = next
	}
	s.head[b], s.tail[b], s.fill[b] = -1, -1, 0
}

// pushFar appends the window of row m, which starts at st in block b, two
// or more blocks after m's, to b's bucket.
func (s *sweeper) pushFar(b int, m, st, e uint32) {
	t, f := s.tail[b], s.fill[b]
	if t < 0 || f == chunkRecords {
		c := s.newChunk()
		if t < 0 {
			s.head[b] = c
		} else {
			s.chunkNext[t] = c
		}
		s.tail[b], t, f = c, c, 0
	}
	ch := s.chunk(t)
	ch.m[f], ch.e[f], ch.off[f] = m, e, uint16(st&(1<<s.shift-1))
	s.fill[b] = f + 1
}

// add puts the window (m, e) in the slot of row st.
func (s *sweeper) add(st, m, e uint32) {
	i := st & uint32(len(s.ring)-1)
	sl := &s.ring[i]
	if sl.e == 0 {
		sl.m, sl.e = m, e
		return
	}
	r := s.newRecord()
	*s.rec(r) = record{m: m, e: e, next: sl.more}
	sl.more = r
}

func (s *sweeper) newRecord() int32 {
	r := s.free
	if r >= 0 {
		s.free = s.rec(r).next
		return r
	}
	r = s.used
	if int(r)>>pageShift == len(s.pool) {
		s.pool = append(s.pool, make([]record, 1<<pageShift))
	}
	s.used++
	return r
}

func (s *sweeper) newChunk() int32 {
	c := s.freeChunk
	if c >= 0 {
		s.freeChunk = s.chunkNext[c]
	} else {
		c = s.chunksUsed
		if int(c)>>chunkPageShift == len(s.chunks) {
			s.chunks = append(s.chunks, make([]chunk, 1<<chunkPageShift))
			s.chunkNext = append(s.chunkNext, make([]int32, 1<<chunkPageShift)...)
		}
		s.chunksUsed++
	}
	s.chunkNext[c] = -1
	return c
}

func (s *sweeper) chunk(c int32) *chunk {
	return &s.chunks[c>>chunkPageShift][c&(1<<chunkPageShift-1)]
}

// pageShift is log2 of the records per page of the pool: pages, unlike a
// growing slice, are never copied, and cost at most one page unused.
const pageShift = 14

func (s *sweeper) rec(r int32) *record { return &s.pool[r>>pageShift][r&(1<<pageShift-1)] }

// insert adds a window that starts now to the staircase, unless a later
// row's window ends no earlier; it drops the earlier rows' windows that
// end no later.
func (s *sweeper) insert(m, e uint32) {
	st := s.stair
	k := len(st)
	if k > 0 && m < st[k-1].m && e <= st[k-1].e {
		return // the top outlasts it: the common case of a window dominated on arrival
	}
	if k == 0 || m > st[k-1].m {
		for k > 0 && st[k-1].e <= e {
			k--
		}
		s.stair = append(st[:k], window{m, e})
		return
	}
	// A row made earlier than the top starts after it (its lo is larger).
	// i is the least index with st[i].m > m; the staircase is short (at
	// most ten windows for a = 2, 1, 3/2 and 10 up to N = 10^7), so it is
	// found from the top.
	i := k - 1
	for i > 0 && st[i-1].m > m {
		i--
	}
	if st[i].e >= e {
		return
	}
	j := i
	for j > 0 && st[j-1].e <= e {
		j--
	}
	if j < i {
		st[j] = window{m, e}
		s.stair = append(st[:j+1], st[i:]...)
		return
	}
	st = append(st, window{})
	copy(st[i+1:], st[i:])
	st[i] = window{m, e}
	s.stair = st
}
