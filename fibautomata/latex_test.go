package fibautomata

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fibnim/internal/tex"
)

// report.tex compiles inside a minimal document. Without pdflatex it is
// skipped, unless FIBNIM_NEED_TEX is set (make test sets it).
func TestLaTeXCompiles(t *testing.T) {
	r := mustLearn(t)
	s := r.LaTeX()
	if !strings.Contains(s, `For every $g\le 5$`) {
		t.Fatalf("the theorem is missing:\n%s", s)
	}
	if testing.Short() {
		t.Skip("pdflatex (several seconds)")
	}
	if err := tex.Available(); err != nil {
		if os.Getenv("FIBNIM_NEED_TEX") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	dir := t.TempDir()
	doc := "\\documentclass{article}\n\\newtheorem{theorem}{Theorem}\n\\begin{document}\n" + s + "\\end{document}\n"
	if err := os.WriteFile(filepath.Join(dir, "a.tex"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := tex.Compile(context.Background(), dir, "a.tex", 1); err != nil {
		t.Fatal(err)
	}
}
