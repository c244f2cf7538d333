package fibautomata

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// Every number below 10946 = F_21 (the issue writes F_20 for it; with
// F_0 = 0, F_1 = 1 it is F_21): the range of the 1-track checks.
const below20 = 10946

// mismatches compares a against the predicate want on every tuple of the
// box [0, bound)^k and returns the first few disagreements.
func mismatches(a *Automaton, bound uint64, want func(x []uint64) bool) []string {
	k := a.Tracks()
	x := make([]uint64, k)
	var out []string
	var rec func(i int)
	rec = func(i int) {
		if len(out) >= 3 {
			return
		}
		if i == k {
			if got := a.AcceptsUint(x...); got != want(x) {
				out = append(out, fmt.Sprintf("%v: automaton %v, brute force %v", x, got, !got))
			}
			return
		}
		for v := range bound {
			x[i] = v
			rec(i + 1)
		}
	}
	rec(0)
	return out
}

// checkRel compares a with want on the box [0, bound)^k, and, as a
// negative control, checks that the comparison catches a corrupted copy
// of a (the acceptance of the state of one tuple flipped).
func checkRel(t *testing.T, name string, a *Automaton, bound uint64, want func(x []uint64) bool) {
	t.Helper()
	if m := mismatches(a, bound, want); len(m) > 0 {
		t.Errorf("%s: %v", name, m)
		return
	}
	x := make([]uint64, a.Tracks())
	for i := range x {
		x[i] = bound / uint64(2+i)
	}
	if a.Run(uintWord(x)) < 0 {
		return // a dead word: nothing to flip there
	}
	if len(mismatches(flipOne(a, x...), bound, want)) == 0 {
		t.Errorf("%s: a corrupted copy (state of %v flipped) passed the same check", name, x)
	}
}

func uintWord(x []uint64) []uint32 {
	v := make([]*big.Int, len(x))
	for i, u := range x {
		v[i] = new(big.Int).SetUint64(u)
	}
	return Word(v...)
}

// flipOne returns a with the acceptance of the state reached on x flipped:
// a corruption that changes the relation at x (and maybe elsewhere).
func flipOne(a *Automaton, x ...uint64) *Automaton {
	b := a.Clone()
	vals := make([]*big.Int, len(x))
	for i, v := range x {
		vals[i] = new(big.Int).SetUint64(v)
	}
	s := b.Run(Word(vals...))
	if s < 0 {
		// add an accepting path: make a fresh accepting state
		panic("flipOne on a dead word")
	}
	b.accept[s] = !b.accept[s]
	return b
}

// The checker itself can fail: a corrupted automaton is caught and the
// tuple named.
func TestCheckerCatchesCorruption(t *testing.T) {
	bad := flipOne(Less(), 3, 5)
	m := mismatches(bad, 20, func(x []uint64) bool { return x[0] < x[1] })
	if len(m) == 0 {
		t.Fatal("a corrupted Less passed the brute-force check")
	}
	t.Logf("corrupted Less caught: %v", m[0])
	if ok, cx := Equivalent(bad, Less()); ok || cx == nil {
		t.Fatal("Equivalent missed the corruption")
	}
}

func TestZeckendorf(t *testing.T) {
	for n := uint64(0); n < below20; n++ {
		m := ZeckendorfMask(n)
		if m&(m>>1) != 0 || FromMask(m) != n {
			t.Fatalf("ZeckendorfMask(%d) = %b", n, m)
		}
		x := new(big.Int).SetUint64(n)
		if FromDigits(Digits(x)).Cmp(x) != 0 {
			t.Fatalf("Digits(%d)", n)
		}
	}
	google := new(big.Int).Exp(big.NewInt(10), big.NewInt(100), nil)
	d := Digits(google)
	for i := 1; i < len(d); i++ {
		if d[i] == 1 && d[i-1] == 1 {
			t.Fatal("two adjacent 1s in 10^100")
		}
	}
	if FromDigits(d).Cmp(google) != 0 {
		t.Fatal("10^100 does not round-trip")
	}
	if Fib(100).String() != "354224848179261915075" { // F_100, OEIS A000045
		t.Fatalf("F_100 = %s", Fib(100))
	}
}

func TestValidAndConst(t *testing.T) {
	seen := make([]int, below20)
	Valid(1).Enumerate(19, func(x []uint64) bool { seen[x[0]]++; return true })
	for n, c := range seen {
		if c != 1 {
			t.Fatalf("Valid(1) enumerates %d %d times", n, c)
		}
	}
	rng := rand.New(rand.NewPCG(35, 1)) // seed 35
	cs := []uint64{0, 1, 2, 3, 4, 10945, 10944}
	for range 20 {
		cs = append(cs, rng.Uint64N(below20))
	}
	for _, c := range cs {
		a := Const(new(big.Int).SetUint64(c))
		checkRel(t, fmt.Sprint("Const ", c), a, below20, func(x []uint64) bool { return x[0] == c })
	}
	// negative control
	if len(mismatches(Const(big.NewInt(7)), below20, func(x []uint64) bool { return x[0] == 8 })) == 0 {
		t.Fatal("Const(7) passed as 8")
	}
	google := new(big.Int).Exp(big.NewInt(10), big.NewInt(100), nil)
	g := Const(google)
	if !g.Accepts(google) || g.Accepts(new(big.Int).Add(google, big.NewInt(1))) {
		t.Fatal("Const(10^100)")
	}
	// Valid(2) accepts exactly the valid words: all pairs
	checkRel(t, "Valid(2)", Valid(2), 200, func([]uint64) bool { return true })
}

func TestOrderAndEquality(t *testing.T) {
	const b = 377 // F_14: every pair
	checkRel(t, "Less", Less(), b, func(x []uint64) bool { return x[0] < x[1] })
	checkRel(t, "Equal2", Equal2(), b, func(x []uint64) bool { return x[0] == x[1] })
	checkRel(t, "lessEq", lessEq(), b, func(x []uint64) bool { return x[0] <= x[1] })
}

// The adder: every (x, y) below F_14 with z = x+y and its neighbours,
// every triple below F_10, and a seeded random sample below F_25; and the
// proof for all x, y, z (ProveAdder). Every triple below F_25 (4.2*10^14)
// is out of reach of a unit test; the proof covers them.
func TestAdder(t *testing.T) {
	a := Adder()
	if a.States() != 16 {
		t.Logf("adder has %d states", a.States())
	}
	checkRel(t, "adder, all triples below F_10", a, 55, func(x []uint64) bool { return x[0]+x[1] == x[2] })
	for x := range uint64(377) {
		for y := range uint64(377) {
			for d := -1; d <= 1; d++ {
				z := x + y + uint64(d)
				if d < 0 && x+y == 0 {
					continue
				}
				if a.AcceptsUint(x, y, z) != (d == 0) {
					t.Fatalf("adder at (%d, %d, %d)", x, y, z)
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(25, 25)) // seed 25
	const f25 = 75025
	for range 20000 {
		x, y := rng.Uint64N(f25), rng.Uint64N(f25)
		z := x + y
		if z >= f25 {
			continue
		}
		w := rng.Uint64N(f25)
		if !a.AcceptsUint(x, y, z) || a.AcceptsUint(x, y, w) != (w == z) {
			t.Fatalf("adder at (%d, %d, %d / %d)", x, y, z, w)
		}
	}
	if err := ProveAdder(); err != nil {
		t.Fatal(err)
	}
}

// Negative control of the adder proof: a corrupted adder is refused.
func TestProveAdderRefusesCorruption(t *testing.T) {
	bad := flipOne(adder, 4, 6, 10)
	err := proveAdder(bad)
	if err == nil {
		t.Fatal("a corrupted adder was proved")
	}
	t.Logf("refused: %v", err)
	bad = flipOne(adder, 4, 6, 11)
	if proveAdder(bad) == nil {
		t.Fatal("an adder with an extra triple was proved")
	}
}

func TestBooleanOperations(t *testing.T) {
	e := NewEnv()
	even := mustOrder(t, e, []string{"x"}, Exists("y", Eq(V("x"), Times(2, V("y")))))
	third := mustOrder(t, e, []string{"x"}, Exists("y", Eq(V("x"), Plus(Times(3, V("y")), N(1)))))
	isEven := func(x []uint64) bool { return x[0]%2 == 0 }
	isThird := func(x []uint64) bool { return x[0]%3 == 1 }
	checkRel(t, "even", even, below20, isEven)
	checkRel(t, "3y+1", third, below20, isThird)
	checkRel(t, "intersect", Intersect(even, third), below20, func(x []uint64) bool { return isEven(x) && isThird(x) })
	checkRel(t, "union", Union(even, third), below20, func(x []uint64) bool { return isEven(x) || isThird(x) })
	checkRel(t, "difference", Difference(even, third), below20, func(x []uint64) bool { return isEven(x) && !isThird(x) })
	checkRel(t, "complement", Complement(even), below20, func(x []uint64) bool { return !isEven(x) })
	// 2 tracks: all pairs below F_12
	par := mustOrder(t, e, []string{"x", "y"}, Exists("t", Eq(V("y"), Plus(V("x"), Times(2, V("t"))))))
	isPar := func(x []uint64) bool { return x[1] >= x[0] && (x[1]-x[0])%2 == 0 }
	checkRel(t, "y = x + 2t", par, 144, isPar)
	checkRel(t, "complement 2", Complement(par), 144, func(x []uint64) bool { return !isPar(x) })
	checkRel(t, "intersect 2", Intersect(par, Less()), 144, func(x []uint64) bool { return isPar(x) && x[0] < x[1] })
	checkRel(t, "union 2", Union(par, Less()), 144, func(x []uint64) bool { return isPar(x) || x[0] < x[1] })
	if !IsEmpty(Intersect(even, Complement(even))) || !IsUniversal(Union(even, Complement(even))) {
		t.Fatal("a set and its complement")
	}
	if IsEmpty(even) || IsUniversal(even) {
		t.Fatal("even is neither empty nor universal")
	}
}

func mustOrder(t *testing.T, e *Env, vars []string, f Formula) *Automaton {
	t.Helper()
	r, err := e.Eval(f)
	if err != nil {
		t.Fatal(err)
	}
	a, err := r.Order(vars)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// Projection needs the leading-zero saturation when the witness is longer
// than the free variable; without it the test fails (negative control).
func TestProjectionSaturation(t *testing.T) {
	e := NewEnv()
	// y = x + F_22: the witness has more digits than x.
	shift := mustOrder(t, e, []string{"x", "y"}, Eq(V("y"), Plus(V("x"), C(Fib(22)))))
	all := Project(shift, 1)
	checkRel(t, "exists y: y = x + F_22", all, below20, func([]uint64) bool { return true })
	if !IsUniversal(all) {
		t.Fatal("not universal")
	}
	if len(mismatches(exists(shift, 1, false), below20, func([]uint64) bool { return true })) == 0 {
		t.Fatal("the projection without saturation also passed: the test cannot fail")
	}
	// multiples of 3, witness shorter
	m3 := mustOrder(t, e, []string{"x"}, Exists("y", Eq(V("x"), Times(3, V("y")))))
	checkRel(t, "exists y: x = 3y", m3, below20, func(x []uint64) bool { return x[0]%3 == 0 })
	// forall: x <= y for all y iff x = 0
	zero := mustOrder(t, e, []string{"x"}, ForAll("y", Le(V("x"), V("y"))))
	checkRel(t, "forall y: x <= y", zero, below20, func(x []uint64) bool { return x[0] == 0 })
}

func TestMultiplication(t *testing.T) {
	e := NewEnv()
	for _, c := range []int64{0, 1, 2, 5, 7} {
		a := mustOrder(t, e, []string{"x", "y"}, Eq(V("y"), Times(c, V("x"))))
		for x := uint64(0); x*uint64(c) < below20 && x < below20; x++ {
			y := uint64(c) * x
			if !a.AcceptsUint(x, y) || a.AcceptsUint(x, y+1) {
				t.Fatalf("y = %d x at x = %d", c, x)
			}
		}
		checkRel(t, fmt.Sprint("y = ", c, "x"), a, 100, func(x []uint64) bool { return x[1] == uint64(c)*x[0] })
	}
}

func TestMinimizeCanonical(t *testing.T) {
	// Less built from the digits and from the logic: the same minimal automaton.
	e := NewEnv()
	viaLogic := mustOrder(t, e, []string{"x", "y"}, Exists("t", And(Eq(V("y"), Plus(V("x"), V("t"))), Le(N(1), V("t")))))
	if !viaLogic.Equal(Less()) {
		t.Fatalf("x < y two ways: %d and %d states", viaLogic.States(), Less().States())
	}
	// a redundant product minimises back
	p := product(Valid(2), Valid(2), func(x, y bool) bool { return x && y })
	if !Minimize(p).Equal(Valid(2)) {
		t.Fatal("Valid x Valid does not minimise to Valid")
	}
	if m := Minimize(Less()); !m.Equal(Less()) {
		t.Fatal("Minimize is not idempotent")
	}
}

func TestEquivalentAndLeast(t *testing.T) {
	e := NewEnv()
	a := mustOrder(t, e, []string{"x"}, Lt(V("x"), N(100)))
	b := mustOrder(t, e, []string{"x"}, Or(Lt(V("x"), N(100)), Eq(V("x"), N(200))))
	ok, cx := Equivalent(a, b)
	if ok || cx[0].Int64() != 200 {
		t.Fatalf("Equivalent: %v %v", ok, cx)
	}
	if ok, _ := Equivalent(a, a); !ok {
		t.Fatal("a is not equivalent to itself")
	}
	c := mustOrder(t, e, []string{"x", "y"}, And(Lt(N(40), V("x")), Lt(V("x"), V("y")), Eq(Plus(V("x"), V("y")), N(1000))))
	l := Least(c)
	if l[0].Int64() != 41 || l[1].Int64() != 959 {
		t.Fatalf("Least = %v", l)
	}
	if Least(Empty(2)) != nil || Shortest(Empty(1)) != nil {
		t.Fatal("least of the empty set")
	}
	ok, cx2, err := e.Holds(Exists("y", Eq(V("x"), Times(2, V("y")))))
	if err != nil || ok || cx2["x"].Int64() != 1 {
		t.Fatalf("Holds(x even) = %v %v %v", ok, cx2, err)
	}
	ok, _, err = e.Holds(Exists("y", Or(Eq(V("x"), Times(2, V("y"))), Eq(V("x"), Plus(Times(2, V("y")), N(1))))))
	if err != nil || !ok {
		t.Fatalf("every x is 2y or 2y+1: %v %v", ok, err)
	}
	if _, err := e.Eval(Pred("nothing", V("x"))); err == nil {
		t.Fatal("an unknown predicate compiled")
	}
}

func TestEnumerate(t *testing.T) {
	var got []uint64
	Const(big.NewInt(12)).Enumerate(10, func(x []uint64) bool { got = append(got, x[0]); return true })
	if len(got) != 1 || got[0] != 12 {
		t.Fatalf("Enumerate(Const 12) = %v", got)
	}
	n := 0
	Less().Enumerate(8, func(x []uint64) bool {
		if x[0] >= x[1] {
			t.Fatalf("Less enumerates %v", x)
		}
		n++
		return true
	})
	if n != 54*55/2 { // pairs below F_10 = 55
		t.Fatalf("Less has %d pairs below 55", n)
	}
}

func TestZeckendorfNext(t *testing.T) {
	m := uint64(0)
	for n := uint64(0); n < 1000000; n++ {
		if m != ZeckendorfMask(n) {
			t.Fatalf("ZeckendorfNext gives %b at %d, want %b", m, n, ZeckendorfMask(n))
		}
		m = ZeckendorfNext(m)
	}
}
