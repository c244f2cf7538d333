package conjectures

import (
	"container/heap"
	"fmt"
	"math"
)

const whiSource = "Whinihan, Fibonacci Nim (1963); Larsson & Rubinstein-Salzedo, Theorem 4.1 and Remark 4.2"

// Whinihan's strategy on every position (n, r), from R_1 alone.
func init() {
	register(&Check{
		Order: 600,
		Statements: []Statement{{ID: "WHI-strategy", Scope: Fibonacci, Source: whiSource,
			Text: "from (n, r) with r >= z_1(n), removing z_1(n) leads to value 0; from (n, r) with r < z_1(n), no move leads to value 0",
			TeX:  `Whinihan: take $z_1(n)$`}},
		Reads: StartValues | R1,
		Streams: "row by row from R_1 (G(m, c) = 0 iff c < R_1(m)): the first clause is projected forward from m to the n = m + f " +
			"whose smallest Zeckendorf part is f, its failures waiting in a heap for their n; the second looks back through a staircase " +
			"of the rows that still reach n (whiStrategy.visit)",
		stream: func(p *Pass, c *cursor) rowCheck {
			c.zeckendorf()
			s := &whiStrategy{res: statement("WHI-strategy", Fibonacci).result(p.Mult), f: c.zc.f, N: c.N}
			s.res.Domain = Domain{From: 1, To: c.N, Cells: "every (n, r) with 0 <= r <= n"}
			return s
		},
	})
}

// CheckWhinihanStrategy checks Whinihan's strategy on every position
// (n, r), n >= 1, from R_1 alone (G(m, c) = 0 iff c < R_1(m)): from
// (n, r) with r >= z_1(n), removing z_1(n) leads to value 0, and from
// (n, r) with r < z_1(n) no move does. See whiStrategy.visit for how it
// streams.
func CheckWhinihanStrategy(rows *LowRows) Result { return lowRowsResult(rows, "WHI-strategy") }

type whiStrategy struct {
	res     *Result
	f       []int64 // the Fibonacci numbers 1, 2, 3, 5, ... (the Zeckendorf terms)
	N       int64
	pending pendingHeap
	stair   []stairRow
}

// stairRow is a row m whose R_1 still reaches later n: e is the last n it
// reaches.
type stairRow struct{ m, e int64 }

// pendingFailure is a failure of Whinihan's first clause found at m for
// the later n = m + z_1(n).
type pendingFailure struct {
	n int64
	c Counterexample
}

type pendingHeap []pendingFailure

func (h pendingHeap) Len() int           { return len(h) }
func (h pendingHeap) Less(i, j int) bool { return h[i].n < h[j].n }
func (h pendingHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *pendingHeap) Push(x any)        { *h = append(*h, x.(pendingFailure)) }
func (h *pendingHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// visit checks Whinihan's strategy at n from R_1 alone, G(m, c) = 0 iff
// c < R_1(m), and projects its first clause forward from n as m:
//
//   - removing z_1(n) leads to (m, min(2 z_1, m)), m = n - z_1(n), of
//     value 0. The n with n - z_1(n) = m are m + f for the Fibonacci f
//     that may stand below z_1(m) in a Zeckendorf representation (every f
//     for m = 0), so this clause is checked at m, for all of them at once,
//     and its failures wait in a heap for their n;
//   - no k < z_1(n) leads to value 0: that fails iff some m in
//     [n - z_1 + 1, n - 1] has R_1(m) > min(2(n-m), m), that is iff the
//     latest row m < n that still "reaches" n, n <= e(m) = m +
//     ceil(R_1(m)/2) - 1 (every n if R_1(m) > m), lies in that window. The
//     staircase keeps the rows that may still be the latest to reach some
//     later n: increasing m, decreasing e.
func (s *whiStrategy) visit(cur *cursor, rows []Row) {
	for i := range rows {
		row, n := &rows[i], cur.n0+int64(i)
		z1 := cur.z[i][0]
		R1 := int64(row.R[0])
		if n > 0 {
			s.res.Cases += n + 1
			failed := false
			for s.pending.Len() > 0 && s.pending[0].n <= n {
				pf := heap.Pop(&s.pending).(pendingFailure)
				if pf.n == n && !failed {
					s.res.fail(pf.c)
					failed = true
				}
			}
			if !failed {
				for len(s.stair) > 0 && s.stair[len(s.stair)-1].e < n {
					s.stair = s.stair[:len(s.stair)-1]
				}
				if len(s.stair) > 0 {
					if m := s.stair[len(s.stair)-1].m; m >= n-z1+1 {
						k := n - m
						s.res.fail(Counterexample{N: n, R: k, Computed: fmt.Sprintf("removing %d < z_1 = %d leads to (%d,%d), value 0", k, z1, m, min(2*k, m)), Predicted: "no move to value 0 when r < z_1(n)"})
					}
				}
			}
		}
		// Row n (as m) projects the first clause forward.
		m := n
		fs := s.belowParts(m, cur.z1part[i]) // the f that may stand below z_1(m)
		for i := len(fs) - 1; i >= 0; i-- {
			f := fs[i]
			if cc := min(2*f, m); cc < R1 {
				break // and so for every smaller f
			} else if m+f <= s.N {
				heap.Push(&s.pending, pendingFailure{n: m + f, c: Counterexample{N: m + f, R: f,
					Computed:  fmt.Sprintf("removing z_1 = %d leads to (%d,%d), value != 0", f, m, cc),
					Predicted: "value 0"}})
			}
		}
		// Row n joins the staircase for the rows after it.
		if n > 0 {
			e := int64(math.MaxInt64)
			if R1 <= n {
				e = n + (R1+1)/2 - 1
			}
			for len(s.stair) > 0 && s.stair[len(s.stair)-1].e <= e {
				s.stair = s.stair[:len(s.stair)-1]
			}
			s.stair = append(s.stair, stairRow{m: n, e: e})
		}
	}
}

// belowParts lists, in increasing order, the Fibonacci numbers f (1, 2, 3,
// 5, ...) that may be added below the parts of m as a new smallest
// Zeckendorf part: all of them for m = 0, else those up to f_{j-2} where
// z_1(m) = f_j (j = z1part). Only the largest few are ever looked at.
func (s *whiStrategy) belowParts(m int64, z1part int) []int64 {
	top := len(s.f)
	if m > 0 {
		top = z1part - 2
	}
	return s.f[:max(top, 0)]
}

func (s *whiStrategy) results(*cursor, Scope) []Result {
	s.res.closeRange()
	return []Result{*s.res}
}
