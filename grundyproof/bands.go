package grundyproof

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	au "fibnim/automatic"
	"fibnim/grundy"
)

// A band theorem says that, for every real multiplier a in [From, To), the
// positions of Grundy values 0..J are the classes S_0..S_J of one rational
// multiplier of the band (Like): the same sets for uncountably many games.
//
// For a real a in [lo, hi), the cap floor(a k) of a move taking k lies in
// I(k) = [floor(lo k), ceil(hi k) - 1], an interval that depends only on
// the band's ends (lo = p/q, hi = p'/q': q t + q > p k and q' t < p' k).
// Write A_j(n, r) for "some move k <= r reaches S_j for every cap t in
// I(k)" and B_j(n, r) for "... for some cap t in I(k)". Whatever a in the
// band, if the positions of values <= J of smaller piles are S_0..S_J,
// then A_j implies that a move of a reaches S_j, which implies B_j. Two
// sufficient conditions, each proved for all n by automata:
//
//   - the sandwich: A_j <=> B_j on r <= n, for every j <= J (then "a move
//     reaches S_j" does not depend on a, and the mex induction of Like
//     holds for every a of the band);
//   - the class by class condition: for every j <= J, on r <= n,
//     S_j => (A_d for every d < j, and not B_j), and
//     not S_j => (not B_d for some d < j, or A_j)
//     (then G(n, r) = j iff S_j(n, r), for every a of the band, by
//     induction on n: at (n, r) every a sees each A_d as a move and misses
//     each value d without B_d).
//
// The second is weaker than the first (given Like's mex claims); the
// first fails as soon as one position tells two multipliers apart in a
// value above the one asked. Where the second fails, FindBandWitness looks
// for a multiplier of the band that plays differently, which refutes the
// theorem.

// BandResult is what ProveBand found on a band: the largest J whose band
// theorem is proved, and the claim of J+1 that failed.
type BandResult struct {
	From, To *big.Rat
	Like     grundy.Multiplier
	// Proved is the largest J such that the class by class claims of
	// 0..J hold (-1: none): for every real a in [From, To) the positions
	// of values 0..J are Like's S_0..S_J.
	Proved int
	// Sandwich is the largest J such that the sandwich claims of 0..J
	// hold (A_j <=> B_j: "a move reaches S_j" is the same for every a).
	Sandwich int
	// Tried is the largest J tried (the classes given).
	Tried int
	// Failed is the class claim of Proved+1 when it was tried and failed,
	// with its least counterexample (n, r).
	Failed  string
	Least   []au.Binding
	Largest au.Size
}

// bandCap defines capI(k, t): t in I(k) = [floor(lo k), ceil(hi k) - 1].
func bandCap(lo, hi *big.Rat) au.Step {
	k, t := au.V("k"), au.V("t")
	p, q := lo.Num(), lo.Denom()
	p2, q2 := hi.Num(), hi.Denom()
	st := au.Define("capI", []string{"k", "t"}, au.And(
		au.Lt(au.TimesBig(p, k), au.Plus(au.TimesBig(q, t), au.C(q))),
		au.Lt(au.TimesBig(q2, t), au.TimesBig(p2, k))))
	// The prover builds it from the proved remainders of lo and hi
	// (automatic.Numeration.Remainders), not from products of adders.
	if p.IsInt64() && q.IsInt64() && p2.IsInt64() && q2.IsInt64() {
		st.Via = func(ctx context.Context, ns *au.Numeration) *au.Automaton {
			return bandCapVia(ctx, ns, p.Int64(), q.Int64(), p2.Int64(), q2.Int64())
		}
	}
	return st
}

// bandCapVia is I(k) = [floor(lo k), ceil(hi k) - 1] from the remainders:
// u = floor(lo k) is lo's floor; w = ceil(hi k) - 1 is u' - 1 where hi k =
// u' exactly (remainder 0), else u' = floor(hi k).
func bandCapVia(ctx context.Context, ns *au.Numeration, p, q, p2, q2 int64) *au.Automaton {
	fl := ns.Floor(ctx, p, q)
	rems := ns.Remainders(ctx, p2, q2)
	if fl == nil || rems == nil {
		return nil
	}
	e := au.NewEnv(ns)
	k, t, u, w := au.V("k"), au.V("t"), au.V("u"), au.V("w")
	if e.Define("fl", fl) != nil {
		return nil
	}
	edge := []au.Formula{au.Pred("hirem0", k, au.Plus(w, au.N(1)))}
	for j, a := range rems {
		if e.Define(fmt.Sprintf("hirem%d", j), a) != nil {
			return nil
		}
		if j > 0 {
			edge = append(edge, au.Pred(fmt.Sprintf("hirem%d", j), k, w))
		}
	}
	for _, st := range []au.Step{
		au.Define("lower", []string{"k", "t"}, au.Exists("u", au.And(au.Pred("fl", k, u), au.Le(u, t)))),
		au.Define("hiedge", []string{"k", "w"}, au.Or(edge...)),
		au.Define("upper", []string{"k", "t"}, au.Exists("w", au.And(au.Pred("hiedge", k, w), au.Le(t, w)))),
		au.Define("capI", []string{"k", "t"}, au.And(au.Pred("lower", k, t), au.Pred("upper", k, t))),
	} {
		if _, err := e.RunStep(ctx, st); err != nil {
			return nil
		}
	}
	return e.Lookup("capI")
}

// bandMoveSteps defines A_g and B_g (predicates allg, someg) over the
// caps of capI, three variables a step as in MoveSteps.
func bandMoveSteps(s string, g int) []au.Step {
	n, r, k, m, t := au.V("n"), au.V("r"), au.V("k"), au.V("m"), au.V("t")
	lands := au.Or(au.And(au.Le(t, m), au.Pred(s, m, t)), au.And(au.Lt(m, t), au.Pred(s, m, m)))
	var out []au.Step
	for _, side := range []string{"all", "some"} {
		w, v, to := fmt.Sprintf("w%s%d", side, g), fmt.Sprintf("v%s%d", side, g), fmt.Sprintf("%s%d", side, g)
		var wf au.Formula
		if side == "all" {
			wf = au.ForAll("t", au.Implies(au.Pred("capI", k, t), lands))
		} else {
			wf = au.Exists("t", au.And(au.Pred("capI", k, t), lands))
		}
		out = append(out,
			au.Define(w, []string{"m", "k"}, wf),
			au.Define(v, []string{"n", "k"}, au.Exists("m", au.And(au.Eq(au.Plus(m, k), n), au.Pred(w, m, k)))),
			au.Define(to, []string{"n", "r"}, au.Exists("k", au.And(au.Le(au.N(1), k), au.Le(k, r), au.Pred(v, n, k)))))
	}
	return out
}

// BandScript returns the steps of the band theorem for values 0..J on
// [lo, hi): capI, A_j and B_j for each j, the sandwich claims sandwichJ
// and the class-by-class claims classJ.
func BandScript(lo, hi *big.Rat, J int) au.Script {
	s := au.Script{bandCap(lo, hi)}
	n, r := au.V("n"), au.V("r")
	all := func(d int) au.Formula { return au.Pred(fmt.Sprintf("all%d", d), n, r) }
	some := func(d int) au.Formula { return au.Pred(fmt.Sprintf("some%d", d), n, r) }
	for j := 0; j <= J; j++ {
		s = append(s, bandMoveSteps(ClassName(j), j)...)
		s = append(s, au.Claim(fmt.Sprintf("sandwich%d", j), au.ForAll("n r", au.Implies(au.Le(r, n), au.Iff(all(j), some(j))))))
		in := []au.Formula{au.Not(some(j))}
		var out []au.Formula
		for d := range j {
			in = append(in, all(d))
			out = append(out, au.Not(some(d)))
		}
		out = append(out, all(j))
		sj := au.Pred(ClassName(j), n, r)
		s = append(s, au.Claim(fmt.Sprintf("class%d", j), au.ForAll("n r", au.Implies(au.Le(r, n),
			au.And(au.Implies(sj, au.And(in...)), au.Implies(au.Not(sj), au.Or(out...)))))))
	}
	return s
}

// BandOptions tune ProveBand.
type BandOptions struct {
	Budget int // state budget of a step (0: none)
	Step   func(au.Result)
}

// ProveBand runs BandScript(lo, hi, J) over S_0..S_J (S[g], the proved
// classes of like, a multiplier of the band, over its numeration), in
// order, and stops after the first class claim that fails: the band
// theorem is proved for values 0..j exactly when the class claims of 0..j
// hold (the sandwich implies the class claim of j, given like's mex claim,
// so the class claims decide; the sandwich claims are reported too).
func ProveBand(ctx context.Context, lo, hi *big.Rat, like *System, S []*au.Automaton, J int, opt BandOptions) (BandResult, error) {
	res := BandResult{From: lo, To: hi, Like: like.A, Proved: -1, Sandwich: -1, Tried: J}
	if J >= len(S) {
		return res, fmt.Errorf("grundyproof: a band theorem for values 0..%d needs S_0..S_%d, given %d classes", J, J, len(S))
	}
	a := like.A.Rat()
	if a.Cmp(lo) < 0 || a.Cmp(hi) >= 0 {
		return res, fmt.Errorf("grundyproof: %s is not in [%s, %s)", like.A, lo.RatString(), hi.RatString())
	}
	e := au.NewEnv(like.NS)
	e.Budget = opt.Budget
	for g := 0; g <= J; g++ {
		if err := e.Define(ClassName(g), S[g]); err != nil {
			return res, err
		}
	}
	sandwich := true
	for _, st := range BandScript(lo, hi, J) {
		r, err := e.RunStep(ctx, st)
		if err != nil {
			return res, err
		}
		if r.Largest.States > res.Largest.States {
			res.Largest = r.Largest
		}
		if opt.Step != nil {
			opt.Step(r)
		}
		if r.Kind != au.ClaimStep {
			continue
		}
		var j int
		switch {
		case strings.HasPrefix(st.Name, "sandwich"):
			fmt.Sscanf(st.Name, "sandwich%d", &j)
			if sandwich && r.Holds {
				res.Sandwich = j
			}
			sandwich = sandwich && r.Holds
		case strings.HasPrefix(st.Name, "class"):
			fmt.Sscanf(st.Name, "class%d", &j)
			if !r.Holds {
				res.Failed, res.Least = st.Name, r.Least
				return res, nil
			}
			res.Proved = j
		}
	}
	return res, nil
}

// BandWitness is a certified refutation of a band theorem: a rational a of
// the band and a position whose value differs from Like's there, with one
// of the two values at most J (so that the positions of values 0..J are not
// the same for every a of the band).
type BandWitness struct {
	A          *big.Rat `json:"-"`
	Multiplier string   `json:"a"` // a as p/q
	N          int      `json:"n"`
	R          int      `json:"r"`
	G          int      `json:"g"`
	GLike      int      `json:"g_like"`
}

// FindBandWitness looks for a multiplier of [lo, hi) whose positions of
// values 0..J differ from like's at some (n, r) with n <= N: every a of the
// band plays the positions n <= N the way one of the breakpoints j/k
// (k <= N) of floor(a k) does, so it is enough to play those (and lo), by
// brute force from the definition (grundy.Brute). It returns the least n,
// then r, and the least such a; nil when every a agrees on n <= N.
func FindBandWitness(ctx context.Context, lo, hi *big.Rat, like grundy.Multiplier, J, N int) (*BandWitness, error) {
	reps := map[string]*big.Rat{lo.RatString(): lo}
	for k := 1; k <= N; k++ {
		// j/k in (lo, hi): j from floor(lo k) + 1 while j/k < hi.
		j := new(big.Int).Quo(new(big.Int).Mul(lo.Num(), big.NewInt(int64(k))), lo.Denom())
		for j.Add(j, big.NewInt(1)); ; j.Add(j, big.NewInt(1)) {
			x := new(big.Rat).SetFrac(new(big.Int).Set(j), big.NewInt(int64(k)))
			if x.Cmp(hi) >= 0 {
				break
			}
			if x.Cmp(lo) > 0 {
				reps[x.RatString()] = x
			}
		}
	}
	var as []*big.Rat
	for _, x := range reps {
		as = append(as, x)
	}
	sortRats(as)
	ref := grundy.Brute(N, like.Rat())
	var best *BandWitness
	for _, a := range as {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		t := grundy.Brute(N, a)
	scan:
		for n := 0; n <= N; n++ {
			if best != nil && n > best.N {
				break
			}
			for r := 0; r <= n; r++ {
				g, gl := t[n][r], ref[n][r]
				if g != gl && (g <= J || gl <= J) {
					if best == nil || n < best.N || n == best.N && r < best.R {
						best = &BandWitness{A: a, N: n, R: r, G: g, GLike: gl, Multiplier: a.RatString()}
					}
					break scan
				}
			}
		}
	}
	return best, nil
}

func sortRats(x []*big.Rat) {
	for i := 1; i < len(x); i++ {
		for j := i; j > 0 && x[j].Cmp(x[j-1]) < 0; j-- {
			x[j], x[j-1] = x[j-1], x[j]
		}
	}
}
