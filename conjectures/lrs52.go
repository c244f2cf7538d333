package conjectures

import "fmt"

// Theorem 5.2 of Larsson & Rubinstein-Salzedo, for a = 2 and put for
// every multiplier a: one stream gives both results.
func init() {
	const text = "G(n) <= G(n+1) <= G(n) + 1 for all n >= 0"
	register(&Check{
		Order: 520,
		Statements: []Statement{
			{ID: "LRS-5.2", Scope: Fibonacci, Source: lrsSource + ", Theorem 5.2", Text: text, TeX: `Thm 5.2: $G(n)\le G(n+1)\le G(n)+1$`},
			{ID: "LRS-5.2", Scope: EveryMultiplier, Source: lrsSource + ", Theorem 5.2, put for multiplier a", Text: text, TeX: `$G(n)\le G(n+1)\le G(n)+1$`},
		},
		Reads:   StartValues,
		Streams: "row by row: G(n) against G(n-1), which the cursor keeps",
		stream: func(p *Pass, c *cursor) rowCheck {
			s := &lrs52{res: statement("LRS-5.2", Fibonacci).result(p.Mult)}
			s.res.Domain = Domain{From: 0, To: c.N - 1, Cells: "every n with n+1 in range"}
			return s
		},
	})
}

type lrs52 struct{ res *Result }

func (s *lrs52) visit(cur *cursor, rows []Row) {
	prev := cur.prev // G(n-1)
	for i := range rows {
		row, n := &rows[i], cur.n0+int64(i)
		before := prev
		prev = row.Full
		if n == 0 {
			continue
		}
		s.res.Cases++
		a, b := int(before), int(row.Full)
		if b < a || b > a+1 {
			s.res.fail(Counterexample{N: n - 1, Computed: fmt.Sprintf("G(%d) = %d, G(%d) = %d", n-1, a, n, b), Predicted: fmt.Sprintf("G(%d) in [%d, %d]", n, a, a+1)})
		}
	}
}

func (s *lrs52) results(c *cursor, scope Scope) []Result {
	s.res.closeRange()
	r := *s.res
	if scope == EveryMultiplier {
		st := statement("LRS-5.2", EveryMultiplier)
		r.ID, r.Source, r.Mult = multID(st.ID, c.p.Mult), st.Source, c.p.Mult.String()
	}
	return []Result{r}
}
