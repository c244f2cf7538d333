package grundyproof

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	au "fibnim/automatic"
	"fibnim/grundy"
)

// writeK writes a = 2's shared run, S_0..S_K, to the automata folder of
// results folder root/sub.
func writeK(t *testing.T, root, sub string, K int) string {
	t.Helper()
	r := mustRun(t, grundy.Fibonacci)
	dir := Dir(filepath.Join(root, sub), grundy.Fibonacci)
	p, err := Prove(t.Context(), r.System, r.S[:K+1], ProveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := Write(dir, r.System, r.S[:K+1], p, r.N, nil); err != nil {
		t.Fatal(err)
	}
	return dir
}

// LoadBest answers from the folder that proves the most values, the first
// of AutomataDirs on a tie, and does not load a folder that cannot prove
// more than the best one loaded.
func TestLoadBestPicksTheMostProved(t *testing.T) {
	root := t.TempDir()
	writeK(t, root, "", 3)
	heavy := writeK(t, root, "heavy", 5)
	f, cands, err := LoadBest(t.Context(), root, grundy.Fibonacci, BestOptions{})
	if err != nil || f.Dir != heavy || f.Proved != 5 {
		t.Fatalf("LoadBest: %v, %+v", err, f)
	}
	if len(cands) != 3 || cands[0].Classes != 4 || cands[1].Classes != 0 || cands[2].Classes != 6 {
		t.Fatalf("candidates: %+v", cands)
	}
	if cands[0].Folder != nil {
		t.Error("loaded automata/mult=2 (3 values) after heavy proved 5")
	}
	// A tie: the first folder.
	mults := writeK(t, root, "multipliers", 5)
	first := writeK(t, root, "", 5)
	f, _, err = LoadBest(t.Context(), root, grundy.Fibonacci, BestOptions{})
	if err != nil || f.Dir != first {
		t.Fatalf("a tie: %v, %s; want %s (not %s or %s)", err, f.Dir, first, mults, heavy)
	}
}

// A folder whose g4.txt fails its statement answers from S_0..S_3 and
// names it; another folder that proves more wins over it.
func TestLoadBestFailingClass(t *testing.T) {
	root := t.TempDir()
	dir := writeK(t, root, "", 5)
	r := mustRun(t, grundy.Fibonacci)
	var w bytes.Buffer
	au.WriteWalnut(&w, au.Union(r.S[4], point(t, r.System.NS, 10, 0)))
	os.WriteFile(filepath.Join(dir, ClassFile(4)), w.Bytes(), 0o644)
	f, cands, err := LoadBest(t.Context(), root, grundy.Fibonacci, BestOptions{})
	if err != nil || f.Proved != 3 || len(f.Failures) != 1 || f.Failures[0].File != "g4.txt" || cands[0].Folder != f {
		t.Fatalf("LoadBest: %v, %+v", err, f)
	}
	heavy := writeK(t, root, "heavy", 4)
	f, _, err = LoadBest(t.Context(), root, grundy.Fibonacci, BestOptions{})
	if err != nil || f.Dir != heavy || f.Proved != 4 {
		t.Fatalf("with heavy proving 0..4: %v, %+v", err, f)
	}
}

// A class file that does not read: the classes below it are proved again
// and answer, and it is named; g0.txt that does not read is an error.
func TestLoadBestDamagedClass(t *testing.T) {
	root := t.TempDir()
	dir := writeK(t, root, "", 5)
	p := filepath.Join(dir, ClassFile(4))
	os.WriteFile(p, []byte("msd_fib msd_fib\n0 1\nnot an automaton\n"), 0o644)
	f, cands, err := LoadBest(t.Context(), root, grundy.Fibonacci, BestOptions{})
	if err != nil || f.Proved != 3 || f.Cached {
		t.Fatalf("LoadBest: %v, %+v", err, f)
	}
	if cands[0].Damaged != p || cands[0].Damage == nil {
		t.Fatalf("Damaged = %q (%v), want %s and why", cands[0].Damaged, cands[0].Damage, p)
	}
	for g, s := range f.Classes() {
		if !s.Equal(runClasses(t)[g]) {
			t.Fatalf("S_%d differs from the run's", g)
		}
	}
	os.WriteFile(filepath.Join(dir, ClassFile(0)), []byte("garbage"), 0o644)
	if _, _, err := LoadBest(t.Context(), root, grundy.Fibonacci, BestOptions{}); err == nil || !strings.Contains(err.Error(), "g0.txt") {
		t.Fatalf("a damaged g0.txt: %v", err)
	}
}

func runClasses(t *testing.T) []*au.Automaton { return mustRun(t, grundy.Fibonacci).S }

// No folder holds a g0.txt: a *NoFolderError, which is a *NoAutomataError
// too, naming the three folders.
func TestLoadBestNone(t *testing.T) {
	root := t.TempDir()
	_, _, err := LoadBest(t.Context(), root, grundy.Multiplier{P: 3, Q: 2}, BestOptions{})
	var nf *NoFolderError
	var na *NoAutomataError
	if !errors.As(err, &nf) || !errors.As(err, &na) || na.Root != root {
		t.Fatalf("LoadBest of an empty folder: %v", err)
	}
	for _, want := range []string{"automata/mult=3_2", "multipliers/automata/mult=3_2", "heavy/automata/mult=3_2", "a = 3/2"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not name %s", err, want)
		}
	}
}
