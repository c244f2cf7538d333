package conjectures

import "fmt"

// Whinihan's start positions (Remark 4.2 of Larsson & Rubinstein-Salzedo).
func init() {
	register(&Check{
		Order: 610,
		Statements: []Statement{{ID: "WHI-start", Scope: Fibonacci, Source: whiSource,
			Text: "(n, n-1) has value 0 exactly when n is a Fibonacci number (n >= 1)", TeX: `Whinihan: $G(n,n-1)=0$ on $F$`}},
		Reads:   StartValues,
		Streams: "row by row: G(n, n-1) against whether n is a Fibonacci number (the cursor carries the least one >= n)",
		stream: func(p *Pass, c *cursor) rowCheck {
			s := &whiStart{res: statement("WHI-start", Fibonacci).result(p.Mult)}
			s.res.Domain = Domain{From: 1, To: c.N, Cells: "every n"}
			return s
		},
	})
}

// CheckWhinihanStart checks Remark 4.2: the start (n, n-1) has value 0
// exactly when n is a Fibonacci number, for n >= 1.
func CheckWhinihanStart(s *Starts) Result { return paperResults(s)["WHI-start"] }

type whiStart struct{ res *Result }

func (s *whiStart) visit(cur *cursor, rows []Row) {
	fibs := cur.fibs // the i of the Fibonacci rows, increasing
	for i := range rows {
		row, n := &rows[i], cur.n0+int64(i)
		isFib := len(fibs) > 0 && fibs[0] == i
		if isFib {
			fibs = fibs[1:]
		}
		if n == 0 {
			continue
		}
		s.res.Cases++
		if (row.Start == 0) != isFib {
			s.res.fail(Counterexample{N: n, Computed: fmt.Sprintf("G(%d,%d) = %d", n, n-1, row.Start), Predicted: map[bool]string{true: "0 (Fibonacci)", false: "nonzero (not Fibonacci)"}[isFib]})
		}
	}
}

func (s *whiStart) results(*cursor, Scope) []Result {
	s.res.closeRange()
	return []Result{*s.res}
}
