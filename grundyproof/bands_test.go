package grundyproof

import (
	"math/big"
	"testing"

	au "fibnim/automatic"
	"fibnim/grundy"
)

// Values 0..3 are the same for every real a in [2, 5/2) (the class by class
// claims; the sandwich holds to 2 only), value 4 is not: the claim fails at
// (26, 6), and a = 13/6 plays G(26, 6) = 4 where Fibonacci nim has 5. Both
// facts are recomputed here: the refutation by brute force at the band's
// breakpoints, independently of the automata.
func TestBandTwo(t *testing.T) {
	r := mustRun(t, grundy.Fibonacci)
	res, err := ProveBand(t.Context(), big.NewRat(2, 1), big.NewRat(5, 2), r.System, r.S, 4, BandOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Proved != 3 || res.Sandwich != 2 || res.Failed != "class4" || res.Least[0].Value.Int64() != 26 || res.Least[1].Value.Int64() != 6 {
		t.Fatalf("[2, 5/2): proved %d, sandwich %d, failed %s at %v", res.Proved, res.Sandwich, res.Failed, res.Least)
	}
	w, err := FindBandWitness(t.Context(), big.NewRat(2, 1), big.NewRat(5, 2), grundy.Fibonacci, 4, 30)
	if err != nil || w == nil {
		t.Fatalf("no witness: %v", err)
	}
	if w.N != 26 || w.R != 6 || w.Multiplier != "13/6" || w.G != 4 || w.GLike != 5 {
		t.Fatalf("witness %+v", w)
	}
	brute := grundy.Brute(26, big.NewRat(13, 6))
	if brute[26][6] != 4 {
		t.Fatalf("G(26, 6) at a = 13/6 is %d", brute[26][6])
	}
	// No a of the band plays values 0..3 differently on n <= 40.
	if w, _ := FindBandWitness(t.Context(), big.NewRat(2, 1), big.NewRat(5, 2), grundy.Fibonacci, 3, 40); w != nil {
		t.Fatalf("a witness against values 0..3: %+v", w)
	}
}

// [1, 2): values 0..1, and value 2 refuted at (10, 3) by a = 4/3.
func TestBandOne(t *testing.T) {
	r := mustRun(t, grundy.Multiplier{P: 1, Q: 1})
	res, err := ProveBand(t.Context(), big.NewRat(1, 1), big.NewRat(2, 1), r.System, r.S, 3, BandOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Proved != 1 || res.Failed != "class2" {
		t.Fatalf("[1, 2): proved %d, failed %s at %v", res.Proved, res.Failed, res.Least)
	}
	w, err := FindBandWitness(t.Context(), big.NewRat(1, 1), big.NewRat(2, 1), grundy.Multiplier{P: 1, Q: 1}, 2, 20)
	if err != nil || w == nil || w.N != 10 || w.R != 3 || w.Multiplier != "4/3" {
		t.Fatalf("witness %+v (%v)", w, err)
	}
}

// Negative control: S_1 of a = 2 with one position removed fails the class
// claim of value 1 (or 0) on [2, 5/2), at that position.
func TestBandNegativeControl(t *testing.T) {
	r := mustRun(t, grundy.Fibonacci)
	S := append([]*au.Automaton(nil), r.S[:3]...)
	// G(12, 2) = 1 (LRS 4.5: 12 = 1 + 3 + 8, z_1 = 1 <= 2 < z_2 = 3).
	if g, _ := Value(r.S, big.NewInt(12), big.NewInt(2)); g != 1 {
		t.Fatalf("G(12, 2) = %d", g)
	}
	S[1] = au.Difference(r.S[1], point(t, r.System.NS, 12, 2))
	res, err := ProveBand(t.Context(), big.NewRat(2, 1), big.NewRat(5, 2), r.System, S, 2, BandOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Proved != 0 || res.Failed != "class1" || res.Least[0].Value.Int64() != 12 || res.Least[1].Value.Int64() != 2 {
		t.Fatalf("a corrupted S_1 gave proved %d, %s at %v", res.Proved, res.Failed, res.Least)
	}
	if _, err := ProveBand(t.Context(), big.NewRat(5, 2), big.NewRat(3, 1), r.System, r.S, 2, BandOptions{}); err == nil {
		t.Fatal("a band that does not hold its like multiplier was accepted")
	}
}
