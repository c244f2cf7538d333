package fibautomata

import (
	"fmt"
	"math"
	"math/big"
)

// Const returns the 1-track automaton of the number c >= 0: 0* followed
// by the Zeckendorf digits of c.
func Const(c *big.Int) *Automaton {
	d := Digits(c)
	return explore(1, 0, func(i int, sym uint32) (int, bool) {
		if i == 0 && sym == 0 {
			return 0, true
		}
		if i < len(d) && byte(sym) == d[i] {
			return i + 1, true
		}
		return 0, false
	}, func(i int) bool { return i == len(d) })
}

// Equal2 returns the 2-track automaton of x = y.
func Equal2() *Automaton {
	return Minimize(explore(2, uint32(0), func(last, sym uint32) (uint32, bool) {
		return sym, sym&1 == sym>>1 && last&sym == 0
	}, func(uint32) bool { return true }))
}

// Less returns the 2-track automaton of x < y. Zeckendorf words of one
// length compare in the lexicographic order of their digits as their
// numbers do (the greedy algorithm; Zeckendorf 1972), so it reads the
// tracks until the first differing digit.
func Less() *Automaton {
	type st struct {
		last uint32
		lt   bool
	}
	return Minimize(explore(2, st{}, func(x st, sym uint32) (st, bool) {
		if x.last&sym != 0 {
			return st{}, false
		}
		if !x.lt && sym == 1 { // x has 1, y has 0 at the first difference
			return st{}, false
		}
		return st{sym, x.lt || sym == 2}, true
	}, func(x st) bool { return x.lt }))
}

// adderCandidate returns the 3-track automaton of x + y = z (tracks x, y,
// z), built from the digits as Frougny's normalisation suggests: with L
// digits still to read, the digits read so far contribute
// u F_{L+2} + v F_{L+1} to x + y - z, and a digit d = x_i + y_i - z_i
// turns (u, v) into (u + v + d, u). The word is accepted when u + v = 0
// at the end. States whose w = u phi + v is so large that no suffix can
// bring the difference back to 0 are dropped (|w| <= 9 on every accepting
// path; see ProveAdder, which proves the result rather than trusting this
// bound).
func adderCandidate() *Automaton {
	phi := (1 + math.Sqrt(5)) / 2
	type st struct {
		u, v int
		last uint32
	}
	return Minimize(explore(3, st{}, func(x st, sym uint32) (st, bool) {
		if x.last&sym != 0 {
			return st{}, false
		}
		d := int(sym&1) + int(sym>>1&1) - int(sym>>2&1)
		u, v := x.u+x.v+d, x.u
		w := float64(u)*phi + float64(v)
		wb := float64(u)*(1-phi) + float64(v)
		if math.Abs(w) > 12 || math.Abs(wb) > 12 {
			return st{}, false
		}
		return st{u, v, sym}, true
	}, func(x st) bool { return x.u+x.v == 0 }))
}

var adder = adderCandidate()

// Adder returns the 3-track automaton of x + y = z (tracks x, y, z). It is
// proved for all x, y, z by ProveAdder.
func Adder() *Automaton { return adder.Clone() }

// ProveAdder proves, with this package's own decision procedure and
// without +, that Adder accepts exactly the triples (x, y, x+y). The
// successor is defined from < (x' = x+1 iff x < x' and nothing lies
// between), and < is the lexicographic order of Zeckendorf words (Less).
// The three statements below give, by induction on x, A(x, y, z) iff
// z = x + y for all x, y, z:
//
//	for all y, z:             A(0, y, z) <=> y = z
//	for all x, x', y, z, z':  succ(x, x') and succ(z, z') => (A(x', y, z') <=> A(x, y, z))
//	for all x, x', y:         succ(x, x') => not A(x', y, 0)
//
// It returns an error naming the first statement that fails, with its
// least counterexample.
func ProveAdder() error {
	return proveAdder(adder)
}

func proveAdder(cand *Automaton) error {
	e := NewEnv()
	e.Define("A", cand)
	succ, err := e.DefineFormula("succ", []string{"x", "y"},
		And(Lt(V("x"), V("y")), Not(Exists("t", And(Lt(V("x"), V("t")), Lt(V("t"), V("y")))))))
	if err != nil {
		return err
	}
	_ = succ
	A := func(x, y, z Term) Formula { return Pred("A", x, y, z) }
	S := func(x, y string) Formula { return Pred("succ", V(x), V(y)) }
	stmts := []struct {
		name string
		f    Formula
	}{
		{"A(0,y,z) <=> y=z", Iff(A(N(0), V("y"), V("z")), Eq(V("y"), V("z")))},
		{"succ(x,x') & succ(z,z') => (A(x',y,z') <=> A(x,y,z))",
			Implies(And(S("x", "xp"), S("z", "zp")), Iff(A(V("xp"), V("y"), V("zp")), A(V("x"), V("y"), V("z"))))},
		{"succ(x,x') => not A(x',y,0)", Implies(S("x", "xp"), Not(A(V("xp"), V("y"), N(0))))},
	}
	for _, s := range stmts {
		ok, cx, err := e.Holds(s.f)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("adder: %s fails at %v", s.name, cx)
		}
	}
	return nil
}
