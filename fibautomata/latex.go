package fibautomata

import (
	"fmt"
	"strings"
)

// LaTeX renders the theorems of r as a section of the note (report.tex):
// a table of the proved classes with their automata's sizes and proof
// times, and the paper's theorems with their verdicts. It uses only
// standard LaTeX (no packages beyond those of the note).
func (r *Result) LaTeX() string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	g := r.ProvedUpTo()
	p(`%% Written by compute automata (package fibautomata); do not edit.`)
	p(`\section{Positions of small Grundy values, proved by automata}`)
	p(`Let $S_g=\{(n,r): r\le n,\ \mathcal{G}(n,r)=g\}$, read as the Zeckendorf digits of $n$ and $r$,`)
	p(`most significant first. Candidate automata for $S_g$ were learned from the breakpoint table to`)
	p(`$N=%d$ and then proved for all $n$: for every $g\le K$ and every $(n,r)$ with $r\le n$,`, r.N)
	p(`$S_g(n,r)$ holds if and only if some move from $(n,r)$ lands in $S_d$ for each $d<g$ and no move`)
	p(`lands in $S_g$, a move taking $1\le k\le r$ tokens to $(n-k,\min(2k,n-k))$. These statements are`)
	p(`first-order over $(\mathbf{N},+,<)$ with the $S_d$ as predicates and were decided by automata;`)
	p(`since every move lowers $n$, induction on $n$ shows that $S_g$ is the set of positions of value $g$.`)
	p(`Walnut replays every proof from the exported files.`)
	p(``)
	if g >= 0 {
		p(`\begin{theorem}[proved by machine]`)
		p(`For every $g\le %d$, the positions of Fibonacci nim with Grundy value $g$ are exactly those`, g)
		p(`accepted by the automaton of $S_g$ (sizes in Table~\ref{tab:automata}), for all $n$.`)
		p(`\end{theorem}`)
		p(``)
	}
	p(`\begin{table}[h]\centering`)
	p(`\begin{tabular}{rrrl}`)
	p(`\hline`)
	p(`$g$ & states of $S_g$ & proof time (s) & verdict\\`)
	p(`\hline`)
	for i, s := range r.S {
		v, t := "not run", ""
		if i < len(r.Mex) {
			v = "proved for all $n$"
			if !r.Mex[i].Holds {
				v = fmt.Sprintf("fails at $(n,r)=(%s,%s)$", r.Mex[i].Counter[0], r.Mex[i].Counter[1])
			}
			t = fmt.Sprintf("%.3f", r.Mex[i].Time.Seconds())
		}
		p(`%d & %d & %s & %s\\`, i, s.States(), t, v)
	}
	p(`\hline`)
	p(`\end{tabular}`)
	p(`\caption{The automata of $S_g$ (tracks $(n,r)$, \texttt{msd\_fib}) and their mex-induction proofs.}`)
	p(`\label{tab:automata}`)
	p(`\end{table}`)
	if len(r.Paper) > 0 {
		p(``)
		p(`Theorems 4.1, 4.5, 4.6 and 4.7 of Larsson and Rubinstein-Salzedo, transcribed as printed as`)
		p(`formulas in $z_1(n),z_2(n),z_3(n)$ (the smallest parts of the Zeckendorf representation of $n$,`)
		p(`$\infty$ when missing), were compared with the proved $S_0,\dots,S_3$ on $r\le n$:`)
		p(`\begin{itemize}`)
		for i, st := range r.Paper {
			v := "holds for all $n$"
			if !st.Holds {
				v = fmt.Sprintf("fails; the least counterexample is $(n,r)=(%s,%s)$", st.Counter[0], st.Counter[1])
			}
			p(`\item %s (%s): %s.`, st.Name, texPrinted(PaperTheorems()[i].Printed), v)
		}
		p(`\end{itemize}`)
	}
	for _, l := range r.Learned {
		if !l.Converged {
			a := l.Attempts[len(l.Attempts)-1]
			p(``)
			p(`The learner did not converge for the threshold $T_{%d}$ at $N=%d$ (suffixes up to %d digits;`, l.G, r.N, a.Suffix)
			p(`classes per prefix length %s): evidence, not a theorem.`, joinInts(a.ClassesPerLength))
		}
	}
	return b.String()
}

func texPrinted(s string) string {
	r := strings.NewReplacer("<=", `$\le$`, "G(n, r)", `$\mathcal{G}(n,r)$`, "z_1(n)", `$z_1(n)$`, "z_2(n)", `$z_2(n)$`, "z_3(n)", `$z_3(n)$`, "<", `$<$`)
	return r.Replace(s)
}
