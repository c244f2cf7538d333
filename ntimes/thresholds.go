package ntimes

import (
	"context"
	"math/big"
)

// Piece is a maximal interval Lo <= a < Hi on which the first K terms of
// F(a) do not change. F holds those terms.
type Piece struct {
	Lo, Hi *big.Rat
	F      []*big.Int
}

// Prove applies the Lemma (Proof) to the piece's terms, which are the same
// for every a in it: a window proves c on the whole piece.
func (p Piece) Prove() Proof {
	R, err := RFromTerms(p.F)
	if err != nil {
		return Proof{}
	}
	return Prove(R)
}

// PiecesContext returns the pieces covering [lo, x] for the first K terms, in
// order, with exact rational endpoints: the first piece starts at lo, the
// last one contains x.
//
// On a piece every r(k), k < K, is fixed; r(k) = min{r : a*f_r >= f_k} drops
// to r(k)-1 exactly when a reaches f_k / f_{r(k)-1}, and then f_{k+1}
// changes. So the next change point after a is the least such ratio over
// k < K, and every change point is one.
//
// It stops with ctx's error when ctx is done.
func PiecesContext(ctx context.Context, K int, lo, x *big.Rat) ([]Piece, error) {
	checkMultiplier(lo)
	var out []Piece
	a := new(big.Rat).Set(lo)
	for a.Cmp(x) <= 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		s := Sequence(a, K)
		var next *big.Rat
		for k := 1; k < K; k++ {
			r := s.r(k)
			if r <= 1 {
				continue
			}
			t := new(big.Rat).SetFrac(s.f(k), s.f(r-1))
			if next == nil || t.Cmp(next) < 0 {
				next = t
			}
		}
		out = append(out, Piece{Lo: a, Hi: next, F: s.F})
		if next == nil {
			break // no later change: the piece is unbounded
		}
		a = next
	}
	return out, nil
}

// CInterval is a maximal interval Lo <= a < Hi of the pieces on which the
// observed eventual c(a) is constant.
type CInterval struct {
	Lo, Hi *big.Rat
	C      int
	// Evidence: the smallest number of terms over which k - r(k) stayed at
	// C, over the multipliers tested in the interval, and whether every one
	// of them reached U (certain).
	MinStable int
	Certain   bool
	Tested    int // multipliers tested: both ends of every piece
	// Proved: on every piece of the interval, the piece's constant terms
	// hold a window of the Lemma (Proof) for C, so C is proved for every a
	// in the interval. ProvedFrom is the largest K of those windows.
	Proved     bool
	ProvedFrom int
}

// CIntervals partitions [1, x] by c. It takes the pieces for the first K
// terms and computes c at the lower end of each piece and just below its
// upper end (Hi - 1/den with den large). If the two differ, the piece is
// split with twice as many terms, so every change of c is found at an exact
// piece endpoint. stable and maxTerms bound the work per multiplier as in
// Solve. The second result lists pieces that could not be resolved within
// maxK terms (c differs at their two ends).
func CIntervals(K, maxK int, x *big.Rat, minStable, factor, maxTerms int) ([]CInterval, []Piece) {
	out, un, _ := CIntervalsContext(context.Background(), K, maxK, x, minStable, factor, maxTerms)
	return out, un
}

// CIntervalsContext is CIntervals, stopping with ctx's error when ctx is
// done.
func CIntervalsContext(ctx context.Context, K, maxK int, x *big.Rat, minStable, factor, maxTerms int) ([]CInterval, []Piece, error) {
	var out []CInterval
	var unresolved []Piece
	var walk func(K int, lo, hi *big.Rat)
	add := func(lo, hi *big.Rat, c int, e1, e2 Eventual, pr Proof) {
		st := min(e1.Stable, e2.Stable)
		cert := e1.Certain && e2.Certain
		proved := pr.OK && pr.C == c
		if n := len(out); n > 0 && out[n-1].C == c && out[n-1].Hi != nil && out[n-1].Hi.Cmp(lo) == 0 {
			out[n-1].Hi = hi
			out[n-1].MinStable = min(out[n-1].MinStable, st)
			out[n-1].Certain = out[n-1].Certain && cert
			out[n-1].Proved = out[n-1].Proved && proved
			out[n-1].ProvedFrom = max(out[n-1].ProvedFrom, pr.K)
			out[n-1].Tested += 2
			return
		}
		out = append(out, CInterval{Lo: lo, Hi: hi, C: c, MinStable: st, Certain: cert, Tested: 2, Proved: proved, ProvedFrom: pr.K})
	}
	walk = func(K int, lo, hi *big.Rat) {
		limit := x
		if hi != nil {
			limit = new(big.Rat).Sub(hi, big.NewRat(1, 1<<40))
		}
		pieces, err := PiecesContext(ctx, K, lo, limit)
		if err != nil {
			return
		}
		for _, p := range pieces {
			if ctx.Err() != nil {
				return
			}
			if hi != nil && p.Lo.Cmp(hi) >= 0 {
				break
			}
			end := p.Hi
			if hi != nil && (end == nil || end.Cmp(hi) > 0) {
				end = hi
			}
			_, e1, err := SolveContext(ctx, p.Lo, minStable, factor, maxTerms)
			if err != nil {
				return
			}
			probe := new(big.Rat).Set(x)
			if end != nil {
				probe = justBelow(p.Lo, end)
			}
			_, e2, err := SolveContext(ctx, probe, minStable, factor, maxTerms)
			if err != nil {
				return
			}
			if e1.C == e2.C {
				// A piece whose terms hold no window of the Lemma is split
				// with twice as many terms while maxK allows, so that c is
				// proved on as much of [1, x] as the terms can show.
				if pr := p.Prove(); (pr.OK && pr.C == e1.C) || 2*K > maxK {
					add(p.Lo, end, e1.C, e1, e2, pr)
					continue
				}
				walk(2*K, p.Lo, end)
				continue
			}
			if 2*K > maxK {
				unresolved = append(unresolved, Piece{Lo: p.Lo, Hi: end})
				add(p.Lo, end, e1.C, e1, e2, Proof{})
				continue
			}
			walk(2*K, p.Lo, end)
		}
	}
	walk(K, big.NewRat(1, 1), nil)
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	for len(out) > 0 && out[len(out)-1].Lo.Cmp(x) > 0 {
		out = out[:len(out)-1]
	}
	return out, unresolved, nil
}

// JustBelow returns a rational in (lo, hi) within 2^-40 of hi, or the
// midpoint if the interval is shorter than that: the probe at which
// CIntervals tests the upper end of a piece.
func JustBelow(lo, hi *big.Rat) *big.Rat { return justBelow(lo, hi) }

func justBelow(lo, hi *big.Rat) *big.Rat {
	eps := big.NewRat(1, 1<<40)
	t := new(big.Rat).Sub(hi, eps)
	if t.Cmp(lo) <= 0 {
		t.Add(lo, hi)
		t.Quo(t, big.NewRat(2, 1))
	}
	return t
}
