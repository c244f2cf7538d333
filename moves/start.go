package moves

import (
	"container/heap"
	"context"
	"fmt"
	"iter"

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
	a := t.Mult()
	N := t.N()
	var r1 func(m int) (uint32, error) // R_1(m), for m = 1, 2, ... in turn
	if t.HasBreakpoints() {
		pull, stop := iter.Pull2(t.Runs(1))
		defer stop()
		var cur table.Breakpoint
		r1 = func(m int) (uint32, error) {
			for int(cur.N)+int(cur.Run) <= m {
				b, err, ok := pull()
				if !ok {
					return grundy.Inf, nil
				}
				if err != nil {
					return 0, err
				}
				cur = b
			}
			if int(cur.N) > m {
				return grundy.Inf, nil
			}
			return uint32(int(cur.RMin) + m - int(cur.N)), nil
		}
	} else {
		if t.DenseN() < 1 {
			return nil, 0, fmt.Errorf("%w: %s holds neither breakpoint files nor dense.parquet, so no R_1", ErrNoCells, t.Dir())
		}
		rows, err := t.DenseRows()
		if err != nil {
			return nil, 0, err
		}
		N = t.DenseN()
		r1 = func(m int) (uint32, error) {
			for r, g := range rows[m] {
				if g >= 1 {
					return uint32(r), nil
				}
			}
			return grundy.Inf, nil
		}
	}
	var ends endHeap
	var decades []Decade
	d := Decade{From: 1, To: 9}
	for n := 1; n <= N; n++ {
		if n%(1<<16) == 0 {
			if err := ctx.Err(); err != nil {
				return nil, 0, err
			}
		}
		if m := n - 1; m >= 1 { // row m's interval begins at n
			R, err := r1(m)
			if err != nil {
				return nil, 0, err
			}
			if R == grundy.Inf || R == 0 || int(R) > m {
				return nil, 0, fmt.Errorf("%s: R_1(%d) = %d; every row m >= 1 has 1 <= R_1(m) <= m", t.Dir(), m, R)
			}
			if K := a.MinRemoval(int(R)) - 1; K >= 1 {
				heap.Push(&ends, int64(m)+int64(K))
			}
		}
		for len(ends) > 0 && ends[0] < int64(n) {
			heap.Pop(&ends)
		}
		c := len(ends)
		if visit != nil {
			visit(n, c)
		}
		if int64(n) > d.To {
			decades = append(decades, d)
			d = Decade{From: d.To + 1, To: d.To*10 + 9}
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
	if N >= 1 {
		d.To = min(d.To, int64(N))
		decades = append(decades, d)
	}
	return decades, N, nil
}

// endHeap is a min-heap of the last n of the intervals that hold n.
type endHeap []int64

func (h endHeap) Len() int           { return len(h) }
func (h endHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h endHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *endHeap) Push(x any)        { *h = append(*h, x.(int64)) }
func (h *endHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
