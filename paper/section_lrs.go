package paper

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"fibnim/conjectures"
	"fibnim/report"
)

func (v *view) conjText() string {
	r, ok := v.d.find(report.IDs.ConjUpper)
	if !ok {
		return "The closing conjecture was not checked: the table of $a = 2$ is missing."
	}
	lower, lok := v.d.find(report.IDs.ConjLower)
	var s strings.Builder
	s.WriteString("Larsson and Rubinstein-Salzedo close" + v.citep("Larsson") + " with the conjecture $G(n)+1\\le G(\\lceil 3n/2\\rceil)\\le G(n)+2$, from numerical evidence, which would make the growth of $G$ logarithmic. ")
	if r.Status == conjectures.Holds {
		fmt.Fprintf(&s, "Its upper half holds for every $n\\le %s$ with $\\lceil 3n/2\\rceil\\le N$. ", grp(r.Domain.To))
	} else {
		c := r.Counterexamples[0]
		fmt.Fprintf(&s, "\\textbf{Its upper half is false.} Of the %s values $%s\\le n\\le %s$ (those with $\\lceil 3n/2\\rceil\\le N$), %s are counterexamples. ",
			num(r.Cases), grp(r.Domain.From), grp(r.Domain.To), num(r.Failures))
		fmt.Fprintf(&s, "The smallest is $n = %s$: %s, where the conjecture says %s. ", grp(c.N), mathOf(c.Computed), mathOf(c.Predicted))
		if l := r.Largest; l != nil && l.N != c.N {
			fmt.Fprintf(&s, "The largest is $n = %s$ (%s)", grp(l.N), mathOf(l.Computed))
			if r.FailureFree != "" {
				fmt.Fprintf(&s, ", and the conjecture holds for every $n$ in $(%s, %s]$: the last %s\\,\\%% of the range", grp(l.N), grp(r.Domain.To),
					fmt.Sprintf("$%.0f$", 100*float64(r.Domain.To-l.N)/float64(r.Domain.To)))
			}
			s.WriteString(". ")
		}
	}
	var diffs []struct {
		Count      int64 `json:"count"`
		Difference int   `json:"difference"`
		FirstN     int64 `json:"first_n"`
	}
	if stat(r, "differences", &diffs) && len(diffs) > 0 {
		var parts []string
		for _, x := range diffs {
			parts = append(parts, fmt.Sprintf("$%d$ for %s values of $n$ (the first $n = %s$)", x.Difference, num(x.Count), grp(x.FirstN)))
		}
		s.WriteString("The difference $G(\\lceil 3n/2\\rceil)-G(n)$ is " + joinAnd(parts) + "; Table~\\ref{tab:decades} gives it by decade, and Figure~\\ref{fig:conjecture_gap} draws it. ")
	}
	if lok {
		if lower.Status == conjectures.Holds {
			fmt.Fprintf(&s, "The lower half holds for every $n\\le %s$. ", grp(lower.Domain.To))
		} else {
			fmt.Fprintf(&s, "The lower half fails too, for %s values of $n$. ", num(lower.Failures))
		}
	}
	if r.Status == conjectures.Fails && r.FailureFree != "" {
		s.WriteString(closingReading(r, v.d))
	}
	return s.String()
}

func (v *view) lowerText(r conjectures.Result) string {
	var s strings.Builder
	s.WriteString("Theorem~5.3 of" + v.citep("Larsson") + " states $\\log_{3/2} n\\le G(n)\\le\\lceil 2\\sqrt n\\,\\rceil+1$. ")
	if r.Status == conjectures.Holds {
		fmt.Fprintf(&s, "Its lower bound holds for every $n\\le %s$. ", grp(r.Domain.To))
	} else {
		c := r.Counterexamples[0]
		fmt.Fprintf(&s, "\\textbf{The lower bound as printed fails} for %s values of $n$: the smallest is $n = %s$, where %s but $\\log_{3/2} %s = %s$",
			num(r.Failures), grp(c.N), mathOf(c.Computed), grp(c.N), fmt.Sprintf("%.4f", math.Log(float64(c.N))/math.Log(1.5)))
		if l := r.Largest; l != nil && l.N != c.N {
			fmt.Fprintf(&s, ", and the largest $n = %s$ (%s)", grp(l.N), mathOf(l.Computed))
		}
		if r.FailureFree != "" && r.Largest != nil {
			fmt.Fprintf(&s, "; it holds for every $n$ in $(%s, %s]$", grp(r.Largest.N), grp(r.Domain.To))
		}
		s.WriteString(". ")
		s.WriteString("The paper's proof shows $G(\\lceil 3n/2\\rceil)\\ge G(n)+1$ (the lower half of the conjecture above) and iterates it, which gives the bound only up to an additive constant. ")
		var C float64
		var at int64
		if stat(r, "least_C", &C) && stat(r, "least_C_attained_at_n", &at) {
			fmt.Fprintf(&s, "With a constant, $\\log_{3/2} n - C\\le G(n)$ holds for every $n\\le %s$ with $C = %.4f$, the least such $C$, attained at $n = %s$. ", grp(r.Domain.To), C, grp(at))
		}
	}
	if up, ok := v.d.find(report.IDs.Upper53); ok && up.Status == conjectures.Holds {
		fmt.Fprintf(&s, "The upper bound holds for every $n\\le %s$.", grp(up.Domain.To))
	}
	return s.String()
}

func (v *view) lrsText() string {
	counts := map[string]int{}
	rows := map[int]bool{}
	for _, c := range v.d.LRSCells {
		counts[c.Status]++
		if c.Status == "outside-table" {
			rows[c.N] = true
		}
	}
	in := len(v.d.LRSCells) - counts["outside-table"]
	top := 0
	for _, c := range v.d.LRSCells {
		top = max(top, c.N)
	}
	s := "Table~1 of" + v.citep("Larsson") + fmt.Sprintf(", $G(n, r)$ for $0\\le r\\le n\\le %d$, agrees with the computation in %s of its %s cells (Table~\\ref{tab:lrs})", top, num(int64(counts["agree"])), num(int64(in)))
	if k := counts["differs"] + counts["not-printed"]; k > 0 {
		s += fmt.Sprintf("; %s differ or are missing from the extraction of the print", num(int64(k)))
	}
	if o := counts["outside-table"]; o > 0 {
		var rs []int
		for n := range rows {
			rs = append(rs, n)
		}
		sort.Ints(rs)
		full := map[int]string{} // G(n, n), as computed
		for _, c := range v.d.LRSCells {
			if c.R == c.N && c.Computed >= 0 {
				full[c.N] = fmt.Sprint(c.Computed)
			}
		}
		same := 0
		for _, c := range v.d.LRSCells {
			if c.Status == "outside-table" && c.Printed == full[c.N] {
				same++
			}
		}
		s += fmt.Sprintf(". The plain-text extraction of the print has %s more cells with $r > n$, which are not positions, in rows %s", num(int64(o)), joinInts(rs))
		if same == o {
			s += "; each equals $G(n, n)$, so either the extraction padded the rows, or the print extends $G$ by $G(n, r) = G(n, n)$ for $r\\ge n$ (a quota above $n$ allows the moves of quota $n$), under which they agree"
		} else {
			s += fmt.Sprintf("; %s of them equal $G(n, n)$", num(int64(same)))
		}
	}
	return s + "."
}

func (v *view) othersText() string {
	var fails []string
	for _, r := range v.d.Checks {
		if r.Mult == "" || r.Mult == "2" || report.BaseID(r.ID) != report.IDs.ConjUpper || r.Status == conjectures.NotRun {
			continue
		}
		if r.Status == conjectures.Fails {
			fails = append(fails, fmt.Sprintf("$a = %s$ (%s failures, the first at $n = %s$)", r.Mult, num(r.Failures), grp(r.Counterexamples[0].N)))
		} else {
			fails = append(fails, fmt.Sprintf("$a = %s$ (holds on every $n\\le %s$)", r.Mult, grp(r.Domain.To)))
		}
	}
	if len(fails) == 0 {
		return ""
	}
	return "The papers' statements can be put for any multiplier $a$ with $\\lceil n/a\\rceil$ in place of $\\lceil n/2\\rceil$; Table~\\ref{tab:mults} checks them on the tables of the other multipliers computed. " +
		"The analogue of the conjecture's upper half, $G(n+\\lceil n/a\\rceil)\\le G(n)+2$, gives: " + joinAnd(fails) + "."
}

func (v *view) holdsText() string {
	holds, fails, total := 0, 0, 0
	for _, r := range v.d.Checks {
		if r.Mult != "" || strings.HasPrefix(r.ID, report.IDs.GlobalPrefix) || r.Status == conjectures.NotRun {
			continue
		}
		total++
		switch r.Status {
		case conjectures.Holds:
			holds++
		case conjectures.Fails:
			fails++
		}
	}
	s := fmt.Sprintf("Table~\\ref{tab:verification} lists every check of the papers' own statements: %s of the %s hold on the whole range, and the %s that fail are the ones above.", num(int64(holds)), num(int64(total)), num(int64(fails)))
	if r, ok := v.d.find(report.IDs.Brilliant); ok {
		var wins int64
		if stat(r, "first_player_wins", &wins) {
			s += fmt.Sprintf(" Among them, the count of first-player wins among the starting piles $%s\\le n\\le %s$ is %s, as the solutions of the Brilliant problem say.", grp(r.Domain.From), grp(r.Domain.To), num(wins))
		}
	}
	return s
}

func (v *view) oeisText() string {
	r, ok := v.d.find(report.IDs.OEISA003411)
	if !ok {
		return ""
	}
	var meaning string
	stat(r, "meaning", &meaning)
	if r.Status != conjectures.Holds {
		return "OEIS A003411 is $F(3)$; the check of its recurrence did not pass: " + report.TeXText(meaning) + "."
	}
	return "OEIS A003411 is $F(3)$, and the OEIS marks its generating function as conjectured. The lemma of Section~\\ref{sec:lemma} proves the recurrence: " +
		report.TeXText(meaning) + "; with the first terms this gives the generating function too (\\path{results/oeis/README.md}). " +
		"No OEIS entry was found, in the offline copies this project could search, for $G(n, n-1)$ or for $h(g)$; drafts of both are in \\path{results/oeis/}, to be checked against the live OEIS before they are submitted."
}

func (v *view) growthText() string {
	r, ok := v.d.find(report.IDs.ConjLower)
	if !ok {
		return ""
	}
	var alpha, beta, rms float64
	var h []int64
	var s strings.Builder
	if stat(r, "fit_alpha", &alpha) && stat(r, "fit_beta", &beta) && stat(r, "fit_rms_residual", &rms) {
		sign := "+"
		if beta < 0 {
			sign, beta = "-", -beta
		}
		// checks.json names its estimator since the fit was weighted; one
		// without the name holds ordinary least squares.
		var est string
		how := "ordinary least squares, every $n$ weighted alike,"
		if stat(r, "fit_estimator", &est) && est == conjectures.FitEstimator {
			how = "least squares with each $n$ weighted by $1/n$ (so that every decade of $n$ weighs alike)"
		}
		fmt.Fprintf(&s, "The fit by %s over $1\\le n\\le %s$ is $G(n)\\approx %.4f\\ln n %s %.4f$, with an RMS residual of $%.3f$ (Figure~\\ref{fig:start_value_growth}). ", how, grp(v.nTo), alpha, sign, beta, rms)
		var dec []conjectures.LogFit
		if stat(r, "fit_by_decade", &dec) && len(dec) > 1 {
			lo, hi := dec[0], dec[0]
			for _, d := range dec[1:] {
				if d.Alpha < lo.Alpha {
					lo = d
				}
				if d.Alpha > hi.Alpha {
					hi = d
				}
			}
			fmt.Fprintf(&s, "Fitted on each decade of $n$ alone, the slope runs from $%.3f$ (on $%s\\le n\\le %s$) to $%.3f$ (on $%s\\le n\\le %s$; \\path{results/report.md} lists every decade). ",
				lo.Alpha, grp(lo.From), grp(lo.To), hi.Alpha, grp(hi.From), grp(hi.To))
		}
		s.WriteString("The fit describes this range and is not a law: Theorem~5.3 bounds $G(n)$ between $\\log_{3/2} n$ and $\\lceil 2\\sqrt{n}\\,\\rceil+1$, and nothing closer is proved. ")
	}
	if stat(r, "h", &h) && len(h) > 1 {
		fmt.Fprintf(&s, "Table~\\ref{tab:h} lists $h(g)$ for $g = 0,\\dots,%d$, and Figure~\\ref{fig:first_occurrence} draws it with its ratios $h(g+1)/h(g)$, which the conjecture's lower half keeps at most about $3/2$.", len(h)-1)
	}
	return s.String()
}

// closingReading is the last sentence on the closing conjecture when it
// fails and holds after its last counterexample: with a committed frontier
// table that fails past this range, it says so (issue 33: the note made
// at 10^6 called the conjecture a candidate for "true for all large n"
// while the frontier had failures up to 1,363,554,612).
func closingReading(r conjectures.Result, d *Data) string {
	if f, ok := d.further("2"); ok && r.Largest != nil && f.Last > r.Domain.To {
		return fmt.Sprintf("So the conjecture is false as stated. It holds on this range after its last counterexample, but the frontier table (\\texttt{%s}) finds counterexamples up to $n = %s$: a last counterexample early in a range is no evidence for ``true for all large $n$''.",
			report.TeXText(f.Path), grp(f.Last))
	}
	return "So the conjecture is false as stated; it holds on the part of the range after its last counterexample, which these data do not extend to all large $n$."
}
