package report

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fibnim/grundy"
	"fibnim/grundyproof"
)

// The README's bullet on what is proved reads each folder's proof.json as
// matched against its files: the committed folder of a = 2 is listed with
// its values and sizes; the same folder with a class file changed is
// named as not listed, never as proved; a results folder without automata
// has no bullet.
func TestAutomataFindings(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "results")
	var b bytes.Buffer
	if err := automataFindings(&b, dir, nil); err != nil || b.Len() != 0 {
		t.Fatalf("no automata: %q %v", b.String(), err)
	}
	src := grundyproof.Dir("../results", grundy.Fibonacci)
	dst := grundyproof.Dir(dir, grundy.Fibonacci)
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Skipf("no committed automata of a = 2: %v", err)
	}
	for _, e := range ents {
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dst, e.Name()), data, 0o644)
	}
	if err := automataFindings(&b, dir, nil); err != nil {
		t.Fatal(err)
	}
	rel := "results/" + filepath.ToSlash(grundyproof.Dir("", grundy.Fibonacci))
	for _, want := range []string{"**Proved for all n**", "a = 2 ([" + rel + "/report.md]", "the positions (n, r) of Grundy values 0..", "over `msd_fib`"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the bullet lacks %q:\n%s", want, b.String())
		}
	}
	// One state of g1.txt changed: proof.json no longer matches.
	g1 := filepath.Join(dst, grundyproof.ClassFile(1))
	data, _ := os.ReadFile(g1)
	os.WriteFile(g1, append(data, '\n'), 0o644)
	b.Reset()
	if err := automataFindings(&b, dir, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "not listed: its proof.json does not record a proof of its files") || strings.Contains(b.String(), "Grundy values 0..") {
		t.Errorf("a changed class file is listed as proved:\n%s", b.String())
	}
}
