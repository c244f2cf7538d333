package globalnim

import (
	"sync/atomic"

	"fibnim/grundy"
)

// The sweep for value v turns R_v into R_{v+1}, where R_g(x, y) is the
// least limit r with G(x, y, r) >= g (R_0 = 0). As in the single pile,
// G(x, y, r) is the mex of the option values of moves of at most r tokens,
// so with K_v(x, y) the least k whose move reaches value v,
//
//	R_{v+1}(x, y) = max(R_v(x, y), K_v(x, y))   (Inf if either is absent).
//
// The lines. Fix one pile at j: the positions {j, 0}, {j, 1}, {j, 2}, ...
// form the line L_j, and a move from the other pile goes down L_j from
// index n to n - k. The position {m, j} reached that way has limit
// min(floor(a*k), max(m, j)); every finite breakpoint of {m, j} is at most
// max(m, j), so the option has value v exactly when
//
//	R_v(m, j) <= floor(a*k) < R_{v+1}(m, j),
//
// that is for k in the window [max(1, ceil(R_v/a)), ceil(R_{v+1}/a) - 1]
// (no upper end if R_{v+1} = Inf): the single pile's window, and the same
// window in both lines through {m, j}, since it depends on the position's
// breakpoints alone. So position {m, j} offers v to the indices
// m + window of line L_j and j + window of line L_m, and
//
//	K_v(x, y) = min(x - top_{L_y}(x), y - top_{L_x}(y)),
//
// where top_L(n) is the largest index below n whose window covers n in
// line L. Processing positions in Index order visits every line in
// increasing index, so each line keeps the single-pile engine's staircase
// of started windows (sources increasing, ends decreasing, the top the
// latest source; expired windows leave from the top). Each position
// {x, y}, x < y, is index x of L_y and index y of L_x; a diagonal
// position {x, x} is index x of L_x only. A window that has not started
// waits for the position where it starts: in the current row's list
// rowA[s] if it starts at index s <= y of L_y, else in the bucket of the
// row where it starts, whose records move to that row's lists rowB[j]
// (index y' of L_j) when the row begins (sweeper). A first version kept
// two list heads per position of the whole table instead; it wrote them
// all over memory and took 2.85 s at M = 2000 (a = 2, 1 worker) against
// 2.15 s for the buckets, measured in the same session.
//
// A sweep reads R_v(x, y) and writes R_{v+1}(x, y) in Index order and
// reads nothing else of either array, so the sweep for v+1 can follow the
// sweep for v a short distance behind, on another worker.

// window is a started or waiting window of one line: the source index m
// offers the sweep's value to indices up to end.
type window struct {
	m, end int32
	next   int32 // the next waiting window of the same list; -1 ends it
}

// far is a window that starts in a later row y' (a position {j, y'} with
// j <= y'), kept in the bucket of y' until that row begins.
type far struct{ j, m, end int32 }

// stair is a started window in a line's staircase.
type stair struct{ m, end int32 }

// sweeper holds what one worker needs for a sweep: reused from sweep to
// sweep, since each sweep leaves every list empty.
//
// Waiting windows are kept where the sweep will soon look: a window that
// starts in the current row y (a position {s, y}, s <= y, index s of L_y)
// goes to rowA[s]; one that starts in a later row y' goes to bucket y',
// appended in order, and when row y' begins its records are moved to
// rowB[j], the list of index y' of line L_j. Each row touches a few
// kilobytes of lists and the tails of the buckets, not the whole table.
type sweeper struct {
	M       int
	div     grundy.Multiplier
	rowA    []int32   // per x of the current row: waiting windows of L_y at index x (-1: none)
	rowB    []int32   // per x of the current row: waiting windows of L_x at index y
	pool    []window  // records of the row lists
	free    int32     // first free record, -1: none
	buckets [][]far   // per later row y': windows starting there
	lines   [][]stair // the staircase of each line L_0..L_M
}

func newSweeper(M int, a grundy.Multiplier) *sweeper {
	s := &sweeper{M: M, div: a, rowA: make([]int32, M+1), rowB: make([]int32, M+1), free: -1,
		buckets: make([][]far, M+1), lines: make([][]stair, M+1)}
	for i := range s.rowA {
		s.rowA[i], s.rowB[i] = -1, -1
	}
	return s
}

// push adds window (m, end) to the list that head points to.
func (s *sweeper) push(head *int32, m, end int) {
	w := window{m: int32(m), end: int32(end), next: *head}
	if s.free >= 0 {
		i := s.free
		s.free = s.pool[i].next
		s.pool[i] = w
		*head = i
		return
	}
	s.pool = append(s.pool, w)
	*head = int32(len(s.pool) - 1)
}

// wait files a window of line j from source index m covering indices
// start..end, in the current row y or in a later row's bucket. A window
// that starts beyond M is dropped; one that ends beyond M is cut there.
func (s *sweeper) wait(y, j, m, start, end int) {
	switch {
	case start > s.M:
	case start <= y: // index start of L_y, in this row (j = y)
		s.push(&s.rowA[start], m, min(end, s.M))
	default: // position {j, start} of row start
		s.buckets[start] = append(s.buckets[start], far{int32(j), int32(m), int32(min(end, s.M))})
	}
}

// beginRow moves the windows bucketed for row y to the row lists.
func (s *sweeper) beginRow(y int) {
	for _, f := range s.buckets[y] {
		s.push(&s.rowB[f.j], int(f.m), int(f.end))
	}
	s.buckets[y] = s.buckets[y][:0]
}

// begin moves the windows waiting in the list at head into line j's
// staircase.
func (s *sweeper) begin(j int, head *int32) {
	i := *head
	if i < 0 {
		return
	}
	*head = -1
	st := s.lines[j]
	for i >= 0 {
		w := s.pool[i]
		st = insert(st, stair{w.m, w.end})
		s.pool[i].next = s.free
		s.free = i
		i = w.next
	}
	s.lines[j] = st
}

// insert adds a started window w to a staircase (sources increasing, ends
// decreasing), dropping it if a later source covers as far, and dropping
// the earlier sources it covers as far as they do.
func insert(st []stair, w stair) []stair {
	i := len(st)
	for i > 0 && st[i-1].m > w.m {
		i--
	}
	if i < len(st) && st[i].end >= w.end {
		return st // a later source reaches as far
	}
	lo := i
	for lo > 0 && st[lo-1].end <= w.end {
		lo--
	}
	if lo == i {
		st = append(st, stair{})
		copy(st[i+1:], st[i:])
		st[i] = w
		return st
	}
	st[lo] = w
	return append(st[:lo+1], st[i:]...)
}

// top drops the expired windows of line j at index n and returns the
// latest source whose window covers n, or -1.
func (s *sweeper) top(j, n int) int {
	st := s.lines[j]
	for len(st) > 0 && int(st[len(st)-1].end) < n {
		st = st[:len(st)-1]
	}
	s.lines[j] = st
	if len(st) == 0 {
		return -1
	}
	return int(st[len(st)-1].m)
}

// sweepChunk is how many positions a sweep handles between looks at its
// input's progress and publishing its own.
const sweepChunk = 1 << 12

// run performs the sweep for value v: out = R_{v+1} from in = R_v. inDone
// is the progress of in (positions final), outDone is published as out is
// written; stop is polled while waiting. It returns whether out has a
// finite entry, and false, false if stopped.
func (s *sweeper) run(in, out []uint16, inDone, outDone *atomic.Int64, stop *atomic.Bool) (finite, ok bool) {
	M := s.M
	p := 0
	avail := inDone.Load()
	for y := 0; y <= M; y++ {
		s.beginRow(y)
		for x := 0; x <= y; x++ {
			if p&(sweepChunk-1) == 0 {
				outDone.Store(int64(p))
				if stop.Load() {
					return false, false
				}
			}
			if int64(p) >= avail {
				outDone.Store(int64(p))
				if avail = waitBeyond(inDone, int64(p), stop); avail < 0 {
					return false, false
				}
			}
			// Index x of L_y and index y of L_x; on the diagonal both
			// lists belong to L_y.
			s.begin(y, &s.rowA[x])
			s.begin(x, &s.rowB[x])
			rv := in[p]
			if rv == Inf {
				out[p] = Inf
				p++
				continue
			}
			k := Inf
			if x < y {
				if m := s.top(y, x); m >= 0 {
					k = x - m
				}
			}
			if m := s.top(x, y); m >= 0 {
				k = min(k, y-m)
			}
			rn := uint16(Inf)
			if k != Inf {
				rn = uint16(max(int(rv), k))
				finite = true
			}
			out[p] = rn
			lo := max(1, s.div.MinRemoval(int(rv)))
			hi := M // no upper end: cut at M by wait
			if rn != Inf {
				hi = s.div.MinRemoval(int(rn)) - 1
			}
			if lo <= hi {
				if x < y {
					s.wait(y, y, x, x+lo, x+hi)
				}
				s.wait(y, x, y, y+lo, y+hi)
			}
			p++
		}
	}
	outDone.Store(int64(p))
	// Every window has started or was dropped; the staircases are cleared
	// for the next sweep.
	for j := range s.lines {
		s.lines[j] = s.lines[j][:0]
	}
	return finite, true
}
