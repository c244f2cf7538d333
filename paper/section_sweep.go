package paper

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"fibnim/grundyproof"
	"fibnim/report"
)

// sweepText is the note's section on the Grundy classes proved for all n,
// multiplier by multiplier: from ROOT/multipliers/automata/summary.json
// (compute automata -mults), per numeration band, with the multipliers
// short of K = 8 and the edge at 7/2. Empty (no section) without the sweep.
func (v *view) sweepText() string {
	path := filepath.Join(v.d.Root, filepath.FromSlash(report.SweepSummaryPath))
	s, err := grundyproof.ReadSweepSummary(path)
	if errors.Is(err, os.ErrNotExist) {
		return ""
	}
	if err != nil {
		if v.err == nil {
			v.err = err
		}
		return ""
	}
	return sweepTeX(s)
}

// sweepTeX renders the section from the summary.
func sweepTeX(s *grundyproof.SweepSummary) string {
	c := s.Counts()
	p := s.Plan
	target := min(grundyproof.Target, p.MaxG)
	var b strings.Builder
	fmt.Fprintf(&b, "For every multiplier $a < 7/2$ of the list \\texttt{%s}, the sets $S_g = \\{(n, r) : G(n, r) = g\\}$ were learned from the breakpoint table as automata over the numeration of $a$'s own P-position piles, and proved for all $n$ by the mex induction (Table~\\ref{tab:sweep}; \\path{results/multipliers/automata/summary.md}). ", report.TeXText(p.List))
	fmt.Fprintf(&b, "Each multiplier had the same budget: values $0,\\dots,%d$; tables to $N = %s$; at most $%s$ states in any automaton of a proof, $%d$ s of CPU and $%d$ MiB of memory per attempt. ", p.MaxG, grp(int64(p.N)), grp(int64(p.StateBudget)), p.CPUSeconds, p.MemoryMiB)
	if c.Pisot > 0 {
		fmt.Fprintf(&b, "Of the %s multipliers below $7/2$, %s have $K \\ge %d$ (%s). ", num(int64(c.Pisot)), num(int64(c.AtLeast)), target, strings.ReplaceAll(c.Range(), "K ", "$K$ "))
	}
	if len(c.Short) > 0 {
		var causes []string
		for _, g := range c.ShortByCause() {
			var as []string
			for _, r := range g.Rows {
				k := "nothing proved"
				if r.ProvedUpTo >= 0 {
					k = fmt.Sprintf("$K = %d$", r.ProvedUpTo)
				}
				as = append(as, fmt.Sprintf("$%s$ (%s)", r.Multiplier, k))
			}
			causes = append(causes, fmt.Sprintf("%s for $a = $ %s", report.TeXText(g.Cause), strings.Join(as, ", ")))
		}
		fmt.Fprintf(&b, "Short of $K = %d$: %s. ", target, strings.Join(causes, "; "))
	}
	if c.NotPisot > 0 {
		fmt.Fprintf(&b, "From $a = 7/2$ on (%s multipliers) $c \\ge 4$ and $x^{c+1} - x^c - 1$ is not the polynomial of a Pisot number: for $c = 4$, $x^5 - x^4 - 1 = (x^2 - x + 1)(x^3 - x - 1)$ has two roots on the unit circle, for $c \\ge 5$ roots outside it; the adder's search, run with a budget of $%s$ states, does not close, and the method decides nothing there (\\path{results/multipliers/automata/edge.md}). ", num(int64(c.NotPisot)), grp(int64(p.EdgeBudget)))
	}
	b.WriteString("\n\n\\begin{table}[htbp]\n\\centering\\footnotesize\n\\begin{tabular}{@{}llrrrr@{}}\n\\toprule\n")
	fmt.Fprintf(&b, "band & numeration & multipliers & $K$ proved & $K \\ge %d$ & all of $0..%d$ \\\\\n\\midrule\n", target, p.MaxG)
	type band struct {
		name       string
		n, at, all int
		lo, hi     int
	}
	var bands []*band
	byName := map[string]*band{}
	for _, r := range s.Rows {
		if !r.Pisot {
			continue
		}
		bd := byName[r.Numeration]
		if bd == nil {
			bd = &band{name: r.Numeration, lo: 1 << 30, hi: -1}
			byName[r.Numeration] = bd
			bands = append(bands, bd)
		}
		bd.n++
		bd.lo, bd.hi = min(bd.lo, r.ProvedUpTo), max(bd.hi, r.ProvedUpTo)
		if r.ProvedUpTo >= target {
			bd.at++
		}
		if r.ProvedUpTo == p.MaxG {
			bd.all++
		}
	}
	for _, bd := range bands {
		interval := ""
		for _, x := range grundyproof.Bands {
			if x.Name == bd.name {
				interval = fmt.Sprintf("$[%s, %s)$, $c = %d$", x.From.RatString(), x.To.RatString(), x.C)
			}
		}
		k := fmt.Sprintf("%d--%d", bd.lo, bd.hi)
		if bd.lo == bd.hi {
			k = fmt.Sprint(bd.lo)
		}
		fmt.Fprintf(&b, "%s & \\texttt{msd\\_%s} & %d & %s & %d & %d \\\\\n", interval, bd.name, bd.n, k, bd.at, bd.all)
	}
	if c.NotPisot > 0 {
		top := s.Rows[len(s.Rows)-1].Multiplier
		fmt.Fprintf(&b, "$[7/2, %s]$, $c \\ge 4$ & not Pisot & %d & -- & -- & -- \\\\\n", top, c.NotPisot)
	}
	b.WriteString("\\bottomrule\n\\end{tabular}\n")
	fmt.Fprintf(&b, "\\caption{Grundy values proved for all $n$, by the numeration band of the multiplier: $S_0, \\dots, S_K$ proved for every multiplier of \\texttt{%s} below $7/2$.}\\label{tab:sweep}\n\\end{table}", report.TeXText(p.List))
	return b.String()
}
