package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fibnim/grundy"
	"fibnim/grundyproof"
)

// The README's bullet on the sweep is counted from summary.json: the
// multipliers with K >= 8, those short of it with the reason, and the
// edge; a results folder without the sweep has no bullet, and a damaged
// summary is an error.
func TestSweepFindings(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "results")
	var b bytes.Buffer
	if err := sweepFindings(&b, dir); err != nil || b.Len() != 0 {
		t.Fatalf("no sweep: %q %v", b.String(), err)
	}
	mults := []grundy.Multiplier{{P: 1, Q: 1}, {P: 13, Q: 4}, {P: 7, Q: 2}, {P: 10, Q: 1}}
	s := grundyproof.SweepSummary{Format: grundyproof.SummaryFormat, Plan: grundyproof.NewSweepPlan("1,13/4,7/2,10", mults, 10, 10000000, 0, time.Minute, 0, 0, nil),
		Rows: []grundyproof.SweepRow{
			{Format: grundyproof.RowFormat, Multiplier: "1", Numeration: "bin", Pisot: true, Status: grundyproof.StatusProved, MaxG: 10, ProvedUpTo: 10, ClassStates: make([]int, 11)},
			{Format: grundyproof.RowFormat, Multiplier: "13/4", C: 3, Numeration: "ntc3", Pisot: true, Status: grundyproof.StatusShort, MaxG: 10, ProvedUpTo: 7, ClassStates: make([]int, 8),
				Stop: "T_9 did not converge on the table to N = 10,000,000", Attempts: []grundyproof.SweepAttempt{{K: 10, N: 10000000, Outcome: grundyproof.OutcomeNotConverged, Step: "T_9"}}},
			{Format: grundyproof.RowFormat, Multiplier: "7/2", C: 4, Numeration: "nt7_2", Status: grundyproof.StatusNotPisot, MaxG: 10, ProvedUpTo: -1, Edge: &grundyproof.Edge{C: 4, Searched: true}},
			{Format: grundyproof.RowFormat, Multiplier: "10", C: 22, Numeration: "nt10", Status: grundyproof.StatusNotPisot, MaxG: 10, ProvedUpTo: -1, Edge: &grundyproof.Edge{C: 22}},
		}}
	js, _ := json.Marshal(s)
	path := filepath.Join(dir, filepath.FromSlash(SweepSummaryPath))
	os.MkdirAll(filepath.Dir(path), 0o755)
	os.WriteFile(path, js, 0o644)
	if err := sweepFindings(&b, dir); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"[results/multipliers/automata/summary.md](results/multipliers/automata/summary.md)",
		"Below 7/2 (2 multipliers), the positions of Grundy values 0..K are proved for all n with K >= 8 for 1 of them (K from 7 to 10; all of 0..10 for 1).",
		"Below K = 8 (1; each reason in summary.md): a threshold did not converge on the table to N = 10,000,000 for a = 13/4 (K = 7).",
		"From 7/2 on (2 multipliers): not decidable by this method: numeration not Pisot",
		"closed for none of the 1 searched",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the bullet lacks %q:\n%s", want, b.String())
		}
	}
	os.WriteFile(path, bytes.Replace(js, []byte(`"proved_up_to":7`), []byte(`"proved_up_to":9`), 1), 0o644)
	if err := sweepFindings(&b, dir); err == nil {
		t.Error("a damaged summary gave a bullet")
	}
}

// The band theorems complete the short rows where they prove more: a = 13/4
// with nothing proved gets values 0..5 of [3, 7/2); a row already past the
// band's J, a failed band, and a multiplier outside the band add nothing.
func TestBandComplement(t *testing.T) {
	dir := t.TempDir()
	short := []grundyproof.SweepRow{{Multiplier: "13/4", ProvedUpTo: -1}, {Multiplier: "3", ProvedUpTo: 7}, {Multiplier: "7/3", ProvedUpTo: 2}}
	if line, err := bandComplement(dir, short); err != nil || line != "" {
		t.Fatalf("no bands.json: %q %v", line, err)
	}
	recs := []grundyproof.BandRecord{
		{From: "3", To: "7/2", Like: "3", Numeration: "ntc3", MaxValue: 5, Status: "proved"},
		{From: "3", To: "7/2", Like: "3", Numeration: "ntc3", MaxValue: 6, Status: "failed"},
	}
	if err := grundyproof.WriteBands(dir, recs); err != nil {
		t.Fatal(err)
	}
	line, err := bandComplement(dir, short)
	if err != nil {
		t.Fatal(err)
	}
	if want := "values 0..5 for the 1 of [3, 7/2) (a = 13/4)"; !strings.Contains(line, want) {
		t.Errorf("got %q, want it to hold %q", line, want)
	}
	recs[0].Status = "failed"
	grundyproof.WriteBands(dir, recs)
	if line, _ := bandComplement(dir, short); line != "" {
		t.Errorf("a failed band completed a row: %q", line)
	}
}
