package atlas

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fibnim/grundy"
	"fibnim/grundyproof"
)

// writeProved writes a sweep summary of a = 1 (values 0..3 proved), 2
// (0..1 of 0..3) and 4 (not Pisot) under root/multipliers/automata.
func writeProved(t *testing.T, root string) {
	t.Helper()
	mults := []grundy.Multiplier{{P: 1, Q: 1}, {P: 2, Q: 1}, {P: 4, Q: 1}}
	s := grundyproof.SweepSummary{Format: grundyproof.SummaryFormat, Plan: grundyproof.NewSweepPlan("1,2,4", mults, 3, 10000, 0, time.Minute, 0, 0, nil),
		Rows: []grundyproof.SweepRow{
			{Format: grundyproof.RowFormat, Multiplier: "1", Numeration: "bin", Pisot: true, Status: grundyproof.StatusProved, MaxG: 3, ProvedUpTo: 3, ClassStates: []int{3, 4, 6, 11}},
			{Format: grundyproof.RowFormat, Multiplier: "2", C: 1, Numeration: "fib", Pisot: true, Status: grundyproof.StatusShort, MaxG: 3, ProvedUpTo: 1, ClassStates: []int{3, 4},
				Stop: "T_3 did not converge on the table to N = 10,000", Attempts: []grundyproof.SweepAttempt{{K: 3, N: 10000, Outcome: grundyproof.OutcomeNotConverged, Step: "T_3"}}},
			{Format: grundyproof.RowFormat, Multiplier: "4", C: 5, Numeration: "nt4", Status: grundyproof.StatusNotPisot, MaxG: 3, ProvedUpTo: -1, Edge: &grundyproof.Edge{C: 5}},
		}}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(root, filepath.FromSlash(ProvedSummary))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// The atlas's column "values proved for all n" comes from the sweep's
// summary beside it: K proved, "not Pisot" from 7/2 on, "-" for a
// multiplier the sweep did not run; no summary, no column; a damaged
// summary is an error, not a missing column.
func TestReportProvedColumn(t *testing.T) {
	rows := []AtlasRow{synthetic("1", 40, 8, 990), synthetic("3/2", 2.9, 0.3, 0), synthetic("2", 4, 0.4, 50), synthetic("4", 5.5, 0.3, 0)}
	list, _ := ParseList("1,3/2,2,4")
	plan := NewPlan("1,3/2,2,4", list, 1500)
	root := filepath.Join(t.TempDir(), "results")
	if p, err := ReadProved(root); err != nil || p != nil {
		t.Fatalf("no summary: %v %v", p, err)
	}
	if md := string(ReportWith(plan, rows, nil, nil, nil)); strings.Contains(md, "values proved for all n") {
		t.Error("a column without a summary")
	}
	writeProved(t, root)
	p, err := ReadProved(root)
	if err != nil {
		t.Fatal(err)
	}
	md := string(ReportWith(plan, rows, nil, nil, p))
	for _, want := range []string{
		"| differences | values proved for all n |",
		"results/multipliers/automata/summary.json",
		"| 1 | 0 | 40.0000 |", "| 0..3 |\n",
		"| 2 | 0 |", "| 0..1 |\n",
		"| not Pisot |\n",
		"| 3/2 | 0 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the report lacks %q:\n%s", want, md)
		}
	}
	for _, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "| 3/2 |") && !strings.HasSuffix(line, "| - |") {
			t.Errorf("a = 3/2, not swept: %s", line)
		}
	}
	path := filepath.Join(root, filepath.FromSlash(ProvedSummary))
	b, _ := os.ReadFile(path)
	os.WriteFile(path, []byte(strings.Replace(string(b), `"proved_up_to":1`, `"proved_up_to":2`, 1)), 0o644)
	if _, err := ReadProved(root); err == nil {
		t.Error("a damaged summary read")
	}
}
