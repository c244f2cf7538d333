package paper

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"fibnim/grundy"
	"fibnim/grundyproof"
	"fibnim/report"
)

// readAutomata loads the automata folder of a = 2 that proves the most
// values (grundyproof.LoadBest), and the
// band theorems (automata/bands.json); both are optional.
func (d *Data) readAutomata() error {
	f, _, err := grundyproof.LoadBest(context.Background(), d.Root, grundy.Fibonacci, grundyproof.BestOptions{})
	var none *grundyproof.NoFolderError
	switch {
	case errors.As(err, &none):
	case err != nil:
		return err
	default:
		d.Automata = f
		d.AutomataDir, _ = filepath.Rel(d.Root, f.Dir)
	}
	recs, err := grundyproof.ReadBands(d.Root)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	d.Bands = recs
	return nil
}

// automataText is the section on the positions proved for all n: the
// theorem and its table (report.AutomataLaTeX of the folder's record), the
// method, and the band theorems.
func (v *view) automataText() string {
	f := v.d.Automata
	if f == nil {
		v.lacks = append(v.lacks, filepath.ToSlash(filepath.Join(grundyproof.Dir("", grundy.Fibonacci), grundyproof.ProofFile)))
		return "\\noindent\\emph{The results folder holds no proved automata (\\texttt{compute automata}): this section is empty.}\\par"
	}
	var b strings.Builder
	b.WriteString("The tables say what holds for $n\\le N$; for the positions of small Grundy values, fibnim proves what holds for every $n$. ")
	b.WriteString("Candidate automata of the sets $S_g$ are learned from the breakpoint table, and each is then proved by a decision procedure for first-order arithmetic with addition, in which the statement that $S_0,\\dots,S_K$ are the positions of values $0,\\dots,K$ is a sentence: the mex induction, one claim per value. ")
	b.WriteString("The automata read the game's own numeration, the greedy system of the pile sizes $F(a)$ of the second player's wins (for $a = 2$ the Fibonacci numbers: Zeckendorf's representation), so Schwenk's strategy, $G(n,r) = 0$ if and only if $r < z_1(n)$, is one of the claims. ")
	b.WriteString("The prover is fibnim's own; the proof file \\path{" + report.TeXText(filepath.ToSlash(filepath.Join(v.d.AutomataDir, grundyproof.ProveFile))) + "} replays every claim in Walnut" + v.citep("Mousavi") + " (see also" + v.citep("Shallit") + "), an independent prover, from the exported automata. ")
	b.WriteString(fmt.Sprintf("Table~\\ref{tab:automata-%s} lists the classes and their sizes, Figure~\\ref{fig:automaton_s2} draws the automaton of $S_2$, and Figure~\\ref{fig:automata_classes} shows how the learner's classes of digit prefixes level off.\n\n", grundy.Fibonacci.Folder()))
	tex, err := report.AutomataLaTeX(f.Record)
	if err != nil && v.err == nil {
		v.err = err
	}
	b.Write(tex)
	b.WriteString("\n")
	b.WriteString(v.figure("automaton_s2"))
	b.WriteString("\n\n")
	b.WriteString(v.figure("automata_classes"))
	b.WriteString("\n")
	if len(v.d.Bands) > 0 {
		b.WriteString("\n\\paragraph{Every real multiplier of an interval.} For a real $a$ in $[\\ell, h)$ the cap $\\lfloor ak\\rfloor$ of a move lies in $[\\lfloor \\ell k\\rfloor, \\lceil hk\\rceil - 1]$, which depends on the interval only; a claim per value shows that no cap of that interval changes which positions have value $j\\le J$, and so proves the positions of values $0,\\dots,J$ the same for every real $a$ of the interval, uncountably many games at once. Where the claim of $J+1$ fails, a rational multiplier of the interval that plays a position differently, found by brute force, shows the statement false. Table~\\ref{tab:bands} gives what was proved.\n\n")
		b.WriteString("\\begin{table}[htbp]\n\\centering\\footnotesize\n\\begin{tabular}{@{}llll@{}}\n\\toprule\nevery real $a$ in & values & like $a =$ & the next value \\\\\n\\midrule\n")
		byBand := map[string][]grundyproof.BandRecord{}
		var order []string
		for _, r := range v.d.Bands {
			k := r.From + "," + r.To
			if _, ok := byBand[k]; !ok {
				order = append(order, k)
			}
			byBand[k] = append(byBand[k], r)
		}
		for _, k := range order {
			var proved, next string
			var like, from, to string
			for _, r := range byBand[k] {
				like, from, to = r.Like, r.From, r.To
				switch r.Status {
				case "proved":
					proved = fmt.Sprintf("$0,\\dots,%d$", r.MaxValue)
				case "failed":
					next = fmt.Sprintf("$%d$: not proved", r.MaxValue)
					if w := r.RefutedBy; w != nil {
						next = fmt.Sprintf("$%d$: false ($a = %s$ has $G(%d,%d) = %d$)", r.MaxValue, w.Multiplier, w.N, w.R, w.G)
					}
				}
			}
			fmt.Fprintf(&b, "$[%s, %s)$ & %s & $%s$ & %s \\\\\n", from, to, proved, like, next)
		}
		b.WriteString("\\bottomrule\n\\end{tabular}\n\\caption{The positions of values $0,\\dots,J$, proved the same for every real multiplier of each interval (\\texttt{automata/bands.json}); the last column shows the value that is not.}\\label{tab:bands}\n\\end{table}\n")
	}
	return b.String()
}
