package grundyproof

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"fibnim/grundy"
)

var updateSweep = flag.Bool("update", false, "rewrite the committed summary.md and edge.md from summary.json")

// The committed sweep (results/multipliers/automata): summary.md and edge.md
// are what summary.json gives, byte for byte (no number typed by hand), and
// every committed folder is the one its row names: proof.json matches its
// files, and the row's K, class sizes and table are proof.json's. The
// folders of a = 1 and a = 3 (walnut_test.go replays them), 7/3 and 5/2
// (issue 45's "What it must show") are committed.
func TestCommittedSweep(t *testing.T) {
	root := filepath.Join("..", "results", "multipliers")
	s, err := ReadSweepSummary(SummaryPath(root))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct {
		name string
		data []byte
	}{{SummaryMD, SummaryMarkdown(s)}, {EdgeMD, EdgeMarkdown(s)}} {
		path := filepath.Join(SweepDir(root), f.name)
		if *updateSweep {
			if err := os.WriteFile(path, f.data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(want, f.data) {
			os.WriteFile(path+".got", f.data, 0o644)
			t.Errorf("%s differs from what summary.json gives (%s.got has it): compute automata -merge, or go test -run TestCommittedSweep -update", path, path)
		}
	}
	mults, err := s.Plan.Mults()
	if err != nil {
		t.Fatal(err)
	}
	folders := 0
	for i, a := range mults {
		r := s.Rows[i]
		if _, err := os.Stat(filepath.Join(Dir(root, a), ProofFile)); err != nil {
			if r.ProvedUpTo >= 0 && (a == grundy.Multiplier{P: 1, Q: 1} || a == grundy.Multiplier{P: 7, Q: 3} || a == grundy.Multiplier{P: 5, Q: 2} || a == grundy.Multiplier{P: 3, Q: 1}) {
				t.Errorf("a = %s: its folder is not committed", a)
			}
			continue
		}
		folders++
		got, err := readRowChecked(root, a, s.Plan)
		if err != nil {
			t.Errorf("a = %s: %v", a, err)
			continue
		}
		if !bytes.Equal(mustJSON(t, got), mustJSON(t, r)) {
			t.Errorf("a = %s: summary.json's row differs from mult=%s/%s", a, a.Folder(), RowFile)
		}
	}
	t.Logf("%d rows, %d committed folders checked against their rows", len(s.Rows), folders)
}
