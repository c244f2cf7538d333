package ntimes

import (
	"fmt"
	"math"
	"math/big"
)

// Violation is one term at which a statement of Frankl & Tokushige fails.
type Violation struct {
	Clause string // "T1(i-ii)", "T1(iii)", "T1(iv)", "T1(6)", "eq(1)", "T2(vi)", "T2(vii)"
	K      int    // the term index k (0 when the clause is about c)
	Detail string
}

// CheckTheorems checks, on every computed term of s, Theorem 1 (i)-(iv),
// the bound (6) behind (v), equation (1), and Theorem 2 (vi) and (vii) for
// the observed c and k_0 in e. It returns every violation, in order of k
// within each clause. It reads only s and e, so a corrupted sequence is
// caught.
func CheckTheorems(s *Seq, e Eventual) []Violation {
	var out []Violation
	p, q := s.A.Num(), s.A.Denom()
	K := s.Len()
	x, _ := s.A.Float64()
	l, r := new(big.Int), new(big.Int)
	// (i)-(ii): f_{k+1} = f_k + f_{r(k)} with r(k) = min{r : a f_r >= f_k}.
	for k := 1; k <= K; k++ {
		rk := s.r(k)
		if rk < 1 || rk > k {
			out = append(out, Violation{"T1(i-ii)", k, fmt.Sprintf("r(%d) = %d is outside 1..k", k, rk)})
			continue
		}
		if l.Mul(p, s.f(rk)).Cmp(r.Mul(q, s.f(k))) < 0 {
			out = append(out, Violation{"T1(i-ii)", k, fmt.Sprintf("a*f_%d < f_%d, so r(%d) = %d is too small", rk, k, k, rk)})
		} else if rk > 1 && l.Mul(p, s.f(rk-1)).Cmp(r.Mul(q, s.f(k))) >= 0 {
			out = append(out, Violation{"T1(i-ii)", k, fmt.Sprintf("a*f_%d >= f_%d, so r(%d) = %d is not the least", rk-1, k, k, rk)})
		}
		if k < K && new(big.Int).Add(s.f(k), s.f(rk)).Cmp(s.f(k+1)) != 0 {
			out = append(out, Violation{"T1(i-ii)", k, fmt.Sprintf("f_%d = %s but f_%d + f_r(%d) = %s", k+1, s.f(k+1), k, k, new(big.Int).Add(s.f(k), s.f(rk)))})
		}
	}
	// (iii): ((a+1)/a) f_k <= f_{k+1}  <=>  (p+q) f_k <= p f_{k+1}.
	pq := new(big.Int).Add(p, q)
	for k := 1; k < K; k++ {
		if l.Mul(pq, s.f(k)).Cmp(r.Mul(p, s.f(k+1))) > 0 {
			out = append(out, Violation{"T1(iii)", k, fmt.Sprintf("((a+1)/a) f_%d > f_%d", k, k+1)})
		}
	}
	// (iv): r(k) <= r(k+1) <= r(k) + 1.
	for k := 1; k < K; k++ {
		if d := s.r(k+1) - s.r(k); d < 0 || d > 1 {
			out = append(out, Violation{"T1(iv)", k, fmt.Sprintf("r(%d) = %d, r(%d) = %d", k, s.r(k), k+1, s.r(k+1))})
		}
	}
	// (6), the bound behind (v): k - r(k) < (a+1) log a. For rational
	// a != 1, (a+1) ln a is irrational (Lindemann), never the integer
	// k - r(k), so a float comparison with a margin of 1e-9 decides it. At
	// a = 1 the bound is exactly 0 and the comparison is exact: Theorem 1
	// is stated for every real a >= 1, and there k - r(k) = 0 is not < 0,
	// so (6) fails at every term (while (v) holds, with c = 0). That is a
	// finding about the paper, reported as such: no exemption.
	bound := (x + 1) * math.Log(x)
	fails6 := func(d float64) bool { return d >= bound+1e-9 }
	if x == 1 {
		fails6 = func(d float64) bool { return d >= 0 }
	}
	for k := 1; k <= K; k++ {
		if d := float64(k - s.r(k)); fails6(d) {
			out = append(out, Violation{"T1(6)", k, fmt.Sprintf("k - r(k) = %v >= (a+1) log a = %.6f", d, bound)})
		}
	}
	// Equation (1): f_i = i for i <= floor(a+1), and f_{floor(a+2)} = floor(a+3).
	fl := new(big.Int).Quo(p, q).Int64() // floor(a)
	for i := int64(1); i <= fl+1 && int(i) <= K; i++ {
		if s.f(int(i)).Cmp(big.NewInt(i)) != 0 {
			out = append(out, Violation{"eq(1)", int(i), fmt.Sprintf("f_%d = %s, want %d", i, s.f(int(i)), i)})
		}
	}
	if int(fl+2) <= K && s.f(int(fl+2)).Cmp(big.NewInt(fl+3)) != 0 {
		out = append(out, Violation{"eq(1)", int(fl + 2), fmt.Sprintf("f_%d = %s, want %d", fl+2, s.f(int(fl+2)), fl+3)})
	}
	// (vi): (a/(a-1)) f_k > f_{k+1} for k > k_0  <=>  p f_k > (p-q) f_{k+1}.
	pm := new(big.Int).Sub(p, q)
	for k := e.K0 + 1; k < K; k++ {
		if l.Mul(p, s.f(k)).Cmp(r.Mul(pm, s.f(k+1))) <= 0 {
			out = append(out, Violation{"T2(vi)", k, fmt.Sprintf("(a/(a-1)) f_%d <= f_%d", k, k+1)})
		}
	}
	// (vii): L <= c <= U.
	if e.C < e.L || e.C > e.U {
		out = append(out, Violation{"T2(vii)", 0, fmt.Sprintf("c = %d outside [L, U] = [%d, %d]", e.C, e.L, e.U)})
	}
	return out
}
