package conjectures

// The two halves of the closing conjecture put for every multiplier a:
// the step n -> n + ceil(n/a) of Theorem 5.3's proof, and the upper half.
// One stream (growth.go) gives both.
func init() {
	register(&Check{
		Order: 545,
		Statements: []Statement{
			{ID: "LRS-5.3-step", Scope: EveryMultiplier, Source: lrsSource + ", Theorem 5.3 (its proof's step), put for multiplier a",
				Text: "G(n + ceil(n/a)) >= G(n) + 1 for n >= 1", TeX: `$G(n+\lceil n/a\rceil)\ge G(n)+1$`},
			{ID: IDConjUpper, Scope: EveryMultiplier, Source: lrsSource + ", closing conjecture, put for multiplier a",
				Text: "G(n + ceil(n/a)) <= G(n) + 2 for n >= 1", TeX: `$G(n+\lceil n/a\rceil)\le G(n)+2$`},
		},
		Reads:   StartValues,
		Streams: "at the end, on the runs of G(n), as the closing conjecture (conjecture.go), with ceil(n/a) for ceil(n/2)",
		stream:  func(*Pass, *cursor) rowCheck { return step{} },
	})
}

type step struct{ growthState }

func (step) results(c *cursor, _ Scope) []Result {
	lo, up := growth(c, c.p.Mult, statement("LRS-5.3-step", EveryMultiplier), statement(IDConjUpper, EveryMultiplier), "every n with n + ceil(n/a) <= N")
	return []Result{lo, up}
}
