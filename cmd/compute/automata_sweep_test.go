package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// compute automata -mults sweeps a list into OUT/automata/mult=A and
// -merge writes the summary; a second run skips every multiplier; bad
// flags are usage errors.
func TestAutomataSweepCommand(t *testing.T) {
	dir := t.TempDir()
	out, err := runArgs(t, "automata", "-mults", "1,4", "-max-g", "2", "-n", "2000", "-edge-budget", "5000", "-out", dir)
	if err != nil || !strings.Contains(out, "2 multipliers, 2 computed, 0 already there") {
		t.Fatalf("sweep: %v\n%s", err, out)
	}
	out, err = runArgs(t, "automata", "-mults", "1,4", "-max-g", "2", "-n", "2000", "-edge-budget", "5000", "-out", dir)
	if err != nil || !strings.Contains(out, "0 computed, 2 already there") {
		t.Fatalf("sweep again: %v\n%s", err, out)
	}
	out, err = runArgs(t, "automata", "-merge", dir, "-machine", "the test machine")
	if err != nil || !strings.Contains(out, "merged 2 multipliers (1 below 7/2: K >= 2 for 1; 1 not decidable)") {
		t.Fatalf("merge: %v\n%s", err, out)
	}
	for _, f := range []string{"summary.json", "summary.md", "edge.md", "timings.md", "mult=1/g2.txt", "mult=1/report.md", "mult=4/sweep.json"} {
		if _, err := os.Stat(filepath.Join(dir, "automata", f)); err != nil {
			t.Error(err)
		}
	}
	tm, _ := os.ReadFile(filepath.Join(dir, "automata", "timings.md"))
	if !strings.Contains(string(tm), "the test machine") {
		t.Errorf("timings.md does not say where it was measured:\n%s", tm)
	}
	// Another plan in the same folder is a usage error.
	if _, err := runArgs(t, "automata", "-mults", "1,4", "-max-g", "3", "-n", "2000", "-out", dir); !errors.As(err, new(usageError)) || !strings.Contains(err.Error(), "holds a sweep of another") {
		t.Errorf("another plan: %v", err)
	}
	empty := t.TempDir()
	for _, bad := range [][]string{
		{"automata", "-mults", "", "-out", dir},
		{"automata", "-mults", "1", "-shard", "3/2", "-out", dir},
		{"automata", "-mults", "1", "-cpu", "0s", "-out", dir},
		{"automata", "-mults", "1", "-mult", "2", "-out", dir},
		{"automata", "-merge", dir, "-mults", "1"},
		{"automata", "-merge", empty},
		{"automata", "-merge", filepath.Join(empty, "none")},
		{"automata", "-shard", "0/2"},
		{"automata", "-machine", "x"},
	} {
		_, err := runArgs(t, bad...)
		var ue usageError
		if !errors.As(err, &ue) {
			t.Errorf("%v: %v, want a usage error", bad, err)
		}
	}
}
