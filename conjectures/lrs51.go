package conjectures

import "fmt"

// Theorem 5.1 of Larsson & Rubinstein-Salzedo: the start values off the
// Fibonacci numbers.
func init() {
	register(&Check{
		Order: 510,
		Statements: []Statement{{ID: "LRS-5.1", Scope: Fibonacci, Source: lrsSource + ", Theorem 5.1",
			Text: "ignoring Fibonacci n, G(n, n-1) is non-decreasing in n and increases by one when it increases",
			TeX:  `Thm 5.1: $G(n,n-1)$ off $F$`}},
		Reads:   StartValues,
		Streams: "row by row: G(n, n-1) of the last non-Fibonacci n is kept and compared with the next",
		stream: func(p *Pass, c *cursor) rowCheck {
			s := &lrs51{res: statement("LRS-5.1", Fibonacci).result(p.Mult), prev: -1}
			s.res.Domain = Domain{From: 1, To: c.N, Cells: "every non-Fibonacci n (consecutive pairs)"}
			return s
		},
	})
}

type lrs51 struct {
	res         *Result
	prev, prevN int // G(m, m-1) of the last non-Fibonacci m, and m; prev = -1 before the first
}

func (s *lrs51) visit(cur *cursor, rows []Row) {
	fibs := cur.fibs // the i of the Fibonacci rows, increasing
	for i := range rows {
		row, n := &rows[i], cur.n0+int64(i)
		isFib := len(fibs) > 0 && fibs[0] == i
		if isFib {
			fibs = fibs[1:]
		}
		if n == 0 || isFib {
			continue
		}
		g := int(row.Start)
		if s.prev >= 0 {
			s.res.Cases++
			if g < s.prev || g > s.prev+1 {
				s.res.fail(Counterexample{N: n, Computed: fmt.Sprintf("G(%d,%d) = %d after G(%d,%d) = %d", n, n-1, g, s.prevN, s.prevN-1, s.prev), Predicted: fmt.Sprintf("%d or %d", s.prev, s.prev+1)})
			}
		}
		s.prev, s.prevN = g, int(n)
	}
}

func (s *lrs51) results(*cursor, Scope) []Result {
	s.res.closeRange()
	return []Result{*s.res}
}
