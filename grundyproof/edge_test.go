package grundyproof

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"fibnim/grundy"
)

// mulPoly multiplies integer polynomials (coefficients from x^0 up).
func mulPoly(a, b []int) []int {
	out := make([]int, len(a)+len(b)-1)
	for i, x := range a {
		for j, y := range b {
			out[i+j] += x * y
		}
	}
	return out
}

// The roots of x^{c+1} - x^c - 1: for c <= 3 every root but the dominant
// lies inside the unit circle (Pisot; for c = 3 the second-smallest Pisot
// number, 1.38028, whose conjugates have modulus 0.9404: issue 45); for
// c = 4, x^5 - x^4 - 1 = (x^2 - x + 1)(x^3 - x - 1) puts two on the circle
// and none outside; from c = 5 on, some lie outside. The roots found solve
// the polynomial.
func TestConjugates(t *testing.T) {
	if got := mulPoly([]int{1, -1, 1}, []int{-1, -1, 0, 1}); len(got) != 6 || got[0] != -1 || got[4] != -1 || got[5] != 1 || got[1] != 0 || got[2] != 0 || got[3] != 0 {
		t.Fatalf("(x^2 - x + 1)(x^3 - x - 1) = %v", got)
	}
	for c := 0; c <= 22; c++ {
		on, out, m := Conjugates(c)
		for _, z := range polyRoots(c) {
			if c > 0 {
				v := z
				p := 1 + 0i
				for range c {
					p *= v
				}
				if r := p*v - p - 1; math.Hypot(real(r), imag(r)) > 1e-9 {
					t.Fatalf("c = %d: %v is not a root (%v)", c, z, r)
				}
			}
		}
		switch {
		case c <= 3:
			if on != 0 || out != 0 || (c > 0 && m >= 1) {
				t.Errorf("c = %d: %d on the circle, %d outside, largest other %v: not Pisot?", c, on, out, m)
			}
		case c == 4:
			if on != 2 || out != 0 || math.Abs(m-1) > 1e-9 {
				t.Errorf("c = 4: %d on the circle, %d outside, largest other %v", on, out, m)
			}
		default:
			if out == 0 || m <= 1 {
				t.Errorf("c = %d: no root outside the unit circle besides the dominant (largest other %v)", c, m)
			}
			if (c%6 == 4) != (on == 2) {
				t.Errorf("c = %d: %d roots on the circle", c, on)
			}
		}
	}
	if _, _, m := Conjugates(3); math.Abs(m-0.9404) > 5e-5 {
		t.Errorf("c = 3: conjugates of modulus %.5f, issue 45 says 0.9404", m)
	}
}

// The adder's search closes for a Pisot numeration (a = 3: its states new
// per digit length fall) and does not for a = 7/2 (c = 4) and 43/11 (c = 5),
// within the same budget: the negative control of the edge.
func TestEdgeOf(t *testing.T) {
	for _, c := range []struct {
		a      grundy.Multiplier
		closed bool
	}{
		{grundy.Multiplier{P: 3, Q: 1}, true},
		{grundy.Multiplier{P: 7, Q: 2}, false},
		{grundy.Multiplier{P: 43, Q: 11}, false},
	} {
		sys, err := SystemOf(c.a)
		if err != nil {
			t.Fatal(err)
		}
		e, err := EdgeOf(t.Context(), sys, 150_000)
		if err != nil {
			t.Fatal(err)
		}
		if e.Closed != c.closed || !e.Searched || e.Growing() == c.closed {
			t.Errorf("a = %s: closed %v, growing %v, want closed %v: %v", c.a, e.Closed, e.Growing(), c.closed, e.PerLength)
		}
		if c.closed && e.PerLength[len(e.PerLength)-1] >= e.PerLength[len(e.PerLength)/2] {
			t.Errorf("a = %s: a search that closed, but its last length reached %v", c.a, e.PerLength)
		}
	}
	sys, err := SystemOf(grundy.Multiplier{P: 10, Q: 1})
	if err != nil {
		t.Fatal(err)
	}
	if e, err := EdgeOf(t.Context(), sys, 1000); err != nil || e.Searched || !strings.Contains(e.Why, "c <= 11") || e.Outside == 0 {
		t.Errorf("a = 10: %+v, %v", e, err)
	}
}

// edge.md, generated from the rows from 7/2 on: the factorisation, each c
// with its roots and the search, each multiplier's states per length; a
// search that closed would read so.
func TestEdgeMarkdown(t *testing.T) {
	s := &SweepSummary{Plan: SweepPlan{EdgeBudget: 100}}
	add := func(a string, c int, e Edge) {
		s.Rows = append(s.Rows, SweepRow{Multiplier: a, C: c, Numeration: "nt" + strings.ReplaceAll(a, "/", "_"), Status: StatusNotPisot, ProvedUpTo: -1, Edge: &e})
	}
	add("7/2", 4, Edge{C: 4, Budget: 100, Searched: true, Explored: 101, PerLength: []int{1, 7, 19, 37, 60, 70, 80}, OnCircle: 2})
	add("43/11", 5, Edge{C: 5, Budget: 100, Searched: true, Closed: true, Explored: 60, PerLength: []int{1, 7, 19, 30, 3}, Outside: 2})
	add("10", 22, Edge{C: 22, Why: "automatic: the adder's search handles c <= 11, not 22", Outside: 6, OnCircle: 2})
	md := EdgeMarkdown(s)
	for _, want := range []string{
		"x^5 - x^4 - 1 = (x^2 - x + 1)(x^3 - x - 1)",
		"| 4 | 1: 7/2 |", "not closed for 1 of 1 (new states per length still growing at the budget for 1)",
		"| 5 | 1: 43/11 |", "not closed for 0 of 1",
		"| 22 | 1: 10 |", "not run (c > 11)",
		"- a = 7/2 (c = 4, msd_nt7_2): passed the budget of 100 states: 1, 7, 19, 37, 60, 70, 80",
		"- a = 43/11 (c = 5, msd_nt43_11): closed at 60 states",
	} {
		if !bytes.Contains(md, []byte(want)) {
			t.Errorf("edge.md lacks %q:\n%s", want, md)
		}
	}
}
