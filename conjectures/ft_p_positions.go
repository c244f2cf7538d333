package conjectures

import "fmt"

// Frankl & Tokushige's Theorem 1 against the Grundy table, for every
// multiplier a: the starting piles of value 0 are F(a).
func init() {
	register(&Check{
		Order: 500,
		Statements: []Statement{{ID: "FT-P-positions", Scope: EveryMultiplier, Source: ftSource + ", Theorem 1, against the Grundy table",
			Text: "G(n, n-1) = 0 exactly when n is in F(a), the second-player-win pile sizes of the recurrence f_{k+1} = f_k + f_{r(k)}",
			TeX:  `$G(n,n-1)=0\iff n\in F(a)$`}},
		Reads:   StartValues,
		Streams: "row by row: F(a) up to N (package ntimes, exact) is walked beside n",
		stream: func(p *Pass, c *cursor) rowCheck {
			s := &ftPPositions{res: statement("FT-P-positions", EveryMultiplier).result(p.Mult), F: FPositions(p.Mult, int(c.N))}
			s.res.Domain = Domain{From: 1, To: c.N, Cells: "every n"}
			return s
		},
	})
}

type ftPPositions struct {
	res *Result
	F   []int64 // F(a) up to N
	fi  int     // F[fi] is the least term >= n
}

func (s *ftPPositions) visit(cur *cursor, rows []Row) {
	for i := range rows {
		row, n := &rows[i], cur.n0+int64(i)
		if n == 0 {
			continue
		}
		s.res.Cases++
		inF := s.fi < len(s.F) && s.F[s.fi] == n
		if inF {
			s.fi++
		}
		if (row.Start == 0) != inF {
			s.res.fail(Counterexample{N: n, Computed: fmt.Sprintf("G(%d,%d) = %d", n, n-1, row.Start),
				Predicted: map[bool]string{true: "0 (n is in F(a))", false: "nonzero (n is not in F(a))"}[inF]})
		}
	}
}

func (s *ftPPositions) results(*cursor, Scope) []Result {
	s.res.closeRange()
	return []Result{*s.res}
}
