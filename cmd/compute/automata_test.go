package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// compute automata learns, proves and writes; compute query answers from
// the folder (from its proof.json); -check streams the engine against it;
// bad flags are usage errors.
func TestAutomataCommand(t *testing.T) {
	dir := t.TempDir()
	out, err := runArgs(t, "automata", "-max-g", "3", "-n", "20000", "-out", dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "S_3: 16 states, proved for all n") || !strings.Contains(out, "LRS-4.7: proved for all n") {
		t.Fatalf("automata:\n%s", out)
	}
	for _, f := range []string{"g0.txt", "g3.txt", "prove.txt", "proof.json", "msd_fib.txt", "msd_fib_addition.txt", "report.md", "report.tex", "classes.svg", "g0.dot"} {
		if _, err := os.Stat(filepath.Join(dir, "automata", "mult=2", f)); err != nil {
			t.Error(err)
		}
	}
	// Beyond every table, compute query answers from the folder's proof.json
	// (grundyproof's tests compare the classes with the dense engine cell by
	// cell).
	out, err = runArgs(t, "query", "-n", "10^30", "-r", "3", "-in", dir)
	if err != nil || !strings.Contains(out, "proved for all n (automata, "+filepath.Join(dir, "automata", "mult=2")) {
		t.Fatalf("query -n 10^30 -r 3: %v\n%s", err, out)
	}
	out, err = runArgs(t, "automata", "-check", "30000", "-in", dir)
	if err != nil || !strings.Contains(out, "at every n <= 30000") {
		t.Fatalf("check: %v\n%s", err, out)
	}
	// A proof past its state budget says how to give it more.
	if _, err := runArgs(t, "automata", "-mult", "10/3", "-max-g", "2", "-n", "20000", "-budget", "20000", "-out", t.TempDir()); err == nil ||
		!strings.Contains(err.Error(), "state budget; give a larger -budget than 20000, or -budget 0 for no limit") {
		t.Errorf("a = 10/3 with -budget 20000: %v", err)
	}
	for _, bad := range [][]string{
		{"automata", "-max-g", "-1"},
		{"automata", "-n", "10"},
		{"automata", "-suffixes", "x"},
		{"automata", "-query", "5,1", "-in", dir},
		{"automata", "-mult", "0", "-in", dir},
		{"automata", "-budget", "-1"},
		{"automata", "extra"},
		{"automata", "-learner", "lstar"},
		{"automata", "-bound", "x.bound"},
		{"automata", "-layers", dir},
		{"automata", "-prover", "walnut"},
		{"automata", "-check", "100", "-learner", "table", "-in", dir},
		{"automata", "-check", "100", "-prover", "thresholds", "-in", dir},
	} {
		_, err := runArgs(t, bad...)
		var ue usageError
		if !errors.As(err, &ue) {
			t.Errorf("%v: %v, want a usage error", bad, err)
		}
	}
}

// -learner table -prover thresholds writes the same classes as the
// default run, proof.json names the method, and -check -reprove proves the
// folder again by it.
func TestAutomataTableThresholds(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	if _, err := runArgs(t, "automata", "-max-g", "4", "-n", "20000", "-out", a); err != nil {
		t.Fatal(err)
	}
	out, err := runArgs(t, "automata", "-max-g", "4", "-n", "20000", "-learner", "table", "-prover", "thresholds", "-out", b)
	if err != nil || !strings.Contains(out, "S_4: 89 states, proved for all n") {
		t.Fatalf("%v\n%s", err, out)
	}
	for g := range 5 {
		x, _ := os.ReadFile(filepath.Join(a, "automata", "mult=2", fmt.Sprintf("g%d.txt", g)))
		y, _ := os.ReadFile(filepath.Join(b, "automata", "mult=2", fmt.Sprintf("g%d.txt", g)))
		if len(x) == 0 || string(x) != string(y) {
			t.Errorf("g%d.txt differs between the learners", g)
		}
	}
	js, _ := os.ReadFile(filepath.Join(b, "automata", "mult=2", "proof.json"))
	if !strings.Contains(string(js), `"method": "thresholds"`) || !strings.Contains(string(js), `"table_runs"`) {
		t.Error("proof.json does not name the threshold prover or the table learner's runs")
	}
	out, err = runArgs(t, "automata", "-check", "20000", "-reprove", "-in", b)
	if err != nil || !strings.Contains(out, "at every n <= 20000") {
		t.Fatalf("check -reprove: %v\n%s", err, out)
	}
}

// compute automata -bound rechecks a lower bound left by -learner table
// -layers (T_7 from 10^5 rows does not converge), and refuses it against
// another layer file.
func TestAutomataBound(t *testing.T) {
	out, layers := t.TempDir(), t.TempDir()
	_, err := runArgs(t, "automata", "-max-g", "6", "-n", "1e5", "-learner", "table", "-layers", layers, "-out", out)
	if err == nil || !strings.Contains(err.Error(), "T_7") {
		t.Fatalf("want T_7 not converged: %v", err)
	}
	bound, layer := filepath.Join(layers, "R7.bound"), filepath.Join(layers, "R7.layer")
	got, err := runArgs(t, "automata", "-bound", bound, "-layer", layer)
	if err != nil || !strings.Contains(got, "every automaton of T_7") {
		t.Fatalf("-bound: %v\n%s", err, got)
	}
	js, _ := os.ReadFile(filepath.Join(out, "automata", "mult=2", "proof.json"))
	if !strings.Contains(string(js), `"lower_bound"`) {
		t.Error("proof.json does not record the lower bound")
	}
	if _, err := runArgs(t, "automata", "-bound", bound, "-layer", filepath.Join(layers, "nope.layer")); err == nil {
		t.Error("-bound against a missing layer file passed")
	}
}
