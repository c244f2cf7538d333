package ntimes

import (
	"math/big"
	"testing"
)

// Every multiplier of a broad sample has a window, the window proves the
// observed c, and far more terms than the window needs (8 times as many)
// keep k - r(k) = c from K-c-1 on, as the Lemma says they must.
func TestProveAgreesWithLongerSequences(t *testing.T) {
	var mults []*big.Rat
	for a := int64(1); a <= 30; a++ {
		mults = append(mults, big.NewRat(a, 1))
	}
	for _, x := range [][2]int64{{3, 2}, {5, 4}, {7, 2}, {43, 11}, {9, 8}, {101, 7}} {
		mults = append(mults, big.NewRat(x[0], x[1]))
	}
	for _, a := range mults {
		s, e := Solve(a, 200, 10, 1<<16)
		p := Prove(s.R)
		if !p.OK || p.C != e.C {
			t.Fatalf("a = %s: proof %+v, observed c = %d", a.RatString(), p, e.C)
		}
		long := Sequence(a, 8*p.K+64)
		for k := p.K - p.C - 1; k <= long.Len(); k++ {
			if k-long.r(k) != p.C {
				t.Fatalf("a = %s: k - r(k) = %d at k = %d, but the window ending at %d proved c = %d", a.RatString(), k-long.r(k), k, p.K, p.C)
			}
		}
	}
}

// A window broken inside (one r(k) edited so that k - r(k) changes there)
// is not a proof: the earliest window moves past the edit, and without
// the terms after it nothing is proved.
func TestProveBrokenWindow(t *testing.T) {
	s := Sequence(big.NewRat(3, 1), 300)
	p := Prove(s.R)
	if !p.OK {
		t.Fatal("a = 3: no window in 300 terms")
	}
	lo := p.K - p.C - 1
	mid := (lo + p.K) / 2
	R := append([]int(nil), s.R...)
	R[mid-1]-- // k - r(k) = c+1 at k = mid
	q := Prove(R)
	if q.OK && q.K-q.C-1 <= mid {
		t.Fatalf("a window through the edited k = %d: %+v", mid, q)
	}
	if r := Prove(R[:p.K]); r.OK && r.C == p.C {
		t.Fatalf("the broken window still proves c = %d: %+v", p.C, r)
	}
	// The same with the terms: RFromTerms reads r(k) back from them.
	back, err := RFromTerms(s.F)
	if err != nil {
		t.Fatal(err)
	}
	for k := 1; k < s.Len(); k++ {
		if back[k-1] != s.r(k) {
			t.Fatalf("RFromTerms: r(%d) = %d, want %d", k, back[k-1], s.r(k))
		}
	}
	bad := append([]*big.Int(nil), s.F...)
	bad[10] = new(big.Int).Add(bad[10], big.NewInt(1))
	if _, err := RFromTerms(bad); err == nil {
		t.Error("RFromTerms accepted terms whose differences are not terms")
	}
}
