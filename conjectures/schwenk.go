package conjectures

import "fmt"

const schwenkSource = "Schwenk, Take-away games, Fibonacci Quart. 8 (1970); Theorem 4.1 of Larsson & Rubinstein-Salzedo for a = 2"

// Schwenk's strategy for every multiplier a: the cells of value 0, from R_1.
func init() {
	register(&Check{
		Order: 501,
		Statements: []Statement{{ID: "SCHWENK-strategy", Scope: EveryMultiplier, Source: schwenkSource,
			Text: "G(n, r) = 0 exactly when r < z_1(n), the smallest part of n's greedy representation by F(a)",
			TeX:  `$G(n,r)=0\iff r<z_1(n)$, greedy by $F(a)$`}},
		Reads:   StartValues | R1,
		Streams: "row by row: R_1(n) against z_1(n), the greedy parts of n by F(a) carried from n to n+1 (Greedy)",
		stream: func(p *Pass, c *cursor) rowCheck {
			s := &schwenk{res: statement("SCHWENK-strategy", EveryMultiplier).result(p.Mult), gc: NewGreedy(p.Mult.Rat(), c.N)}
			s.res.Domain = Domain{From: 1, To: c.N, Cells: "every (n, r) with 0 <= r <= n"}
			return s
		},
	})
}

type schwenk struct {
	res *Result
	gc  *Greedy // greedy parts of n by F(a)
}

func (s *schwenk) visit(cur *cursor, rows []Row) {
	for i := range rows {
		row, n := &rows[i], cur.n0+int64(i)
		if n == 0 {
			continue
		}
		s.gc.Inc()
		s.res.Cases += n + 1
		z1 := s.gc.Smallest(1)[0]
		if R1 := int64(row.R[0]); R1 != z1 {
			s.res.fail(Counterexample{N: n, R: min(R1, z1),
				Computed:  fmt.Sprintf("G(%d, r) = 0 exactly for r < %d", n, R1),
				Predicted: fmt.Sprintf("r < z_1 = %d", z1)})
		}
	}
}

func (s *schwenk) results(*cursor, Scope) []Result {
	s.res.closeRange()
	return []Result{*s.res}
}
