package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fibnim/figures"
	"fibnim/grundy"
	"fibnim/grundyproof"
	"fibnim/internal/tex"
	"fibnim/paper"
	"fibnim/provenance"
	"fibnim/release"
	"fibnim/report"
)

// smallResults computes a small results folder the way make does, at a
// size that takes seconds: the a = 2 table to N = 3000 and a = 3 beside
// it, Table 1 of LRS, n-times nim for a = 2..14 and real a <= 4, verify,
// and the figures whose data is there.
func smallResults(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, args := range [][]string{
		{"grundy", "-n", "3000", "-out", dir},
		{"grundy", "-n", "3000", "-mult", "3", "-out", dir},
		{"lrs-table1", "-out", dir},
		{"ntimes", "-mults", "2..14", "-real-upto", "4", "-out", dir},
		{"automata", "-max-g", "3", "-out", dir},
		{"verify", "-in", dir},
	} {
		if out, err := runArgs(t, args...); err != nil {
			t.Fatalf("compute %v: %v\n%s", args, err, out)
		}
	}
	// Band theorems as compute automata -bands writes them (that run takes
	// most of an hour): the note's table of them must compile.
	if err := grundyproof.WriteBands(dir, []grundyproof.BandRecord{
		{From: "2", To: "5/2", Like: "2", Numeration: "fib", MaxValue: 3, Status: "proved", Method: "class by class"},
		{From: "2", To: "5/2", Like: "2", Numeration: "fib", MaxValue: 4, Status: "failed",
			RefutedBy: &grundyproof.BandWitness{Multiplier: "13/6", N: 26, R: 6, G: 4, GLike: 5}},
	}); err != nil {
		t.Fatal(err)
	}
	src := figures.NewSource(dir, grundy.Fibonacci)
	if err := os.MkdirAll(filepath.Join(dir, "figures"), 0o755); err != nil {
		t.Fatal(err)
	}
	var drawn []*figures.Figure
	for _, name := range figures.Names() {
		f, err := figures.Draw(src, name)
		if err != nil {
			continue // its data is not in this small run
		}
		for _, format := range []string{"png", "pdf"} {
			if err := figures.Save(filepath.Join(dir, "figures", name+"."+format), format, f, 40); err != nil {
				t.Fatal(err)
			}
		}
		drawn = append(drawn, f)
	}
	if err := figures.WriteCaptions(filepath.Join(dir, "figures"), dir, drawn, []string{"png", "pdf"}, 40); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestPaper writes the note from a small run, compiles it with pdflatex,
// checks it (pages, references, every key number of checks.json read
// back with pdftotext), writes the release and checks its sums; then
// corrupts checks.json and a result file, and sees each check fail.
func TestPaper(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the note with pdflatex and reads it back: make test runs it (FIBNIM_NEED_TEX)")
	}
	if err := tex.Available(); err != nil {
		if os.Getenv("FIBNIM_NEED_TEX") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	dir := smallResults(t)
	rec, err := provenance.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if g, ok := rec.Find("grundy grundy/mult=2"); !ok || g.Tables[0].N != 3000 {
		t.Errorf("no record of the a = 2 table with N = 3000: %+v", rec)
	}
	for _, name := range []string{"lrs_table1.tex", "ft_table1.tex", "ft_table1_notes.tex", "verification.tex", "verification_multipliers.tex", "conjecture_decades.tex", "first_occurrence.tex"} {
		if _, err := os.Stat(filepath.Join(dir, "tables", name)); err != nil {
			t.Errorf("compute did not write tables/%s: %v", name, err)
		}
	}
	if out, err := runArgs(t, "paper", "-in", dir, "-citation", "../../CITATION.cff"); err != nil {
		t.Fatalf("compute paper: %v\n%s", err, out)
	}
	note := filepath.Join(dir, paper.Dir, paper.Name+".tex")
	src, err := os.ReadFile(note)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`\input{../tables/verification.tex}`, `\includegraphics[width=\linewidth]{../figures/start_value_growth.pdf}`, `$N = 3{,}000$`, `\bibitem{larsson2016}`} {
		if !strings.Contains(string(src), want) {
			t.Errorf("the note lacks %q", want)
		}
	}
	if out, err := runArgs(t, "paper", "-pdf", "-in", dir, "-citation", "../../CITATION.cff"); err != nil {
		t.Fatalf("compute paper -pdf: %v\n%s", err, out)
	}
	out, err := runArgs(t, "paper", "-check", "-in", dir)
	if err != nil {
		t.Fatalf("compute paper -check: %v", err)
	}
	t.Log(strings.TrimSpace(out))

	if out, err := runArgs(t, "release", "-in", dir, "-citation", "../../CITATION.cff"); err != nil {
		t.Fatalf("compute release: %v\n%s", err, out)
	}
	for _, name := range []string{release.SumsFile, "PROVENANCE.md", "provenance.json", "CITATION.cff", paper.Name + ".pdf"} {
		if _, err := os.Stat(filepath.Join(dir, release.Dir, name)); err != nil {
			t.Errorf("the release lacks %s", name)
		}
	}
	sums, _ := os.ReadFile(filepath.Join(dir, release.Dir, release.SumsFile))
	for _, want := range []string{"  checks.json\n", "  grundy/mult=2/start_values.parquet\n", "  paper/fibnim-note.pdf\n", "  tables/verification.tex\n"} {
		if !strings.Contains(string(sums), want) {
			t.Errorf("SHA256SUMS lacks%q", want)
		}
	}
	if strings.Contains(string(sums), "release/") || strings.Contains(string(sums), ".aux\n") {
		t.Errorf("SHA256SUMS lists the release or a LaTeX byproduct:\n%s", sums)
	}
	if out, err := runArgs(t, "release", "-check", "-in", dir); err != nil {
		t.Fatalf("compute release -check on an intact folder: %v\n%s", err, out)
	}

	// A result file changed after the release: the check names it.
	path := filepath.Join(dir, "tables", "lrs_table1.tex")
	b, _ := os.ReadFile(path)
	os.WriteFile(path, append(b, '%'), 0o644)
	if _, err := runArgs(t, "release", "-check", "-in", dir); err == nil || !strings.Contains(err.Error(), "tables/lrs_table1.tex") {
		t.Errorf("release -check after changing a file: %v", err)
	}
	os.WriteFile(path, b, 0o644)

	// checks.json says another number than the PDF prints: the note's
	// check fails and names it.
	cpath := filepath.Join(dir, paper.ChecksFile)
	cb, _ := os.ReadFile(cpath)
	var v map[string][]map[string]any
	if err := json.Unmarshal(cb, &v); err != nil {
		t.Fatal(err)
	}
	changed := false
	for _, c := range v["checks"] {
		if c["id"] == report.IDs.Lower53 {
			c["failures"] = c["failures"].(float64) + 1000
			changed = true
		}
	}
	if !changed {
		t.Fatalf("no %s in checks.json", report.IDs.Lower53)
	}
	bad, _ := json.Marshal(v)
	os.WriteFile(cpath, bad, 0o644)
	if _, err := runArgs(t, "paper", "-check", "-in", dir); err == nil || !strings.Contains(err.Error(), "number of failures") {
		t.Errorf("paper -check after changing checks.json: %v", err)
	}
}
