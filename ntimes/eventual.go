package ntimes

import (
	"context"
	"math"
	"math/big"
)

// Eventual describes the eventual behaviour of k - r(k) observed on a
// computed sequence (Theorem 1 (v): r(k) = k - c for all k > k_0).
type Eventual struct {
	C       int  // observed eventual value of k - r(k): its value at the last term
	K0      int  // least k_0 with k - r(k) = C for every k_0 < k <= Terms
	Terms   int  // terms computed
	Stable  int  // Terms - K0: terms over which k - r(k) stayed at C
	L, U    int  // Theorem 2 (vii), computed exactly
	Certain bool // C == U: by Theorem 1 (iv) k - r(k) never decreases and by (vii) it never exceeds U, so C is final
}

// Analyse computes the Eventual summary of s.
func Analyse(s *Seq) Eventual {
	return analyse(s, LowerL(s.A), UpperU(s.A))
}

func analyse(s *Seq, L, U int) Eventual {
	K := s.Len()
	e := Eventual{Terms: K, L: L, U: U}
	e.C = K - s.r(K)
	e.K0 = K
	for e.K0 >= 1 && e.K0-s.r(e.K0) == e.C {
		e.K0--
	}
	e.Stable = K - e.K0
	e.Certain = e.C == e.U
	return e
}

// Solve extends a sequence until c is certain (it reached U), or k - r(k)
// has stayed constant for at least max(minStable, factor*(c+1)) terms, or
// maxTerms terms exist.
func Solve(a *big.Rat, minStable, factor, maxTerms int) (*Seq, Eventual) {
	s, e, _ := SolveContext(context.Background(), a, minStable, factor, maxTerms)
	return s, e
}

// SolveContext is Solve, stopping with ctx's error when ctx is done: it
// looks at ctx every few thousand terms, so a long big-integer sequence
// stops within a fraction of a second.
func SolveContext(ctx context.Context, a *big.Rat, minStable, factor, maxTerms int) (*Seq, Eventual, error) {
	K := min(max(64, 2*minStable), maxTerms)
	s := &Seq{A: new(big.Rat).Set(a)}
	checkMultiplier(a)
	L, U, err := boundsContext(ctx, a)
	if err != nil {
		return nil, Eventual{}, err
	}
	for {
		for k := min(s.Len()+extendStep, K); ; k = min(k+extendStep, K) {
			s.extend(k)
			if err := ctx.Err(); err != nil {
				return nil, Eventual{}, err
			}
			if k == K {
				break
			}
		}
		e := analyse(s, L, U)
		if e.C == U || e.Stable >= max(minStable, factor*(e.C+1)) || s.Len() >= maxTerms {
			return s, e, nil
		}
		K = min(2*K, maxTerms)
	}
}

// boundsContext computes L and U on a goroutine of their own, so that ctx
// can stop the wait: for a large a they are powers of big integers with
// millions of digits (minutes at a = 10^6), which cannot be interrupted
// inside. The abandoned computation ends with the process.
func boundsContext(ctx context.Context, a *big.Rat) (L, U int, err error) {
	done := make(chan [2]int, 1)
	go func() { done <- [2]int{LowerL(a), UpperU(a)} }()
	select {
	case b := <-done:
		return b[0], b[1], nil
	case <-ctx.Done():
		return 0, 0, ctx.Err()
	}
}

// extendStep is how many terms SolveContext adds between looks at its
// context.
const extendStep = 2048

// LowerL is L = floor(log a / (log a - log(a-1))) of Theorem 2 (vii),
// computed exactly as the largest integer L >= 0 with
// (a/(a-1))^L <= a, i.e. q*p^L <= p*(p-q)^L for a = p/q. For a = 1 it is 0.
func LowerL(a *big.Rat) int {
	p, q := a.Num(), a.Denom()
	d := new(big.Int).Sub(p, q)
	if d.Sign() == 0 {
		return 0
	}
	ok := func(L int) bool {
		l := new(big.Int).Mul(q, new(big.Int).Exp(p, big.NewInt(int64(L)), nil))
		r := new(big.Int).Mul(p, new(big.Int).Exp(d, big.NewInt(int64(L)), nil))
		return l.Cmp(r) <= 0
	}
	return largestTrue(estimate(a, -1), ok)
}

// UpperU is U = ceil(log a / (log(a+1) - log a)) of Theorem 2 (vii),
// computed exactly as the least integer U >= 0 with ((a+1)/a)^U >= a,
// i.e. q*(p+q)^U >= p*p^U.
func UpperU(a *big.Rat) int {
	p, q := a.Num(), a.Denom()
	s := new(big.Int).Add(p, q)
	ok := func(U int) bool {
		l := new(big.Int).Mul(q, new(big.Int).Exp(s, big.NewInt(int64(U)), nil))
		r := new(big.Int).Mul(p, new(big.Int).Exp(p, big.NewInt(int64(U)), nil))
		return l.Cmp(r) >= 0
	}
	// ok is false below the threshold and true from it on.
	return largestTrue(estimate(a, 1), func(u int) bool { return !ok(u) }) + 1
}

// estimate is the floating-point value of log a / |log(a±1) - log a|, a
// starting point for the exact search.
func estimate(a *big.Rat, sign int) int {
	x, _ := a.Float64()
	if x <= 1 {
		return 0
	}
	if sign < 0 {
		return int(math.Log(x) / (math.Log(x) - math.Log(x-1)))
	}
	return int(math.Log(x) / (math.Log(x+1) - math.Log(x)))
}

// largestTrue returns the largest L >= 0 with ok(L), for ok true up to a
// point and false after it (ok(0) may be false: then -1), searching from a
// guess.
func largestTrue(guess int, ok func(int) bool) int {
	L := max(guess, 0)
	for L >= 0 && !ok(L) {
		L--
	}
	for ok(L + 1) {
		L++
	}
	return L
}

// ALogA returns floor(a log a) (natural log) and whether the floating-point
// value is far enough from an integer (1e-9) for the floor to be trusted.
func ALogA(a *big.Rat) (int, bool) {
	x, _ := a.Float64()
	v := x * math.Log(x)
	f := math.Floor(v)
	return int(f), v-f > 1e-9 && f+1-v > 1e-9
}
