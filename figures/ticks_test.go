package figures

import (
	"strings"
	"testing"

	"gonum.org/v1/plot"
)

func TestNiceTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   string // the labels, space separated
	}{
		{-0.5, 70, "0 10 20 30 40 50 60 70"},
		{0.9, 2.6, "1.0 1.2 1.4 1.6 1.8 2.0 2.2 2.4 2.6"},
		{0, 200, "0 20 40 60 80 100 120 140 160 180 200"},
		{-3, 3, "-3 -2 -1 0 1 2 3"},
	} {
		var got []string
		for _, tk := range (niceTicks{}).Ticks(c.lo, c.hi) {
			if tk.Label != "" {
				got = append(got, tk.Label)
			}
		}
		if s := strings.Join(got, " "); s != c.want {
			t.Errorf("niceTicks(%v, %v) = %q, want %q", c.lo, c.hi, s, c.want)
		}
	}
}

func TestDecadeTicks(t *testing.T) {
	var got []string
	for _, tk := range (decadeTicks{}).Ticks(1, 1e40) {
		if tk.Label != "" {
			got = append(got, tk.Label)
		}
	}
	if s := strings.Join(got, " "); s != "10^0 10^5 10^10 10^15 10^20 10^25 10^30 10^35 10^40" {
		t.Errorf("decadeTicks(1, 1e40) labels %q", s)
	}
	if n := len((decadeTicks{}).Ticks(1, 1000)); n != 28 {
		t.Errorf("decadeTicks(1, 1000): %d ticks, want 4 decades and 24 minor", n)
	}
}

// TestDecadeTicksTopLabelled: on a log axis of many decades the labels
// count down from the top one, so the top of the axis is never an
// unlabelled stretch (issue 36: "the top log decades are unlabelled").
func TestDecadeTicksTopLabelled(t *testing.T) {
	for _, hi := range []float64{1e5, 1e6, 1e7, 1e9, 3e9} {
		ts := decadeTicks{}.Ticks(1, hi)
		var top plot.Tick
		for _, tk := range ts {
			if tk.Value > top.Value {
				top = tk
			}
		}
		if top.Label == "" {
			t.Errorf("Ticks(1, %g): the top decade %g is unlabelled", hi, top.Value)
		}
	}
	p := newPlot("", "", "")
	logY(p)
	p.Y.Min, p.Y.Max = 1, 8.5e5
	roundLog(p)
	if p.Y.Max != 1e6 {
		t.Errorf("roundLog left the top at %g, want 1e6", p.Y.Max)
	}
}

// TestMathText: what stands between '$' is set as mathematics: letters
// (Latin, and lowercase Greek) italic, the rest upright, and the ceiling brackets, which the font
// lacks, drawn as lines that take room.
func TestMathText(t *testing.T) {
	got := pieces("Where $G(⌈3n/2⌉) − α$ x")
	want := []piece{{s: "Where "}, {s: "G", italic: true}, {s: "("}, {bracket: '⌈'}, {s: "3"}, {s: "n", italic: true}, {s: "/2"}, {bracket: '⌉'}, {s: ") − "}, {s: "α", italic: true}, {s: " x"}}
	if len(got) != len(want) {
		t.Fatalf("pieces: %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("piece %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	f := newPlot("", "", "").Title.TextStyle.Font
	w1, _, _ := mathHandler.Box("$⌈n⌉$", f)
	w2, _, _ := mathHandler.Box("$n$", f)
	if w1 <= w2 {
		t.Errorf("the brackets take no room: %v <= %v", w1, w2)
	}
	if w, _, _ := mathHandler.Box("plain", f); w == 0 {
		t.Error("a plain text has no width")
	}
}
