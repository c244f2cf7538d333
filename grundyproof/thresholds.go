package grundyproof

import (
	"context"
	"fmt"
	"math/bits"

	"fibnim/automatic"
	"fibnim/grundy"
)

// Thresholds returns R'_g(n) = min(R_g(n), n+1) for g = 0..K+1 and n =
// 0..N, where R_g(n) is the least r with G(n, r) >= g for multiplier a,
// from the breakpoint engine (grundy.FirstLayers). R'_0 = 0. G(n, r) is
// nondecreasing in r, so G(n, r) = g iff R'_g(n) <= r < R'_{g+1}(n) (for
// r <= n).
func Thresholds(ctx context.Context, a grundy.Multiplier, N, K int) ([][]uint32, error) {
	if N < 1 || K < 0 {
		return nil, fmt.Errorf("grundyproof: Thresholds(N=%d, K=%d)", N, K)
	}
	out := make([][]uint32, K+2)
	for g := range out {
		out[g] = make([]uint32, N+1)
	}
	for n0, R := range grundy.FirstLayers(ctx, N, a, K+1) {
		for g := range R {
			dst := out[g+1][n0:]
			for i, r := range R[g] {
				dst[i] = min(r, uint32(n0+i+1))
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// layer returns R'_g(n) for n = 0..N, from a pass of the engine that keeps
// this layer alone (4 bytes a row).
func layer(ctx context.Context, a grundy.Multiplier, N, g int) ([]uint32, error) {
	f := make([]uint32, N+1)
	for n0, R := range grundy.FirstLayers(ctx, N, a, g) {
		for i, r := range R[g-1] {
			f[n0+i] = min(r, uint32(n0+i+1))
		}
	}
	return f, ctx.Err()
}

// pairWalker runs a 2-track automaton over the words of consecutive pairs
// (n, y), all padded to D digits, keeping the states after each digit of
// the last word so that the next word starts from its first changed digit.
type pairWalker struct {
	a      *automatic.Automaton
	d      int
	states []int32 // states[i]: after i digits
	mn, my uint64
	fresh  bool
	steps  int64
}

// newPairWalker returns a walker for pairs whose numbers are at most max
// (below the numeration's Top64).
func newPairWalker(a *automatic.Automaton, max uint64) *pairWalker {
	ns := a.Numeration()
	d := 1
	for d < ns.MaskDigits() && ns.Count(d) <= max {
		d++
	}
	return &pairWalker{a: a, d: d, states: make([]int32, d+1), fresh: true}
}

// accepts reports whether a accepts the pair with digits mn, my.
func (w *pairWalker) accepts(mn, my uint64) bool {
	start := 0
	if !w.fresh {
		start = max(w.d-bits.Len64((mn^w.mn)|(my^w.my)), 0)
	}
	w.fresh = false
	s := w.states[start]
	for j := start; j < w.d; j++ {
		if s >= 0 {
			bit := uint(w.d - 1 - j)
			s = int32(w.a.Next(int(s), uint32(mn>>bit&1)|uint32(my>>bit&1)<<1))
			w.steps++
		}
		w.states[j+1] = s
	}
	w.mn, w.my = mn, my
	return w.a.Accepting(int(s))
}

// disagreement returns the first n whose (n, f(n)) a rejects, or ok.
func disagreement(a *automatic.Automaton, f []uint32) (int, bool) {
	ns := a.Numeration()
	w := newPairWalker(a, uint64(len(f)))
	mn := uint64(0)
	for n, y := range f {
		if !w.accepts(mn, ns.Mask(uint64(y))) {
			return n, false
		}
		mn = ns.Next(mn)
	}
	return 0, true
}

// checkGuesses streams R_1..R_{len(T)-1} of the engine to N and checks
// (n, R'_g(n)) against T[g] for every n; it returns the first g and n
// where a guess rejects, or ok.
func checkGuesses(ctx context.Context, a grundy.Multiplier, T []*automatic.Automaton, N int) (int, int, bool) {
	k := len(T) - 1
	ns := T[1].Numeration()
	ws := make([]*pairWalker, k+1)
	for g := 1; g <= k; g++ {
		ws[g] = newPairWalker(T[g], uint64(N)+1)
	}
	mn := uint64(0)
	for n0, R := range grundy.FirstLayers(ctx, N, a, k) {
		for i := range R[0] {
			n := n0 + i
			for g := 1; g <= k; g++ {
				y := min(R[g-1][i], uint32(n+1))
				if !ws[g].accepts(mn, ns.Mask(uint64(y))) {
					return g, n, false
				}
			}
			mn = ns.Next(mn)
		}
	}
	return 0, 0, true
}
