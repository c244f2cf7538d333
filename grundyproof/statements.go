package grundyproof

import (
	"context"
	"fmt"

	au "fibnim/automatic"
	"fibnim/grundy"
)

// ClassName is the predicate (and Walnut file gG.txt) of the positions of
// value g: S_g = {(n, r) : r <= n, G(n, r) = g}, tracks (n, r).
func ClassName(g int) string { return fmt.Sprintf("g%d", g) }

// Display names predicates as the papers write them: g4 is S_4, zlow z_1.
func Display(name string) string {
	var g int
	if _, err := fmt.Sscanf(name, "g%d", &g); err == nil && fmt.Sprintf("g%d", g) == name {
		return fmt.Sprintf("S_%d", g)
	}
	switch name {
	case "zlow", "zone":
		return "z_1"
	case "ztwo":
		return "z_2"
	case "zthree":
		return "z_3"
	}
	return name
}

// Cap returns the step that defines cap(k, t): t = floor(a k), for
// a = p/q: q t <= p k < q t + q.
func Cap(a grundy.Multiplier) au.Step {
	k, t := au.V("k"), au.V("t")
	p, q := int64(a.P), int64(a.Q)
	var st au.Step
	if q == 1 {
		st = au.Define("cap", []string{"k", "t"}, au.Eq(t, au.Times(p, k)))
	} else {
		st = au.Define("cap", []string{"k", "t"}, au.And(
			au.Le(au.Times(q, t), au.Times(p, k)),
			au.Lt(au.Times(p, k), au.Plus(au.Times(q, t), au.N(q)))))
	}
	// The prover builds it from the remainders p k - q t = j, proved by
	// induction on k (automatic.Numeration.Floor), rather than from
	// products of adders: the same relation, much faster.
	st.Via = func(ctx context.Context, ns *au.Numeration) *au.Automaton { return ns.Floor(ctx, p, q) }
	return st
}

// MoveSteps returns the steps that define to_g(n, r): some move from
// (n, r) lands in S_g (the predicate s), a move taking 1 <= k <= r tokens
// to (n-k, min(floor(a k), n-k)). No step has more than three variables:
//
//	w_g(m, k)  := exists t: cap(k, t) & (t <= m & S_g(m, t) | m < t & S_g(m, m))
//	v_g(n, k)  := exists m: m + k = n & w_g(m, k)
//	to_g(n, r) := exists k: 1 <= k & k <= r & v_g(n, k)
//
// (one step with four, the move as a relation on (n, k, m, s), did not
// finish at a = 3 in Walnut: issue "Every multiplier").
func MoveSteps(s string, g int) []au.Step {
	n, r, k, m, t := au.V("n"), au.V("r"), au.V("k"), au.V("m"), au.V("t")
	w, v, to := fmt.Sprintf("w%d", g), fmt.Sprintf("v%d", g), fmt.Sprintf("to%d", g)
	return []au.Step{
		au.Define(w, []string{"m", "k"}, au.Exists("t", au.And(au.Pred("cap", k, t),
			au.Or(au.And(au.Le(t, m), au.Pred(s, m, t)), au.And(au.Lt(m, t), au.Pred(s, m, m)))))),
		au.Define(v, []string{"n", "k"}, au.Exists("m", au.And(au.Eq(au.Plus(m, k), n), au.Pred(w, m, k)))),
		au.Define(to, []string{"n", "r"}, au.Exists("k", au.And(au.Le(au.N(1), k), au.Le(k, r), au.Pred(v, n, k)))),
	}
}

// MexClaim is the mex-induction statement of value g:
//
//	for all n, r with r <= n:
//	  S_g(n, r) <=> (for each d < g, some move from (n, r) lands in S_d)
//	                and no move from (n, r) lands in S_g.
//
// Every move lowers n, so if the claims of 0..g all hold, S_0..S_g are the
// positions of values 0..g for every n, by induction on n
// (Sprague-Grundy: G is the mex of the values of the moves).
func MexClaim(g int) au.Step {
	n, r := au.V("n"), au.V("r")
	rhs := []au.Formula{}
	for d := range g {
		rhs = append(rhs, au.Pred(fmt.Sprintf("to%d", d), n, r))
	}
	rhs = append(rhs, au.Not(au.Pred(fmt.Sprintf("to%d", g), n, r)))
	return au.Claim(fmt.Sprintf("mex%d", g), au.ForAll("n r", au.Implies(au.Le(r, n),
		au.Iff(au.Pred(ClassName(g), n, r), au.And(rhs...)))))
}

// MexScript returns the script that proves S_0..S_K the positions of values
// 0..K for multiplier a: cap, then for each g the move steps and the mex
// claim. The predicates g0..gK are the class automata (files gG.txt).
func MexScript(a grundy.Multiplier, K int) au.Script {
	s := au.Script{Cap(a)}
	for g := 0; g <= K; g++ {
		s = append(s, MoveSteps(ClassName(g), g)...)
		s = append(s, MexClaim(g))
	}
	return s
}

// PartSteps defines the least parts of n's greedy representation:
// zlow(n, z) (z = z_1(n), read off the digits: a regular expression),
// ztwo(n, z) (z_2(n) = z_1(n - z_1(n))) and zthree (z_3(n) = z_2(n -
// z_1(n))). A missing part (fewer parts than that) is no z at all: infinity
// in the papers' convention.
func PartSteps() []au.Step {
	n, z, a, u := au.V("n"), au.V("z"), au.V("a"), au.V("u")
	return []au.Step{
		au.Regex("zlow", []string{"n", "z"}, "([0,0]|[1,0])*[1,1][0,0]*"),
		au.Define("ztwo", []string{"n", "z"}, au.Exists("a u", au.And(au.Pred("zlow", n, a), au.Eq(au.Plus(u, a), n), au.Pred("zlow", u, z)))),
		au.Define("zthree", []string{"n", "z"}, au.Exists("a u", au.And(au.Pred("zlow", n, a), au.Eq(au.Plus(u, a), n), au.Pred("ztwo", u, z)))),
	}
}

// partIs is z_i(n) = c.
func partIs(z string, c int64) au.Formula {
	return au.Exists("z", au.And(au.Pred(z, au.V("n"), au.V("z")), au.Eq(au.V("z"), au.N(c))))
}

// belowPart is t < z_i(n), true when n has fewer than i parts.
func belowPart(z string, t au.Term) au.Formula {
	return au.Or(au.Not(au.Exists("z", au.Pred(z, au.V("n"), au.V("z")))), au.Exists("z", au.And(au.Pred(z, au.V("n"), au.V("z")), au.Lt(t, au.V("z")))))
}

// Theorem is a statement about one class S_G, proved by the claim
// for all n, r with r <= n: S_G(n, r) <=> Formula.
type Theorem struct {
	Name    string // "LRS-4.1"
	Claim   string // the claim's name in the script (Walnut's eval): lrs41
	G       int
	Printed string // the statement as the paper prints it
	Source  string // where it is printed
	Formula au.Formula
}

// Step returns the theorem's claim.
func (th Theorem) Step() au.Step {
	n, r := au.V("n"), au.V("r")
	return au.Claim(th.Claim, au.ForAll("n r", au.Implies(au.Le(r, n), au.Iff(au.Pred(ClassName(th.G), n, r), th.Formula))))
}

// SchwenkTheorem is G(n, r) = 0 iff r < z_1(n), the least part of n's
// greedy representation in the multiplier's numeration: Schwenk's
// strategy, Frankl & Tokushige's Theorem 1 for the P-positions of n-times
// nim, Whinihan's for Fibonacci nim and Theorem 4.1 of Larsson &
// Rubinstein-Salzedo at a = 2.
func SchwenkTheorem() Theorem {
	return Theorem{Name: "SCHWENK", Claim: "schwenk", G: 0,
		Printed: "G(n, r) = 0 iff r < z_1(n), the least part of the greedy representation of n",
		Source:  "Schwenk (1970); Frankl & Tokushige (2003), Theorem 1",
		Formula: belowPart("zlow", au.V("r"))}
}

// PaperTheorems returns Theorems 4.1, 4.5, 4.6 and 4.7 of Larsson &
// Rubinstein-Salzedo (2016), as printed, as formulas in n, r over the
// least Zeckendorf parts (PartSteps). "r < z_2(n) - 1" is written
// r + 1 < z_2(n), the same for natural numbers, and true when z_2(n) is
// infinite. They are statements about a = 2.
func PaperTheorems() []Theorem {
	r := au.V("r")
	const src = "Larsson & Rubinstein-Salzedo, Grundy values of Fibonacci nim (2016), Theorem "
	return []Theorem{
		{"LRS-4.1", "lrs41", 0, "G(n, r) = 0 iff r < z_1(n)", src + "4.1", belowPart("zlow", r)},
		{"LRS-4.5", "lrs45", 1, "G(n, r) = 1 iff z_1(n) = 1 and 1 <= r < z_2(n)", src + "4.5",
			au.And(partIs("zlow", 1), au.Le(au.N(1), r), belowPart("ztwo", r))},
		{"LRS-4.6", "lrs46", 2, "G(n, r) = 2 iff z_1(n) = 2 and 2 <= r < z_2(n)", src + "4.6",
			au.And(partIs("zlow", 2), au.Le(au.N(2), r), belowPart("ztwo", r))},
		{"LRS-4.7", "lrs47", 3, "G(n, r) = 3 iff z_1(n) = 1, z_2(n) = 3, and 3 <= r < z_3(n), or z_1(n) = 3 and 3 <= r < z_2(n) - 1", src + "4.7",
			au.Or(au.And(partIs("zlow", 1), partIs("ztwo", 3), au.Le(au.N(3), r), belowPart("zthree", r)),
				au.And(partIs("zlow", 3), au.Le(au.N(3), r), belowPart("ztwo", au.Plus(r, au.N(1)))))},
	}
}

// TheoremsOf returns the theorems proved about multiplier a's classes:
// Schwenk's rule, and at a = 2 the paper's.
func TheoremsOf(a grundy.Multiplier) []Theorem {
	ths := []Theorem{SchwenkTheorem()}
	if a == grundy.Fibonacci {
		ths = append(ths, PaperTheorems()...)
	}
	return ths
}

// TheoremScript returns the parts' steps and the claims of the theorems
// whose value is at most K: Schwenk's rule for every multiplier, the
// paper's theorems at a = 2.
func TheoremScript(a grundy.Multiplier, K int) (au.Script, []Theorem) {
	ths := TheoremsOf(a)
	s := au.Script(PartSteps())
	var kept []Theorem
	for _, th := range ths {
		if th.G <= K {
			s = append(s, th.Step())
			kept = append(kept, th)
		}
	}
	return s, kept
}

// AdderScript is the adder's induction (automatic.AdderStatements) over
// the numeration's own + : def add "x+y=z" first, so that Walnut proves
// its msd_NAME_addition.txt to be addition.
func AdderScript() au.Script {
	x, y, z := au.V("x"), au.V("y"), au.V("z")
	return append(au.Script{au.Define("add", []string{"x", "y", "z"}, au.Eq(au.Plus(x, y), z))}, au.AdderStatements()...)
}

// ProofScript is everything a folder of proved classes S_0..S_K of
// multiplier a claims, in order: the adder's induction, the mex induction
// and the theorems. prove.txt is its Walnut form; the prover runs the same
// steps.
func ProofScript(a grundy.Multiplier, K int) au.Script {
	return ProofScriptFor(MethodMex, a, K)
}

// ProofScriptFor is ProofScript with the mex statements proved by method m:
// MexScript, or with MethodThresholds ThresholdScript.
func ProofScriptFor(m Method, a grundy.Multiplier, K int) au.Script {
	s := AdderScript()
	if m.norm() == MethodThresholds {
		s = append(s, ThresholdScript(a, K)...)
	} else {
		s = append(s, MexScript(a, K)...)
	}
	t, _ := TheoremScript(a, K)
	return append(s, t...)
}
