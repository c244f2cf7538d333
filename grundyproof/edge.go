package grundyproof

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/cmplx"
	"sort"

	au "fibnim/automatic"
)

// Edge is where the method ends, for one multiplier a >= 7/2: its weights
// follow f_{k+1} = f_k + f_{k-c} with c >= 4, and x^{c+1} - x^c - 1 is not
// the minimal polynomial of a Pisot number:
//   - for c = 4 (a in [7/2, 43/11)), x^5 - x^4 - 1 = (x^2 - x + 1)(x^3 - x - 1):
//     the two roots of x^2 - x + 1 lie on the unit circle;
//   - the roots e^{±i pi/3} lie on it exactly when c = 4 mod 6
//     (x^c (x - 1) = 1 there reads e^{i pi (c+2)/3} = 1); for c >= 5 some
//     conjugate of the dominant root lies outside it.
//
// Addition is then not known to be computed by a finite automaton
// (Frougny 1992; Frougny & Solomyak 1996: it is, for a Pisot base), and the
// adder's search (automatic's BuildAdder) does not close: run with a state
// budget, its states new at each digit length keep growing. Edge records
// that search and the roots.
type Edge struct {
	C        int     `json:"c"`
	Dominant float64 `json:"dominant_root"` // to 9 decimals
	// OnCircle is the number of roots of x^{c+1} - x^c - 1 of modulus 1
	// (exactly: e^{±i pi/3} when c = 4 mod 6), Outside of modulus above 1
	// besides the dominant root (numerically, MaxOther the largest such
	// modulus, to 1e-9).
	OnCircle int     `json:"roots_on_unit_circle"`
	Outside  int     `json:"roots_outside_besides_dominant"`
	MaxOther float64 `json:"largest_other_modulus"` // to 9 decimals
	// The adder's search: Budget states at most; Explored states when it
	// stopped; PerLength[l] the states first reached after l digits.
	// Closed is true when the search ended within the budget (it does for
	// a Pisot numeration). Searched is false when the search cannot run
	// (c above what its state holds): Why says so.
	Budget    int    `json:"budget"`
	Searched  bool   `json:"searched"`
	Closed    bool   `json:"closed"`
	Explored  int    `json:"explored"`
	PerLength []int  `json:"per_length,omitempty"`
	Why       string `json:"why,omitempty"`
}

// Growing reports whether the search's states per digit length grew over
// its last lengths: each of the last three lengths (there must be six)
// reached more new states than the one before. It is the sign of a search
// that does not close.
func (e Edge) Growing() bool {
	p := e.PerLength
	if len(p) < 6 {
		return false
	}
	for i := len(p) - 3; i < len(p); i++ {
		if p[i] <= p[i-1] {
			return false
		}
	}
	return true
}

// EdgeOf runs the adder's search of sys's numeration with a state budget
// and computes the roots of x^{c+1} - x^c - 1. The search passing its
// budget is the result, not an error; ctx ending is an error.
func EdgeOf(ctx context.Context, sys *System, budget int) (Edge, error) {
	e := Edge{C: sys.C, Budget: budget, Dominant: round9(au.Dominant(sys.C))}
	e.OnCircle, e.Outside, e.MaxOther = Conjugates(sys.C)
	e.MaxOther = round9(e.MaxOther)
	_, info, err := sys.NS.BuildAdder(ctx, au.AdderBound(sys.C), budget)
	var be *au.BudgetError
	switch {
	case err == nil:
		e.Searched, e.Closed = true, true
	case errors.As(err, &be):
		e.Searched = true
	case ctx.Err() != nil:
		return e, ctx.Err()
	default:
		e.Why = err.Error()
	}
	e.Explored, e.PerLength = info.Explored, info.PerLength
	return e, nil
}

// round9 rounds x to 9 decimals: the rows hold the roots so, so that a
// machine whose floating point differs in the last bits (a fused
// multiply-add) writes the same bytes.
func round9(x float64) float64 { return math.Round(x*1e9) / 1e9 }

// Conjugates returns, for x^{c+1} - x^c - 1, the number of roots on the
// unit circle (exactly: 2 when c = 4 mod 6, else 0), the number of the
// other roots of modulus above 1 besides the dominant one, and the largest
// modulus of the roots besides the dominant one. The roots are found by
// Durand-Kerner iteration, then polished by Newton's method; a modulus
// within 1e-9 of 1 is counted on the circle only when the exact rule
// puts it there (then the count says 2 whatever the numerics).
func Conjugates(c int) (onCircle, outside int, maxOther float64) {
	roots := polyRoots(c)
	dom := au.Dominant(c)
	sort.Slice(roots, func(i, j int) bool { return cmplx.Abs(roots[i]) > cmplx.Abs(roots[j]) })
	// The dominant root is real and the largest in modulus.
	if math.Abs(real(roots[0])-dom) > 1e-9 || math.Abs(imag(roots[0])) > 1e-9 {
		panic(fmt.Sprintf("grundyproof: the largest root of x^%d - x^%d - 1 is %v, not the dominant %v", c+1, c, roots[0], dom))
	}
	if c%6 == 4 {
		onCircle = 2
	}
	for _, z := range roots[1:] {
		m := cmplx.Abs(z)
		maxOther = math.Max(maxOther, m)
		if m > 1+1e-9 {
			outside++
		}
	}
	return onCircle, outside, maxOther
}

// polyRoots returns the c+1 roots of x^{c+1} - x^c - 1.
func polyRoots(c int) []complex128 {
	d := c + 1
	p := func(z complex128) complex128 {
		return cmplx.Pow(z, complex(float64(d), 0)) - cmplx.Pow(z, complex(float64(c), 0)) - 1
	}
	dp := func(z complex128) complex128 {
		return complex(float64(d), 0)*cmplx.Pow(z, complex(float64(c), 0)) - complex(float64(c), 0)*cmplx.Pow(z, complex(float64(c-1), 0))
	}
	if c == 0 {
		return []complex128{2}
	}
	z := make([]complex128, d)
	for i := range z {
		z[i] = cmplx.Pow(complex(0.4, 0.9), complex(float64(i), 0)) * 1.2
	}
	for range 2000 {
		moved := 0.0
		for i := range z {
			den := complex(1, 0)
			for j := range z {
				if j != i {
					den *= z[i] - z[j]
				}
			}
			step := p(z[i]) / den
			z[i] -= step
			moved = math.Max(moved, cmplx.Abs(step))
		}
		if moved < 1e-15 {
			break
		}
	}
	for i := range z {
		for range 5 {
			if d := dp(z[i]); d != 0 {
				z[i] -= p(z[i]) / d
			}
		}
	}
	return z
}
