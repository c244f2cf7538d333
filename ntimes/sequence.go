package ntimes

import (
	"fmt"
	"math/big"
)

// Seq holds the first terms of F(a): F[k-1] = f_k and R[k-1] = r(k), so
// that f_{k+1} = f_k + f_{r(k)} for every k < len(F).
type Seq struct {
	A *big.Rat
	F []*big.Int
	R []int
}

// Head returns a copy of the first k terms of s (all of them if k >
// s.Len()), in slices of their own, so that the rest of s can be
// collected.
func (s *Seq) Head(k int) *Seq {
	k = min(max(k, 0), s.Len())
	return &Seq{A: s.A, F: append([]*big.Int(nil), s.F[:k]...), R: append([]int(nil), s.R[:min(k, len(s.R))]...)}
}

// Len is the number of terms.
func (s *Seq) Len() int { return len(s.F) }

// f returns f_k (1-based).
func (s *Seq) f(k int) *big.Int { return s.F[k-1] }

// r returns r(k) (1-based).
func (s *Seq) r(k int) int { return s.R[k-1] }

// checkMultiplier panics on a < 1: callers validate user input first.
func checkMultiplier(a *big.Rat) {
	if a.Cmp(big.NewRat(1, 1)) < 0 {
		panic(fmt.Sprintf("ntimes: multiplier %s below 1", a.RatString()))
	}
}

// Sequence returns the first K terms of F(a) and r(1..K) by the recurrence
// of Theorem 1 (ii): r(k) = min{r : a*f_r >= f_k}, f_{k+1} = f_k + f_{r(k)}.
// Since f is increasing, r(k) never decreases, so a single pointer finds it.
func Sequence(a *big.Rat, K int) *Seq {
	checkMultiplier(a)
	s := &Seq{A: new(big.Rat).Set(a)}
	s.extend(K)
	return s
}

// extend appends terms until the sequence has K terms and r(k) for each.
func (s *Seq) extend(K int) {
	p, q := s.A.Num(), s.A.Denom()
	lhs, rhs := new(big.Int), new(big.Int)
	if len(s.F) == 0 && K > 0 {
		s.F = append(s.F, big.NewInt(1))
	}
	for {
		if len(s.F) == len(s.R) {
			// r(k) is known for every term: the next term follows.
			if len(s.F) >= K {
				return
			}
			k := len(s.F)
			s.F = append(s.F, new(big.Int).Add(s.F[k-1], s.F[s.R[k-1]-1]))
			continue
		}
		k := len(s.R) + 1
		r := 1
		if k > 1 {
			r = s.R[k-2]
		}
		for {
			// a*f_r >= f_k  <=>  p*f_r >= q*f_k; r = k always qualifies.
			lhs.Mul(p, s.F[r-1])
			rhs.Mul(q, s.F[k-1])
			if lhs.Cmp(rhs) >= 0 {
				break
			}
			r++
		}
		s.R = append(s.R, r)
	}
}
