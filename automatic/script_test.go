package automatic

import (
	"strings"
	"testing"
)

// Env.Run of a small script in every system: a definition, a regular
// expression, a claim that holds and one that fails with its least
// counterexample (brute force: 1 is a weight and odd).
func TestRun(t *testing.T) {
	for _, s := range systems() {
		e := NewEnv(s.ns)
		script := Script{
			Define("even", []string{"x"}, Exists("y", Eq(x, Times(2, y)))),
			Regex("weight", []string{"x"}, "0*10*"),
			Claim("even_or_next", Or(Pred("even", x), Pred("even", Plus(x, N(1))))),
			Claim("weights_even", Implies(Pred("weight", x), Pred("even", x))),
			Claim("closed", ForAll("x", Exists("y", Lt(x, y)))),
		}
		res, err := e.Run(t.Context(), script)
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if len(res) != len(script) {
			t.Fatalf("%s: %d results for %d steps", s.name, len(res), len(script))
		}
		even := e.Lookup("even")
		checkRel(t, s, "the script's even", even, b1, func(v []uint64) bool { return v[0]%2 == 0 })
		checkRel(t, s, "the script's weight", e.Lookup("weight"), b1, func(v []uint64) bool {
			for _, w := range s.w {
				if w == v[0] {
					return true
				}
			}
			return false
		})
		if r := res[0]; r.Kind != DefineStep || r.Name != "even" || r.Size != (Size{even.States(), 1}) || r.Largest.States < r.Size.States {
			t.Errorf("%s: result of the definition: %+v", s.name, r)
		}
		if r := res[1]; r.Kind != RegexStep || r.Size.Tracks != 1 || r.Size.States != e.Lookup("weight").States() {
			t.Errorf("%s: result of the regex: %+v", s.name, r)
		}
		if r := res[2]; r.Kind != ClaimStep || !r.Holds || r.Least != nil || r.CounterString() != "" {
			t.Errorf("%s: even_or_next: %+v", s.name, r)
		}
		if r := res[3]; r.Holds || r.CounterString() != "x = 1" || r.Value("x").Int64() != 1 || r.Value("y") != nil {
			t.Errorf("%s: weights_even: holds %v at %q", s.name, r.Holds, r.CounterString())
		}
		if r := res[4]; !r.Holds {
			t.Errorf("%s: closed: %+v", s.name, r)
		}
		// a step that does not compile stops the run, with the results so far
		res, err = e.Run(t.Context(), Script{Claim("ok", Eq(x, x)), Claim("bad", Pred("nothing", x)), Claim("never", Eq(x, x))})
		if err == nil || len(res) != 1 || !strings.Contains(err.Error(), "bad: ") {
			t.Errorf("%s: a failing step: %d results, %v", s.name, len(res), err)
		}
	}
	r := Result{Least: []Binding{{"n", bigs(29)[0]}, {"r", bigs(8)[0]}}}
	if r.CounterString() != "(n, r) = (29, 8)" {
		t.Errorf("CounterString: %q", r.CounterString())
	}
}

// A definition whose variables are not in alphabetical order: the prover
// keeps the given track order, Walnut orders a def's free variables
// alphabetically, so Script.Walnut permutes the arguments at every call.
func TestScriptWalnutOrder(t *testing.T) {
	ns := Zeckendorf()
	script := Script{
		// p(y, x) := x < y: track 0 is y.
		Define("p", []string{"y", "x"}, Lt(x, y)),
		Define("q", []string{"a", "b"}, Lt(V("a"), V("b"))),
		Claim("below3", Implies(Pred("p", N(3), z), Lt(z, N(3)))),
		Claim("swap", Iff(Pred("p", x, y), Pred("q", y, x))),
		Regex("z1", []string{"n", "z"}, "([0,0]|[1,0])*[1,1][0,0]*"),
	}
	want := `def p "?msd_fib x<y";
def q "?msd_fib a<b";
eval below3 "?msd_fib A z $p(z,3)=>z<3";
eval swap "?msd_fib A x,y $p(y,x)<=>$q(y,x)";
reg z1 msd_fib msd_fib "([0,0]|[1,0])*[1,1][0,0]*";
`
	if got := script.Walnut(ns); got != want {
		t.Errorf("Script.Walnut:\n%s\nwant\n%s", got, want)
	}
	// The prover reads the same script with the given track order.
	e := NewEnv(ns)
	res, err := e.Run(t.Context(), script)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if r.Kind == ClaimStep && !r.Holds {
			t.Errorf("%s fails at %s", r.Name, r.CounterString())
		}
	}
	s := systems()[1]
	checkRel(t, s, "p(y, x) := x < y", e.Lookup("p"), b2, func(v []uint64) bool { return v[1] < v[0] })
	// negative control: with the arguments not permuted, the text differs
	if strings.Contains(script.Walnut(ns), "$p(3,z)") {
		t.Error("the call site was not permuted")
	}
}

// Print: the papers' notation with the fewest parentheses precedence
// needs (not, &, |, =>, <=> in that order, => to the right, a quantifier
// reaching as far right as it can); WalnutFormula: Walnut's syntax.
func TestPrint(t *testing.T) {
	a, b, c := Eq(x, y), Lt(x, z), Le(y, z)
	for _, tc := range []struct {
		f           Formula
		plain, waln string
	}{
		{a, "x = y", "x=y"},
		{Lt(Plus(x, N(1)), Times(2, y)), "x + 1 < 2y", "x+1<2*y"},
		{Le(Times(3, Plus(x, y)), z), "3*(x + y) <= z", "3*(x+y)<=z"},
		{Eq(Minus(x, Minus(y, z)), N(0)), "x - (y - z) = 0", "x-(y-z)=0"},
		{Eq(Minus(Minus(x, y), z), N(0)), "x - y - z = 0", "x-y-z=0"},
		{Eq(Plus(x, Plus(y, z)), Plus(Plus(x, y), z)), "x + (y + z) = x + y + z", "x+(y+z)=x+y+z"},
		{Eq(Times(2, N(3)), x), "2*3 = x", "2*3=x"},
		{And(a, b, c), "x = y & x < z & y <= z", "x=y&x<z&y<=z"},
		{And(Or(a, b), c), "(x = y | x < z) & y <= z", "(x=y|x<z)&y<=z"},
		{Or(And(a, b), c), "x = y & x < z | y <= z", "(x=y&x<z)|y<=z"},
		{Not(a), "not x = y", "~x=y"},
		{Not(And(a, b)), "not (x = y & x < z)", "~(x=y&x<z)"},
		{And(Not(a), b), "not x = y & x < z", "~x=y&x<z"},
		{Implies(a, Implies(b, c)), "x = y => x < z => y <= z", "x=y=>(x<z=>y<=z)"},
		{Implies(Implies(a, b), c), "(x = y => x < z) => y <= z", "(x=y=>x<z)=>y<=z"},
		{Implies(Or(a, b), c), "x = y | x < z => y <= z", "(x=y|x<z)=>y<=z"},
		{Iff(a, Implies(b, c)), "x = y <=> x < z => y <= z", "x=y<=>(x<z=>y<=z)"},
		{Iff(Iff(a, b), c), "(x = y <=> x < z) <=> y <= z", "(x=y<=>x<z)<=>y<=z"},
		{Exists("y", And(a, b)), "exists y: x = y & x < z", "E y x=y&x<z"},
		{And(Exists("y", a), b), "(exists y: x = y) & x < z", "(E y x=y)&x<z"},
		{ForAll("x y", Implies(a, b)), "forall x, y: x = y => x < z", "A x,y x=y=>x<z"},
		{Not(Exists("y", a)), "not (exists y: x = y)", "~(E y x=y)"},
		{Implies(a, Exists("y", b)), "x = y => (exists y: x < z)", "x=y=>(E y x<z)"},
		{Pred("g0", x, Plus(y, N(1))), "S_0(x, y + 1)", "$g0(x,y+1)"},
		{And(), "true", "0=0"},
		{Or(), "false", "0<0"},
		{Truth(true), "true", "0=0"},
		{Truth(false), "false", "0<0"},
		{Eq(C(bigs(1)[0].Exp(bigs(10)[0], bigs(30)[0], nil)), x), "1000000000000000000000000000000 = x", "1000000000000000000000000000000=x"},
	} {
		display := func(n string) string { return "S_" + strings.TrimPrefix(n, "g") }
		if got := Print(tc.f, display); got != tc.plain {
			t.Errorf("Print: %q, want %q", got, tc.plain)
		}
		if got := WalnutFormula(tc.f, nil); got != tc.waln {
			t.Errorf("WalnutFormula: %q, want %q", got, tc.waln)
		}
	}
	if got := PrintTerm(Plus(Times(2, x), Minus(y, N(1)))); got != "2x + (y - 1)" {
		t.Errorf("PrintTerm: %q", got)
	}
	if got := Print(Pred("g0", x), nil); got != "g0(x)" {
		t.Errorf("Print without display: %q", got)
	}
}

// FreeVars, Preds and Rename.
func TestFormulaHelpers(t *testing.T) {
	f := And(Pred("p", x, Plus(y, V("w"))), Exists("y", Or(Pred("q", y), ForAll("z", Lt(z, V("u"))))), Lt(Minus(V("v"), N(1)), Times(2, V("a"))))
	if got := strings.Join(FreeVars(f), ","); got != "a,u,v,w,x,y" {
		t.Errorf("FreeVars: %s", got)
	}
	if got := strings.Join(Preds(f), ","); got != "p,q" {
		t.Errorf("Preds: %s", got)
	}
	g := Rename(f, func(n string) string { return n + "2" })
	if got := strings.Join(Preds(g), ","); got != "p2,q2" {
		t.Errorf("Rename: %s", got)
	}
	if Print(g, nil) != strings.NewReplacer("p(", "p2(", "q(", "q2(").Replace(Print(f, nil)) {
		t.Errorf("Rename changed more than the names: %s", Print(g, nil))
	}
}
