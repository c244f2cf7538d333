package grundyproof

import (
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
