package ntimes

import (
	"fmt"
	"math/big"
)

// Proof says that c(a) is proved, not just observed: k - r(k) = C for the
// C+2 consecutive indices K-C-1 <= k <= K of the computed terms, so by the
// Lemma below k - r(k) = C for every k >= K-C-1. OK is false where the
// computed terms hold no such window.
//
// Lemma. Suppose k - r(k) = c for the c+2 consecutive indices
// K-c-1 <= k <= K. Then k - r(k) = c for every k >= K-c-1.
//
// Proof. It suffices to show r(K+1) = K+1-c: then the window K-c..K+1 has
// the same property, and induction on K gives the rest.
//
//   - r(K+1) <= r(K) + 1 = K+1-c, since k - r(k) never decreases
//     (Frankl & Tokushige, Theorem 1 (iv)).
//   - By the recurrence at K-c-1, whose r(K-c-1) = K-2c-1,
//     f_{K-c} = f_{K-c-1} + f_{K-2c-1}, so a f_{K-c} = a f_{K-c-1} + a f_{K-2c-1}.
//     The first term is < f_K, because r(K) = K-c is the least r with
//     a f_r >= f_K. The second is < f_{K-c}, because r(K-c) = K-2c.
//     So a f_{K-c} < f_K + f_{K-c} = f_K + f_{r(K)} = f_{K+1}, hence
//     r(K+1) > K-c.
//
// Both indices K-2c-1 = r(K-c-1) and K-c-1 are at least 1, so every term
// used exists. The proof uses only the terms of the window and Theorem 1,
// and holds for every real a >= 1 that has these terms: on an interval of
// a on which the first K+1 terms are constant, one window proves c for
// every a in it.
type Proof struct {
	C, K int
	OK   bool
}

// Prove finds the earliest window of the Lemma in r(1), ..., r(len(R))
// (R[k-1] = r(k)): the least K such that k - r(k) is the same c for the
// c+2 indices K-c-1..K.
func Prove(R []int) Proof {
	run, prev := 0, -1
	for k := 1; k <= len(R); k++ {
		d := k - R[k-1]
		if d == prev {
			run++
		} else {
			run, prev = 1, d
		}
		if d >= 0 && run >= d+2 {
			return Proof{C: d, K: k, OK: true}
		}
	}
	return Proof{}
}

// RFromTerms recovers r(1), ..., r(K-1) from the first K terms f_1 < f_2 <
// ... of an F(a): f_{r(k)} = f_{k+1} - f_k, and the terms are distinct, so
// they fix r(k) whatever a is. It fails if a difference is not an earlier
// term.
func RFromTerms(F []*big.Int) ([]int, error) {
	index := make(map[string]int, len(F))
	for i, f := range F {
		index[f.String()] = i + 1
	}
	R := make([]int, 0, max(len(F)-1, 0))
	d := new(big.Int)
	for k := 1; k < len(F); k++ {
		r, ok := index[d.Sub(F[k], F[k-1]).String()]
		if !ok || r > k {
			return nil, fmt.Errorf("ntimes: f_%d - f_%d = %s is not a term f_r with r <= %d", k+1, k, d, k)
		}
		R = append(R, r)
	}
	return R, nil
}
