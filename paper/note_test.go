package paper

import (
	"strings"
	"testing"

	"fibnim/atlas"
	"fibnim/conjectures"
	"fibnim/ntimes"
	"fibnim/report"
)

func TestCaptionTeX(t *testing.T) {
	got, err := captionTeX("G(⌈3n/2⌉) − G(n) ≤ 2, ⌈2√n⌉ + 1, α ≈ 3.976, R₁(x, y), 5×5, r < R_1 & 50%")
	if err != nil {
		t.Fatal(err)
	}
	// Applications of one-letter functions and subscripted letters are
	// mathematics; the other mathematical characters are set in math mode.
	want := `$G(\lceil 3n/2\rceil )$ $-$ $G(n)$ $\le$ 2, $\lceil$2$\sqrt{n}$$\rceil$ + 1, $\alpha$ $\approx$ 3.976, $R_1(x, y)$, 5$\times$5, r $<$ $R_1$ \& 50\%`
	if got != want {
		t.Errorf("captionTeX:\n got %s\nwant %s", got, want)
	}
	if _, err := captionTeX("a character ∞ with no form"); err == nil {
		t.Error("a character the note cannot typeset was let through")
	}
	// What a caption marks with '$' (package figures marks all of its
	// mathematics) is set as mathematics whole: its letters italic, the
	// names of functions upright, digits grouped without a space.
	got, err = captionTeX("Each cell $0 ≤ r ≤ n ≤ 60$ ($a = 2$), $ln n / ln(3/2) ≤ G(n) ≤ ⌈2√n⌉ + 1$, $n ≤ N = 100,000,000$ in the check LRS-5.3-step(a)")
	if err != nil {
		t.Fatal(err)
	}
	want = `Each cell $0 \le  r \le  n \le  60$ ($a = 2$), $\ln  n / \ln (3/2) \le  G(n) \le  \lceil 2\sqrt{n}\rceil  + 1$, $n \le  N = 100{,}000{,}000$ in the check LRS-5.3-step(a)`
	if got != want {
		t.Errorf("captionTeX:\n got %s\nwant %s", got, want)
	}
	if _, err := captionTeX("an unclosed $n ≤ 5"); err == nil {
		t.Error("an unclosed '$' was let through")
	}
}

func TestMathOf(t *testing.T) {
	if got := mathOf("G(337194) = 46, G(505791) = 49"); got != "$G(337{,}194) = 46$, $G(505{,}791) = 49$" {
		t.Errorf("mathOf: %s", got)
	}
	if got := mathOf("G(707) <= 20"); got != `$G(707) \le  20$` {
		t.Errorf("mathOf: %s", got)
	}
}

// TestFirstSplitInterval: the interval [7/2, 43/11) of c is covered by no
// single piece of the first terms ([7/2, 11/3) and [11/3, 4) are two),
// while [3, 7/2) is one piece (ntimes/real_c.parquet and
// real_terms.parquet at the default scale).
func TestFirstSplitInterval(t *testing.T) {
	c := []ntimes.RealRow{{Lo: "3", Hi: "7/2"}, {Lo: "7/2", Hi: "43/11"}, {Lo: "43/11", Hi: "13/3"}}
	terms := []ntimes.RealRow{{Lo: "3", Hi: "7/2"}, {Lo: "7/2", Hi: "11/3"}, {Lo: "11/3", Hi: "4"}, {Lo: "4", Hi: "9/2"}}
	if got := firstSplitInterval(c, terms); got != "[7/2, 43/11)" {
		t.Errorf("firstSplitInterval = %q", got)
	}
	if got := firstSplitInterval(c[:1], terms); got != "" {
		t.Errorf("an interval that is one piece: %q", got)
	}
}

// TestMissing: a text that prints every key number passes; one where a
// number differs, or is left out, names it.
func TestMissing(t *testing.T) {
	r := conjectures.Result{Status: conjectures.Fails, Failures: 48702, Cases: 666666,
		Domain:          conjectures.Domain{From: 1, To: 666666},
		Counterexamples: []conjectures.Counterexample{{N: 471, Computed: "G(471) = 18, G(707) = 21"}}}
	r.ID = report.IDs.ConjUpper
	exp := Expectations([]conjectures.Result{r})
	text := "of the 666,666 values, 48,702 are counterexamples. The smallest is n = 471: G(471) = 18, G(707) = 21"
	if m := Missing(text, exp); len(m) > 0 {
		t.Fatalf("a complete text misses %v", m)
	}
	for _, bad := range []string{strings.Replace(text, "48,702", "48,703", 1), strings.Replace(text, "G(707) = 21", "G(707) = 20", 1), strings.Replace(text, "n = 471", "n = 472", 1)} {
		if m := Missing(bad, exp); len(m) == 0 {
			t.Errorf("a wrong number was not noticed: %q", bad)
		}
	}
}

// The note's reading of the closing conjecture follows every committed
// result (issue 33, T7): with a frontier table that fails past the note's
// range it names the frontier's last counterexample and calls nothing a
// candidate for "true for all large n"; without one it still claims no
// more than the range.
func TestClosingReadingFollowsTheFrontier(t *testing.T) {
	r := conjectures.Result{Status: conjectures.Fails, Domain: conjectures.Domain{From: 1, To: 666666},
		Largest: &conjectures.Counterexample{N: 337194}, FailureFree: "every n in (337,194, 666,666]"}
	d := &Data{Further: []atlas.Further{{Mult: "2", ID: "LRS-conj-upper", Path: "results/frontier/mult=2/checks.json", Last: 1363554612}}}
	got := closingReading(r, d)
	if !strings.Contains(got, "up to $n = 1{,}363{,}554{,}612$") || !strings.Contains(got, "frontier/mult=2/checks.json") || strings.Contains(got, "candidate") {
		t.Errorf("with the frontier: %s", got)
	}
	if got := closingReading(r, &Data{}); strings.Contains(got, "candidate") || strings.Contains(got, "frontier") {
		t.Errorf("without a frontier: %s", got)
	}
}
