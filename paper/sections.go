package paper

import (
	"fmt"
	"strings"
	"time"

	"fibnim/conjectures"
	"fibnim/report"
)

func (v *view) gameText() string {
	return "A position is $(n, r)$: $n$ tokens, of which at most $r$ may be taken now. Taking $k$ tokens, $1\\le k\\le r$, leads to $(n-k, \\min(\\lfloor ak\\rfloor, n-k))$. " +
		"The multiplier $a$ is $2$ in Fibonacci nim" + v.citep("Whinihan") + "; any rational $a\\ge 1$ gives $n$-times nim" + v.citep("Frankl") + ". " +
		"A pile of $n$ starts at $(n, n-1)$: the first player may take anything but the whole pile. " +
		"$G(n, r)$ is the Grundy value of $(n, r)$, the least value not among those of its options, and $G(n) = G(n, n)$, as in" + v.citep("Larsson") + ". " +
		"$G(n, r)$ is non-decreasing in $r$, so the row of $n$ is described by its breakpoints $R_g(n)$, the least $r$ with $G(n, r)\\ge g$. " +
		"$z_1(n)$ is the smallest part of the Zeckendorf representation of $n$, and $h(g)$ the least $n$ with $G(n) = g$. " +
		"For $n$-times nim, $F(a) = \\{f_1 < f_2 < \\dots\\}$ is the set of pile sizes that the second player wins, with $f_{k+1} = f_k + f_{r(k)}$ and $r(k) = \\min\\{r : a f_r\\ge f_k\\}$; " +
		"$k - r(k)$ never decreases and is eventually a constant $c(a)$, bounded by the $L$ and $U$ of Theorem~2~(vii) of" + v.citep("Frankl") + "."
}

func (v *view) provenance() (text, machine string, rows []string) {
	if !v.d.HasProv {
		return "The results folder holds no run record (provenance.json), so this note cannot say how long the runs took or on which machine: rerun \\texttt{make} with this version to record them.", "", nil
	}
	for _, r := range v.d.Prov.Runs {
		rev := r.Revision
		if len(rev) > 12 && !strings.HasSuffix(rev, "-dirty") {
			rev = rev[:12]
		}
		cmd, n := r.Key, "--"
		if len(r.Tables) > 0 {
			var ns, ps []string
			for _, t := range r.Tables {
				ns = append(ns, num(t.N))
				ps = append(ps, t.Path)
			}
			n = strings.Join(ns, ", ")
			if p := strings.Join(ps, ", "); len(r.Command) > 1 && p != r.Command[1] {
				cmd = r.Command[1] + " " + p
			}
		}
		rows = append(rows, fmt.Sprintf("\\texttt{%s} & %s & %s & %s & \\texttt{%s} & %s \\\\", report.TeXText(cmd), n,
			seconds(r.WallSeconds), gib(r.PeakRSSBytes), report.TeXText(rev), r.Started.Format(time.DateOnly)))
	}
	m := v.d.Prov.Runs[0].Machine
	machine = fmt.Sprintf("%s/%s, %d CPUs", m.GOOS, m.GOARCH, m.CPUs)
	if m.CPUModel != "" {
		machine += " (" + report.TeXText(m.CPUModel) + ")"
	}
	if m.MemoryBytes > 0 {
		machine += ", " + gib(m.MemoryBytes) + " of memory"
	}
	machine += ", " + report.TeXText(v.d.Prov.Runs[0].GoVersion)
	text = "Table~\\ref{tab:runs} lists the runs that made the results this note reads, from their own records (\\path{results/provenance.json}): the command and the table it wrote, its size $N$ (the number of multipliers for \\texttt{ntimes}), the wall time, the peak resident memory of the process and the source revision."
	return text, machine, rows
}

func (v *view) reproduceText() string {
	return "Every file this note reads is in \\path{results/}: the tables as Parquet under \\path{grundy/}, \\path{ntimes/}, \\path{global/} and \\texttt{atlas.parquet}, every check in \\texttt{checks.json} and \\texttt{report.md}, and the tables and figures it includes under \\path{tables/} and \\path{figures/}. " +
		"From a clone of the repository at revision \\texttt{" + v.Revision + "}, \\texttt{make} recomputes them at the scale of this note, \\texttt{make paper} writes and compiles this note, and \\texttt{make release} writes \\path{results/release/}: the SHA-256 of every result file (\\texttt{SHA256SUMS}, checked with \\texttt{cd results \\&\\& sha256sum -c release/SHA256SUMS}), the run records, \\texttt{CITATION.cff} and this PDF. " +
		"Table~\\ref{tab:sums} gives the sums of the main files."
}

func (v *view) abstract(lower conjectures.Result) string {
	var parts []string
	parts = append(parts, fmt.Sprintf("We computed the Grundy values $G(n, r)$ of Fibonacci nim for every position with $0\\le r\\le n\\le %s$ and checked the theorems and the closing conjecture of Larsson and Rubinstein-Salzedo on all of them.", grp(lower.Domain.To)))
	if r, ok := v.d.find(report.IDs.ConjUpper); ok && r.Status == conjectures.Fails {
		parts = append(parts, fmt.Sprintf("The upper half of the conjecture, $G(\\lceil 3n/2\\rceil)\\le G(n)+2$, fails: the smallest counterexample is $n = %s$, and there are %s for $n\\le %s$.", grp(r.Counterexamples[0].N), num(r.Failures), grp(r.Domain.To)))
	}
	if lower.Status == conjectures.Fails {
		parts = append(parts, fmt.Sprintf("The lower bound $\\log_{3/2}n\\le G(n)$ of Theorem~5.3 fails as printed for %s small $n$.", num(lower.Failures)))
	}
	if v.d.CRows != nil {
		f := report.FTDisagreements(v.d.CRows)
		var says []string
		if len(f.URows) > 0 {
			u := fmt.Sprintf("the printed $U$ differs from its definition in %s rows", num(int64(len(f.URows))))
			if f.UIsFloor {
				u += ", a floor where the theorem has a ceiling"
			}
			says = append(says, u)
		}
		var as []string
		proved := true
		for _, c := range f.C {
			as = append(as, fmt.Sprintf("$a = %d$", c.A))
			proved = proved && c.Proved
		}
		if len(as) > 0 {
			c := "the printed $c(a)$ is wrong for " + joinAnd(as)
			if proved {
				c += ", as a lemma on the recurrence proves"
			}
			says = append(says, c)
		}
		if len(says) > 0 {
			parts = append(parts, "In Table~1 of Frankl and Tokushige on $n$-times nim, "+joinAnd(says)+".")
		}
	}
	parts = append(parts, "Every number in this note is read from the data by the program that wrote the note.")
	return strings.Join(parts, " ")
}
