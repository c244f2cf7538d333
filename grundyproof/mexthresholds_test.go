package grundyproof

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	au "fibnim/automatic"
	"fibnim/grundy"
)

// proveBoth proves S with both methods and fails the test unless every mex
// verdict (holds, least counterexample) is the same.
func proveBoth(t *testing.T, sys *System, S []*au.Automaton) (*Proof, *Proof) {
	t.Helper()
	mex, err := Prove(t.Context(), sys, S, ProveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	thr, err := Prove(t.Context(), sys, S, ProveOptions{Method: MethodThresholds})
	if err != nil {
		t.Fatal(err)
	}
	for g := range S {
		a, _ := mex.Mex(g)
		b, ok := thr.Mex(g)
		if !ok {
			t.Fatalf("a = %s: no threshold verdict for %d", sys.A, g)
		}
		if a.Holds != b.Holds || a.CounterString() != b.CounterString() {
			t.Fatalf("a = %s, g = %d: mex induction holds=%v %s, thresholds holds=%v %s", sys.A, g, a.Holds, a.CounterString(), b.Holds, b.CounterString())
		}
	}
	if mex.ProvedUpTo() != thr.ProvedUpTo() {
		t.Fatalf("a = %s: proved up to %d (mex) and %d (thresholds)", sys.A, mex.ProvedUpTo(), thr.ProvedUpTo())
	}
	return mex, thr
}

// The threshold prover agrees with the mex induction on the learned
// classes of a = 2 (K = 5), a = 5/2 and a = 3 (K = 4): both prove them.
func TestThresholdsProve(t *testing.T) {
	for _, a := range []grundy.Multiplier{grundy.Fibonacci, {P: 5, Q: 2}, {P: 3, Q: 1}} {
		r := mustRun(t, a)
		_, thr := proveBoth(t, r.System, r.S)
		if thr.ProvedUpTo() != wantK[a] {
			t.Fatalf("a = %s: thresholds prove up to %d, want %d", a, thr.ProvedUpTo(), wantK[a])
		}
		for _, res := range thr.Results {
			if res.Kind == au.ClaimStep && !res.Holds {
				t.Errorf("a = %s: %s fails at %s", a, res.Name, res.CounterString())
			}
		}
	}
}

// Negative controls: S_4 replaced by S_3, and one position added to or
// removed from S_4, make the statement for 4 fail with the same least
// counterexample as the mex induction gives (for S_3 in place of S_4: the
// least position of S_3), and S_0..S_3 stay proved.
func TestThresholdsNegativeControls(t *testing.T) {
	for _, a := range []grundy.Multiplier{grundy.Fibonacci, {P: 5, Q: 2}} {
		r := mustRun(t, a)
		ns := r.System.NS
		d, _ := grundy.Dense(400, a, 2)
		var add, del [2]int64
		for rr := 200; rr <= 400 && add[0] == 0; rr++ {
			if d.At(400, rr) != 4 {
				add = [2]int64{400, int64(rr)}
			}
		}
		for n := 300; n <= 400 && del[0] == 0; n++ {
			for rr := 0; rr <= n; rr++ {
				if d.At(n, rr) == 4 {
					del = [2]int64{int64(n), int64(rr)}
					break
				}
			}
		}
		least3 := au.Least(r.S[3])
		for _, c := range []struct {
			name string
			s4   *au.Automaton
			at   [2]int64
		}{
			{"S_3 for S_4", r.S[3], [2]int64{least3[0].Int64(), least3[1].Int64()}},
			{"added", au.Union(r.S[4], point(t, ns, add[0], add[1])), add},
			{"removed", au.Difference(r.S[4], point(t, ns, del[0], del[1])), del},
		} {
			S := append([]*au.Automaton(nil), r.S[:5]...)
			S[4] = c.s4
			_, thr := proveBoth(t, r.System, S)
			st, _ := thr.Mex(4)
			if st.Holds {
				t.Fatalf("a = %s, %s: the statement for S_4 still holds", a, c.name)
			}
			if want := fmt.Sprintf("(n, r) = (%d, %d)", c.at[0], c.at[1]); st.CounterString() != want {
				t.Fatalf("a = %s, %s: least counterexample %s, want %s", a, c.name, st.CounterString(), want)
			}
			if thr.ProvedUpTo() != 3 {
				t.Fatalf("a = %s, %s: proved up to %d, want 3", a, c.name, thr.ProvedUpTo())
			}
		}
	}
}

// A folder proved with the thresholds records its method, loads from
// proof.json without proving again, and proves again with the same method.
func TestThresholdsFolder(t *testing.T) {
	r := mustRun(t, grundy.Fibonacci)
	p, err := Prove(t.Context(), r.System, r.S, ProveOptions{Method: MethodThresholds})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := Write(dir, r.System, r.S, p, 0, nil); err != nil {
		t.Fatal(err)
	}
	f, err := Load(t.Context(), dir, grundy.Fibonacci, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !f.Cached || f.Proved != 5 || f.Record.Method != string(MethodThresholds) {
		t.Fatalf("cached %v, proved %d, method %q", f.Cached, f.Proved, f.Record.Method)
	}
	g, err := Load(t.Context(), dir, grundy.Fibonacci, LoadOptions{Reprove: true})
	if err != nil {
		t.Fatal(err)
	}
	if g.Cached || g.Proved != 5 || g.Record.Method != string(MethodThresholds) {
		t.Fatalf("reproved: cached %v, proved %d, method %q", g.Cached, g.Proved, g.Record.Method)
	}
	for _, s := range g.Record.Steps {
		if s.Name == "mex5" && s.Kind != "derived" {
			t.Fatalf("mex5 recorded as %q, want derived", s.Kind)
		}
	}
}

// Walnut replays the threshold proof's prove.txt TRUE on the learned S_0..S_5
// of a = 2, one TRUE per claim; with S_3 in place of S_4 it prints FALSE.
func TestWalnutThresholdReplay(t *testing.T) {
	prover := walnutProver(t)
	r := mustRun(t, grundy.Fibonacci)
	p, err := Prove(t.Context(), r.System, r.S, ProveOptions{Method: MethodThresholds})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := Write(dir, r.System, r.S, p, r.N, nil); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, ProveFile))
	if err != nil {
		t.Fatal(err)
	}
	claims := strings.Count(string(b), "\neval ")
	out, err := walnut(prover, dir)
	if last := lastLine(out); err != nil || !strings.HasPrefix(last, "walnut: "+itoa(claims)+" TRUE") || !strings.Contains(last, " 0 FALSE, 0 errors") {
		t.Fatalf("Walnut: %s (%d claims; %v)", last, claims, err)
	}
	S := append([]*au.Automaton(nil), r.S...)
	S[4] = S[3]
	bad := t.TempDir()
	if err := Write(bad, r.System, S, p, r.N, nil); err != nil {
		t.Fatal(err)
	}
	out, err = walnut(prover, bad)
	if err == nil || !strings.Contains(lastLine(out), "FALSE") {
		t.Fatalf("Walnut did not refuse S_3 in place of S_4: %s", lastLine(out))
	}
	t.Log(lastLine(out))
}
