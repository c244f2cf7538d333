package release

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// folder makes a results folder with a few files, a hidden temporary
// file, LaTeX byproducts and an old release.
func folder(t *testing.T) string {
	root := t.TempDir()
	for path, data := range map[string]string{
		"checks.json":                        `{"checks": []}`,
		"grundy/mult=2/start_values.parquet": "PAR1...",
		"tables/verification.tex":            `\begin{tabular}{l}\end{tabular}`,
		"paper/fibnim-note.tex":              `\documentclass{article}`,
		"paper/fibnim-note.pdf":              "%PDF-1.5",
		"paper/fibnim-note.aux":              `\relax`,
		"paper/fibnim-note.log":              "This is pdfTeX",
		"tables/.atlas.tex.tmp-123":          "half a file",
		"release/SHA256SUMS":                 "old",
	} {
		p := filepath.Join(root, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestFiles(t *testing.T) {
	files, err := Files(folder(t))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"checks.json", "grundy/mult=2/start_values.parquet", "paper/fibnim-note.pdf", "paper/fibnim-note.tex", "tables/verification.tex"}
	if !reflect.DeepEqual(files, want) {
		t.Errorf("Files = %v, want %v", files, want)
	}
}

// TestWriteVerify writes a release, checks it with Verify and with GNU
// sha256sum, then changes and removes files and sees Verify name them.
func TestWriteVerify(t *testing.T) {
	root := folder(t)
	cite := filepath.Join(t.TempDir(), "CITATION.cff")
	os.WriteFile(cite, []byte("cff-version: 1.2.0\n"), 0o644)
	ctx := context.Background()
	n, err := Write(ctx, root, Config{Citation: cite, Note: filepath.Join(root, "paper", "fibnim-note.pdf"), Revision: "test"})
	if err != nil || n != 5 {
		t.Fatalf("Write: %d files, %v", n, err)
	}
	for _, name := range []string{SumsFile, "PROVENANCE.md", "CITATION.cff", "fibnim-note.pdf"} {
		if _, err := os.Stat(filepath.Join(root, Dir, name)); err != nil {
			t.Errorf("release lacks %s", name)
		}
	}
	if checked, bad, err := Verify(ctx, root); err != nil || checked != 5 || len(bad) > 0 {
		t.Fatalf("Verify of an intact folder: %d checked, %v, %v", checked, bad, err)
	}
	if _, err := exec.LookPath("sha256sum"); err == nil {
		cmd := exec.Command("sha256sum", "--quiet", "-c", filepath.Join(Dir, SumsFile))
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("sha256sum -c refuses the release: %v\n%s", err, out)
		}
	}
	os.WriteFile(filepath.Join(root, "checks.json"), []byte(`{"checks": [1]}`), 0o644)
	os.Remove(filepath.Join(root, "tables", "verification.tex"))
	_, bad, err := Verify(ctx, root)
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) != 2 || !strings.HasPrefix(bad[0], "checks.json: SHA-256") || !strings.HasPrefix(bad[1], "tables/verification.tex:") {
		t.Errorf("Verify after a change and a removal: %v", bad)
	}
}
