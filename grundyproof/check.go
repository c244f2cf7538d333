package grundyproof

import (
	"context"
	"fmt"
	"math/big"

	au "fibnim/automatic"
	"fibnim/grundy"
)

// Value returns G(n, r) (r above n counts as n) when it is at most
// len(S)-1, from proved classes S_0..S_K; ok is false when G(n, r) > K.
func Value(S []*au.Automaton, n, r *big.Int) (g int, ok bool) {
	if n.Sign() < 0 || r.Sign() < 0 {
		panic("grundyproof: Value of a negative position")
	}
	if r.Cmp(n) > 0 {
		r = n
	}
	for g, s := range S {
		if s.Accepts(n, r) {
			return g, true
		}
	}
	return 0, false
}

// ThresholdsOf returns the automata of T_g = {(n, R'_g(n))}, g = 1..len(S),
// derived in the logic from S_0..S_{len(S)-1}: R'_g(n) is the least r <= n
// outside S_0 u ... u S_{g-1}, or n+1.
func ThresholdsOf(ctx context.Context, S []*au.Automaton) ([]*au.Automaton, error) {
	ns := S[0].Numeration()
	e := au.NewEnv(ns)
	var T []*au.Automaton
	union := au.Empty(ns, 2)
	for g := 1; g <= len(S); g++ {
		union = au.Union(union, S[g-1])
		name := fmt.Sprintf("U%d", g)
		if err := e.Define(name, union); err != nil {
			return nil, err
		}
		n, y, r := au.V("n"), au.V("y"), au.V("r")
		t, err := e.DefineFormula(ctx, fmt.Sprintf("T%d", g), []string{"n", "y"}, au.And(
			au.Le(y, au.Plus(n, au.N(1))),
			au.ForAll("r", au.Implies(au.Lt(r, y), au.Pred(name, n, r))),
			au.Implies(au.Le(y, n), au.Not(au.Pred(name, n, y)))))
		if err != nil {
			return nil, err
		}
		T = append(T, t)
	}
	return T, nil
}

// TableCheck is what CheckTable compared.
type TableCheck struct {
	N         int   // rows n = 0..N
	K         int   // R'_1..R'_{K+1} checked against S_0..S_K
	Cases     int64 // (n, g) pairs checked
	Steps     int64 // automaton steps taken (the prefix reuse makes them few)
	FirstBad  int   // the least n where the engine and the automata disagree, or -1
	BadG      int   // its g
	Engine    uint32
	Automaton string
}

// CheckTable streams R_1..R_{K+1} (K = len(S)-1) of the breakpoint engine
// of multiplier a (grundy.FirstLayers) for n = 0..N and checks that
// (n, R'_g(n)) is accepted by the threshold automaton derived from S
// (ThresholdsOf) at every n and g. Consecutive words share their leading
// digits, so it keeps the states of the previous word and starts each word
// from the first digit that changed.
func CheckTable(ctx context.Context, a grundy.Multiplier, S []*au.Automaton, N int) (TableCheck, error) {
	K := len(S) - 1
	c := TableCheck{N: N, K: K, FirstBad: -1}
	ns := S[0].Numeration()
	if uint64(N)+1 >= ns.Top64() {
		return c, fmt.Errorf("grundyproof: N = %d needs more digits of %s than 64", N, ns)
	}
	T, err := ThresholdsOf(ctx, S)
	if err != nil {
		return c, err
	}
	ws := make([]*au.PairWalker, len(T))
	for g := range ws {
		ws[g] = au.NewPairWalker(T[g], uint64(N)+1)
	}
	mn := uint64(0)
	for n0, R := range grundy.FirstLayers(ctx, N, a, K+1) {
		for i := range R[0] {
			n := n0 + i
			for g := range T {
				y := min(R[g][i], uint32(n+1))
				c.Cases++
				if !ws[g].Accepts(mn, ns.Mask(uint64(y))) && c.FirstBad < 0 {
					c.FirstBad, c.BadG, c.Engine = n, g+1, y
				}
			}
			mn = ns.Next(mn)
		}
	}
	for _, w := range ws {
		c.Steps += w.Steps()
	}
	if err := ctx.Err(); err != nil {
		return c, err
	}
	return c, nil
}
