package paper

import (
	"fmt"
	"math"
	"strings"

	"fibnim/atlas"
	"fibnim/conjectures"
	"fibnim/ntimes"
	"fibnim/report"
)

func (v *view) ftText() string {
	if v.d.CRows == nil {
		return "The $n$-times nim tables were not computed (\\texttt{compute ntimes}), so Table~1 of Frankl and Tokushige is not compared here."
	}
	f := report.FTDisagreements(v.d.CRows)
	var s strings.Builder
	s.WriteString("Table~1 of" + v.citep("Frankl") + " gives, for $a = 2,\\dots,14$, the bounds $L$ and $U$ of Theorem~2~(vii), $c(a)$ and $\\lfloor a\\ln a\\rfloor$. Table~\\ref{tab:ft} sets the computed values beside the printed ones. ")
	if len(f.URows) > 0 {
		fmt.Fprintf(&s, "\\textbf{The printed $U$ differs from its definition} in %s of the rows", num(int64(len(f.URows))))
		if f.UIsFloor {
			s.WriteString(", and in every one of them the printed value is $\\lfloor \\ln a/(\\ln(a+1)-\\ln a)\\rfloor$, the floor where the theorem defines the ceiling (its proof needs $(a/(a+1))^U\\le 1/a$, which only the ceiling gives)")
		}
		s.WriteString(". ")
	}
	for _, c := range f.C {
		fmt.Fprintf(&s, "\\textbf{For $a = %d$ the print gives $c = %d$}; the computation gives $c(%d) = %d$", c.A, c.Printed, c.A, c.Computed)
		if c.Proved {
			fmt.Fprintf(&s, ", proved by the lemma of Section~\\ref{sec:lemma}: $k - r(k) = %d$ for $%s\\le k\\le %s$, so the printed value is wrong. ", c.Computed, grp(c.From), grp(c.To))
		} else {
			s.WriteString(", observed but not proved. ")
		}
	}
	if len(f.URows) == 0 && len(f.C) == 0 {
		s.WriteString("Every printed value agrees with the computation. ")
	}
	if r, ok := v.d.find(report.IDs.FTTable1); ok {
		fmt.Fprintf(&s, "In all, %s of the %s printed cells differ (check \\texttt{%s}).", num(r.Failures), num(r.Cases), report.TeXText(r.ID))
	}
	return s.String()
}

func (v *view) lemmaText() (statement, use string) {
	statement = "If $k - r(k) = c$ for the $c+2$ consecutive indices $K-c-1\\le k\\le K$, then $k - r(k) = c$ for every $k\\ge K-c-1$."
	var s strings.Builder
	if r, ok := v.d.find(report.IDs.FTCProved); ok {
		var proved, notProved, largest int64
		stat(r, "proved", &proved)
		stat(r, "not_proved", &notProved)
		stat(r, "largest_proved_from", &largest)
		lo, hi := int64(math.MaxInt64), int64(0)
		for _, c := range v.d.CRows {
			if c.ADen == 1 {
				lo, hi = min(lo, c.ANum), max(hi, c.ANum)
			}
		}
		fmt.Fprintf(&s, "The computed terms of $F(a)$ hold such a window for %s of the %s multipliers computed", num(proved), num(r.Cases))
		if hi > 0 {
			fmt.Fprintf(&s, " (every integer $%s\\le a\\le %s$)", grp(lo), grp(hi))
		}
		fmt.Fprintf(&s, ", so $c(a)$ is proved for them, not only observed; the latest window ends at $K = %s$. ", grp(largest))
		if notProved > 0 {
			fmt.Fprintf(&s, "For %s the terms computed hold no window. ", num(notProved))
		}
	}
	if len(v.d.RealC) > 0 {
		proved := 0
		for _, c := range v.d.RealC {
			if c.Proved {
				proved++
			}
		}
		fmt.Fprintf(&s, "For real $a$, $c$ is constant on %s intervals of $[%s, %s)$ with exact rational ends (Table~\\ref{tab:ftreal}); %s of them are proved, piece by piece: on a piece of an interval the first terms of $F(a)$ are the same for every $a$, and a window inside them proves $c$ on the piece. ",
			num(int64(len(v.d.RealC))), v.d.RealC[0].Lo, v.d.RealC[len(v.d.RealC)-1].Hi, num(int64(proved)))
		if first := firstSplitInterval(v.d.RealC, v.d.RealT); first != "" {
			fmt.Fprintf(&s, "One piece per interval does not suffice: from $%s$ on, the first terms are not the same across a whole interval, which is then covered by several pieces, each proved on its own.", first)
		}
	}
	return statement, s.String()
}

// firstSplitInterval is the first interval of c that no single piece of
// the first terms (real_terms) covers, as TeX ("[7/2, 43/11)"), or "".
func firstSplitInterval(realC, realT []ntimes.RealRow) string {
	for _, c := range realC {
		covered := false
		for _, t := range realT {
			if ratLE(t.Lo, c.Lo) && (t.Hi == "" || (c.Hi != "" && ratLE(c.Hi, t.Hi))) {
				covered = true
				break
			}
		}
		if !covered {
			return "[" + c.Lo + ", " + c.Hi + ")"
		}
	}
	return ""
}

func (v *view) atlasText() string {
	rows := v.d.Atlas
	if len(rows) == 0 {
		return "This results folder holds no atlas (\\texttt{compute atlas}, then \\texttt{compute atlas -merge})."
	}
	fails, complete := 0, 0
	best := -1
	for i, r := range rows {
		if r.Status != atlas.Complete {
			continue
		}
		complete++
		if r.StepLastOutside >= 0 {
			fails++
		}
		if !r.OldFit && (best < 0 || r.Alpha < rows[best].Alpha) {
			best = i
		}
	}
	s := fmt.Sprintf("The atlas summarises %s multipliers $a$, each computed to $N = %s$ (Table~\\ref{tab:atlas}, Figures~\\ref{fig:atlas_alpha} and~\\ref{fig:atlas_conjecture}). ", num(int64(len(rows))), grp(rows[0].N))
	s += fmt.Sprintf("For %s of the %s complete rows the analogue of the conjecture, $G(n)+1\\le G(n+\\lceil n/a\\rceil)\\le G(n)+2$, fails somewhere on the range; for the others it holds on all of it. ", num(int64(fails)), num(int64(complete)))
	if best >= 0 {
		s += fmt.Sprintf("The slope $\\alpha$ of the fit $G(n)\\approx\\alpha\\ln n+\\beta$ (least squares with each $n$ weighted by $1/n$, as in Table~\\ref{tab:atlas}) is smallest at $a = %s$ ($%.3f$). ", rows[best].Multiplier, rows[best].Alpha)
	}
	return s + "What holds here is an observation on this range, stated for the multipliers listed; \\path{results/tables/atlas.md} reads the rows further."
}

func (v *view) globalText() string {
	var held, total int
	var mults []string
	var M int64
	seen := map[string]bool{}
	var startP []string
	for _, r := range v.d.Checks {
		if !strings.HasPrefix(r.ID, report.IDs.GlobalPrefix) || r.Status == conjectures.NotRun {
			continue
		}
		a := report.MultOf(r.ID)
		if a != "" && !seen[a] {
			seen[a] = true
			mults = append(mults, a)
		}
		M = max(M, r.Domain.To)
		total++
		if r.Status == conjectures.Holds {
			held++
		}
		if report.BaseID(r.ID) == report.IDs.GlobalStartP && r.Status == conjectures.Holds {
			startP = append(startP, a)
		}
	}
	if total == 0 {
		return ""
	}
	s := fmt.Sprintf("Two piles share one move limit: a move takes $k\\le r$ tokens from either pile, and the next limit is $\\lfloor ak\\rfloor$. The tables of $a = %s$ cover every position with piles up to $M = %s$; %s of their %s checks hold (\\path{results/report.md} lists them, \\path{docs/global.md} explains them). ",
		strings.Join(mults, ", "), grp(M), num(int64(held)), num(int64(total)))
	if len(startP) > 0 {
		s += "For $a = " + strings.Join(startP, ", ") + "$ the P-positions at the start, $r = \\min(x+y-1, \\max(x, y))$, are exactly $x = y$ and $(0, n)$, $(n, 0)$ with $n\\in F(a)$, as a lemma proves and the tables confirm (Figure~\\ref{fig:global_p_positions}). "
	}
	return s + "Larsson and Rubinstein-Salzedo's paper on this game was not available to this project, so nothing here is compared with it."
}
