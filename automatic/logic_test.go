package automatic

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"
)

// mustEval compiles f in e and returns its automaton with tracks in the
// order of vars.
func mustEval(t *testing.T, e *Env, vars []string, f Formula) *Automaton {
	t.Helper()
	r, err := e.Eval(t.Context(), f)
	if err != nil {
		t.Fatal(err)
	}
	a, err := r.Order(vars)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

var x, y, z = V("x"), V("y"), V("z")

// heavy names the statements whose compilation in a003411 (the adder has
// 5,281 states there) takes more than a second of CPU, with what they
// took on the 2-core VM: they are not decided in a003411 here (issue 45
// asks for no step with more than three free variables; these joins make
// 4-track products). short names those skipped under -short.
var (
	heavy = map[string]string{
		"exists y: x = 3y + 1":                "1 s at load 12 (55 s of CPU before sums joined their constants first)",
		"exists t: y = x + 2t":                "52 s at load 12, a 4-track product of 1.5 million states",
		"2x + 3 <= y + 7":                     "0.2 s at load 12 (12 s of CPU before sums joined their constants first)",
		"y = 5x":                              "2.7 s of CPU",
		"y = 7x":                              "56 s at load 12 (the product's search and its proof by induction)",
		"y = 10x":                             "2 min 23 s at load 12, 5.1 million states (doubling and adding)",
		"y = the least multiple of 3 above x": "more than 24 s of CPU",
		"forall z <= x exists w <= y: z + w = x | z = w + y": "more than 28 s of CPU",
	}
	short = map[string]bool{"y = 3x": true, "y = 7x": true, "y = 10x": true, "exists y: x = 3y + 1": true,
		"y = the least multiple of 3 above x": true, "forall z <= x exists w <= y: z + w = x | z = w + y": true}
)

// skipHeavy reports whether the statement name is skipped in s.
func skipHeavy(t *testing.T, s *system, name string) bool {
	if why, ok := heavy[name]; ok && s.c == 3 {
		t.Logf("%s: %s not decided here (%s)", s.name, name, why)
		return true
	}
	return testing.Short() && short[name] && s.c >= 2
}

// Arithmetic statements against brute force in every system: linear
// forms, differences on N, multiplication by constants, and nested
// quantifiers whose bounds make brute force the definition.
func TestLogicArithmetic(t *testing.T) {
	three := func(v Term) Formula { return Exists("t", Eq(v, Times(3, V("t")))) }
	type rel struct {
		name  string
		vars  []string
		f     Formula
		bound uint64
		want  func(v []uint64) bool
	}
	rels := []rel{
		{"exists y: x = 3y + 1", []string{"x"}, Exists("y", Eq(x, Plus(Times(3, y), N(1)))), b1,
			func(v []uint64) bool { return v[0]%3 == 1 }},
		{"exists y: x = 1 + 2y", []string{"x"}, Exists("y", Eq(x, Plus(N(1), Times(2, y)))), b1,
			func(v []uint64) bool { return v[0]%2 == 1 }},
		{"exists y: x = 1 + 3y", []string{"x"}, Exists("y", Eq(x, Plus(N(1), Times(3, y)))), b1,
			func(v []uint64) bool { return v[0]%3 == 1 }},
		{"exists t: y = x + 2t", []string{"x", "y"}, Exists("t", Eq(y, Plus(x, Times(2, V("t"))))), b2,
			func(v []uint64) bool { return v[1] >= v[0] && (v[1]-v[0])%2 == 0 }},
		{"z = x - y", []string{"x", "y", "z"}, Eq(z, Minus(x, y)), b3,
			func(v []uint64) bool { return v[0] >= v[1] && v[2] == v[0]-v[1] }},
		{"x - y < 3 (defined where x >= y)", []string{"x", "y"}, Lt(Minus(x, y), N(3)), b2,
			func(v []uint64) bool { return v[0] >= v[1] && v[0]-v[1] < 3 }},
		{"2x + 3 <= y + 7", []string{"x", "y"}, Le(Plus(Times(2, x), N(3)), Plus(y, N(7))), b2,
			func(v []uint64) bool { return 2*v[0]+3 <= v[1]+7 }},
		{"forall y <= x exists z: z + y = x", []string{"x"}, ForAll("y", Implies(Le(y, x), Exists("z", Eq(Plus(z, y), x)))), b1,
			func([]uint64) bool { return true }},
		{"y = the least multiple of 3 above x", []string{"x", "y"}, And(Lt(x, y), three(y), ForAll("z", Implies(And(Lt(x, z), Lt(z, y)), Not(three(z))))), b2,
			func(v []uint64) bool { return v[1] == v[0]+3-v[0]%3 }},
		{"forall z <= x exists w <= y: z + w = x | z = w + y", []string{"x", "y"},
			ForAll("z", Implies(Le(z, x), Exists("w", And(Le(V("w"), y), Or(Eq(Plus(z, V("w")), x), Eq(z, Plus(V("w"), y))))))), b2,
			func(v []uint64) bool {
				for zz := uint64(0); zz <= v[0]; zz++ {
					found := false
					for w := uint64(0); w <= v[1] && !found; w++ {
						found = zz+w == v[0] || zz == w+v[1]
					}
					if !found {
						return false
					}
				}
				return true
			}},
	}
	for _, s := range systems() {
		e := NewEnv(s.ns)
		for _, r := range rels {
			if skipHeavy(t, s, r.name) {
				continue
			}
			checkRel(t, s, r.name, mustEval(t, e, r.vars, r.f), r.bound, r.want)
		}
		for _, c := range []int64{0, 1, 2, 3, 5, 7, 10} {
			name := fmt.Sprintf("y = %dx", c)
			if skipHeavy(t, s, name) {
				continue
			}
			a := mustEval(t, e, []string{"x", "y"}, Eq(y, Times(c, x)))
			checkRel(t, s, name, a, b2, func(v []uint64) bool { return v[1] == uint64(c)*v[0] })
			for xv := range uint64(b1) {
				yv := uint64(c) * xv
				if !member(s, a, []uint64{xv, yv}) || member(s, a, []uint64{xv, yv + 1}) || yv > 0 && member(s, a, []uint64{xv, yv - 1}) {
					t.Fatalf("%s: y = %d x at x = %d", s.name, c, xv)
				}
			}
		}
		// constants beyond 64 bits: x = 10^30 + y
		big30 := new(big.Int).Exp(big.NewInt(10), big.NewInt(30), nil)
		a := mustEval(t, e, []string{"x", "y"}, Eq(x, Plus(C(big30), y)))
		for _, yv := range []int64{0, 1, 12345} {
			xv := new(big.Int).Add(big30, big.NewInt(yv))
			if !acceptsWord(a, s.wordBig([]*big.Int{xv, big.NewInt(yv)})) || acceptsWord(a, s.wordBig([]*big.Int{xv, big.NewInt(yv + 1)})) {
				t.Errorf("%s: x = 10^30 + y at y = %d", s.name, yv)
			}
		}
	}
}

// Holds: true statements, and false ones with their least counterexample
// (variables in increasing order of name), found by brute force here.
func TestHolds(t *testing.T) {
	for _, s := range systems() {
		e := NewEnv(s.ns)
		for _, c := range []struct {
			name string
			f    Formula
			want string // "" when it holds
		}{
			{"x + y = y + x", Eq(Plus(x, y), Plus(y, x)), ""},
			{"x + x = 2x", Eq(Plus(x, x), Times(2, x)), ""},
			{"every x is 2y or 1+2y", Exists("y", Or(Eq(x, Times(2, y)), Eq(x, Plus(N(1), Times(2, y))))), ""},
			{"x < y => x + 1 <= y", Implies(Lt(x, y), Le(Plus(x, N(1)), y)), ""},
			{"every x is even", Exists("y", Eq(x, Times(2, y))), "x=1"},
			{"y <= x => 2y != x + 5", Implies(Le(y, x), Not(Eq(Times(2, y), Plus(x, N(5))))), bruteCounter(func(x, y uint64) bool { return !(y <= x) || 2*y != x+5 })},
			{"x + y != 17 or x > 2y", Or(Not(Eq(Plus(x, y), N(17))), Lt(Times(2, y), x)), bruteCounter(func(x, y uint64) bool { return x+y != 17 || x > 2*y })},
			{"truth", Truth(true), ""},
			{"falsity", Truth(false), "none"},
		} {
			ok, cx, err := e.Holds(t.Context(), c.f)
			if err != nil {
				t.Fatalf("%s %s: %v", s.name, c.name, err)
			}
			got := ""
			if !ok {
				got = bindings(cx)
			}
			if got != c.want {
				t.Errorf("%s: %s: Holds says %q, brute force %q", s.name, c.name, got, c.want)
			}
		}
		// negative control: even defined by a formula, then flipped at 9: the
		// claim that it is "exists y: x = 2y" fails, at 9.
		even := mustEval(t, e, []string{"x"}, Exists("y", Eq(x, Times(2, y))))
		claim := Iff(Pred("even", x), Exists("y", Eq(x, Times(2, y))))
		for _, c := range []struct {
			a    *Automaton
			want string
		}{{even, ""}, {xorPoint(even, s.word([]uint64{9})), "x=9"}, {xorPoint(even, s.word([]uint64{0})), "x=0"}} {
			if err := e.Define("even", c.a); err != nil {
				t.Fatal(err)
			}
			ok, cx, err := e.Holds(t.Context(), claim)
			if got := bindings(cx); err != nil || ok != (c.want == "") || got != c.want && c.want != "" {
				t.Errorf("%s: even flipped: Holds %v %q %v, want %q", s.name, ok, got, err, c.want)
			}
		}
	}
}

// bruteCounter returns the least (x, y) (x first) with p false, among
// x < 200 and y <= 2x + 20 (where the statements above have theirs), as
// "x=.. y=..", or "" when there is none.
func bruteCounter(p func(x, y uint64) bool) string {
	for x := range uint64(200) {
		for y := uint64(0); y <= 2*x+20; y++ {
			if !p(x, y) {
				return fmt.Sprintf("x=%d y=%d", x, y)
			}
		}
	}
	return ""
}

func bindings(cx []Binding) string {
	if cx == nil {
		return "none"
	}
	var parts []string
	for _, b := range cx {
		parts = append(parts, b.Var+"="+b.Value.String())
	}
	return strings.Join(parts, " ")
}

// Formulas that do not compile are refused with errors that say why.
func TestLogicRefuses(t *testing.T) {
	ns := Zeckendorf()
	e := NewEnv(ns)
	if err := e.Define("even", mustEval(t, e, []string{"x"}, Exists("y", Eq(x, Times(2, y))))); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		f    Formula
		want string
	}{
		{Pred("nothing", x), "unknown predicate nothing"},
		{Pred("even", x, y), "predicate even has 1 tracks, given 2"},
		{Eq(V("_t1"), x), `bad variable name "_t1"`},
		{Eq(V("1x"), x), `bad variable name "1x"`},
		{Eq(V("A"), x), `bad variable name "A"`},
		{Exists("E", Eq(x, x)), `bad variable name "E"`},
		{ForAll("a-b", Eq(x, x)), `bad variable name "a-b"`},
		{Eq(C(big.NewInt(-1)), x), "negative constant -1"},
		{Eq(TimesBig(big.NewInt(-2), x), y), "negative factor -2"},
	} {
		if _, err := e.Eval(t.Context(), c.f); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Eval(%s): %v, want %q", Print(c.f, nil), err, c.want)
		}
	}
	if _, err := e.DefineFormula(t.Context(), "p", []string{"x"}, Lt(x, y)); err == nil || !strings.Contains(err.Error(), "free variables are [x y]") {
		t.Errorf("DefineFormula with a missing variable: %v", err)
	}
	if _, err := e.DefineFormula(t.Context(), "p", []string{"x", "x", "y"}, Lt(x, y)); err == nil {
		t.Error("DefineFormula with a repeated variable")
	}
	if err := e.Define("bad name", Less(ns)); err == nil || !strings.Contains(err.Error(), `bad predicate name "bad name"`) {
		t.Errorf("Define with a bad name: %v", err)
	}
	if err := e.Define("lt2", Less(Binary())); err == nil || !strings.Contains(err.Error(), "lt2 is over msd_bin, the Env over msd_fib") {
		t.Errorf("Define over another numeration: %v", err)
	}
	// negative control: the same formulas with good names compile
	if _, err := e.Eval(t.Context(), And(Pred("even", x), Exists("y2", Eq(V("y2"), x)))); err != nil {
		t.Error(err)
	}
	if e.Lookup("even") == nil || e.Lookup("nothing") != nil {
		t.Error("Lookup")
	}
}

// rawAutomaton builds an automaton from a table, unminimised: next[s][sym].
func rawAutomaton(ns *Numeration, k int, accept []bool, next [][]int32) *Automaton {
	a := &Automaton{ns: ns, k: k, accept: accept}
	for _, row := range next {
		a.next = append(a.next, row...)
	}
	return a
}

// Sound's three checks (the declared tracks, valid words only, closed
// under leading zeros), each with an automaton that fails it and the
// repaired one that passes; Env.Define refuses what Sound refuses.
func TestSound(t *testing.T) {
	for _, s := range systems() {
		ns := s.ns
		e := NewEnv(ns)
		// tracks
		if err := Sound(Less(ns), 2); err != nil {
			t.Errorf("%s: Less: %v", s.name, err)
		}
		if err := Sound(Less(ns), 3); err == nil || !strings.Contains(err.Error(), "2 tracks, want 3") {
			t.Errorf("%s: Less on 3 tracks: %v", s.name, err)
		}
		// closed under leading zeros: exactly the word 1 (not 01), then 0*1
		one := rawAutomaton(ns, 1, []bool{false, true}, [][]int32{{-1, 1}, {-1, -1}})
		if err := Sound(one, 1); err == nil || !strings.Contains(err.Error(), "not closed under leading zeros") {
			t.Errorf("%s: the word 1 alone: %v", s.name, err)
		}
		if err := e.Define("one", one); err == nil || !strings.Contains(err.Error(), "one: automatic: not closed under leading zeros") {
			t.Errorf("%s: Define of the word 1 alone: %v", s.name, err)
		}
		oneZ := rawAutomaton(ns, 1, []bool{false, true}, [][]int32{{0, 1}, {-1, -1}})
		if err := Sound(oneZ, 1); err != nil {
			t.Errorf("%s: 0*1: %v", s.name, err)
		}
		if err := e.Define("one", oneZ); err != nil {
			t.Errorf("%s: Define of 0*1: %v", s.name, err)
		}
		// also the other way: the empty word accepted, 0 not
		eps := rawAutomaton(ns, 1, []bool{true}, [][]int32{{-1, -1}})
		if err := Sound(eps, 1); err == nil || !strings.Contains(err.Error(), "not closed under leading zeros (w = the empty word") {
			t.Errorf("%s: the empty word alone: %v", s.name, err)
		}
		// valid words: 0*(1|11); 11 is valid in base 2 only
		ones := rawAutomaton(ns, 1, []bool{false, true, true}, [][]int32{{0, 1}, {-1, 2}, {-1, -1}})
		err := Sound(ones, 1)
		if s.name == "bin" {
			if err != nil {
				t.Errorf("bin: 0*(1|11): %v", err)
			}
		} else {
			if err == nil || !strings.Contains(err.Error(), "accepts a word that is not valid in msd_"+s.name+" (11)") {
				t.Errorf("%s: 0*(1|11): %v", s.name, err)
			}
			if err := e.Define("ones", ones); err == nil {
				t.Errorf("%s: Define accepted 11", s.name)
			}
			if err := Sound(Intersect(ones, ns.Valid(1)), 1); err != nil {
				t.Errorf("%s: 0*(1|11) cut to the valid words: %v", s.name, err)
			}
		}
		// two tracks: [1,1] is x = y = 1, valid; [1,1][1,1] is invalid but in base 2
		pair := rawAutomaton(ns, 2, []bool{false, true, true}, [][]int32{{0, -1, -1, 1}, {-1, -1, -1, 2}, {-1, -1, -1, -1}})
		if err := Sound(pair, 2); (err == nil) != (s.name == "bin") {
			t.Errorf("%s: [1,1][1,1]: %v", s.name, err)
		}
	}
}

// Budget and context: a tiny state budget stops Eval and ProjectContext
// with a *BudgetError; a cancelled context stops them with its error;
// Largest reports the largest automaton of the last Eval.
func TestBudgetAndContext(t *testing.T) {
	for _, s := range systems() {
		e := NewEnv(s.ns)
		f := Exists("y", Eq(x, Plus(N(1), Times(2, y))))
		if _, err := e.Eval(t.Context(), f); err != nil {
			t.Fatal(err)
		}
		sz := e.Largest()
		if sz.States < 2 || sz.Tracks < 1 || sz.String() != fmt.Sprintf("%d states, %d tracks", sz.States, sz.Tracks) {
			t.Errorf("%s: Largest after an Eval: %v", s.name, sz)
		}
		t.Logf("%s: exists y: x = 1 + 2y: the largest automaton had %v", s.name, sz)
		e.Budget = 3
		_, err := e.Eval(t.Context(), f)
		var be *BudgetError
		if !IsBudget(err) || !errors.As(err, &be) || be.Budget != 3 || !strings.Contains(err.Error(), "more than 3 states") {
			t.Errorf("%s: Eval with a budget of 3: %v", s.name, err)
		}
		if _, _, err := e.Holds(t.Context(), f); !IsBudget(err) {
			t.Errorf("%s: Holds with a budget of 3: %v", s.name, err)
		}
		e.Budget = 0
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		if _, err := e.Eval(ctx, f); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: Eval with a cancelled context: %v", s.name, err)
		}
		if IsBudget(context.Canceled) || IsBudget(nil) {
			t.Error("IsBudget of a context error")
		}
	}
}

// distanceN is the 2-track relation of base 2: y is a power of 2 at a
// position where x has a 1, and x has a 1 n digits below it. Its
// projection on x ("two 1s at distance n") needs about 2^n states.
func distanceN(ns *Numeration, n int) *Automaton {
	// states: 0 before y's 1; 1..n counting down after it; n+1 done
	next := make([][]int32, n+2)
	for s := range next {
		next[s] = []int32{-1, -1, -1, -1}
	}
	next[0][0], next[0][1] = 0, 0 // y = 0, x any
	next[0][3] = 1                // y = 1 and x = 1
	for s := 1; s <= n; s++ {
		if s < n {
			next[s][0], next[s][1] = int32(s+1), int32(s+1)
		} else {
			next[s][1] = int32(n + 1) // x = 1, n below
		}
	}
	next[n+1][0], next[n+1][1] = int32(n+1), int32(n+1)
	acc := make([]bool, n+2)
	acc[n+1] = true
	return rawAutomaton(ns, 2, acc, next)
}

func TestProjectContext(t *testing.T) {
	s := systems()[0]
	a := distanceN(s.ns, 10)
	if err := Sound(a, 2); err != nil {
		t.Fatal(err)
	}
	p, err := ProjectContext(t.Context(), a, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	checkRel(t, s, "two 1s at distance 10", p, 1<<13, func(v []uint64) bool {
		return v[0]&(v[0]<<10) != 0
	})
	if !p.Equal(Project(a, 1)) {
		t.Error("ProjectContext without a budget differs from Project")
	}
	t.Logf("the projection has %d states", p.States())
	_, err = ProjectContext(t.Context(), a, 1, 50)
	var be *BudgetError
	if !errors.As(err, &be) || be.Budget != 50 || be.Tracks != 1 || be.Op != "projection" {
		t.Errorf("ProjectContext with a budget of 50: %v", err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := ProjectContext(ctx, a, 1, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("ProjectContext with a cancelled context: %v", err)
	}
}

// The statements of the package's Example in every system: the least n
// that is not a sum of at most k weights (0 allowed, repetitions allowed),
// for k = 2 and 3, against brute force.
func TestSumsOfWeights(t *testing.T) {
	for _, s := range systems() {
		e := NewEnv(s.ns)
		w, err := CompileRegex(s.ns, 1, "0*10*")
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Define("w", w); err != nil {
			t.Fatal(err)
		}
		if _, err := e.DefineFormula(t.Context(), "part", []string{"x"}, Or(Eq(x, N(0)), Pred("w", x))); err != nil {
			t.Fatal(err)
		}
		a, b, c, n := V("a"), V("b"), V("c"), V("n")
		for k, f := range map[int]Formula{
			2: Exists("a b", And(Pred("part", a), Pred("part", b), Eq(n, Plus(a, b)))),
			3: Exists("a b c", And(Pred("part", a), Pred("part", b), Pred("part", c), Eq(n, Plus(a, b, c)))),
		} {
			if k == 3 && s.c == 3 {
				// four variables beside the 5,281-state adder: not done in 10 minutes
				t.Logf("%s: every n a sum of 3 weights: not decided here (more than 10 min on the 2-core VM)", s.name)
				continue
			}
			ok, cx, err := e.Holds(t.Context(), f)
			if err != nil {
				t.Fatal(err)
			}
			// brute force: the least n below 10^5 that is no sum of k parts
			parts := append([]uint64{0}, s.w...)
			sums := map[uint64]bool{0: true}
			for range k {
				next := map[uint64]bool{}
				for v := range sums {
					for _, p := range parts {
						if v+p < 100000 {
							next[v+p] = true
						}
					}
				}
				sums = next
			}
			want := "none below 10^5"
			for v := uint64(0); v < 100000; v++ {
				if !sums[v] {
					want = fmt.Sprintf("n=%d", v)
					break
				}
			}
			got := "none below 10^5"
			if !ok {
				got = bindings(cx)
			}
			if got != want {
				t.Errorf("%s: every n a sum of %d weights: Holds %q, brute force %q", s.name, k, got, want)
			}
			t.Logf("%s: the least n that is no sum of %d weights: %s", s.name, k, got)
		}
	}
}
