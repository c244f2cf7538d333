package fibautomata

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"fibnim/internal/atomicfile"
)

// Folder is where Write puts the automata of Fibonacci nim under an
// output folder: automata/mult=2.
const Folder = "automata/mult=2"

// Report is the JSON form of a Result (report.json).
type Report struct {
	N          int               `json:"n"`
	K          int               `json:"max_g"`
	ProvedUpTo int               `json:"proved_up_to"`
	Complete   bool              `json:"complete"`
	Classes    []ClassReport     `json:"classes"`
	Thresholds []ThresholdReport `json:"thresholds"`
	Paper      []StatementReport `json:"paper_theorems"`
	Steps      []StepReport      `json:"steps"`
	PeakRSS    int64             `json:"peak_rss_bytes"`
}

// ClassReport is one S_g.
type ClassReport struct {
	G         int             `json:"g"`
	File      string          `json:"file"`
	States    int             `json:"states"`
	Statement StatementReport `json:"mex_statement"`
}

// ThresholdReport is what the learner did for T_g.
type ThresholdReport struct {
	G         int          `json:"g"`
	Converged bool         `json:"converged"`
	States    int          `json:"states"`
	Seconds   float64      `json:"seconds"`
	Attempts  []LearnStats `json:"attempts"`
}

// StatementReport is one proved (or refuted) statement.
type StatementReport struct {
	Name    string         `json:"name"`
	Formula string         `json:"formula"`
	Holds   bool           `json:"holds"`
	Counter []string       `json:"least_counterexample,omitempty"`
	States  map[string]int `json:"states"`
	Seconds float64        `json:"seconds"`
}

// StepReport is one timed step.
type StepReport struct {
	Name    string  `json:"name"`
	Seconds float64 `json:"seconds"`
}

func statementReport(s Statement) StatementReport {
	r := StatementReport{Name: s.Name, Formula: s.Formula, Holds: s.Holds, States: s.States, Seconds: s.Time.Seconds()}
	for _, c := range s.Counter {
		r.Counter = append(r.Counter, c.String())
	}
	return r
}

// Report returns the JSON form of r.
func (r *Result) Report() Report {
	rep := Report{N: r.N, K: r.K, ProvedUpTo: r.ProvedUpTo(), Complete: r.Complete, PeakRSS: r.PeakRSS}
	for g, s := range r.S {
		c := ClassReport{G: g, File: fmt.Sprintf("g%d.txt", g), States: s.States()}
		if g < len(r.Mex) {
			c.Statement = statementReport(r.Mex[g])
		}
		rep.Classes = append(rep.Classes, c)
	}
	for _, l := range r.Learned {
		rep.Thresholds = append(rep.Thresholds, ThresholdReport{G: l.G, Converged: l.Converged, States: l.States, Seconds: l.Time.Seconds(), Attempts: l.Attempts})
	}
	for _, p := range r.Paper {
		rep.Paper = append(rep.Paper, statementReport(p))
	}
	for _, s := range r.Steps {
		rep.Steps = append(rep.Steps, StepReport{s.Name, s.Time.Seconds()})
	}
	return rep
}

// MaxDrawn is the largest g whose automaton Write also draws (gG.dot).
const MaxDrawn = 3

// Write writes, under out/automata/mult=2: gG.txt (S_G in Walnut's format,
// tracks (n, r)) for every S_G of r, gG.dot (DOT) for G <= MaxDrawn, prove.txt (WalnutCommands), and the
// report as report.md, report.json and report.tex (a section of the note),
// and classes.svg (ClassesFigure). Each file is written to a
// temporary name and renamed.
func Write(out string, r *Result) error {
	dir := filepath.Join(out, Folder)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for g, s := range r.S {
		var b bytes.Buffer
		if err := WriteWalnut(&b, s); err != nil {
			return err
		}
		if err := atomicfile.Write(filepath.Join(dir, fmt.Sprintf("g%d.txt", g)), b.Bytes()); err != nil {
			return err
		}
		if g <= MaxDrawn {
			d, err := DOT(s, fmt.Sprintf("S%d", g))
			if err != nil {
				return err
			}
			if err := atomicfile.Write(filepath.Join(dir, fmt.Sprintf("g%d.dot", g)), append(d, '\n')); err != nil {
				return err
			}
		}
	}
	if len(r.S) > 0 {
		if err := atomicfile.Write(filepath.Join(dir, "prove.txt"), []byte(WalnutCommands(len(r.S)-1))); err != nil {
			return err
		}
	}
	js, err := json.MarshalIndent(r.Report(), "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.Write(filepath.Join(dir, "report.json"), append(js, '\n')); err != nil {
		return err
	}
	if err := atomicfile.Write(filepath.Join(dir, "report.tex"), []byte(r.LaTeX())); err != nil {
		return err
	}
	if len(r.Learned) > 0 {
		svg, err := r.ClassesFigure("svg")
		if err != nil {
			return err
		}
		if err := atomicfile.Write(filepath.Join(dir, "classes.svg"), svg); err != nil {
			return err
		}
	}
	return atomicfile.Write(filepath.Join(dir, "report.md"), []byte(r.Markdown()))
}

func secs(d time.Duration) string { return fmt.Sprintf("%.3f s", d.Seconds()) }

// Markdown renders r as the report (report.md).
func (r *Result) Markdown() string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	p("# Positions of each Grundy value of Fibonacci nim, proved by automata")
	p("")
	p("Written by `compute automata` (package fibautomata). S_g = {(n, r) : r <= n, G(n, r) = g}, read as")
	p("Zeckendorf digits of n and r, most significant first (`msd_fib msd_fib`, tracks (n, r)).")
	p("Learned from the breakpoint table to N = %d, then proved for all n by the mex induction:", r.N)
	p("for every g and every (n, r) with r <= n, S_g(n, r) holds iff some move lands in each S_d, d < g,")
	p("and none lands in S_g, a move taking 1 <= k <= r tokens to (n-k, min(2k, n-k)). Every move lowers n,")
	p("so by induction on n S_g is the set of positions of value g, for all n. `prove.txt` replays every")
	p("proof in Walnut over the files `gG.txt`.")
	p("")
	if g := r.ProvedUpTo(); g >= 0 {
		p("**Proved for all n: the positions of Grundy value 0..%d.**", g)
	} else {
		p("**Nothing proved.**")
	}
	p("")
	p("| g | S_g | states | mex statement | time | moves to S_g (states) |")
	p("|---|---|---|---|---|---|")
	for g, s := range r.S {
		verdict, t, mv := "not run", "", ""
		if g < len(r.Mex) {
			st := r.Mex[g]
			verdict = "proved"
			if !st.Holds {
				verdict = fmt.Sprintf("**fails** at (n, r) = (%s, %s)", st.Counter[0], st.Counter[1])
			}
			t = secs(st.Time)
			mv = fmt.Sprintf("%d", st.States[fmt.Sprintf("M%d", g)])
		}
		p("| %d | [g%d.txt](g%d.txt) | %d | %s | %s | %s |", g, g, g, s.States(), verdict, t, mv)
	}
	p("")
	if len(r.Paper) > 0 {
		p("## Larsson & Rubinstein-Salzedo, Section 4, as printed")
		p("")
		p("z_i(n) is the i-th smallest part of the Zeckendorf representation of n (infinite when n has fewer parts);")
		p("z_1 is read off the digits, z_2(n) = z_1(n - z_1(n)) and z_3(n) = z_2(n - z_1(n)) are defined in the logic.")
		p("")
		p("| theorem | statement (as printed) | verdict on r <= n | time |")
		p("|---|---|---|---|")
		for i, st := range r.Paper {
			verdict := "proved for all n"
			if !st.Holds {
				verdict = fmt.Sprintf("**fails**: least (n, r) = (%s, %s)", st.Counter[0], st.Counter[1])
			}
			p("| %s | %s | %s | %s |", st.Name, PaperTheorems()[i].Printed, verdict, secs(st.Time))
		}
		p("")
	}
	p("## The learner")
	p("")
	p("T_g = {(n, R'_g(n))}, R'_g(n) = min(R_g(n), n+1), R_g(n) the least r with G(n, r) >= g; S_g is defined")
	p("from T_g and T_{g+1}. Classes of prefixes of length l told apart by suffixes of up to m digits, on the")
	p("numbers of at most D digits (all n < F_{D+2} <= N + 1) of the table to N; a guess from a smaller table")
	p("is kept only if it accepts (n, R'_g(n)) for every n of the whole table.")
	p("")
	p("| g | converged | states of T_g | N | m | D | classes per prefix length | time |")
	p("|---|---|---|---|---|---|---|---|")
	for _, l := range r.Learned {
		for i, a := range l.Attempts {
			conv := "no"
			if l.Converged && i == len(l.Attempts)-1 {
				conv = "yes"
			}
			st := ""
			if conv == "yes" {
				st = fmt.Sprint(l.States)
			}
			t := ""
			if i == len(l.Attempts)-1 {
				t = secs(l.Time)
			}
			p("| %d | %s | %s | %d | %d | %d | %s | %s |", l.G, conv, st, a.N, a.Suffix, a.Digits, joinInts(a.ClassesPerLength), t)
		}
	}
	p("")
	p("![classes per prefix length](classes.svg)")
	p("")
	p("## Steps")
	p("")
	p("| step | time |")
	p("|---|---|")
	var total time.Duration
	for _, s := range r.Steps {
		p("| %s | %s |", s.Name, secs(s.Time))
		total += s.Time
	}
	p("| total | %s |", secs(total))
	if r.PeakRSS > 0 {
		p("")
		p("Peak resident memory of the process: %.0f MiB.", float64(r.PeakRSS)/(1<<20))
	}
	return b.String()
}

func joinInts(x []int) string {
	s := make([]string, len(x))
	for i, v := range x {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, " ")
}
