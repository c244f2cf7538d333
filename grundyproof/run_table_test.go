package grundyproof

import (
	"os"
	"path/filepath"
	"testing"

	"fibnim/grundy"
)

// The table learner learns the thresholds the bounded-suffix learner does
// (the same minimal automata, hence the same classes) on the same table to
// 10^5, at a = 2 (K = 5) and a = 5/2 (K = 4); the threshold prover proves
// them. With a Tier below the table, the thresholds past it are read from
// layer files (LayerDir), which are removed afterwards.
func TestRunTableLearner(t *testing.T) {
	for _, a := range []grundy.Multiplier{grundy.Fibonacci, {P: 5, Q: 2}} {
		want := mustRun(t, a)
		for _, tier := range []int{0, 2000} {
			dir := t.TempDir()
			res, err := Run(t.Context(), Config{A: a, N: 100000, K: wantK[a], Start: 1000, Tier: tier, Learner: LearnerTable, LayerDir: dir, Method: MethodThresholds})
			if err != nil {
				t.Fatalf("a = %s, tier %d: %v", a, tier, err)
			}
			if !res.Complete || res.ProvedUpTo() != wantK[a] {
				t.Fatalf("a = %s, tier %d: proved up to %d", a, tier, res.ProvedUpTo())
			}
			for g := range want.T {
				if !res.T[g].Equal(want.T[g]) {
					t.Fatalf("a = %s, tier %d: T_%d: %d states, the bounded-suffix learner's %d", a, tier, g, res.T[g].States(), want.T[g].States())
				}
			}
			layered := false
			for _, l := range res.Learned {
				for _, r := range l.TableRuns {
					layered = layered || r.Source != "memory"
				}
				if len(l.TableRuns) == 0 || !l.TableRuns[len(l.TableRuns)-1].Converged {
					t.Fatalf("a = %s, tier %d: T_%d's runs %+v", a, tier, l.G, l.TableRuns)
				}
			}
			if tier > 0 && a == grundy.Fibonacci && !layered { // at a = 5/2 every T_g converges from 1001 rows
				t.Errorf("a = %s, tier %d: no threshold read from a layer file", a, tier)
			}
			if tier == 0 && layered {
				t.Errorf("a = %s: a layer file below the default tier", a)
			}
			if left, _ := filepathGlob(dir, "*.layer"); len(left) != 0 {
				t.Errorf("a = %s: layer files left: %v", a, left)
			}
		}
	}
}

// A threshold that does not converge on the table to N (T_7 at a = 2 from
// 10^5 rows, read from a layer file) stops the run with a
// NotConvergedError, and leaves in LayerDir its layer file and R7.bound:
// a distinguishing set that CheckBoundFile rechecks to the same lower
// bound, at most the classes found; a changed row or another layer file
// is refused.
func TestRunTableBound(t *testing.T) {
	dir := t.TempDir()
	res, err := Run(t.Context(), Config{N: 100000, K: 6, Start: 100000, Tier: 1000, Learner: LearnerTable, LayerDir: dir, Method: MethodThresholds})
	var nc *NotConvergedError
	if !errorsAs(err, &nc) || nc.G != 7 {
		t.Fatalf("want T_7 not converged: %v", err)
	}
	l := res.Learned[len(res.Learned)-1]
	last := l.TableRuns[len(l.TableRuns)-1].Rounds
	if l.G != 7 || l.LowerBound < 2 || l.LowerBound > last[len(last)-1].Classes {
		t.Fatalf("T_%d: bound %d, classes %d", l.G, l.LowerBound, last[len(last)-1].Classes)
	}
	bound, layer := filepath.Join(dir, BoundFileName(7)), filepath.Join(dir, LayerFileName(7))
	k, _, err := CheckBoundFile(t.Context(), bound, layer)
	if err != nil || k != l.LowerBound {
		t.Fatalf("recheck: %d, %v (the run said %d)", k, err, l.LowerBound)
	}
	t.Logf("T_7 from 10^5 rows: at least %d states", k)
	if left, _ := filepathGlob(dir, "*.layer"); len(left) != 1 {
		t.Errorf("layer files kept: %v, want R7.layer alone", left)
	}
	b, err := os.ReadFile(layer)
	if err != nil {
		t.Fatal(err)
	}
	b[layerHeaderSize+4*777] ^= 1
	bad := filepath.Join(t.TempDir(), LayerFileName(7))
	if err := os.WriteFile(bad, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := CheckBoundFile(t.Context(), bound, bad); err == nil {
		t.Error("a changed row passed")
	}
	other := t.TempDir()
	if err := WriteLayerFiles(t.Context(), other, grundy.Fibonacci, 100000, []int{8}, nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := CheckBoundFile(t.Context(), bound, filepath.Join(other, LayerFileName(8))); err == nil {
		t.Error("the bound of R'_7 checked against R'_8")
	}
}
