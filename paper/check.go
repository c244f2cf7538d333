package paper

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"unicode"

	"fibnim/conjectures"
	"fibnim/internal/digits"
	"fibnim/internal/tex"
	"fibnim/report"
)

// MinPages is the least number of pages a complete note has: its text,
// and the tables and figures it includes.
const MinPages = 6

// Expect is one thing the note's PDF must say: What names it, Text is
// what pdftotext must read (compared with every space removed).
type Expect struct{ What, Text string }

// Expectations are the key numbers of checks.json as the note must print
// them. They are read straight from the check results, not from the
// note's own view, so a note that printed a number wrongly, or left it
// out, fails.
func Expectations(checks []conjectures.Result) []Expect {
	find := func(id string) (conjectures.Result, bool) {
		for _, r := range checks {
			if r.ID == id && r.Status != conjectures.NotRun {
				return r, true
			}
		}
		return conjectures.Result{}, false
	}
	g := digits.Group
	var e []Expect
	add := func(what, text string) { e = append(e, Expect{what, text}) }
	if r, ok := find(report.IDs.Lower53); ok {
		add("N, the largest pile of a = 2 (the range of "+r.ID+")", "N="+g(r.Domain.To))
	}
	for _, id := range []string{report.IDs.ConjUpper, report.IDs.Lower53} {
		r, ok := find(id)
		if !ok || r.Status != conjectures.Fails {
			continue
		}
		c := r.Counterexamples[0]
		add(id+": the number of failures", g(r.Failures))
		add(id+": the smallest counterexample", "n="+g(c.N))
		add(id+": its computed values", strings.ReplaceAll(groupDigits(c.Computed), " ", ""))
		if l := r.Largest; l != nil && l.N != c.N {
			add(id+": the largest counterexample", "n="+g(l.N))
		}
		if r.FailureFree != "" && r.Largest != nil {
			add(id+": where it holds after the largest", "("+g(r.Largest.N)+","+g(r.Domain.To)+"]")
		}
		var C float64
		var at int64
		if report.StatOf(r, "least_C", &C) && report.StatOf(r, "least_C_attained_at_n", &at) {
			add(id+": the least constant C", fmt.Sprintf("C=%.4f", C))
			add(id+": where C is attained", "n="+g(at))
		}
	}
	if r, ok := find(report.IDs.ConjUpper); ok && r.Status == conjectures.Fails {
		add(report.IDs.ConjUpper+": the cases checked", g(r.Cases))
	}
	if r, ok := find(report.IDs.FTTable1); ok && r.Status == conjectures.Fails {
		add(r.ID+": the number of printed cells that differ", g(r.Failures))
		for _, c := range append(r.Counterexamples, derefOr(r.Largest)...) {
			if v, ok := strings.CutPrefix(c.Computed, "c = "); ok {
				add(r.ID+": c(a) as computed", fmt.Sprintf("c(%d)=%s", c.N, v))
				add(r.ID+": c(a) as printed", "c="+strings.TrimSuffix(strings.TrimPrefix(c.Predicted, "c = "), " (printed)"))
			}
		}
	}
	if r, ok := find(report.IDs.FTCProved); ok {
		var proved, K int64
		if report.StatOf(r, "proved", &proved) && report.StatOf(r, "largest_proved_from", &K) {
			add(r.ID+": the multipliers whose c is proved", g(proved))
			add(r.ID+": the latest window's end", "K="+g(K))
		}
	}
	if r, ok := find(report.IDs.Brilliant); ok {
		var wins int64
		if report.StatOf(r, "first_player_wins", &wins) {
			add(r.ID+": the count of first-player wins", "is"+g(wins))
		}
	}
	return e
}

func derefOr(c *conjectures.Counterexample) []conjectures.Counterexample {
	if c == nil {
		return nil
	}
	return []conjectures.Counterexample{*c}
}

// groupDigits writes every number of four or more digits in s with
// thousands separators, as the note prints them.
func groupDigits(s string) string {
	return digitRuns.ReplaceAllStringFunc(s, func(x string) string {
		if len(x) > 15 {
			return x
		}
		var n int64
		fmt.Sscan(x, &n)
		return digits.Group(n)
	})
}

// squeeze removes every space from s.
func squeeze(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// Missing returns the expectations the text does not meet.
func Missing(text string, exp []Expect) []Expect {
	t := squeeze(text)
	var miss []Expect
	for _, e := range exp {
		if !strings.Contains(t, squeeze(e.Text)) {
			miss = append(miss, e)
		}
	}
	return miss
}

// CheckPDF checks the compiled note ROOT/paper/fibnim-note.pdf against
// ROOT/checks.json: it has at least MinPages pages, its log no undefined
// reference or citation, its text no "??", pdftotext reads every key
// number of checks.json in it, and no page but the last is more than
// MaxEmptyFraction empty (Layout). It returns the page count.
func CheckPDF(ctx context.Context, root string) (pages int, err error) {
	if err := tex.Available(); err != nil {
		return 0, err
	}
	checks, err := ReadChecks(filepath.Join(root, ChecksFile))
	if err != nil {
		return 0, err
	}
	pdf := filepath.Join(root, Dir, Name+".pdf")
	if pages, err = tex.Pages(ctx, pdf); err != nil {
		return 0, err
	}
	if pages < MinPages {
		return pages, fmt.Errorf("%s has %d pages, fewer than the %d of a complete note", pdf, pages, MinPages)
	}
	ws, err := tex.Warnings(filepath.Join(root, Dir, Name+".log"))
	if err != nil {
		return pages, err
	}
	if len(ws) > 0 {
		more := ""
		if len(ws) > 2 {
			more = fmt.Sprintf("; and %d more warnings in %s", len(ws)-2, Name+".log")
			ws = ws[:2]
		}
		return pages, fmt.Errorf("%s: pdflatex warned: %s%s", pdf, strings.Join(ws, "; "), more)
	}
	text, err := tex.Text(ctx, pdf)
	if err != nil {
		return pages, err
	}
	if strings.Contains(text, "??") {
		return pages, fmt.Errorf("%s prints \"??\": a reference is undefined", pdf)
	}
	if miss := Missing(text, Expectations(checks)); len(miss) > 0 {
		var m []string
		for _, e := range miss {
			m = append(m, fmt.Sprintf("%s (%q)", e.What, e.Text))
		}
		return pages, fmt.Errorf("%s does not print what checks.json says: %s", pdf, strings.Join(m, "; "))
	}
	spaces, err := Layout(ctx, pdf)
	if err != nil {
		return pages, err
	}
	if bad := halfEmpty(spaces); len(bad) > 0 {
		return pages, fmt.Errorf("%s has pages more than %.0f%% empty before its last: %s (note.tex.tmpl places the floats)", pdf, 100*MaxEmptyFraction, describe(bad))
	}
	return pages, nil
}

// Compile compiles ROOT/paper/fibnim-note.tex with pdflatex, twice, so
// that its references settle, with a fixed date (internal/tex).
func Compile(ctx context.Context, root string) error {
	if err := tex.Available(); err != nil {
		return err
	}
	return tex.Compile(ctx, filepath.Join(root, Dir), Name+".tex", 2)
}
