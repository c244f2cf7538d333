package grundyproof

import (
	"strings"
	"testing"

	au "fibnim/automatic"
	"fibnim/grundy"
)

// prove.txt is generated from the prover's own script: changing one
// statement changes prove.txt in that statement's line, and only there,
// and every step of the script is a line of prove.txt in order.
func TestProveTxtFromTheScript(t *testing.T) {
	ns := mustRun(t, grundy.Fibonacci).System.NS
	s := ProofScript(grundy.Fibonacci, 5)
	text := s.Walnut(ns)
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if len(lines) != len(s) {
		t.Fatalf("%d lines for %d steps", len(lines), len(s))
	}
	for i, st := range s {
		if !strings.Contains(lines[i], " "+st.Name+" ") {
			t.Fatalf("line %d is not step %s: %s", i, st.Name, lines[i])
		}
	}
	// The move of value 3 reads S_3 at the cap min(2k, m): make it
	// read 3k instead (another game), and see prove.txt change there.
	changed := append(au.Script(nil), s...)
	for i, st := range changed {
		if st.Name == "cap" {
			changed[i] = Cap(grundy.Multiplier{P: 3, Q: 1})
		}
	}
	text2 := changed.Walnut(ns)
	lines2 := strings.Split(strings.TrimSpace(text2), "\n")
	diff := 0
	for i := range lines {
		if lines[i] != lines2[i] {
			diff++
			if !strings.HasPrefix(lines[i], "def cap ") || !strings.Contains(lines2[i], "3*k") {
				t.Errorf("line %d changed: %s -> %s", i, lines[i], lines2[i])
			}
		}
	}
	if diff != 1 {
		t.Fatalf("%d lines changed, want 1 (the cap)", diff)
	}
	// And the prover decides the changed script differently: under a = 3's
	// cap, the classes of a = 2 fail their mex statement.
	r := mustRun(t, grundy.Fibonacci)
	e := au.NewEnv(ns)
	for g, c := range r.S {
		if err := e.Define(ClassName(g), c); err != nil {
			t.Fatal(err)
		}
	}
	res, err := e.Run(t.Context(), changed)
	if err != nil {
		t.Fatal(err)
	}
	fails := false
	for _, x := range res {
		fails = fails || x.Kind == au.ClaimStep && !x.Holds
	}
	if !fails {
		t.Fatal("a = 2's classes pass a = 3's mex statements")
	}
}

// The statements print in the papers' notation (what the report shows).
func TestStatementsPrint(t *testing.T) {
	for _, c := range []struct {
		st   au.Step
		want string
	}{
		{MexClaim(0), "forall n, r: r <= n => (S_0(n, r) <=> not to0(n, r))"},
		{MexClaim(2), "forall n, r: r <= n => (S_2(n, r) <=> to0(n, r) & to1(n, r) & not to2(n, r))"},
		{Cap(grundy.Multiplier{P: 5, Q: 2}), "2t <= 5k & 5k < 2t + 2"},
		{MoveSteps("g1", 1)[1], "exists m: m + k = n & w1(m, k)"},
	} {
		if got := au.Print(c.st.F, Display); got != c.want {
			t.Errorf("%s: %s, want %s", c.st.Name, got, c.want)
		}
	}
}

// The systems of the four Pisot bands, from the game's own P-positions:
// base 2, Zeckendorf, A003410 and A003411 (OEIS), for representatives of
// each band; 7/2 and beyond are not Pisot.
func TestSystems(t *testing.T) {
	for _, c := range []struct {
		a       grundy.Multiplier
		name    string
		c       int
		weights string
		pisot   bool
	}{
		{grundy.Multiplier{P: 1, Q: 1}, "bin", 0, "1 2 4 8 16 32 64 128", true},
		{grundy.Multiplier{P: 19, Q: 10}, "bin", 0, "1 2 4 8 16 32 64 128", true},
		{grundy.Fibonacci, "fib", 1, "1 2 3 5 8 13 21 34", true},
		{grundy.Multiplier{P: 7, Q: 3}, "fib", 1, "1 2 3 5 8 13 21 34", true},
		{grundy.Multiplier{P: 5, Q: 2}, "ntc2", 2, "1 2 3 5 7 10 15 22", true},
		{grundy.Multiplier{P: 29, Q: 10}, "ntc2", 2, "1 2 3 5 7 10 15 22", true},
		{grundy.Multiplier{P: 3, Q: 1}, "ntc3", 3, "1 2 3 4 6 8 11 15", true},
		{grundy.Multiplier{P: 10, Q: 3}, "ntc3", 3, "1 2 3 4 6 8 11 15", true},
		{grundy.Multiplier{P: 7, Q: 2}, "nt7_2", 4, "", false},
		{grundy.Multiplier{P: 4, Q: 1}, "nt4", 5, "", false},
	} {
		s, err := SystemOf(c.a)
		if err != nil {
			t.Fatal(err)
		}
		var w []string
		for _, x := range s.NS.Weights(8) {
			w = append(w, x.String())
		}
		if s.NS.Name() != c.name || s.C != c.c || s.Pisot != c.pisot || (c.weights != "" && strings.Join(w, " ") != c.weights) {
			t.Errorf("a = %s: %s c = %d pisot %v weights %v", c.a, s.NS.Name(), s.C, s.Pisot, w)
		}
		if (s.Decidable() == nil) != c.pisot {
			t.Errorf("a = %s: Decidable %v", c.a, s.Decidable())
		}
	}
}
