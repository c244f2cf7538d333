package moves

import (
	"context"
	"fmt"

	"fibnim/grundy"
	"fibnim/table"
)

// StartMoves returns the winning first moves of the starting piles
// n = 1..N: moves[n] lists every move from (n, n-1) to a position of value
// 0, by increasing Take (none where n is a second-player win); moves[0] is
// empty.
func (s *Solver) StartMoves(ctx context.Context, N int) ([][]Move, error) {
	if N > s.n {
		return nil, fmt.Errorf("moves: starting piles up to %d, but the table covers n <= %d", N, s.n)
	}
	out := make([][]Move, N+1)
	if s.tab != nil && s.tab.HasBreakpoints() && N >= 2 {
		// The moves from (n, n-1) reach the rows 1..n-1, and one to (m, c)
		// wins exactly when c < R_1(m) (MovesTo with g = 0): R_1 of the
		// rows below N read once, not a window of it for each n.
		R1, err := s.tab.Column(1, 0, N-1)
		if err != nil {
			return nil, err
		}
		// quota[k] = floor(a*k), the quota after removing k, once for
		// every k < N (Position.After takes it from the multiplier for
		// each move).
		quota := make([]int, N)
		for k := 1; k < N; k++ {
			quota[k] = s.a.Quota(k)
		}
		for n := 2; n <= N; n++ {
			if n%1024 == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			for k := 1; k < n; k++ {
				m := n - k
				if c := min(quota[k], m); uint32(c) < R1[m] {
					out[n] = append(out[n], Move{Take: k, To: grundy.Position{N: m, R: c}})
				}
			}
		}
		return out, nil
	}
	for n := 1; n <= N; n++ {
		if n%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		ms, err := s.WinningMoves(ctx, grundy.Start(n))
		if err != nil {
			return nil, err
		}
		out[n] = ms
	}
	return out, nil
}

// Decade is what the winning first moves of the starting piles n in
// [From, To] look like.
type Decade struct {
	From, To int64
	Piles    int64 // starting piles (n, n-1), n in [From, To]
	Wins     int64 // first-player wins: at least one winning first move
	Multiple int64 // more than one winning first move
	Most     int   // the most winning first moves of one pile
	MostAt   int64 // the least n with Most of them
}

// TallyStartMoves counts the winning first moves of every starting pile
// n = 1..N of the table t from R_1 alone, in one pass over breakpoint file
// 1 (or, for a table without breakpoint files, over dense.parquet, whose
// rows it then covers). Removing k from (n, n-1) leads to (m, c), m = n-k,
// c = min(floor(a*k), m), of value 0 exactly when c < R_1(m); since
// R_1(m) <= m for m >= 1 (taking all is a move to value 0), that is
// floor(a*k) < R_1(m), that is k < ceil(R_1(m)/a). So row m >= 1 offers a
// winning move to every n in [m+1, m+K(m)], K(m) = ceil(R_1(m)/a) - 1,
// and the number of winning moves of n is the number of these intervals
// that hold n: a heap of their ends, as large as the most winning moves
// of one pile. It returns the counts by decade ([1, 9], [10, 99], ...,
// the last one cut at N) and calls visit, if not nil, with each n and its
// count. It stops when ctx is done.
func TallyStartMoves(ctx context.Context, t *table.Table, visit func(n int, count int)) ([]Decade, int, error) {
	tl := NewStartTally(t.Mult(), t.N(), visit)
	if t.HasBreakpoints() {
		// Every row m >= 1 has G(m) >= 1, so the runs of file 1 cover
		// 1..N in order.
		for b, err := range t.Runs(1) {
			if err != nil {
				return nil, 0, err
			}
			for i := range b.Run {
				if err := tl.Row(int(b.N+i), uint32(b.RMin+i)); err != nil {
					return nil, 0, fmt.Errorf("%s: %w", t.Dir(), err)
				}
			}
			if err := ctx.Err(); err != nil {
				return nil, 0, err
			}
		}
	} else {
		if t.DenseN() < 1 {
			return nil, 0, fmt.Errorf("%w: %s holds neither breakpoint files nor dense.parquet, so no R_1", ErrNoCells, t.Dir())
		}
		rows, err := t.DenseRows()
		if err != nil {
			return nil, 0, err
		}
		tl = NewStartTally(t.Mult(), t.DenseN(), visit)
		for m := 1; m <= t.DenseN(); m++ {
			R := uint32(grundy.Inf)
			for r, g := range rows[m] {
				if g >= 1 {
					R = uint32(r)
					break
				}
			}
			if err := tl.Row(m, R); err != nil {
				return nil, 0, fmt.Errorf("%s: %w", t.Dir(), err)
			}
		}
	}
	decades, N, err := tl.Result()
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", t.Dir(), err)
	}
	return decades, N, nil
}

// StartTally is TallyStartMoves for a reader that already reads R_1 of a
// table in n order (compute verify's one pass over a table, package
// conjectures), so that breakpoint file 1 is not decoded again for it.
// Row takes R_1(m) for m = 1, 2, ..., N in turn; Result then gives what
// TallyStartMoves gives, and visit is called as TallyStartMoves calls it.
type StartTally struct{ tl tally }

// NewStartTally starts the tally of the starting piles n = 1..N of
// multiplier a.
func NewStartTally(a grundy.Multiplier, N int, visit func(n, count int)) *StartTally {
	return &StartTally{tl: tally{a: a, N: N, visit: visit, d: Decade{From: 1, To: 9}}}
}

// Row takes R_1(m) of the next row m (1, 2, ...): an error for a row out
// of turn or an R_1(m) outside 1..m.
func (s *StartTally) Row(m int, R1 uint32) error { return s.tl.row(m, R1) }

// Result gives the counts by decade and N, once every row 1..N was given;
// an error if some were not.
func (s *StartTally) Result() ([]Decade, int, error) {
	tl := &s.tl
	if tl.next != tl.N+1 && tl.N >= 1 {
		return nil, 0, fmt.Errorf("R_1 covers rows 1..%d, not 1..%d", tl.next-1, tl.N)
	}
	if tl.N >= 1 {
		tl.d.To = min(tl.d.To, int64(tl.N))
		tl.decades = append(tl.decades, tl.d)
	}
	return tl.decades, tl.N, nil
}

// tally is the state of TallyStartMoves: the ends of the intervals that
// hold the next n, and the decade it fills.
type tally struct {
	a       grundy.Multiplier
	N       int
	visit   func(n, count int)
	next    int // the next row m; its interval starts at m+1
	ends    endHeap
	d       Decade
	decades []Decade
}

// row takes R_1(m) for the next row m >= 1, adds the interval of n to
// which m offers a winning move, and then counts n = m+1 (and n = 1
// before the first row).
func (tl *tally) row(m int, R uint32) error {
	if tl.next == 0 {
		tl.next = 1
		tl.count(1)
	}
	if m != tl.next {
		return fmt.Errorf("R_1 gives row %d after row %d", m, tl.next-1)
	}
	if R == 0 || R == grundy.Inf || int(R) > m {
		return fmt.Errorf("R_1(%d) = %d; every row m >= 1 has 1 <= R_1(m) <= m", m, R)
	}
	tl.next++
	if K := tl.a.MinRemoval(int(R)) - 1; K >= 1 {
		tl.ends.push(int64(m) + int64(K))
	}
	if m+1 <= tl.N {
		tl.count(m + 1)
	}
	return nil
}

// count counts the winning first moves of n: the intervals that hold it.
func (tl *tally) count(n int) {
	for len(tl.ends) > 0 && tl.ends[0] < int64(n) {
		tl.ends.pop()
	}
	c := len(tl.ends)
	if tl.visit != nil {
		tl.visit(n, c)
	}
	d := &tl.d
	if int64(n) > d.To {
		tl.decades = append(tl.decades, *d)
		*d = Decade{From: d.To + 1, To: d.To*10 + 9}
	}
	d.Piles++
	if c > 0 {
		d.Wins++
	}
	if c > 1 {
		d.Multiple++
	}
	if c > d.Most {
		d.Most, d.MostAt = c, int64(n)
	}
}

// endHeap is a min-heap of the last n of the intervals that hold the next
// n (container/heap would box every end in an interface).
type endHeap []int64

func (h *endHeap) push(x int64) {
	*h = append(*h, x)
	s := *h
	for i := len(s) - 1; i > 0; {
		p := (i - 1) / 2
		if s[p] <= s[i] {
			break
		}
		s[p], s[i] = s[i], s[p]
		i = p
	}
}

func (h *endHeap) pop() {
	s := *h
	last := len(s) - 1
	s[0] = s[last]
	s = s[:last]
	for i := 0; ; {
		l, small := 2*i+1, i
		if l < len(s) && s[l] < s[small] {
			small = l
		}
		if l+1 < len(s) && s[l+1] < s[small] {
			small = l + 1
		}
		if small == i {
			break
		}
		s[i], s[small] = s[small], s[i]
		i = small
	}
	*h = s
}
