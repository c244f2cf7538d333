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
