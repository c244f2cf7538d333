package main

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fibnim/grundy"
)

// compute automata learns, proves and writes; -query answers from the
// folder (proving it again); -check streams the engine against it; bad
// flags are usage errors.
func TestAutomataCommand(t *testing.T) {
	dir := t.TempDir()
	out, err := runArgs(t, "automata", "-max-g", "3", "-n", "20000", "-out", dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "S_3: 16 states, proved for all n") || !strings.Contains(out, "LRS-4.7: proved for all n") {
		t.Fatalf("automata:\n%s", out)
	}
	for _, f := range []string{"g0.txt", "g3.txt", "prove.txt", "report.md", "report.json", "report.tex", "classes.svg", "g0.dot"} {
		if _, err := os.Stat(filepath.Join(dir, "automata", "mult=2", f)); err != nil {
			t.Error(err)
		}
	}
	// G(1000, 700) from the dense engine, beside the automata's answer.
	d, err := grundy.Dense(1000, grundy.Fibonacci, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range [][2]int{{10, 3}, {1000, 700}, {4, 3}} {
		out, err := runArgs(t, "automata", "-query", strings.Join([]string{itoa(q[0]), itoa(q[1])}, ","), "-in", dir)
		if err != nil {
			t.Fatal(err)
		}
		g := d.At(q[0], q[1])
		want := "= " + itoa(g) + " (proved"
		if g > 3 {
			want = ">= 4"
		}
		if !strings.Contains(out, want) {
			t.Fatalf("query %v (G = %d): %s", q, g, out)
		}
	}
	out, err = runArgs(t, "automata", "-check", "30000", "-in", dir)
	if err != nil || !strings.Contains(out, "at every n <= 30000") {
		t.Fatalf("check: %v\n%s", err, out)
	}
	for _, bad := range [][]string{
		{"automata", "-max-g", "-1"},
		{"automata", "-n", "10"},
		{"automata", "-suffixes", "x"},
		{"automata", "-query", "5,7", "-in", dir},
		{"automata", "-query", "5", "-in", dir},
		{"automata", "-query", "5,1", "-check", "100", "-in", dir},
		{"automata", "extra"},
	} {
		_, err := runArgs(t, bad...)
		var ue usageError
		if !errors.As(err, &ue) {
			t.Errorf("%v: %v, want a usage error", bad, err)
		}
	}
}

func itoa(x int) string { return strconv.Itoa(x) }
