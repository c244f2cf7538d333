package automatic

import (
	"errors"
	"testing"
)

// ftWeights returns the first n start piles of the second-player wins of
// n-times nim with multiplier a = p/q (Frankl & Tokushige, Theorem 1 (ii):
// f_1 = 1, r(k) = min{r : a f_r >= f_k}, f_{k+1} = f_k + f_{r(k)}), and
// c = k - r(k) at the last k.
func ftWeights(p, q int64, n int) ([]uint64, int) {
	f := []uint64{1}
	r := 1
	for len(f) < n {
		k := len(f)
		for !(uint64(p)*f[r-1] >= uint64(q)*f[k-1]) {
			r++
		}
		f = append(f, f[k-1]+f[r-1])
		if len(f) == n {
			return f, k - r
		}
	}
	return f, 0
}

// edgeSystem returns the numeration of multiplier p/q: its start piles up
// to the 40th as the given weights (the rule f_{k+1} = f_k + f_{k-c} holds
// well before), with c from the rule, and checks that c is as expected and
// that the recogniser accepts the greedy words (all words up to 12 digits).
func edgeSystem(t *testing.T, p, q int64, wantC int) (*system, []uint64) {
	t.Helper()
	w, c := ftWeights(p, q, 40)
	if c != wantC {
		t.Fatalf("a = %d/%d: c = %d, want %d", p, q, c, wantC)
	}
	// the rule holds from some index on: check the last 20
	for k := 20; k < len(w); k++ {
		if w[k] != w[k-1]+w[k-1-c] {
			t.Fatalf("a = %d/%d: f_%d = %d is not f_%d + f_%d", p, q, k+1, w[k], k, k-c)
		}
	}
	ns, err := NewNumeration("edge", bigs(toInt64(w)...), c)
	if err != nil {
		t.Fatalf("a = %d/%d: %v", p, q, err)
	}
	s := &system{name: "edge", init: w, c: c, ns: ns}
	s.w = oracleWeights(w, c, 90)
	if n, first := wordsMismatch(ns.Recogniser(), 12, func(x []uint32) bool { return validWord(s, 1, x) }); n > 0 {
		t.Errorf("a = %d/%d: the recogniser disagrees with the greedy words at %s", p, q, first)
	}
	return s, w
}

// Past the Pisot systems (issue 45, item 5): for c = 4 (a in [7/2, 43/11),
// here a = 7/2 and 11/3) and c = 5 (a = 4, 43/11) the adder's search does
// not close: with a small budget BuildAdder returns a *BudgetError.
func TestAdderBeyondPisot(t *testing.T) {
	for _, m := range []struct {
		p, q int64
		c    int
	}{{7, 2, 4}, {11, 3, 4}, {4, 1, 5}, {43, 11, 5}} {
		s, w := edgeSystem(t, m.p, m.q, m.c)
		t.Logf("a = %d/%d: c = %d, weights %v ...", m.p, m.q, m.c, w[:14])
		_, info, err := s.ns.BuildAdder(t.Context(), AdderBound(m.c), 3000)
		var be *BudgetError
		if !IsBudget(err) || !errors.As(err, &be) || be.Budget != 3000 || be.Tracks != 3 {
			t.Errorf("a = %d/%d: BuildAdder with a budget of 3000: %v", m.p, m.q, err)
			continue
		}
		if info.Explored <= 3000 || len(info.PerLength) < 5 {
			t.Errorf("a = %d/%d: the info of a search stopped by its budget: %+v", m.p, m.q, info)
		}
	}
	// negative control: a Pisot system under the same budget closes
	if _, _, err := systems()[2].ns.BuildAdder(t.Context(), AdderBound(2), 10000); err != nil {
		t.Errorf("a003410 under a budget of 10000: %v", err)
	}
}

// The states per digit length of the search for c = 4 and c = 5 with a
// budget of 2*10^5 states: they grow, where for c <= 3 they fall to 0.
func TestAdderBeyondPisotPerLength(t *testing.T) {
	if testing.Short() {
		t.Skip("two searches of 2*10^5 states (about a second)")
	}
	for _, m := range []struct {
		p, q int64
		c    int
	}{{7, 2, 4}, {4, 1, 5}} {
		s, _ := edgeSystem(t, m.p, m.q, m.c)
		_, info, err := s.ns.BuildAdder(t.Context(), AdderBound(m.c), 200000)
		if !IsBudget(err) {
			t.Errorf("a = %d/%d (c = %d): the search closed: %v %+v", m.p, m.q, m.c, err, info)
			continue
		}
		t.Logf("a = %d/%d (c = %d): %d states explored; new states per digit length %v", m.p, m.q, m.c, info.Explored, info.PerLength)
		n := len(info.PerLength)
		if info.PerLength[n-2] <= info.PerLength[n-5] {
			t.Errorf("a = %d/%d: the new states per length do not grow: %v", m.p, m.q, info.PerLength)
		}
	}
}
