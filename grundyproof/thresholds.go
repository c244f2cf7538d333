package grundyproof

import (
	"context"
	"fmt"

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

// disagreement returns the first n whose (n, f(n)) a rejects, or ok.
func disagreement(a *automatic.Automaton, f []uint32) (int, bool) {
	ns := a.Numeration()
	w := automatic.NewPairWalker(a, uint64(len(f)))
	mn := uint64(0)
	for n, y := range f {
		if !w.Accepts(mn, ns.Mask(uint64(y))) {
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
	ws := make([]*automatic.PairWalker, k+1)
	for g := 1; g <= k; g++ {
		ws[g] = automatic.NewPairWalker(T[g], uint64(N)+1)
	}
	mn := uint64(0)
	for n0, R := range grundy.FirstLayers(ctx, N, a, k) {
		for i := range R[0] {
			n := n0 + i
			for g := 1; g <= k; g++ {
				y := min(R[g-1][i], uint32(n+1))
				if !ws[g].Accepts(mn, ns.Mask(uint64(y))) {
					return g, n, false
				}
			}
			mn = ns.Next(mn)
		}
	}
	return 0, 0, true
}
