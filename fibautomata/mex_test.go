package fibautomata

import (
	"bytes"
	"context"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"fibnim/grundy"
)

// learned is one Run to K = 5 on N = 10^5 (about a second), shared by the tests.
var learned = sync.OnceValues(func() (*Result, error) {
	return Run(context.Background(), Config{N: 100000, K: 5})
})

func mustLearn(t *testing.T) *Result {
	t.Helper()
	r, err := learned()
	if err != nil {
		t.Fatal(err)
	}
	if len(r.S) != 6 {
		t.Fatalf("learned S_0..S_%d only", len(r.S)-1)
	}
	return r
}

func TestRunProvesValuesZeroToFive(t *testing.T) {
	r := mustLearn(t)
	if !r.Complete || r.ProvedUpTo() != 5 {
		for _, s := range r.Mex {
			t.Logf("%s holds=%v at %v", s.Name, s.Holds, s.Counter)
		}
		t.Fatalf("proved up to %d", r.ProvedUpTo())
	}
	for _, s := range r.Paper {
		if !s.Holds {
			t.Errorf("%s fails at %v", s.Name, s.Counter)
		}
	}
}

// The proved sets agree with the project's oracle (grundy.Brute, straight
// from the definition) on every cell n <= 120, and with the dense engine
// on every cell n <= 1500.
func TestPositionsMatchTables(t *testing.T) {
	r := mustLearn(t)
	brute := grundy.Brute(120, big.NewRat(2, 1))
	for n := range brute {
		for rr := 0; rr <= n; rr++ {
			for g, s := range r.S {
				if s.AcceptsUint(uint64(n), uint64(rr)) != (brute[n][rr] == g) {
					t.Fatalf("S_%d at (%d, %d): G = %d", g, n, rr, brute[n][rr])
				}
			}
		}
	}
	N := 1500
	if testing.Short() {
		N = 400
	}
	d, err := grundy.Dense(N, grundy.Fibonacci, 2)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n <= N; n++ {
		for rr := 0; rr <= n; rr++ {
			g := d.At(n, rr)
			for h, s := range r.S {
				if s.AcceptsUint(uint64(n), uint64(rr)) != (g == h) {
					t.Fatalf("S_%d at (%d, %d): G = %d", h, n, rr, g)
				}
			}
		}
	}
}

func point(t *testing.T, n, r int64) *Automaton {
	return mustOrder(t, NewEnv(), []string{"n", "r"}, And(Eq(V("n"), N(n)), Eq(V("r"), N(r))))
}

// Negative controls: one position added to or removed from S_4 makes its
// statement false, and the least counterexample is that position.
func TestMexNegativeControls(t *testing.T) {
	r := mustLearn(t)
	// (1000, 700): G(1000, 700) != 4 (checked), added to S_4.
	d, _ := grundy.Dense(1000, grundy.Fibonacci, 2)
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
	for _, c := range []struct {
		name string
		s4   *Automaton
		at   [2]int64
	}{
		{"added", Union(r.S[4], point(t, add[0], add[1])), add},
		{"removed", Difference(r.S[4], point(t, del[0], del[1])), del},
	} {
		S := append([]*Automaton(nil), r.S[:5]...)
		S[4] = c.s4
		res, err := ProveMex(t.Context(), &Positions{S: S})
		if err != nil {
			t.Fatal(err)
		}
		st := res[4]
		if st.Holds {
			t.Fatalf("%s (%d, %d): the statement for S_4 still holds", c.name, c.at[0], c.at[1])
		}
		if st.Counter[0].Int64() != c.at[0] || st.Counter[1].Int64() != c.at[1] {
			t.Fatalf("%s (%d, %d): least counterexample %v", c.name, c.at[0], c.at[1], st.Counter)
		}
		for g := range 4 {
			if !res[g].Holds {
				t.Fatalf("%s: statement %d fails too", c.name, g)
			}
		}
	}
}

// A paper theorem checked against a corrupted S_3 fails, naming the
// position.
func TestPaperNegativeControl(t *testing.T) {
	r := mustLearn(t)
	// (4, 3) has value 3 (Theorem 4.7: 4 = 1 + 3, 3 <= r < infinity).
	S := append([]*Automaton(nil), r.S[:4]...)
	S[3] = Difference(S[3], point(t, 4, 3))
	res, err := ProvePaperTheorems(&Positions{S: S})
	if err != nil {
		t.Fatal(err)
	}
	st := res[3]
	if st.Name != "LRS-4.7" || st.Holds || st.Counter[0].Int64() != 4 || st.Counter[1].Int64() != 3 {
		t.Fatalf("%s holds=%v at %v", st.Name, st.Holds, st.Counter)
	}
}

func TestWalnutRoundTrip(t *testing.T) {
	r := mustLearn(t)
	for g, s := range r.S {
		var b bytes.Buffer
		if err := WriteWalnut(&b, s); err != nil {
			t.Fatal(err)
		}
		back, err := ReadWalnut(&b)
		if err != nil {
			t.Fatalf("g%d: %v", g, err)
		}
		if !back.Equal(s) {
			t.Fatalf("g%d does not round-trip", g)
		}
	}
	for _, bad := range []string{"", "msd_2 msd_fib\n", "msd_fib\n\n0 1\n0 -> 3\n", "msd_fib\n\n0 1\n2 -> 0\n", "msd_fib\n\n1 1\n", "msd_fib\n\n0 1\n0 -> 0\n0 -> 0\n"} {
		if _, err := ReadWalnut(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadWalnut accepted %q", bad)
		}
	}
}

// The committed results/automata/mult=2 files are what Run writes now
// (the report, with its times, aside).
func TestCommittedAutomata(t *testing.T) {
	r := mustLearn(t)
	dir := t.TempDir()
	if err := Write(dir, r); err != nil {
		t.Fatal(err)
	}
	committed := filepath.Join("..", "results", Folder)
	if _, err := os.Stat(committed); err != nil {
		t.Skip("no committed results/automata: ", err)
	}
	names := []string{"prove.txt"}
	for g := range r.S {
		names = append(names, fmt.Sprintf("g%d.txt", g))
	}
	for _, name := range names {
		got, err1 := os.ReadFile(filepath.Join(dir, Folder, name))
		want, err2 := os.ReadFile(filepath.Join(committed, name))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("results/%s/%s differs from what Run writes: run make automata", Folder, name)
		}
	}
}

// Past the tier, thresholds are learned from layers of their own and every
// guess is checked against the engine to N: the same automata.
func TestRunTiers(t *testing.T) {
	if testing.Short() {
		t.Skip("a second run with tiers (a few seconds)")
	}
	want := mustLearn(t)
	r, err := Run(t.Context(), Config{N: 300000, K: 5, Start: 10000, Tier: 20000})
	if err != nil || !r.Complete {
		t.Fatalf("%v, complete %v", err, r != nil && r.Complete)
	}
	for g := range want.S {
		if !r.S[g].Equal(want.S[g]) {
			t.Fatalf("S_%d differs with tiers", g)
		}
	}
	if len(r.Steps) < 2 || !strings.Contains(r.Steps[2].Name, "streamed") {
		t.Fatalf("no streamed check among the steps: %+v", r.Steps)
	}
}
