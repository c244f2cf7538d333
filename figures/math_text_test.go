package figures

import (
	"math"
	"strings"
	"testing"
	"unicode"

	xfont "golang.org/x/image/font"

	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"

	"fibnim/grundy"
)

// dashedStrokes returns how many strokes of actions are drawn while the
// dashes last set on the canvas are not solid.
func dashedStrokes(actions []recorder.Action) int {
	dashed, n := false, 0
	for _, a := range actions {
		switch a := a.(type) {
		case *recorder.SetLineDash:
			dashed = len(a.Dashes) > 0
		case *recorder.Stroke:
			if dashed {
				n++
			}
		}
	}
	return n
}

// TestBracketsSolid: a legend draws each entry's text right after the
// entry's line, on the same canvas; after a dashed line, the ceiling
// brackets of the text were dashed too (broken into bits in the legends
// of start_value_growth and atlas_conjecture, whole in the titles). They
// are drawn solid whatever dashes the canvas had.
func TestBracketsSolid(t *testing.T) {
	rec := &recorder.Canvas{}
	rec.SetLineDash([]vg.Length{4, 2}, 0) // a dashed legend line was just drawn
	sty := text.Style{Font: newPlot("", "", "").Legend.TextStyle.Font, Handler: mathHandler}
	mathHandler.Draw(rec, "$⌈2√n⌉ + 1$", sty, vg.Point{X: 10, Y: 10})
	strokes := 0
	for _, a := range rec.Actions {
		if _, ok := a.(*recorder.Stroke); ok {
			strokes++
		}
	}
	if strokes != 4 { // two brackets, a stem and a serif each
		t.Fatalf("%d strokes for two brackets, want 4", strokes)
	}
	if n := dashedStrokes(rec.Actions); n > 0 {
		t.Errorf("%d of the brackets' strokes are dashed", n)
	}
	// The check sees a dashed stroke.
	bad := &recorder.Canvas{}
	bad.SetLineDash([]vg.Length{4, 2}, 0)
	bad.Stroke(vg.Path{})
	if dashedStrokes(bad.Actions) != 1 {
		t.Error("dashedStrokes misses a dashed stroke")
	}
}

// TestMathTextRotated: a y axis' label is set as mathematics too (its
// letters italic), in a turned frame, and takes the room text.Plain
// would give the same characters.
func TestMathTextRotated(t *testing.T) {
	rec := &recorder.Canvas{}
	sty := text.Style{Font: newPlot("", "", "").Y.Label.TextStyle.Font, Handler: mathHandler, Rotation: math.Pi / 2}
	mathHandler.Draw(rec, "pile $y$ (tokens)", sty, vg.Point{X: 10, Y: 100})
	var rotated bool
	var italic []string
	for _, a := range rec.Actions {
		switch a := a.(type) {
		case *recorder.Rotate:
			rotated = a.Angle == math.Pi/2
		case *recorder.FillString:
			if a.Font.Style == xfont.StyleItalic {
				italic = append(italic, a.String)
			}
		}
	}
	if !rotated || len(italic) != 1 || italic[0] != "y" {
		t.Errorf("rotated = %v, italic pieces %q; want the canvas turned and y italic", rotated, italic)
	}
	w, _, _ := mathHandler.Box("pile $y$ (tokens)", sty.Font)
	pw, _, _ := mathHandler.Plain.Box("pile y (tokens)", sty.Font)
	if math.Abs(float64(w-pw)) > 0.1*float64(sty.Font.Size) {
		t.Errorf("width %v, text.Plain's %v", w, pw)
	}
}

// TestMathPieces: operator names stay upright in mathematics, Latin and
// lowercase Greek letters are italic, as TeX sets them.
func TestMathPieces(t *testing.T) {
	got := pieces("$α ln n + β$, $exp(1/α)$ and $Γ$")
	want := []piece{{s: "α", italic: true}, {s: " ln "}, {s: "n", italic: true}, {s: " + "}, {s: "β", italic: true}, {s: ", exp(1/"}, {s: "α", italic: true}, {s: ") and Γ"}}
	if len(got) != len(want) {
		t.Fatalf("pieces: %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("piece %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

// uprightLetters returns the letters of s that stand alone as a word, as
// a variable does ("quota r", "G(n)", "a = 2"): set upright, they are
// mathematics that is not set as mathematics. The words it leaves alone:
// the article "a" before a word, P- and N-positions, the "s" of "Tol's",
// and the letters of check identifiers ("LRS-5.3-step(a)",
// "GLOBAL-start-P").
func uprightLetters(s string) []string {
	rs := []rune(s)
	var bad []string
	for i := 0; i < len(rs); i++ {
		if !unicode.IsLetter(rs[i]) {
			continue
		}
		j := i
		for j < len(rs) && unicode.IsLetter(rs[j]) {
			j++
		}
		if j == i+1 && !uprightAllowed(rs, i) {
			lo, hi := max(i-12, 0), min(i+12, len(rs))
			bad = append(bad, string(rs[lo:hi]))
		}
		i = j - 1
	}
	return bad
}

func uprightAllowed(rs []rune, i int) bool {
	r := rs[i]
	next := func(k int) rune {
		if i+k < len(rs) {
			return rs[i+k]
		}
		return 0
	}
	switch {
	case (r == 'a' || r == 'A') && next(1) == ' ' && unicode.IsLetter(next(2)) && (unicode.IsLetter(next(3)) || next(3) == '-'):
		return true // the article before a word of two letters or more, or a P-position
	case (r == 'P' || r == 'N') && next(1) == '-':
		return true
	case i > 1 && rs[i-1] == '-' && unicode.IsLetter(rs[i-2]):
		return true // the end of a check's id: GLOBAL-start-P
	case i > 0 && (rs[i-1] == '\'' || rs[i-1] == '’'):
		return true
	case i > 0 && rs[i-1] == '(' && next(1) == ')':
		k := i - 1
		for k > 0 && rs[k-1] != ' ' {
			k--
		}
		return strings.Contains(string(rs[k:i]), "-") // a check's id
	}
	return false
}

// outsideMath is s without what stands between '$'.
func outsideMath(s string) string {
	var b strings.Builder
	for i, part := range strings.Split(s, "$") {
		if i%2 == 0 {
			b.WriteString(part + " ")
		}
	}
	return b.String()
}

// TestItalicForMathematics draws every figure and reads what it sets
// upright: no letter that stands for a number (n, r, a, G in G(n)) may be
// among it, in a title, an axis label, a legend, an annotation or a tick
// label. Each caption sets its mathematics between '$', as the labels do,
// so that the note sets it as mathematics (package paper): no such letter
// outside them either.
func TestItalicForMathematics(t *testing.T) {
	src := NewSource(testInputs(t), grundy.Fibonacci)
	for _, name := range testedNames(t) {
		f, err := Draw(src, name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rec := recorded{&recorder.Canvas{}}
		f.draw(draw.New(rec))
		texts := 0
		for _, a := range rec.Actions {
			fs, ok := a.(*recorder.FillString)
			if !ok {
				continue
			}
			texts++
			if fs.Font.Style == xfont.StyleItalic {
				continue
			}
			if bad := uprightLetters(fs.String); len(bad) > 0 {
				t.Errorf("%s: upright %q in %q", name, bad, fs.String)
			}
		}
		if texts < 5 && name != "automaton_s2" { // a drawing by Graphviz: an image
			t.Errorf("%s: only %d texts drawn", name, texts)
		}
		if strings.Count(f.Caption, "$")%2 != 0 {
			t.Errorf("%s: an odd number of '$' in the caption %q", name, f.Caption)
		}
		if bad := uprightLetters(outsideMath(f.Caption)); len(bad) > 0 {
			t.Errorf("%s: caption has mathematics outside '$': %q", name, bad)
		}
	}
	// The check sees a variable set upright, and only that.
	for s, want := range map[string]int{"quota r (tokens)": 1, "G(n) at a = 2": 3, "a Fibonacci number, Tol's, P-positions, LRS-5.3-step(a)": 0, "a ln a": 1} {
		if got := len(uprightLetters(s)); got != want {
			t.Errorf("uprightLetters(%q) finds %d, want %d", s, got, want)
		}
	}
}
