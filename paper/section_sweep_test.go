package paper

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fibnim/grundy"
	"fibnim/grundyproof"
	"fibnim/internal/tex"
)

// The note's section on the sweep counts from the summary: per band, the
// multipliers, K proved and those at K >= 8; the short ones with their
// reason; the edge from 7/2 on.
func TestSweepTeX(t *testing.T) {
	mults := []grundy.Multiplier{{P: 1, Q: 1}, {P: 3, Q: 2}, {P: 28, Q: 9}, {P: 13, Q: 4}, {P: 7, Q: 2}}
	s := &grundyproof.SweepSummary{Format: grundyproof.SummaryFormat, Plan: grundyproof.NewSweepPlan("1,3/2,13/4,7/2", mults, 10, 10000000, 0, time.Minute, 0, 0, nil),
		Rows: []grundyproof.SweepRow{
			{Multiplier: "1", Numeration: "bin", Pisot: true, ProvedUpTo: 10},
			{Multiplier: "3/2", Numeration: "bin", Pisot: true, ProvedUpTo: 9},
			{Multiplier: "13/4", C: 3, Numeration: "ntc3", Pisot: true, ProvedUpTo: 7, Stop: "T_9 did not converge on the table to N = 10,000,000",
				Attempts: []grundyproof.SweepAttempt{{K: 10, N: 10000000, Outcome: grundyproof.OutcomeNotConverged}}},
			{Multiplier: "28/9", C: 3, Numeration: "ntc3", Pisot: true, ProvedUpTo: -1, Stop: "K = 10: cap passed the state budget",
				Attempts: []grundyproof.SweepAttempt{{K: 10, N: 1000000, Outcome: grundyproof.OutcomeStateBudget, Step: "cap"}}},
			{Multiplier: "7/2", C: 4, Numeration: "nt7_2"},
		}}
	text := sweepTeX(s)
	for _, want := range []string{
		"Of the $4$ multipliers below $7/2$, $2$ have $K \\ge 8$ ($K$ up to 10; nothing proved for 1).", "tables to $N = 10{,}000{,}000$;",
		"Short of $K = 8$: a threshold did not converge on the table to N = 10,000,000 for $a = $ $13/4$ ($K = 7$); cap(k, t) (t = floor(a k)) passed the state budget for $a = $ $28/9$ (nothing proved).",
		"$[1, 2)$, $c = 0$ & \\texttt{msd\\_bin} & 2 & 9--10 & 2 & 1 \\\\",
		"$[3, 7/2)$, $c = 3$ & \\texttt{msd\\_ntc3} & 2 & -1--7 & 0 & 0 \\\\",
		"$[7/2, 7/2]$, $c \\ge 4$ & not Pisot & 1 &",
		"(x^2 - x + 1)(x^3 - x - 1)",
		"\\label{tab:sweep}",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the section lacks %q:\n%s", want, text)
		}
	}
	compileSection(t, text)
}

// compileSection compiles the section in a document with the note's
// packages, where pdflatex is installed (FIBNIM_NEED_TEX: it must be).
func compileSection(t *testing.T, body string) {
	t.Helper()
	if testing.Short() {
		return
	}
	if err := tex.Available(); err != nil {
		if os.Getenv("FIBNIM_NEED_TEX") != "" {
			t.Fatal(err)
		}
		t.Log(err)
		return
	}
	dir := t.TempDir()
	doc := "\\documentclass{article}\n\\usepackage{booktabs}\n\\usepackage{url}\n\\begin{document}\n" + body + "\n\\end{document}\n"
	if err := os.WriteFile(filepath.Join(dir, "s.tex"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := tex.Compile(t.Context(), dir, "s.tex", 1); err != nil {
		t.Fatal(err)
	}
}
