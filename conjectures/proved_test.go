package conjectures

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fibnim/automatic"
	"fibnim/grundy"
	"fibnim/grundyproof"
)

// writeAutomata learns and proves S_0..S_K of a = 2 into root's automata
// folder (a second or two).
func writeAutomata(t *testing.T, root string, K int) *grundyproof.Result {
	t.Helper()
	res, err := grundyproof.Run(context.Background(), grundyproof.Config{N: 20000, K: K})
	if err != nil {
		t.Fatal(err)
	}
	if err := grundyproof.Write(grundyproof.Dir(root, grundy.Fibonacci), res.System, res.S, res.Proof, res.N, nil); err != nil {
		t.Fatal(err)
	}
	return res
}

func results(ids ...string) *Verification {
	v := &Verification{}
	for _, id := range ids {
		mult := ""
		if strings.HasSuffix(id, "(a)") {
			id, mult = strings.TrimSuffix(id, "(a)"), "2"
		}
		v.Results = append(v.Results, Result{ID: id, Mult: mult, Status: Holds})
	}
	return v
}

// A statement that the automata prove is marked proved beside its range
// check, with the claim and folder that prove it; one about a class the
// folder does not prove is not; a class that fails its statement stops it.
func TestAttachProofs(t *testing.T) {
	root := t.TempDir()
	res := writeAutomata(t, root, 2)
	v := results("LRS-4.1", "LRS-4.5", "LRS-4.6", "LRS-4.7", "SCHWENK-strategy(a)", "WHI-strategy")
	if err := AttachProofs(t.Context(), root, v); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"LRS-4.1": "lrs41", "LRS-4.5": "lrs45", "LRS-4.6": "lrs46", "SCHWENK-strategy": "schwenk"}
	for _, r := range v.Results {
		claim, ok := want[r.ID]
		switch {
		case ok && (r.Proved == nil || r.Proved.Claim != claim || r.Proved.Folder != "automata/mult=2" || r.Proved.Values != 2):
			t.Errorf("%s: %+v", r.ID, r.Proved)
		case !ok && r.Proved != nil:
			t.Errorf("%s marked proved (S_3 is not in the folder): %+v", r.ID, r.Proved)
		}
	}
	// Negative control: S_2 with (10, 0), of value 0, added: the folder's
	// hashes no longer match, the proof runs again and fails at it.
	bad := automatic.Union(res.S[2], pointAt(t, res.System.NS, 10, 0))
	var b bytes.Buffer
	automatic.WriteWalnut(&b, bad)
	if err := os.WriteFile(filepath.Join(grundyproof.Dir(root, grundy.Fibonacci), "g2.txt"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	err := AttachProofs(t.Context(), root, results("LRS-4.1"))
	if err == nil || !strings.Contains(err.Error(), "g2.txt fails its mex statement") || !strings.Contains(err.Error(), "(10, 0)") {
		t.Fatalf("a failing class: %v", err)
	}
}

func pointAt(t *testing.T, ns *automatic.Numeration, n, r int64) *automatic.Automaton {
	a, err := automatic.NewEnv(ns).DefineFormula(t.Context(), "p", []string{"n", "r"},
		automatic.And(automatic.Eq(automatic.V("n"), automatic.N(n)), automatic.Eq(automatic.V("r"), automatic.N(r))))
	if err != nil {
		t.Fatal(err)
	}
	return a
}
