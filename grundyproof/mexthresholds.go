package grundyproof

import (
	"context"
	"fmt"
	"math/big"

	au "fibnim/automatic"
	"fibnim/grundy"
)

// Method says how the mex statements of a folder's classes are proved.
type Method string

const (
	// MethodMex proves each mex statement as written ([MexClaim]), over
	// to_g(n, r) "some move from (n, r) lands in S_g" ([MoveSteps]). It is
	// the default (the empty Method is MethodMex).
	MethodMex Method = "mex"
	// MethodThresholds proves the same statements as the thresholds'
	// recurrence ([ThresholdSteps]), never building to_g, whose subset
	// construction is what makes MethodMex heavy past value 8.
	MethodThresholds Method = "thresholds"
)

// ParseMethod reads a Method: "mex" (or "") or "thresholds".
func ParseMethod(s string) (Method, error) {
	switch Method(s) {
	case "", MethodMex:
		return MethodMex, nil
	case MethodThresholds:
		return MethodThresholds, nil
	}
	return "", fmt.Errorf("grundyproof: unknown prover %q (mex, thresholds)", s)
}

// norm returns m, the empty Method read as MethodMex.
func (m Method) norm() Method {
	if m == "" {
		return MethodMex
	}
	return m
}

// Threshold names used by ThresholdSteps: t_g(n, y) is T_g(n) derived from
// the classes, ge_g(n, r) is r >= T_g(n).
func thresholdName(g int) string { return fmt.Sprintf("t%d", g) }
func geName(g int) string        { return fmt.Sprintf("ge%d", g) }

// The claims of ThresholdSteps for value g, in order.
func thresholdClaims(g int) []string {
	return []string{fmt.Sprintf("cls%d", g), fmt.Sprintf("lemu%d", g), fmt.Sprintf("leme%d", g), fmt.Sprintf("lemf%d", g)}
}

// ThresholdSteps returns the steps that prove the mex statements of
// S_0..S_K (the predicates g0..gK, tracks (n, r)) as the breakpoint
// engine's recurrence on the thresholds, with no step over three free
// variables and without to_g (the relation whose subset construction passed
// 10^7 subsets and 11 GB at g = 9). It needs cap ([Cap]) defined. The
// thresholds are derived from the classes, so that a folder's files alone
// are what is proved:
//
//	un_g(n, r) := g0(n, r) | ... | g_{g-1}(n, r)
//	t_g(n, y)  := y <= n+1 & (forall r: r < y => un_g(n, r)) & (y <= n => not un_g(n, y))
//	ge_g(n, r) := exists a: t_g(n, a) & a <= r
//
// t_g is a function of n by construction: T_g(n), the least r <= n outside
// S_0..S_{g-1}, or n+1 (t_0: y = 0). With w_g and v_g of [MoveSteps]
// (v_g(n, x): taking x tokens from n lands in S_g), the claims for g are
//
//	(cls)  for all n, r <= n:  S_g(n, r) <=> ge_g(n, r) & not ge_{g+1}(n, r);
//	(U)    for all n, x, z:    T_g(n) < T_{g+1}(n) = z, 1 <= x < z, x <= n  =>  not v_g(n, x);
//	(E1)   for all n, x:       T_g(n) < T_{g+1}(n) = x <= n  =>  v_g(n, x);
//	(E2)   for all n, y:       T_{g+1}(n) <= T_g(n) = y <= n  =>  some x in [1, y] has v_g(n, x).
//
// Why they prove the mex statement of g ([MexClaim]), given those of
// 0..g-1: with mu_g(n) the least x >= 1 with v_g(n, x) (infinite if none),
// (U), (E1) and (E2) say T_{g+1}(n) = max(T_g(n), min(mu_g(n), n+1)).
// The statements of d < g give: r >= T_g(n) iff some move from (n, r)
// lands in each S_d, d < g; and no move from (n, r) lands in S_g iff r <
// mu_g(n). So the right side of the mex statement is T_g(n) <= r <
// max(T_g(n), min(mu_g(n), n+1)) on r <= n, which (cls) says is S_g. Row
// by row the converse holds too: at a row n where (cls) fails, S_g(n, .) is
// no interval from T_g(n) and the mex statement fails there; at a row
// where (cls) holds and a lemma fails, T_{g+1}(n) is not the recurrence's
// and the statement fails there. So the least row of the four claims'
// counterexamples is the least row of the mex statement's (thresholdVerdicts).
func ThresholdSteps(K int) au.Script {
	n, r, y, z, x, a := au.V("n"), au.V("r"), au.V("y"), au.V("z"), au.V("x"), au.V("a")
	var s au.Script
	s = append(s, au.Define(thresholdName(0), []string{"n", "y"}, au.And(au.Eq(y, au.N(0)), au.Le(n, n))))
	for g := 1; g <= K+1; g++ {
		un := fmt.Sprintf("un%d", g)
		var body au.Formula = au.Pred(ClassName(g-1), n, r)
		if g > 1 {
			body = au.Or(au.Pred(fmt.Sprintf("un%d", g-1), n, r), body)
		}
		s = append(s, au.Define(un, []string{"n", "r"}, body),
			au.Define(thresholdName(g), []string{"n", "y"}, au.And(
				au.Le(y, au.Plus(n, au.N(1))),
				au.ForAll("r", au.Implies(au.Lt(r, y), au.Pred(un, n, r))),
				au.Implies(au.Le(y, n), au.Not(au.Pred(un, n, y))))))
	}
	for g := 0; g <= K+1; g++ {
		s = append(s, au.Define(geName(g), []string{"n", "r"}, au.Exists("a", au.And(au.Pred(thresholdName(g), n, a), au.Le(a, r)))))
	}
	for g := 0; g <= K; g++ {
		tg, tg1 := thresholdName(g), thresholdName(g+1)
		v := fmt.Sprintf("v%d", g)
		bl, cl, fl := fmt.Sprintf("bl%d", g), fmt.Sprintf("cl%d", g), fmt.Sprintf("fl%d", g)
		c := thresholdClaims(g)
		s = append(s, au.Claim(c[0], au.ForAll("n r", au.Implies(au.Le(r, n),
			au.Iff(au.Pred(ClassName(g), n, r), au.And(au.Pred(geName(g), n, r), au.Not(au.Pred(geName(g+1), n, r))))))))
		s = append(s, MoveSteps(ClassName(g), g)[:2]...)
		s = append(s,
			au.Define(bl, []string{"n", "z"}, au.Exists("y", au.And(au.Pred(tg, n, y), au.Pred(tg1, n, z), au.Lt(y, z)))),
			au.Claim(c[1], au.ForAll("n x z", au.Implies(au.And(au.Pred(bl, n, z), au.Le(au.N(1), x), au.Lt(x, z), au.Le(x, n)), au.Not(au.Pred(v, n, x))))),
			au.Claim(c[2], au.ForAll("n x", au.Implies(au.And(au.Pred(bl, n, x), au.Le(x, n)), au.Pred(v, n, x)))),
			au.Define(cl, []string{"n", "y"}, au.Exists("z", au.And(au.Pred(tg, n, y), au.Pred(tg1, n, z), au.Le(z, y), au.Le(y, n)))),
			au.Define(fl, []string{"n", "y"}, au.Exists("x", au.And(au.Pred(cl, n, y), au.Le(au.N(1), x), au.Le(x, y), au.Pred(v, n, x)))),
			au.Claim(c[3], au.ForAll("n y", au.Implies(au.Pred(cl, n, y), au.Pred(fl, n, y)))))
	}
	return s
}

// ThresholdScript is cap and ThresholdSteps: what proves S_0..S_K the
// positions of values 0..K for multiplier a with MethodThresholds.
func ThresholdScript(a grundy.Multiplier, K int) au.Script {
	return append(au.Script{Cap(a)}, ThresholdSteps(K)...)
}

// thresholdVerdicts returns, for g = 0..K, the verdict of the mex
// statement of g ([MexClaim]'s name, mex<g>) that the claims of
// ThresholdSteps give (see there): it holds when its four claims hold.
// When one fails, its least counterexample is (n, r): n the least row of
// the failing claims' counterexamples, r the least r <= n where S_g(n, r)
// and the statement's right side, ge_g(n, r) and no x in [1, r] with
// v_g(n, x), differ (evaluated in e at that row alone). That is the mex
// statement's least counterexample when the statements of 0..g-1 hold.
// The verdicts are derived, not decided: their kind is recorded as such.
func thresholdVerdicts(ctx context.Context, e *au.Env, K int, results []au.Result) ([]au.Result, error) {
	byName := map[string]au.Result{}
	for _, r := range results {
		byName[r.Name] = r
	}
	var out []au.Result
	for g := 0; g <= K; g++ {
		v := au.Result{Name: MexClaim(g).Name, Kind: au.ClaimStep, Holds: true}
		var row *big.Int
		for _, c := range thresholdClaims(g) {
			r, ok := byName[c]
			if !ok {
				return nil, fmt.Errorf("grundyproof: the claim %s was not run", c)
			}
			if r.Largest.States > v.Largest.States {
				v.Largest = r.Largest
			}
			if r.Holds {
				continue
			}
			v.Holds = false
			if n := r.Value("n"); n != nil && (row == nil || n.Cmp(row) < 0) {
				row = n
			}
		}
		if !v.Holds {
			if row == nil {
				return nil, fmt.Errorf("grundyproof: the statement for %d fails with no row", g)
			}
			v.Least = []au.Binding{{Var: "n", Value: row}}
			rr, err := mexRowCounter(ctx, e, g, row)
			if err != nil {
				return nil, err
			}
			if rr != nil {
				v.Least = append(v.Least, au.Binding{Var: "r", Value: rr})
			}
		}
		out = append(out, v)
	}
	return out, nil
}

// mexRowCounter returns the least r <= n where S_g(n, r) and the right
// side of the mex statement differ, the right side written from ge_g and
// v_g as defined in e, or nil if none does.
func mexRowCounter(ctx context.Context, e *au.Env, g int, n *big.Int) (*big.Int, error) {
	r, k, cn := au.V("r"), au.V("k"), au.C(n)
	rhs := au.And(au.Pred(geName(g), cn, r),
		au.Not(au.Exists("k", au.And(au.Le(au.N(1), k), au.Le(k, r), au.Pred(fmt.Sprintf("v%d", g), cn, k)))))
	rel, err := e.Eval(ctx, au.And(au.Le(r, cn), au.Not(au.Iff(au.Pred(ClassName(g), cn, r), rhs))))
	if err != nil {
		return nil, err
	}
	x := au.Least(rel.A)
	if x == nil {
		return nil, nil
	}
	return x[0], nil
}
