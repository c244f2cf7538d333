package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// compute query answers from the sweep's folders too: IN/multipliers/
// automata/mult=A (compute automata -mults ... -out IN/multipliers), when
// IN/automata/mult=A holds none; G(n, r) <= r, so with r <= K the answer
// is exact and proved.
func TestQueryFromTheSweepsFolders(t *testing.T) {
	if testing.Short() {
		t.Skip("learns and proves a = 3 to K = 3")
	}
	root := t.TempDir()
	if out, err := runArgs(t, "automata", "-mult", "3", "-max-g", "3", "-n", "20000", "-out", filepath.Join(root, "multipliers")); err != nil {
		t.Fatalf("automata: %v\n%s", err, out)
	}
	out, err := runArgs(t, "query", "-mult", "3", "-n", "10^50", "-r", "3", "-in", root)
	dir := filepath.Join(root, "multipliers", "automata", "mult=3")
	if err != nil || !strings.Contains(out, "proved for all n (automata, "+dir+": S_0..S_3)") {
		t.Fatalf("query -mult 3 -n 10^50 -r 3: %v\n%s", err, out)
	}
	// Another multiplier has no folder in any place: the error names
	// every place looked in.
	if _, err := runArgs(t, "query", "-mult", "5/2", "-n", "10^50", "-in", root); err == nil || !strings.Contains(err.Error(), "holds no automata of a = 5/2") || !strings.Contains(err.Error(), filepath.Join("multipliers", "automata", "mult=5_2")) {
		t.Fatalf("query -mult 5/2: %v", err)
	}
}
