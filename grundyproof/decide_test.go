package grundyproof

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"
	"time"

	au "fibnim/automatic"
	"fibnim/grundy"
)

func decide(t *testing.T, sys *System, S []*au.Automaton, s string) *Verdict {
	t.Helper()
	st, err := Parse(s)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	v, err := Decide(context.Background(), sys, S, st, DecideOptions{})
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}

// Whinihan's theorem (Whinihan 1963; Larsson & Rubinstein-Salzedo, Theorem
// 4.1 at r = n - 1): a starting pile is a P-position iff n is a Fibonacci
// number. Proved for all n; over classes with S_0 and S_1 swapped it fails
// at the least n where they differ.
func TestDecideWhinihan(t *testing.T) {
	sys, S := provedClasses(t)
	const s = "forall n: n >= 1 => (G(n, n-1) = 0 <=> fib(n))"
	v := decide(t, sys, S, s)
	if !v.Holds || v.Example != nil || !v.Universal || !slices.Equal(v.Vars, []string{"n"}) || v.Free != nil {
		t.Fatalf("%s: %+v", s, v)
	}
	if got, want := au.Print(v.Formula, StatementDisplay), "forall n: 1 <= n => (S_0(n, n - 1) <=> fib(n))"; got != want {
		t.Errorf("decided %s, want %s", got, want)
	}
	// A negative control: S_0 with one more position, (n, n-1) at the
	// least n >= 1 that is not a Fibonacci number.
	n0 := int64(4)
	e := au.NewEnv(sys.NS)
	pt, err := e.DefineFormula(context.Background(), "pt", []string{"n", "r"}, au.And(au.Eq(au.V("n"), au.N(n0)), au.Eq(au.V("r"), au.N(n0-1))))
	if err != nil {
		t.Fatal(err)
	}
	bad := slices.Clone(S)
	bad[0] = au.Union(S[0], pt)
	v = decide(t, sys, bad, s)
	if v.Holds || v.ExampleString() != fmt.Sprintf("n = %d", n0) {
		t.Errorf("over S_0 with (%d, %d) added: holds %v, example %s", n0, n0-1, v.Holds, v.ExampleString())
	}
}

// leastBrute is the least point (lexicographic in vars, each below box) at
// which the body of statement s is false, by direct evaluation, or "".
func leastBrute(t *testing.T, sys *System, s string, box int64) string {
	st, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	b := st.block()
	ev := oracle(t, sys, 0)
	xs := make([]*big.Int, len(b.vars))
	var find func(i int) bool
	find = func(i int) bool {
		if i == len(xs) {
			ok, err := ev.formula(b.body)
			if err != nil {
				t.Fatal(err)
			}
			return !ok
		}
		for x := range box {
			xs[i] = big.NewInt(x)
			ev.vals[b.vars[i]] = xs[i]
			if find(i + 1) {
				return true
			}
		}
		return false
	}
	if !find(0) {
		return ""
	}
	return au.Result{Least: bindings(b.vars, xs)}.CounterString()
}

// The guess about value 4 of issue 42: refuted, and the least
// counterexample is the least that a search of the dense table finds
// (n first, then r); at it, Recheck finds the statement false, with G
// from the dense engine.
func TestDecideRefutedLeast(t *testing.T) {
	sys, S := provedClasses(t)
	for _, s := range []string{
		"forall n, r: r <= n & G(n, r) = 4 => z1(n) <= 5",
		"r <= n & G(n, r) = 4 => z1(n) <= 5",              // the same, read for all n, r
		"forall r, n: r <= n & G(n, r) = 5 => z1(n) <= 8", // r first
		"G(n, r) = 3 => z2(n) < 40",
	} {
		v := decide(t, sys, S, s)
		want := leastBrute(t, sys, s, 200)
		if v.Holds || want == "" || v.ExampleString() != want {
			t.Errorf("%s: holds %v, least counterexample %q; the dense table's is %q", s, v.Holds, v.ExampleString(), want)
			continue
		}
		rc := v.Recheck(context.Background(), sys)
		if !rc.Checked || rc.Direct || !rc.Agrees(v) {
			t.Errorf("%s: recheck %+v", s, rc)
		}
		if !slices.ContainsFunc(rc.Values, func(e Evaluation) bool { return strings.HasPrefix(e.Text, "G(") && e.Value != "" }) {
			t.Errorf("%s: recheck shows no G: %+v", s, rc.Values)
		}
	}
	v := decide(t, sys, S, "r <= n & G(n, r) = 4 => z1(n) <= 5")
	if !slices.Equal(v.Free, []string{"n", "r"}) || !strings.HasPrefix(au.Print(v.Formula, StatementDisplay), "forall n, r: ") {
		t.Errorf("free variables %v, decided %s", v.Free, au.Print(v.Formula, StatementDisplay))
	}
}

// Existential and closed statements: the least witness is the least of
// the dense table; a closed statement's truth is the table's.
func TestDecideWitnessAndClosed(t *testing.T) {
	sys, S := provedClasses(t)
	tab, err := denseOnce()
	if err != nil {
		t.Fatal(err)
	}
	for g := 0; g <= 5; g++ {
		v := decide(t, sys, S, fmt.Sprintf("exists n: G(n) = %d", g))
		n := 0
		for tab.At(n, n) != g {
			n++
		}
		if !v.Holds || v.ExampleString() != fmt.Sprintf("n = %d", n) {
			t.Errorf("exists n: G(n) = %d: %v %s, the table's least is %d", g, v.Holds, v.ExampleString(), n)
		}
		rc := v.Recheck(context.Background(), sys)
		if !rc.Checked || !rc.Direct || !rc.Agrees(v) {
			t.Errorf("exists n: G(n) = %d: recheck %+v", g, rc)
		}
	}
	if v := decide(t, sys, S, "exists n: n > 1 & G(n, n - 1) = 0 & not fib(n)"); v.Holds || v.Example != nil {
		t.Errorf("a P-position start outside Fibonacci numbers: %+v", v)
	}
	for n := 20; n < 28; n++ {
		for r := 0; r <= n+2; r++ {
			want := tab.At(n, min(r, n))
			s := fmt.Sprintf("G(%d, %d) = %d", n, r, want)
			if want > 5 {
				s = fmt.Sprintf("G(%d, %d) > 5", n, r)
			}
			if v := decide(t, sys, S, s); !v.Holds || len(v.Vars) != 0 {
				t.Errorf("%s: %v", s, v.Holds)
			}
			if want <= 5 {
				if v := decide(t, sys, S, fmt.Sprintf("G(%d, %d) != %d", n, r, want)); v.Holds {
					t.Errorf("G(%d, %d) != %d holds", n, r, want)
				}
			}
		}
	}
}

// A statement about a class above K says which are proved; one about
// G > K reads "in none of S_0..S_K".
func TestDecideValueAboveK(t *testing.T) {
	sys, S := provedClasses(t)
	for _, c := range []struct {
		s    string
		need int
		col  int
	}{
		{"G(n, r) = 6", 6, 1},
		{"n >= 0 & G(n, r) <= 6", 6, 10},
		{"G(n, r) < 7", 6, 1},
		{"7 > G(n, r)", 6, 1},
		{"G(n, r) > 6", 6, 1},
		{"G(n, r) >= 7", 6, 1},
		{"1 <= G(n) <= 9", 9, 6},
		{"S_6(n, r)", 6, 1},
		{"S_0to6(n, r)", 6, 1},
		{"G(n, r) != 123456789012345678901234567890", 1<<31 - 1, 1},
	} {
		st, err := Parse(c.s)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Decide(context.Background(), sys, S, st, DecideOptions{})
		var ve *ValueError
		if !errors.As(err, &ve) || ve.Need != c.need || ve.K != 5 || ve.Col != c.col || !strings.Contains(err.Error(), "S_0..S_5") {
			t.Errorf("%s: %v, want a ValueError needing %d at column %d", c.s, err, c.need, c.col)
		}
	}
	for _, s := range []string{"G(n, r) > 5 | G(n, r) <= 5", "G(n, r) >= 6 <=> not (G(n, r) < 6)", "G(n, r) < 6 | G(n, r) >= 6", "G(n, r) >= 0"} {
		if v := decide(t, sys, S, s); !v.Holds {
			t.Errorf("%s: refuted at %s", s, v.ExampleString())
		}
	}
	if v := decide(t, sys, S, "G(n, r) < 0"); v.Holds || v.ExampleString() != "(n, r) = (0, 0)" {
		t.Errorf("G(n, r) < 0: %v %s", v.Holds, v.ExampleString())
	}
}

// The state budget and the context stop a decision.
func TestDecideBudgetAndCancel(t *testing.T) {
	sys, S := provedClasses(t)
	st, err := Parse("forall n: n >= 1 => (G(n, n-1) = 0 <=> fib(n))")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Decide(context.Background(), sys, S, st, DecideOptions{Budget: 3})
	if !au.IsBudget(err) {
		t.Errorf("budget 3: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Decide(ctx, sys, S, st, DecideOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	// A long decision (products by large constants: a minute and more)
	// stops soon after its context is cancelled.
	heavy, err := Parse("forall x, y: 1234567x = 7654321y => x = 0 | y > 0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := Decide(ctx, sys, S, heavy, DecideOptions{})
		done <- err
	}()
	time.Sleep(200 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("heavy statement cancelled: %v", err)
		}
	case <-time.After(10 * time.Second): // well under a second when idle; generous for a loaded machine
		t.Error("a cancelled decision did not stop within 10 s")
	}
}

// Other multipliers: G is their game's and fib their numeration's
// weights, which are the P-positions (n, n-1) (Frankl & Tokushige,
// Theorem 1); Schwenk's rule holds with z1 their least part.
func TestDecideOtherMultipliers(t *testing.T) {
	if testing.Short() {
		t.Skip("learns and proves classes of three multipliers")
	}
	for _, m := range []string{"1", "5/2", "3"} {
		a, err := grundy.ParseMultiplier(m)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Run(context.Background(), Config{A: a, K: 1})
		if err != nil {
			t.Fatal(m, err)
		}
		S := res.S[:res.ProvedUpTo()+1]
		for _, s := range []string{
			"forall n: n >= 1 => (G(n, n-1) = 0 <=> fib(n))",
			"forall n, r: r <= n => (G(n, r) = 0 <=> r < z1(n))",
		} {
			if v := decide(t, res.System, S, s); !v.Holds {
				t.Errorf("a = %s: %s refuted at %s", m, s, v.ExampleString())
			}
		}
		// z1 is the least part of the greedy representation in the
		// multiplier's weights, against parts.
		v := decide(t, res.System, S, "exists n: z1(n) = 4 & 40 < z2(n) < 1000")
		if !v.Holds {
			continue // no weight 4 in this numeration
		}
		n := v.Example[0].Value
		t.Logf("a = %s: the least n with z1(n) = 4 and 40 < z2(n) < 1000 is %s = %v", m, n, parts(res.System.NS, n))
		if ps := parts(res.System.NS, n); len(ps) < 2 || ps[0].Int64() != 4 || ps[1].Int64() <= 40 || ps[1].Int64() >= 1000 {
			t.Errorf("a = %s: witness %s has parts %v", m, n, ps)
		}
	}
}

// Recheck can fail: over an S_4 with a position of another value added,
// the automata's least counterexample is that position, and the direct
// evaluation there (G from the dense engine) finds the statement true:
// Agrees is false.
func TestRecheckCatchesCorruptClass(t *testing.T) {
	sys, S := provedClasses(t)
	tab, err := denseOnce()
	if err != nil {
		t.Fatal(err)
	}
	const s = "forall n, r: r <= n & G(n, r) = 4 => z1(n) <= 5"
	// The least position (n, r), r <= n, with z1(n) > 5 and G(n, r) != 4.
	n0, r0 := -1, -1
	for n := 1; n0 < 0; n++ {
		if parts(sys.NS, big.NewInt(int64(n)))[0].Int64() <= 5 {
			continue
		}
		for r := 0; r <= n; r++ {
			if tab.At(n, r) != 4 {
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
	bad[4] = au.Union(S[4], pt)
	v := decide(t, sys, bad, s)
	if want := fmt.Sprintf("(n, r) = (%d, %d)", n0, r0); v.Holds || v.ExampleString() != want {
		t.Fatalf("over S_4 with %s added: %v %s", want, v.Holds, v.ExampleString())
	}
	rc := v.Recheck(context.Background(), sys)
	if !rc.Checked || !rc.Direct || rc.Agrees(v) {
		t.Errorf("recheck at %s did not catch it: %+v", v.ExampleString(), rc)
	}
}
