package grundy

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestFolderName(t *testing.T) {
	for _, c := range []struct {
		a    Multiplier
		name string
	}{{Fibonacci, "mult=2"}, {Multiplier{5, 2}, "mult=5_2"}, {Multiplier{1, 1}, "mult=1"}} {
		if got := c.a.FolderName(); got != c.name {
			t.Errorf("%v.FolderName() = %q, want %q", c.a, got, c.name)
		}
		b, ok, err := ParseFolderName(c.name)
		if !ok || err != nil || b != c.a {
			t.Errorf("ParseFolderName(%q) = %v, %v, %v; want %v", c.name, b, ok, err, c.a)
		}
		if m, _ := filepath.Match(FolderGlob, c.name); !m {
			t.Errorf("FolderGlob %q does not match %q", FolderGlob, c.name)
		}
	}
	for _, name := range []string{"mult=", "mult=x", "mult=1_2", "mult=0"} {
		if _, ok, err := ParseFolderName(name); !ok || err == nil {
			t.Errorf("ParseFolderName(%q): ok %v, err %v; want a multiplier's folder with an error", name, ok, err)
		}
	}
	for _, name := range []string{"g=0001.parquet", "breakpoints", ".mult=2.staging", "Mult=2"} {
		if _, ok, err := ParseFolderName(name); ok || err != nil {
			t.Errorf("ParseFolderName(%q): ok %v, err %v; want not a multiplier's folder", name, ok, err)
		}
	}
}

// knownSpellings are string literals outside this package that still spell
// the multiplier folder's prefix themselves, each with why it may. An entry
// that no longer occurs fails the test, so that it is removed once fixed.
var knownSpellings = map[string]string{}

// placeholder is "mult=A" used as a placeholder in prose (usage, help and
// error messages that describe the layout), which names no folder.
var placeholder = regexp.MustCompile(`mult=A\b`)

// TestFolderNameSpelledOnce fails where a non-test Go file outside package
// grundy spells the multiplier folder's prefix "mult=" in a string
// literal (building a name, a glob or a prefix to compare with), instead
// of using FolderName, FolderGlob, FolderPrefix or ParseFolderName. Prose
// that shows the layout with the placeholder "mult=A" is allowed;
// comments are not read.
func TestFolderNameSpelledOnce(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	files := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "results" || name == "grundy" && filepath.Dir(path) == root) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files++
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || !strings.Contains(placeholder.ReplaceAllString(s, ""), FolderPrefix) {
				return true
			}
			if _, ok := knownSpellings[lit.Value]; ok {
				seen[lit.Value] = true
				return true
			}
			rel, _ := filepath.Rel(root, fset.Position(lit.Pos()).Filename)
			t.Errorf("%s:%d: %s spells the multiplier folder's prefix; use grundy.FolderName, FolderGlob, FolderPrefix or ParseFolderName",
				rel, fset.Position(lit.Pos()).Line, lit.Value)
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Fatalf("read only %d Go files under %s: not the module", files, root)
	}
	for lit, why := range knownSpellings {
		if !seen[lit] {
			t.Errorf("knownSpellings lists %s (%s), which no file spells any more: remove the entry", lit, why)
		}
	}
}
