package grundyproof

import (
	"context"
	"math/big"
	"strings"
	"sync"
	"testing"

	au "fibnim/automatic"
	"fibnim/grundy"
)

// runs holds one Run per multiplier, shared by the tests: a = 2 to K = 5
// on N = 10^5 (about a second), and the other bands' representatives to
// smaller K.
var runs sync.Map // grundy.Multiplier -> *runOnce

type runOnce struct {
	once sync.Once
	res  *Result
	err  error
}

// wantK is the K each multiplier's shared run proves.
var wantK = map[grundy.Multiplier]int{
	grundy.Fibonacci: 5,
	{P: 1, Q: 1}:     5,
	{P: 7, Q: 3}:     4,
	{P: 5, Q: 2}:     4,
	{P: 3, Q: 1}:     4,
}

func mustRun(t *testing.T, a grundy.Multiplier) *Result {
	t.Helper()
	v, _ := runs.LoadOrStore(a, &runOnce{})
	o := v.(*runOnce)
	o.once.Do(func() { o.res, o.err = Run(context.Background(), Config{A: a, N: 100000, K: wantK[a]}) })
	if o.err != nil {
		t.Fatal(o.err)
	}
	if len(o.res.S) != wantK[a]+1 {
		t.Fatalf("a = %s: learned S_0..S_%d only", a, len(o.res.S)-1)
	}
	return o.res
}

func TestRunProves(t *testing.T) {
	for a, K := range wantK {
		r := mustRun(t, a)
		if !r.Complete || r.ProvedUpTo() != K {
			for _, s := range r.Proof.Results {
				t.Logf("%s holds=%v at %s", s.Name, s.Holds, s.CounterString())
			}
			t.Fatalf("a = %s: proved up to %d, want %d", a, r.ProvedUpTo(), K)
		}
		if !r.Proof.AdderProved() {
			t.Errorf("a = %s: the adder's induction failed", a)
		}
		for _, th := range r.Proof.Theorems {
			if !r.Proof.TheoremProved(th) {
				t.Errorf("a = %s: %s not proved", a, th.Name)
			}
		}
		if a == grundy.Fibonacci && len(r.Proof.Theorems) != 5 {
			t.Errorf("a = 2: %d theorems, want Schwenk's and LRS 4.1, 4.5, 4.6, 4.7", len(r.Proof.Theorems))
		}
	}
}

// The proved sets agree with the project's oracle (grundy.Brute, straight
// from the definition) on every cell n <= 100, and with the dense engine
// on every cell n <= 800 (300 with -short), for every multiplier.
func TestClassesMatchTables(t *testing.T) {
	for a := range wantK {
		r := mustRun(t, a)
		brute := grundy.Brute(100, a.Rat())
		for n := range brute {
			for rr := 0; rr <= n; rr++ {
				for g, s := range r.S {
					if s.AcceptsUint(uint64(n), uint64(rr)) != (brute[n][rr] == g) {
						t.Fatalf("a = %s: S_%d at (%d, %d): G = %d (brute force)", a, g, n, rr, brute[n][rr])
					}
				}
			}
		}
		N := 800
		if testing.Short() {
			N = 300
		}
		d, err := grundy.Dense(N, a, 2)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n <= N; n++ {
			for rr := 0; rr <= n; rr++ {
				g := d.At(n, rr)
				for h, s := range r.S {
					if s.AcceptsUint(uint64(n), uint64(rr)) != (g == h) {
						t.Fatalf("a = %s: S_%d at (%d, %d): G = %d (dense engine)", a, h, n, rr, g)
					}
				}
			}
		}
	}
}

// point is the class {(n, r)}.
func point(t *testing.T, ns *au.Numeration, n, r int64) *au.Automaton {
	t.Helper()
	a, err := au.NewEnv(ns).DefineFormula(t.Context(), "p", []string{"n", "r"}, au.And(au.Eq(au.V("n"), au.N(n)), au.Eq(au.V("r"), au.N(r))))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// Negative controls: one position added to or removed from S_4 makes its
// statement false, the least counterexample is that position, and the
// statements of S_0..S_3 still hold.
func TestMexNegativeControls(t *testing.T) {
	for _, a := range []grundy.Multiplier{grundy.Fibonacci, {P: 3, Q: 1}} {
		r := mustRun(t, a)
		d, _ := grundy.Dense(1000, a, 2)
		var add, del [2]int64
		for rr := 600; rr <= 1000; rr++ {
			if d.At(1000, rr) != 4 && add[0] == 0 {
				add = [2]int64{1000, int64(rr)}
			}
		}
		for n := 900; n <= 1000 && del[0] == 0; n++ {
			for rr := 0; rr <= n; rr++ {
				if d.At(n, rr) == 4 {
					del = [2]int64{int64(n), int64(rr)}
					break
				}
			}
		}
		if add[0] == 0 || del[0] == 0 {
			t.Fatal("no position to corrupt")
		}
		ns := r.System.NS
		for _, c := range []struct {
			name string
			s4   *au.Automaton
			at   [2]int64
		}{
			{"added", au.Union(r.S[4], point(t, ns, add[0], add[1])), add},
			{"removed", au.Difference(r.S[4], point(t, ns, del[0], del[1])), del},
		} {
			S := append([]*au.Automaton(nil), r.S[:5]...)
			S[4] = c.s4
			p, err := Prove(t.Context(), r.System, S, ProveOptions{})
			if err != nil {
				t.Fatal(err)
			}
			st, _ := p.Mex(4)
			if st.Holds {
				t.Fatalf("a = %s, %s (%d, %d): the statement for S_4 still holds", a, c.name, c.at[0], c.at[1])
			}
			if st.Value("n").Int64() != c.at[0] || st.Value("r").Int64() != c.at[1] {
				t.Fatalf("a = %s, %s (%d, %d): least counterexample %s", a, c.name, c.at[0], c.at[1], st.CounterString())
			}
			if p.ProvedUpTo() != 3 {
				t.Fatalf("a = %s, %s: proved up to %d, want 3", a, c.name, p.ProvedUpTo())
			}
		}
	}
}

// A paper theorem checked against a corrupted S_3 fails, naming the
// position; and Schwenk's rule against a corrupted S_0.
func TestTheoremNegativeControls(t *testing.T) {
	r := mustRun(t, grundy.Fibonacci)
	ns := r.System.NS
	// (4, 3) has value 3 (Theorem 4.7: 4 = 1 + 3, 3 <= r < infinity).
	S := append([]*au.Automaton(nil), r.S[:4]...)
	S[3] = au.Difference(S[3], point(t, ns, 4, 3))
	p, err := Prove(t.Context(), r.System, S, ProveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	st, _ := p.Result("lrs47")
	if st.Holds || st.Value("n").Int64() != 4 || st.Value("r").Int64() != 3 {
		t.Fatalf("lrs47 holds=%v at %s", st.Holds, st.CounterString())
	}
	// (5, 4): 5 is a Fibonacci number, so r < z_1(5) = 5 has value 0.
	S = append([]*au.Automaton(nil), r.S[:1]...)
	S[0] = au.Difference(S[0], point(t, ns, 5, 4))
	p, err = Prove(t.Context(), r.System, S, ProveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := p.Result("schwenk"); st.Holds || st.Value("n").Int64() != 5 || st.Value("r").Int64() != 4 {
		t.Fatalf("schwenk holds=%v at %s", st.Holds, st.CounterString())
	}
}

// Past the tier, thresholds are learned from layers of their own and every
// guess is checked against the engine to N: the same automata.
func TestRunTiers(t *testing.T) {
	if testing.Short() {
		t.Skip("a second run with tiers (a few seconds)")
	}
	want := mustRun(t, grundy.Fibonacci)
	r, err := Run(t.Context(), Config{N: 300000, K: 5, Start: 10000, Tier: 20000})
	if err != nil || !r.Complete {
		t.Fatalf("%v, complete %v", err, r != nil && r.Complete)
	}
	for g := range want.S {
		if !r.S[g].Equal(want.S[g]) {
			t.Fatalf("S_%d differs with tiers", g)
		}
	}
	streamed := false
	for _, s := range r.Steps {
		streamed = streamed || strings.Contains(s.Name, "streamed")
	}
	if !streamed {
		t.Fatalf("no streamed check among the steps: %+v", r.Steps)
	}
}

// A learner that does not converge says so and names the table to try:
// T_8 of a = 2 needs the table to 10^7 (docs/automata.md).
func TestRunNotConverged(t *testing.T) {
	if testing.Short() {
		t.Skip("learning T_1..T_8 on 2*10^4 rows")
	}
	r, err := Run(t.Context(), Config{N: 20000, K: 8, Start: 20000, Suffixes: []int{6, 8}})
	var nc *NotConvergedError
	if err == nil || !errorsAs(err, &nc) {
		t.Fatalf("want NotConvergedError, got %v", err)
	}
	if nc.Next != 200000 || !strings.Contains(nc.Error(), "N = 200000") {
		t.Fatalf("%v", nc)
	}
	if r == nil || r.Proof == nil || r.ProvedUpTo() != len(r.S)-1 {
		t.Fatalf("the classes before T_%d were not proved", nc.G)
	}
}

// Value answers beyond every table: (10^100, r) for a = 2.
func TestValueBig(t *testing.T) {
	r := mustRun(t, grundy.Fibonacci)
	n := new(big.Int).Exp(big.NewInt(10), big.NewInt(100), nil)
	g, ok := Value(r.S, n, big.NewInt(5))
	// G(n, 5) from the definition of the classes: decided independently
	// by the theorems (LRS 4.1: G = 0 iff r < z_1(n)).
	z1 := new(big.Int)
	d := r.System.NS.Digits(n)
	for i := len(d) - 1; i >= 0; i-- {
		if d[i] == 1 {
			z1 = r.System.NS.Weight(len(d) - i)
			break
		}
	}
	if !ok || (g == 0) != (big.NewInt(5).Cmp(z1) < 0) {
		t.Fatalf("G(10^100, 5) = %d (%v), z_1 = %s", g, ok, z1)
	}
	if _, ok := Value(r.S[:1], n, n); ok {
		t.Fatal("G(10^100, 10^100) >= 1 answered from S_0 alone")
	}
}
