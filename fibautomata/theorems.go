package fibautomata

import (
	"fmt"
	"time"
)

// lowestPart returns the 2-track automaton of z = z_1(n), the smallest
// part of the Zeckendorf representation of n >= 1: z has a single 1, at
// the place of the last 1 of n (the regular expression
// ([0,0]|[1,0])* [1,1] [0,0]* on the tracks (n, z)).
func lowestPart() *Automaton {
	type st struct {
		last uint32 // n's last digit
		done bool   // the [1,1] has been read
	}
	return Minimize(explore(2, st{}, func(x st, sym uint32) (st, bool) {
		dn, dz := sym&1, sym>>1
		if x.last&dn != 0 {
			return st{}, false
		}
		switch {
		case x.done && sym != 0:
			return st{}, false
		case !x.done && dz == 1 && dn != 1:
			return st{}, false
		}
		return st{dn, x.done || dz == 1}, true
	}, func(x st) bool { return x.done }))
}

// DefineParts adds to e the predicates Z1, Z2, Z3 on (n, z): z is the
// i-th smallest part z_i(n) of the Zeckendorf representation of n. Z1 is
// read off the digits (lowestPart); z_2(n) = z_1(n - z_1(n)) and z_3(n) =
// z_2(n - z_1(n)) are defined in the logic. A missing part (fewer than i
// parts) is no z at all: infinity in the paper's convention.
func DefineParts(e *Env) error {
	e.Define("Z1", lowestPart())
	for i := 2; i <= 3; i++ {
		if _, err := e.DefineFormula(fmt.Sprintf("Z%d", i), []string{"n", "z"},
			Exists("a u", And(Pred("Z1", V("n"), V("a")), Eq(Plus(V("u"), V("a")), V("n")), Pred(fmt.Sprintf("Z%d", i-1), V("u"), V("z"))))); err != nil {
			return err
		}
	}
	return nil
}

// partIs is z_i(n) = c.
func partIs(i int, c int64) Formula {
	return Exists("z", And(Pred(fmt.Sprintf("Z%d", i), V("n"), V("z")), Eq(V("z"), N(c))))
}

// belowPart is t < z_i(n), true when n has fewer than i parts.
func belowPart(i int, t Term) Formula {
	z := fmt.Sprintf("Z%d", i)
	return Or(Not(Exists("z", Pred(z, V("n"), V("z")))), Exists("z", And(Pred(z, V("n"), V("z")), Lt(t, V("z")))))
}

// PaperTheorem is one of Larsson & Rubinstein-Salzedo's Section 4
// theorems, transcribed as printed.
type PaperTheorem struct {
	Name    string // "LRS-4.1"
	G       int    // the Grundy value it characterises
	Printed string // the statement as printed
	Formula Formula
}

// PaperTheorems returns Theorems 4.1, 4.5, 4.6 and 4.7 of Larsson &
// Rubinstein-Salzedo (2016), as printed, as formulas in n, r over the
// predicates Z1, Z2, Z3 (DefineParts). "r < z_2(n) - 1" is written
// r + 1 < z_2(n), the same for natural numbers, and true when z_2(n) is
// infinite.
func PaperTheorems() []PaperTheorem {
	r := V("r")
	return []PaperTheorem{
		{"LRS-4.1", 0, "G(n, r) = 0 iff r < z_1(n)", belowPart(1, r)},
		{"LRS-4.5", 1, "G(n, r) = 1 iff z_1(n) = 1 and 1 <= r < z_2(n)",
			And(partIs(1, 1), Le(N(1), r), belowPart(2, r))},
		{"LRS-4.6", 2, "G(n, r) = 2 iff z_1(n) = 2 and 2 <= r < z_2(n)",
			And(partIs(1, 2), Le(N(2), r), belowPart(2, r))},
		{"LRS-4.7", 3, "G(n, r) = 3 iff z_1(n) = 1, z_2(n) = 3, and 3 <= r < z_3(n), or z_1(n) = 3 and 3 <= r < z_2(n) - 1",
			Or(And(partIs(1, 1), partIs(2, 3), Le(N(3), r), belowPart(3, r)),
				And(partIs(1, 3), Le(N(3), r), belowPart(2, Plus(r, N(1)))))},
	}
}

// ProvePaperTheorems decides, for each theorem of PaperTheorems whose
// value g < len(p.S), whether for all n, r with r <= n the theorem's
// condition holds exactly on S_g. Once ProveMex has proved S_0..S_K, a
// theorem that holds here is proved for all n; one that fails is a
// disagreement between the print and the game, with its least (n, r).
func ProvePaperTheorems(p *Positions) ([]Statement, error) {
	e := NewEnv()
	if err := DefineParts(e); err != nil {
		return nil, err
	}
	var out []Statement
	for _, th := range PaperTheorems() {
		if th.G >= len(p.S) {
			continue
		}
		t := time.Now()
		sg := fmt.Sprintf("S%d", th.G)
		e.Define(sg, p.S[th.G])
		rel, err := e.Eval(th.Formula)
		if err != nil {
			return nil, err
		}
		st := Statement{Name: th.Name, Formula: fmt.Sprintf("for all n, r with r <= n: S_%d(n, r) <=> [%s]", th.G, th.Printed),
			States: map[string]int{sg: p.S[th.G].States(), "theorem": rel.A.States()}}
		if err := st.decide(e, Implies(Le(V("r"), V("n")), Iff(th.Formula, Pred(sg, V("n"), V("r")))), t); err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, nil
}
