package fibautomata

import (
	"context"
	"fmt"
	"math/big"
	"time"
)

// Positions holds candidate sets of positions of Fibonacci nim by Grundy
// value: S[g] (tracks n, r) is meant to be {(n, r) : r <= n, G(n, r) = g}.
type Positions struct {
	S []*Automaton
}

// PositionsFromThresholds defines S_g for g = 0..len(T)-2 in the logic
// from the threshold automata T[g] (tracks n, y; y = R'_g(n)):
//
//	S_g(n, r) <=> r <= n and exists a, b: T_g(n, a) and T_{g+1}(n, b) and a <= r < b.
//
// T[0] may be nil: R'_0 = 0.
func PositionsFromThresholds(T []*Automaton) (*Positions, error) {
	e := NewEnv()
	for g, t := range T {
		if t == nil && g == 0 {
			r, err := e.Eval(Eq(V("y"), N(0)))
			if err != nil {
				return nil, err
			}
			t, _ = r.Order([]string{"n", "y"})
		}
		if t.Tracks() != 2 {
			return nil, fmt.Errorf("fibautomata: threshold %d has %d tracks, want 2", g, t.Tracks())
		}
		e.Define(fmt.Sprintf("T%d", g), t)
	}
	p := &Positions{}
	for g := 0; g+1 < len(T); g++ {
		f := And(Le(V("r"), V("n")), Exists("a b", And(
			Pred(fmt.Sprintf("T%d", g), V("n"), V("a")),
			Pred(fmt.Sprintf("T%d", g+1), V("n"), V("b")),
			Le(V("a"), V("r")), Lt(V("r"), V("b")))))
		s, err := e.DefineFormula(fmt.Sprintf("S%d", g), []string{"n", "r"}, f)
		if err != nil {
			return nil, err
		}
		p.S = append(p.S, s)
	}
	return p, nil
}

// Statement is the verdict of one induction statement.
type Statement struct {
	Name    string
	Formula string         // as printed (the package's notation)
	Holds   bool           // proved for all n, r
	Counter []*big.Int     // the least (n, r) where it fails, if it fails
	States  map[string]int // sizes of the automata it built
	Time    time.Duration
}

// MoveFormula is the move of Fibonacci nim from (n, r) taking k tokens,
// as a relation on (k, m, n, s): m = n - k and s = min(2k, m).
func MoveFormula() Formula {
	k, m, n, s := V("k"), V("m"), V("n"), V("s")
	return And(Eq(Plus(m, k), n), Or(
		And(Le(Times(2, k), m), Eq(s, Times(2, k))),
		And(Lt(m, Times(2, k)), Eq(s, m))))
}

// ProveMex proves, for g = 0..len(S)-1, the mex-induction statement
//
//	for all n, r with r <= n:
//	  S_g(n, r) <=> (for each d < g, some move from (n, r) lands in S_d)
//	                and no move from (n, r) lands in S_g,
//
// where a move takes 1 <= k <= r tokens to (n-k, min(2k, n-k)). Every move
// lowers n, so if all of them hold, S_g is the set of positions of value g
// for every n, by induction on n (Sprague-Grundy: G is the mex of the
// values of the moves). It returns one Statement per g.
//
// ctx is looked at between statements: one statement runs to its end (up
// to minutes for g = 8), so a caller that must stop at once runs ProveMex
// in a goroutine of its own, as compute automata does.
func ProveMex(ctx context.Context, p *Positions) ([]Statement, error) {
	e := NewEnv()
	t0 := time.Now()
	mv, err := e.DefineFormula("mv", []string{"n", "k", "m", "s"}, MoveFormula())
	if err != nil {
		return nil, err
	}
	moveTime := time.Since(t0)
	K := len(p.S)
	lands := make([]*Automaton, K)
	moves := make([]*Automaton, K)
	var out []Statement
	for g := range K {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		st := Statement{Name: fmt.Sprintf("mex-%d", g), States: map[string]int{}}
		t := time.Now()
		if g == 0 {
			st.States["move"] = mv.States()
			t = t.Add(-moveTime)
		}
		sg := fmt.Sprintf("S%d", g)
		e.Define(sg, p.S[g])
		st.States[sg] = p.S[g].States()
		// lands_g(n, k): taking k from n lands in S_g.
		lands[g], err = e.DefineFormula(fmt.Sprintf("L%d", g), []string{"n", "k"},
			Exists("m s", And(Pred("mv", V("n"), V("k"), V("m"), V("s")), Pred(sg, V("m"), V("s")))))
		if err != nil {
			return nil, err
		}
		st.States[fmt.Sprintf("L%d", g)] = lands[g].States()
		// M_g(n, r): some move from (n, r) lands in S_g.
		moves[g], err = e.DefineFormula(fmt.Sprintf("M%d", g), []string{"n", "r"},
			Exists("k", And(Le(N(1), V("k")), Le(V("k"), V("r")), Pred(fmt.Sprintf("L%d", g), V("n"), V("k")))))
		if err != nil {
			return nil, err
		}
		st.States[fmt.Sprintf("M%d", g)] = moves[g].States()
		rhs := []Formula{Not(Pred(fmt.Sprintf("M%d", g), V("n"), V("r")))}
		for d := range g {
			rhs = append(rhs, Pred(fmt.Sprintf("M%d", d), V("n"), V("r")))
		}
		f := Implies(Le(V("r"), V("n")), Iff(Pred(sg, V("n"), V("r")), And(rhs...)))
		st.Formula = mexText(g)
		if err := st.decide(e, f, t); err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, nil
}

// decide proves f, a statement over n and r, and records in st its
// verdict, the least (n, r) that breaks it, and the time since t.
func (st *Statement) decide(e *Env, f Formula, t time.Time) error {
	ok, cx, err := e.Holds(f)
	if err != nil {
		return err
	}
	st.Holds = ok
	if !ok {
		st.Counter = []*big.Int{cx["n"], cx["r"]}
	}
	st.Time = time.Since(t)
	return nil
}

func mexText(g int) string {
	s := fmt.Sprintf("for all n, r with r <= n: S_%d(n, r) <=> ", g)
	for d := range g {
		s += fmt.Sprintf("(exists k in [1, r]: S_%d(n-k, min(2k, n-k))) and ", d)
	}
	return s + fmt.Sprintf("not (exists k in [1, r]: S_%d(n-k, min(2k, n-k)))", g)
}
