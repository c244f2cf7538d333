package conjectures

import (
	"fmt"

	"fibnim/grundy"
)

// The closing conjecture of Larsson & Rubinstein-Salzedo, its two halves:
// one stream (the runs of G(n) the cursor keeps, growth.go) gives both,
// and the lower half carries the statistics of the start values: the
// distribution of G(ceil(3n/2)) - G(n), h(g) and its ratios, and the log
// fit.
func init() {
	register(&Check{
		Order: 540,
		Statements: []Statement{
			{ID: IDConjLower, Scope: Fibonacci, Source: lrsSource + ", closing conjecture",
				Text: "G(n) + 1 <= G(ceil(3n/2)) for n >= 1", TeX: `Conj.: $G(n)+1\le G(\lceil 3n/2\rceil)$`},
			{ID: IDConjUpper, Scope: Fibonacci, Source: lrsSource + ", closing conjecture",
				Text: "G(ceil(3n/2)) <= G(n) + 2 for n >= 1", TeX: `Conj.: $G(\lceil 3n/2\rceil)\le G(n)+2$`},
		},
		Reads: StartValues,
		Streams: "at the end, on the runs of G(n) (one per value where G is non-decreasing): n and ceil(3n/2) each move a pointer through them, " +
			"and every n of a run whose image stays in one run is counted at once; the log fit's sums are kept row by row",
		stream: func(*Pass, *cursor) rowCheck { return conjecture{} },
	})
}

// The ids of the conjecture's halves, for a = 2: package report reads
// their statistics.
const (
	IDConjLower = "LRS-conj-lower" // stats: h, h_ratio, the log fit, differences
	IDConjUpper = "LRS-conj-upper" // stats: differences, by_decade
)

type conjecture struct{ growthState }

func (conjecture) results(c *cursor, _ Scope) []Result {
	lo, up := growth(c, grundy.Fibonacci, statement(IDConjLower, Fibonacci), statement(IDConjUpper, Fibonacci), "every n with ceil(3n/2) <= N")
	if lo.Status != NotRun {
		// The distribution of the difference is the upper half's, and
		// the lower half carries it too.
		st, _, err := StatsOf[StepStats](up)
		if err != nil {
			panic(err) // both are this package's
		}
		conjStats(c, &lo, st.Differences)
	}
	return []Result{lo, up}
}

// conjStats adds to the conjecture's lower half the statistics of the
// start values: h(g) and its ratios, and the log fit over the whole range
// and on each decade.
func conjStats(c *cursor, lo *Result, diffs []DifferenceCount) {
	var h []int64
	for _, r := range c.runs {
		if int(r.g) == len(h) {
			h = append(h, r.from)
		}
	}
	ratios := make([]float64, 0, len(h))
	for g := 1; g+1 < len(h); g++ {
		ratios = append(ratios, float64(h[g+1])/float64(h[g]))
	}
	f := c.fitLog()
	lo.setStats(ConjLowerStats{H: h, HRatio: ratios, FitAlpha: f.Alpha, FitBeta: f.Beta, FitRMSResidual: f.RMS, FitMaxResidual: f.MaxResidual,
		FitMaxAtN: f.MaxAt, FitRange: fmt.Sprintf("1 <= n <= %d", c.N), FitEstimator: FitEstimator, FitByDecade: FitDecades(c.pieces()),
		Differences: diffs})
}
