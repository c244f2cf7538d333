package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fibnim/paper"
)

// freshResults copies what a fresh clone's results/ holds (the committed
// files: checks.json, the figures' PNGs and README.md, some tables) into
// a temporary folder.
func freshResults(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, p := range []string{"checks.json", "figures/README.md", "figures/grundy_table.png", "tables/lrs_table1.tex", "tables/ft_table1.tex"} {
		b, err := os.ReadFile(filepath.Join("../../results", p))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestPaperFreshClone: compute paper on a fresh clone's results refuses
// up front, in one line that says to run make, and writes nothing (issue
// 36, item 1: it wrote a note full of "Table ??"); -partial writes the
// draft.
func TestPaperFreshClone(t *testing.T) {
	dir := freshResults(t)
	_, err := runArgs(t, "paper", "-in", dir, "-citation", "../../CITATION.cff")
	var ue usageError
	if err == nil || errors.As(err, &ue) || strings.Contains(err.Error(), "\n") ||
		!strings.Contains(err.Error(), "run make first") || !strings.Contains(err.Error(), "provenance.json") {
		t.Fatalf("compute paper on a fresh clone's results: %v; want one runtime error that says to run make first", err)
	}
	if _, err := os.Stat(filepath.Join(dir, paper.Dir)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the refused run created %s: %v", paper.Dir, err)
	}
	if out, err := runArgs(t, "paper", "-partial", "-in", dir, "-citation", "../../CITATION.cff"); err != nil {
		t.Fatalf("compute paper -partial: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, paper.Dir, paper.Name+".tex")); err != nil {
		t.Error(err)
	}
}

// TestOutputsCheckedFirst: an output that cannot be written is refused
// with exit status 2 before any work, and leaves nothing behind (issue 36,
// item 2: grundy computed and committed the table, then failed on
// -sweeps; -cpuprofile failed after making the table folder; verify made
// an empty -out folder for an input it then refused).
func TestOutputsCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	empty := t.TempDir()
	out := filepath.Join(dir, "out")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"grundy", "-n", "30000", "-out", out, "-sweeps", "/nonexistent/x.csv"}, "-sweeps"},
		{[]string{"grundy", "-n", "3000", "-out", out, "-cpuprofile", "/nonexistent/x"}, "-cpuprofile"},
		{[]string{"grundy", "-n", "3000", "-out", out, "-sweeps", dir}, "is a folder"},
		{[]string{"grundy", "-n", "3000", "-out", filepath.Join(file, "x")}, "-out"},
		{[]string{"verify", "-in", empty, "-out", out}, "no results"},
		{[]string{"verify", "-in", empty, "-out", filepath.Join(file, "x")}, "-out"},
	} {
		_, err := runArgs(t, c.args...)
		var ue usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("compute %v: %v; want a one-line usage error (exit 2) naming %s", c.args, err, c.want)
		}
		if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("compute %v left %s behind", c.args, out)
		}
	}
}
