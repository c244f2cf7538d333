package grundyproof

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	au "fibnim/automatic"
	"fibnim/grundy"
)

// show writes a syntax tree with every operation in parentheses, so that
// a test sees how it was grouped; predicates by their Env names.
func show(f sFormula) string {
	switch f := f.(type) {
	case sBool:
		return fmt.Sprint(f.v)
	case sNot:
		return "~" + show(f.f)
	case sAnd:
		return "(" + showAll(f.fs, " & ") + ")"
	case sOr:
		return "(" + showAll(f.fs, " | ") + ")"
	case sImpl:
		return "(" + show(f.a) + " => " + show(f.b) + ")"
	case sIff:
		return "(" + show(f.a) + " <=> " + show(f.b) + ")"
	case sQuant:
		q := "exists"
		if f.all {
			q = "forall"
		}
		return "(" + q + " " + strings.Join(f.vars, ",") + ": " + show(f.f) + ")"
	case sPred:
		var as []string
		for _, a := range f.args {
			as = append(as, showTerm(a))
		}
		return f.name + "(" + strings.Join(as, ", ") + ")"
	case sCmp:
		s := showTerm(f.ts[0])
		for i, op := range f.ops {
			s += " " + op + " " + showTerm(f.ts[i+1])
		}
		return s
	}
	return fmt.Sprintf("?%T", f)
}

func showAll(fs []sFormula, sep string) string {
	var out []string
	for _, f := range fs {
		out = append(out, show(f))
	}
	return strings.Join(out, sep)
}

func showTerm(t sTerm) string {
	switch t := t.(type) {
	case sVar:
		return t.name
	case sNum:
		return t.n.String()
	case sAdd:
		return "(" + showTerm(t.a) + " + " + showTerm(t.b) + ")"
	case sSub:
		return "(" + showTerm(t.a) + " - " + showTerm(t.b) + ")"
	case sMul:
		return "(" + t.c.String() + "*" + showTerm(t.t) + ")"
	case sPart:
		return fmt.Sprintf("z%d(%s)", t.i, showTerm(t.x))
	case sG:
		return "G(" + showTerm(t.x) + ", " + showTerm(t.y) + ")"
	}
	return fmt.Sprintf("?%T", t)
}

// Precedence, loosest last: not, and, or, =>, <=> (=> to the right, <=>
// to the left); a quantifier reaches as far right as it can; products by
// a number bind tighter than + and -.
func TestParsePrecedence(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a < b & c < d | e < f", "((a < b & c < d) | e < f)"},
		{"a < b | c < d & e < f", "(a < b | (c < d & e < f))"},
		{"not a < b & c = d", "(~a < b & c = d)"},
		{"~(a < b & c = d)", "~(a < b & c = d)"},
		{"not not true", "~~true"},
		{"p = 1 => q = 1 => r = 1", "(p = 1 => (q = 1 => r = 1))"},
		{"(p = 1 => q = 1) => r = 1", "((p = 1 => q = 1) => r = 1)"},
		{"a = 1 | b = 1 => c = 1 & d = 1", "((a = 1 | b = 1) => (c = 1 & d = 1))"},
		{"a = 1 <=> b = 1 => c = 1", "(a = 1 <=> (b = 1 => c = 1))"},
		{"a = 1 => b = 1 <=> c = 1", "((a = 1 => b = 1) <=> c = 1)"},
		{"a = 1 <=> b = 1 <=> c = 1", "((a = 1 <=> b = 1) <=> c = 1)"},
		{"forall x: x = 0 | x > 0", "(forall x: (x = 0 | x > 0))"},
		{"forall x: x = 0 => exists y: y < x", "(forall x: (x = 0 => (exists y: y < x)))"},
		{"a = 1 & forall x: x = a | x > 0", "(a = 1 & (forall x: (x = a | x > 0)))"},
		{"not forall x: x = 0 | x > 0", "~(forall x: (x = 0 | x > 0))"},
		{"(forall x: x = 0) | x > 0", "((forall x: x = 0) | x > 0)"},
		{"forall n, r: exists k: k <= r", "(forall n,r: (exists k: k <= r))"},
		{"forall x y: x = y", "(forall x,y: x = y)"},
		{"exists x, y: x + y = 2n - 1", "(exists x,y: (x + y) = ((2*n) - 1))"},
		{"2k + 3*(n - 1) <= k*4", "((2*k) + (3*(n - 1))) <= (4*k)"},
		{"2*3k = 6k", "(2*(3*k)) = (6*k)"},
		{"2*3 = 6", "(2*3) = 6"},
		{"2(n + 1) = 2n + 2", "(2*(n + 1)) = ((2*n) + 2)"},
		{"2z1(n) = z2(n)", "(2*z1(n)) = z2(n)"},
		{"2k2 = k", "(2*k2) = k"},
		{"a - b - c = 0", "((a - b) - c) = 0"},
		{"a - (b - c) = 0", "(a - (b - c)) = 0"},
		{"(n + 1) <= m", "(n + 1) <= m"},
		{"(n + 1)*2 <= m", "(2*(n + 1)) <= m"},
		{"((a < b))", "a < b"},
		{"(a < b) & (c) < (d)", "(a < b & c < d)"},
		{"1 <= k <= r < n", "1 <= k <= r < n"},
		{"0 < G(n, r) <= 3", "0 < G(n, r) <= 3"},
		{"G(n, r) = 4 & G(n) >= 1", "(G(n, r) = 4 & G(n, n) >= 1)"},
		{"G(n, n-1) != 0 | 2 > G(n, 2r)", "(G(n, (n - 1)) != 0 | 2 > G(n, (2*r)))"},
		{"~fib(n) ∧ n ≥ 1 ∨ n ≠ 2", "((~fib(n) & n >= 1) | n != 2)"},
		{"∀n: n ≤ 1 ⇒ ∃m: m < n ⇔ n = 1", "(forall n: (n <= 1 => (exists m: (m < n <=> n = 1))))"},
		{"n != m && !(n < m) || n > m", "((n != m & ~n < m) | n > m)"},
		{"n=1&m=2|k<3<=>r>=3", "(((n = 1 & m = 2) | k < 3) <=> r >= 3)"},
		{"S_4(n, r) | z_1(n, z) & S_0to3(r, n) | z_3(n + 1, z)", "(g4(n, r) | (zlow(n, z) & g0to3(r, n)) | zthree((n + 1), z))"},
		{"z1(z2(n)) = z3(n) - 1", "z1(z2(n)) = (z3(n) - 1)"},
		{"n = 123456789012345678901234567890", "n = 123456789012345678901234567890"},
		{"true => false", "(true => false)"},
	} {
		st, err := Parse(c.in)
		if err != nil {
			if c.want != "" {
				t.Errorf("Parse(%q): %v", c.in, err)
			}
			continue
		}
		if got := show(st.f); got != c.want {
			t.Errorf("Parse(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

// Every error names the column where reading stopped (1-based, in
// characters), and the caret sits under it.
func TestParseErrors(t *testing.T) {
	end := func(s string) int { return utf8.RuneCountInString(s) + 1 }
	for _, c := range []struct {
		in   string
		col  int // 0: the end
		want string
	}{
		{"", 1, "expected a term"},
		{"   ", 0, "expected a term"},
		{"forall n: G(n, n-1 = 0", 20, `expected ")" after the arguments of G`},
		{"n = 1 )", 7, `unexpected ")"`},
		{"n + 1", 0, "expected a comparison"},
		{"n * m = 1", 3, "a product needs a number"},
		{"G(n, r) + 1 = 2", 1, "no part of a term"},
		{"G(n, r) = m", 11, "compared with a number"},
		{"G(n, r) < G(n, n)", 11, "compared with a number"},
		{"G(n, G(n)) = 1", 6, "no argument of G"},
		{"z1(2G(n)) = 1", 5, "no argument of z1"},
		{"S_1(n, n + G(n))", 12, "no argument of S_1"},
		{"z1(n) + z1(n) + z1(n) + z1(n) + z1(n) + z2(n) + z2(n) + z2(n) = z3(n) + z3(z3(n))", 65, "holds 11 terms z1(x), z2(x), z3(x), more than 8"},
		{"G(n, r) & n = 1", 9, "is a number: compare it"},
		{"G(n, r, k) = 1", 1, "G takes 2 arguments"},
		{"z1(n, r) = 1", 1, "z1 takes 1 argument"},
		{"foo(n) = 1", 1, "unknown function foo"},
		{"n = fib(n)", 5, "is a statement, not a number"},
		{"fib(n) + 1 = 2", 8, `unexpected "+"`},
		{"z_1(n) = 1", 1, "the part itself is z1(n)"},
		{"S_4(n) | n = 1", 1, "S_4 takes 2 arguments"},
		{"n = 2 k", 7, `unexpected "k"`},
		{"n @ 1", 3, "unexpected character '@'"},
		{"forall and: and = 1", 8, "expected a variable after forall"},
		{"forall n, n: n = 1", 11, "n is bound twice"},
		{"forall n G(n) = 0", 10, "G is a function, not a variable"},
		{"forall n; n = 0", 9, "unexpected character ';'"},
		{"forall n. n = 0", 9, "unexpected character '.'"},
		{"forall x y = 0", 12, `expected "," or ":" after the variable y`},
		{"exists x: ", 0, "expected a term"},
		{"n = _x", 5, "a name starts with a letter"},
		{"A = 1", 1, "Walnut's quantifier"},
		{"z1 = 1", 1, "z1 is a function"},
		{"S_3 = 1", 1, "S_3 is a predicate"},
		{"(n = 1", 0, `expected ")"`},
		{"n = 1 =>", 0, "expected a term"},
		{"n <= m => => n", 11, `expected a term`},
		{"(a < b) < c", 9, "a formula in parentheses cannot be an operand"},
		{"n = 1 and", 0, "expected a term"},
		{"∀n: n ≥ x ⇒ G(n, x) =", 0, "expected a term"},
		{"∀n: n ≥ x ⇒ ¬ G(n, x) = ", 0, "expected a term"},
		{"n ≥ 1 ⇒ ∃: n = 1", 10, "expected a variable after exists"},
		{"not", 0, "expected a term"},
		{"n = 1 true", 7, `unexpected "true"`},
	} {
		_, err := Parse(c.in)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q) = %v, want a syntax error", c.in, err)
			continue
		}
		col := c.col
		if col == 0 {
			col = end(c.in)
		}
		if se.Col != col || !strings.Contains(se.Error(), c.want) || !strings.HasPrefix(se.Error(), fmt.Sprintf("column %d: ", col)) {
			t.Errorf("Parse(%q): %v; want column %d and %q", c.in, err, col, c.want)
		}
		lines := strings.Split(se.Caret(), "\n")
		if len(lines) != 2 || utf8.RuneCountInString(lines[1]) != col || !strings.HasSuffix(lines[1], "^") || strings.TrimSpace(lines[1]) != "^" {
			t.Errorf("Parse(%q): caret\n%s\nnot under column %d", c.in, se.Caret(), col)
		}
	}
}

var proved struct {
	once sync.Once
	sys  *System
	S    []*au.Automaton
	err  error
}

// provedClasses learns and proves S_0..S_5 of a = 2 once per test binary
// (a second on an idle machine).
func provedClasses(t testing.TB) (*System, []*au.Automaton) {
	t.Helper()
	proved.once.Do(func() {
		res, err := Run(context.Background(), Config{K: 5})
		if err != nil {
			proved.err = err
			return
		}
		if res.ProvedUpTo() != 5 {
			proved.err = fmt.Errorf("Run proved S_0..S_%d, want S_0..S_5", res.ProvedUpTo())
			return
		}
		proved.sys, proved.S = res.System, res.S
	})
	if proved.err != nil {
		t.Fatal(proved.err)
	}
	return proved.sys, proved.S
}

// translateAsIs translates the statement's formula as it stands, without
// its closure: the round trip compares it with the formula printed.
func translateAsIs(st *Statement, K int) (f au.Formula, n needs, err error) {
	tr := &translator{K: K, src: st.Source, runes: []rune(st.Source), used: map[string]bool{}}
	walkVars(st.f, nil, func(v string) { tr.used[v] = true })
	collectBound(st.f, func(v string) { tr.used[v] = true })
	defer func() {
		if r := recover(); r != nil {
			err = r.(*ValueError)
		}
	}()
	f = tr.formula(st.f)
	return f, tr.needs, nil
}

func mergeNeeds(a, b needs) needs {
	for _, g := range b.classes {
		a.class(g)
	}
	for _, u := range b.unions {
		a.union(u[0], u[1])
	}
	a.parts = max(a.parts, b.parts)
	a.fib = a.fib || b.fib
	return a
}

// roundTrip prints f, parses the text, translates it and prints that: the
// two texts must be the same. It returns the formula read back.
func roundTrip(t *testing.T, f au.Formula) (au.Formula, needs) {
	t.Helper()
	p1 := au.Print(f, StatementDisplay)
	st, err := Parse(p1)
	if err != nil {
		t.Fatalf("Print wrote %q, which does not parse: %v", p1, err)
	}
	f2, n, err := translateAsIs(st, 5)
	if err != nil {
		t.Fatalf("%q: %v", p1, err)
	}
	if p2 := au.Print(f2, StatementDisplay); p2 != p1 {
		t.Fatalf("round trip:\n  printed  %s\n  read as  %s", p1, p2)
	}
	return f2, n
}

var roundTripStatements = []string{
	"forall n: n >= 1 => (G(n, n-1) = 0 <=> fib(n))",
	"forall n, r: r <= n & G(n, r) = 4 => z1(n) <= 5",
	"r < z1(n) <=> G(n, r) = 0",
	"z2(n) - z1(n) >= 1 | z2(n) = z1(n) | z3(n) > 2z2(n)",
	"G(n, r) > 5 | G(n, 2r) != 2 & G(n, r + 3) < 3",
	"exists k: 1 <= k & k <= r & G(n - k, 2k) = 0",
	"forall k: k < r => G(n, k) >= 1 | G(n, r) <= 1",
	"0*z3(n) = 0 & z3(n) - z2(n) >= z1(n) & n != r",
	"G(z1(n), z2(r)) >= 2 <=> not fib(n + r - 1)",
	"1 <= G(n, r) <= 3 => exists m: m + r = n & S_1to3(n, r)",
	"z1(z2(n)) = z2(n) & 3n > r",
}

// Print's output parses back to the same formula, for the statements of
// the language translated, for the paper's theorems (package grundyproof
// writes them with the same constructors), and for random formulas; the
// automata also find each statement equivalent to its reading.
func TestPrintRoundTrip(t *testing.T) {
	sys, S := provedClasses(t)
	ctx := context.Background()
	for _, s := range roundTripStatements {
		st, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		f1, n1, err := translateAsIs(st, 5)
		if err != nil {
			t.Fatal(err)
		}
		f2, n2 := roundTrip(t, f1)
		e, err := statementEnv(ctx, sys, S, mergeNeeds(n1, n2), 0, func(string) {})
		if err != nil {
			t.Fatal(err)
		}
		ok, cx, err := e.Holds(ctx, au.Iff(f1, f2))
		if err != nil || !ok {
			t.Errorf("%s: not equivalent to its reading: %v %v", s, err, cx)
		}
	}
	ths := append([]Theorem{SchwenkTheorem()}, PaperTheorems()...)
	for _, th := range ths {
		roundTrip(t, th.Step().F)
	}
	seed := int64(20260742)
	t.Logf("seed %d", seed)
	g := &formulaGen{rng: rand.New(rand.NewSource(seed))}
	for range 2000 {
		roundTrip(t, g.formula(3))
	}
}

// formulaGen makes random formulas of the statement language's
// vocabulary.
type formulaGen struct{ rng *rand.Rand }

var genVars = []string{"n", "r", "k", "m"}

func (g *formulaGen) term(d int) au.Term {
	switch k := g.rng.Intn(7); {
	case d == 0 || k < 2:
		return au.V(genVars[g.rng.Intn(len(genVars))])
	case k == 2:
		cs := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(7), new(big.Int).Exp(big.NewInt(10), big.NewInt(25), nil)}
		return au.C(cs[g.rng.Intn(len(cs))])
	case k == 3:
		return au.Plus(g.term(d-1), g.term(d-1))
	case k == 4:
		return au.Minus(g.term(d-1), g.term(d-1))
	default:
		return au.Times(int64(g.rng.Intn(4)), g.term(d-1))
	}
}

func (g *formulaGen) formula(d int) au.Formula {
	if d == 0 {
		switch g.rng.Intn(9) {
		case 0:
			return au.Eq(g.term(2), g.term(2))
		case 1:
			return au.Lt(g.term(2), g.term(2))
		case 2:
			return au.Le(g.term(2), g.term(2))
		case 3:
			return au.Pred(ClassName(g.rng.Intn(6)), g.term(1), g.term(1))
		case 4:
			return au.Pred(unionName(g.rng.Intn(3), 3+g.rng.Intn(3)), g.term(1), g.term(1))
		case 5:
			return au.Pred(partNames[g.rng.Intn(3)], g.term(1), g.term(1))
		case 6:
			return au.Pred("fib", g.term(1))
		case 7:
			return au.Truth(g.rng.Intn(2) == 0)
		default:
			return au.Le(au.N(1), g.term(1))
		}
	}
	sub := func() au.Formula { return g.formula(g.rng.Intn(d)) }
	vars := func() string { return strings.Join(genVars[:1+g.rng.Intn(2)], " ") }
	switch g.rng.Intn(8) {
	case 0:
		return au.And(sub(), sub())
	case 1:
		return au.And(sub(), sub(), sub())
	case 2:
		return au.Or(sub(), sub())
	case 3:
		return au.Not(sub())
	case 4:
		return au.Implies(sub(), sub())
	case 5:
		return au.Iff(sub(), sub())
	case 6:
		return au.Exists(vars(), sub())
	default:
		return au.ForAll(vars(), sub())
	}
}

// A corrupted reading is caught: the round trip is a test that can fail.
// Printing with the predicates' own names (g4, zlow) gives text that the
// language refuses or reads as another formula.
func TestPrintRoundTripCatchesAWrongDisplay(t *testing.T) {
	f := au.And(au.Pred("g4", au.V("n"), au.V("r")), au.Pred("zlow", au.V("n"), au.V("z")))
	if _, err := Parse(au.Print(f, nil)); err == nil {
		t.Error("g4(n, r) & zlow(n, z) parsed: the language reads predicates it does not know")
	}
	st, err := Parse(au.Print(au.Pred(unionName(0, 3), au.V("n"), au.V("r")), Display))
	if err == nil {
		t.Errorf("Display's g0to3 parsed as %s", show(st.f))
	}
}

var denseOnce = sync.OnceValues(func() (*grundy.Table, error) { return grundy.Dense(400, grundy.Fibonacci, 0) })

// oracle is the evaluator over G from a dense table to n = 400, with
// quantifiers over 0..bound-1.
func oracle(t testing.TB, sys *System, bound int64) *evaluator {
	tab, err := denseOnce()
	if err != nil {
		t.Fatal(err)
	}
	return &evaluator{ns: sys.NS, bound: bound, vals: map[string]*big.Int{}, g: func(n, r *big.Int) (int, error) {
		if n.Int64() > int64(tab.N) {
			return 0, fmt.Errorf("n = %s past the test's dense table", n)
		}
		return tab.At(int(n.Int64()), int(r.Int64())), nil
	}}
}

// The translation against brute force: each statement's relation, as the
// automata decide it, holds exactly where direct evaluation (G from the
// dense table, the parts by the greedy algorithm, N u {inf} as the
// language defines it) says so, at every point of a box. Inner quantifiers
// are bounded by the outer variables in these statements, so that the
// evaluator's range (below the box) is exact.
func TestTranslationBruteForce(t *testing.T) {
	sys, S := provedClasses(t)
	box := int64(34)
	if testing.Short() {
		box = 22
	}
	statements := append([]string{
		"G(n, r) = 4 => z1(n) <= 5",
		"G(n, n - 1) = 0 <=> fib(n)",
		"G(n, r) >= 3 & r + 1 < z2(n)",
		"z1(n) + z2(n) <= r | z3(n) = r",
		"z2(n) - z1(n) < r",
		"2z1(n) = z2(n) - 1",
		"z3(n) - r > z1(n)",
		"G(n, r) > 5 | G(n, 2r) != 2",
		"G(n, r + 3) < 3 & G(n - 5, r) <= 4",
		"G(n - r, r) != 1",
		"G(n) >= 4",
		"G(n, z2(r)) <= 2",
		"G(z1(n), r) = 1",
		"fib(n + r) | S_2(n, r) | S_1to3(r, n)",
		"z_2(n, r) | z_1(r, n)",
		"n != r & 3n > r + 7",
		"m + n = r <=> r - m = n",
		"m - n - r = 0 | 2m = n + r",
		"z1(n) > 2r - m",
		"z1(n) - r >= z1(m)",
		"forall k: k < r => (G(n, r) <= 2 => G(n, k) <= 2)",
		"n >= 0 & forall k: k < r => G(n, k) != 2",
		"r <= n => (G(n, r) != 0 <=> exists k: 1 <= k & k <= r & G(n - k, 2k) = 0)",
		"exists k: k <= n & z1(n - k) = k",
	}, roundTripStatements[2:]...)
	for _, s := range statements {
		points, yes, bad := compareBox(t, sys, S, s, box)
		for i, b := range bad {
			if i == 3 {
				break
			}
			t.Errorf("%s at %s: the automata and direct evaluation disagree", s, b)
		}
		if yes == 0 || yes == points {
			t.Logf("%s: %v on each of its %d points below %d (a theorem there, or a weak case)", s, yes > 0, points, box)
		}
	}
}

// The comparison can fail: with S_4 short of one position, the
// statement G(n, r) != 4 is decided differently there, and only there.
func TestTranslationBruteForceCatchesCorruption(t *testing.T) {
	sys, S := provedClasses(t)
	tab, err := denseOnce()
	if err != nil {
		t.Fatal(err)
	}
	n0, r0 := -1, -1 // r0 < n0: the position of no (n0, r) with r > n0
	for n := 0; n0 < 0; n++ {
		for r := 0; r < n; r++ {
			if tab.At(n, r) == 4 {
				n0, r0 = n, r
				break
			}
		}
	}
	e := au.NewEnv(sys.NS)
	pt, err := e.DefineFormula(context.Background(), "pt", []string{"n", "r"}, au.And(au.Eq(au.V("n"), au.N(int64(n0))), au.Eq(au.V("r"), au.N(int64(r0)))))
	if err != nil {
		t.Fatal(err)
	}
	bad := slices.Clone(S)
	bad[4] = au.Difference(S[4], pt)
	_, _, got := compareBox(t, sys, bad, "G(n, r) != 4", int64(n0+3))
	if want := fmt.Sprintf("(n, r) = (%d, %d)", n0, r0); len(got) != 1 || got[0] != want {
		t.Errorf("S_4 without %s: disagreements at %v, want exactly there", want, got)
	}
}

// compareBox decides statement s (read for all values of its free
// variables and those of its leading forall) with the automata over the
// classes S and evaluates its body directly at every point below box: it
// returns the points, where the body holds, and the disagreements.
func compareBox(t *testing.T, sys *System, S []*au.Automaton, s string, box int64) (points, yes int, bad []string) {
	t.Helper()
	ctx := context.Background()
	st, err := Parse(s)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	tr, err := st.translate(len(S) - 1)
	if err != nil {
		t.Fatal(err)
	}
	e, err := statementEnv(ctx, sys, S, tr.needs, 0, func(string) {})
	if err != nil {
		t.Fatal(err)
	}
	rel, err := e.Eval(ctx, tr.bodyF)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	vars := tr.vars // the free variables, then those of a leading forall
	if !tr.universal {
		t.Fatalf("%s: not read universally", s)
	}
	a, err := rel.Order(vars)
	if err != nil {
		t.Fatalf("%s: %v (%s)", s, err, au.Print(tr.bodyF, StatementDisplay))
	}
	ev := oracle(t, sys, box)
	xs := make([]*big.Int, len(vars))
	var each func(i int)
	each = func(i int) {
		if i == len(vars) {
			want, err := ev.formula(tr.body)
			if err != nil {
				t.Fatalf("%s: %v", s, err)
			}
			points++
			if want {
				yes++
			}
			if a.Accepts(xs...) != want {
				bad = append(bad, au.Result{Least: bindings(vars, xs)}.CounterString())
			}
			return
		}
		for x := range box {
			xs[i] = big.NewInt(x)
			ev.vals[vars[i]] = xs[i]
			each(i + 1)
		}
	}
	each(0)
	return points, yes, bad
}

func bindings(vars []string, xs []*big.Int) []au.Binding {
	out := make([]au.Binding, len(vars))
	for i, v := range vars {
		out[i] = au.Binding{Var: v, Value: new(big.Int).Set(xs[i])}
	}
	return out
}

// Any text: Parse returns a statement or a *SyntaxError, never panics;
// a statement that translates prints as text that reads back to the
// same formula.
func FuzzParse(f *testing.F) {
	for _, s := range roundTripStatements {
		f.Add(s)
	}
	for _, s := range []string{"(n + 1)*2 <= m", "∀n: n ≤ 1 ⇒ ∃m: m < n ⇔ n = 1", "1 <= G(n) <= 9", "S_0to3(n, r) | z_2(n, 5)", "forall x y: 007x = 2(y - 1)", "n = 1 )", "G(n, r) + 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		st, err := Parse(s)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Col < 1 || se.Col > utf8.RuneCountInString(s)+1 {
				t.Fatalf("Parse(%q): %v", s, err)
			}
			return
		}
		f1, _, err := translateAsIs(st, 5)
		if err != nil {
			return // a class above S_5
		}
		p1 := au.Print(f1, StatementDisplay)
		st2, err := Parse(p1)
		if err != nil {
			t.Fatalf("%q prints as %q, which does not parse: %v", s, p1, err)
		}
		f2, _, err := translateAsIs(st2, 5)
		if err != nil {
			t.Fatal(err)
		}
		if p2 := au.Print(f2, StatementDisplay); p2 != p1 {
			t.Fatalf("%q:\n  printed  %s\n  read as  %s", s, p1, p2)
		}
	})
}
