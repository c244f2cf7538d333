package grundyproof

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	au "fibnim/automatic"
	"fibnim/grundy"
)

// writeRun writes a = 2's shared run to a fresh folder.
func writeRun(t *testing.T) (string, *Result) {
	t.Helper()
	r := mustRun(t, grundy.Fibonacci)
	dir := filepath.Join(t.TempDir(), "automata", "mult=2")
	if err := Write(dir, r.System, r.S, r.Proof, r.N, nil); err != nil {
		t.Fatal(err)
	}
	return dir, r
}

// A folder written by Write loads from its proof.json (no proof), and
// gives the same classes; -reprove proves it again and agrees.
func TestLoadCached(t *testing.T) {
	dir, r := writeRun(t)
	f, err := Load(t.Context(), dir, grundy.Fibonacci, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !f.Cached || f.Proved != 5 || len(f.Failures) != 0 {
		t.Fatalf("cached %v, proved %d, failures %v", f.Cached, f.Proved, f.Failures)
	}
	for g := range r.S {
		if !f.S[g].Equal(r.S[g]) {
			t.Fatalf("S_%d read back differs", g)
		}
	}
	g, err := Load(t.Context(), dir, grundy.Fibonacci, LoadOptions{Reprove: true})
	if err != nil || g.Cached || g.Proved != 5 {
		t.Fatalf("reprove: %v cached %v proved %d", err, g != nil && g.Cached, g.Proved)
	}
	if !bytes.Equal(mustJSON(t, f.Record.Steps), mustJSON(t, g.Record.Steps)) || f.Record.ProvedUpTo != g.Record.ProvedUpTo {
		t.Fatal("the cached verdicts differ from the proof's")
	}
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The cache is refused (and the folder proved again) when a class file's
// hash, the prover's version or the classes listed differ.
func TestLoadCacheRefused(t *testing.T) {
	dir, r := writeRun(t)
	rec, _ := readRecord(dir)
	// Another prover version.
	rec2 := rec
	rec2.Prover = "fibnim-grundyproof/0"
	b, _ := json.Marshal(rec2)
	os.WriteFile(filepath.Join(dir, ProofFile), b, 0o644)
	f, err := Load(t.Context(), dir, grundy.Fibonacci, LoadOptions{})
	if err != nil || f.Cached {
		t.Fatalf("another prover's proof.json was trusted: %v", err)
	}
	// A tampered S_4: (10, 0), a position of value 0 (r = 0: no move),
	// added. It reads (a valid automaton), its hash differs, the proof
	// runs again and names it.
	b, _ = json.Marshal(rec)
	os.WriteFile(filepath.Join(dir, ProofFile), b, 0o644)
	bad := au.Union(r.S[4], point(t, r.System.NS, 10, 0))
	var w bytes.Buffer
	au.WriteWalnut(&w, bad)
	os.WriteFile(filepath.Join(dir, ClassFile(4)), w.Bytes(), 0o644)
	f, err = Load(t.Context(), dir, grundy.Fibonacci, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if f.Cached || f.Proved != 3 || len(f.Failures) == 0 || f.Failures[0].File != "g4.txt" {
		t.Fatalf("a tampered g4.txt: cached %v, proved %d, failures %v", f.Cached, f.Proved, f.Failures)
	}
	if !strings.Contains(f.Failures[0].String(), "g4.txt fails its mex statement: the least counterexample is (n, r) = (10, 0)") {
		t.Fatalf("failure: %s", f.Failures[0])
	}
	if len(f.Classes()) != 4 {
		t.Fatalf("classes given: %d, want S_0..S_3", len(f.Classes()))
	}
}

// A damaged class file is an error that names it; so are gaps and a
// missing folder.
func TestLoadDamaged(t *testing.T) {
	dir, _ := writeRun(t)
	p := filepath.Join(dir, ClassFile(4))
	b, _ := os.ReadFile(p)
	os.WriteFile(p, bytes.Replace(b, []byte("->"), []byte("=>"), 1), 0o644)
	_, err := Load(t.Context(), dir, grundy.Fibonacci, LoadOptions{})
	if err == nil || !strings.Contains(err.Error(), "g4.txt") || !strings.Contains(err.Error(), "line") {
		t.Fatalf("damaged g4.txt: %v", err)
	}
	os.Remove(p)
	_, err = Load(t.Context(), dir, grundy.Fibonacci, LoadOptions{})
	if err == nil || !strings.Contains(err.Error(), "g4.txt is missing") {
		t.Fatalf("a gap at g4.txt: %v", err)
	}
	_, err = Load(t.Context(), t.TempDir(), grundy.Fibonacci, LoadOptions{})
	var na *NoAutomataError
	if !errors.As(err, &na) {
		t.Fatalf("an empty folder: %v", err)
	}
}

// A rerun with a smaller K removes the stale class files of the larger.
func TestWriteRemovesStale(t *testing.T) {
	dir, r := writeRun(t)
	os.WriteFile(filepath.Join(dir, "g3.dot"), []byte("digraph{}"), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
	p, err := Prove(t.Context(), r.System, r.S[:3], ProveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := Write(dir, r.System, r.S[:3], p, r.N, nil); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"g3.txt", "g4.txt", "g5.txt", "g3.dot"} {
		if _, err := os.Stat(filepath.Join(dir, name)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s left behind", name)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "notes.txt")); err != nil {
		t.Error("a file of the user's was removed")
	}
	f, err := Load(t.Context(), dir, grundy.Fibonacci, LoadOptions{})
	if err != nil || !f.Cached || f.Proved != 2 {
		t.Fatalf("after the rerun: %v", err)
	}
}

// Write's files are deterministic: a second Write of the same proof
// writes the same bytes (no times, no maps in order of iteration).
func TestWriteDeterministic(t *testing.T) {
	dir, r := writeRun(t)
	dir2 := filepath.Join(t.TempDir(), "x")
	if err := Write(dir2, r.System, r.S, r.Proof, r.N, nil); err != nil {
		t.Fatal(err)
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		a, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		b, _ := os.ReadFile(filepath.Join(dir2, e.Name()))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between two writes", e.Name())
		}
	}
}
