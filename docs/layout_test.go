package docs

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the generated part of layout.md from go list")

// The generated part of layout.md lies between these lines; the rest of
// the page is written by hand.
const (
	layoutBegin = "<!-- packages: written by `go test ./docs -run TestLayout -update` from `go list ./...`; do not edit by hand -->"
	layoutEnd   = "<!-- end of packages -->"
)

// listedPackage is what layout.md says of a package, from go list.
type listedPackage struct {
	ImportPath string
	Name       string
	Doc        string // the synopsis: the first sentence of the package comment (doc.go)
	Imports    []string
}

// goList lists the module's packages with go list, as the toolchain sees
// them: a package added or removed shows here before anywhere else. Their
// imports from other modules are named by module (modules maps each
// package of another module to its module's path).
func goList(t *testing.T) (module string, pkgs []listedPackage, modules map[string]string) {
	t.Helper()
	out, err := exec.Command("go", "list", "-m").Output()
	if err != nil {
		t.Skipf("go list -m: %v (the go command is needed to list the packages)", err)
	}
	module = strings.TrimSpace(string(out))
	cmd := exec.Command("go", "list", "-json=ImportPath,Name,Doc,Imports", "./...")
	cmd.Dir = ".."
	cmd.Stderr = os.Stderr
	out, err = cmd.Output()
	if err != nil {
		t.Fatalf("go list ./...: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p listedPackage
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	cmd = exec.Command("go", "list", "-deps", "-json=ImportPath,Module", "./...")
	cmd.Dir = ".."
	cmd.Stderr = os.Stderr
	if out, err = cmd.Output(); err != nil {
		t.Fatalf("go list -deps ./...: %v", err)
	}
	modules = map[string]string{}
	dec = json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p struct {
			ImportPath string
			Module     *struct{ Path string }
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		if p.Module != nil && p.Module.Path != module {
			modules[p.ImportPath] = p.Module.Path
		}
	}
	return module, pkgs, modules
}

// renderLayout is the generated part of layout.md: one line per package
// of go list, in its order, with the synopsis of its package comment and
// what it imports: the packages of this module (by their folder), then
// the other modules (modules: package to module path); the standard
// library is left out.
func renderLayout(module string, pkgs []listedPackage, modules map[string]string) []byte {
	var b bytes.Buffer
	fmt.Fprintln(&b, layoutBegin)
	fmt.Fprintln(&b, "| package | what it is (its doc.go's first sentence) | imports |")
	fmt.Fprintln(&b, "|---|---|---|")
	for _, p := range pkgs {
		var own, other []string
		seen := map[string]bool{}
		for _, imp := range p.Imports {
			if strings.HasPrefix(imp, module+"/") {
				own = append(own, "`"+strings.TrimPrefix(imp, module+"/")+"`")
			} else if m, ok := modules[imp]; ok && !seen[m] {
				seen[m] = true
				other = append(other, "`"+m+"`")
			}
		}
		imports := strings.Join(append(own, other...), ", ")
		if imports == "" {
			imports = "none outside the standard library"
		}
		doc := strings.TrimSpace(p.Doc)
		if doc == "" {
			doc = "(no package comment)"
		}
		doc = strings.ReplaceAll(doc, "|", `\|`)
		fmt.Fprintf(&b, "| `%s/` | %s | %s |\n", strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/"), doc, imports)
	}
	fmt.Fprintln(&b, layoutEnd)
	return b.Bytes()
}

// spliceLayout puts gen in place of the generated part of page.
func spliceLayout(page, gen []byte) ([]byte, error) {
	i := bytes.Index(page, []byte(layoutBegin))
	j := bytes.Index(page, []byte(layoutEnd))
	if i < 0 || j < i {
		return nil, fmt.Errorf("layout.md has no generated part (%q ... %q)", layoutBegin, layoutEnd)
	}
	j += len(layoutEnd)
	if j < len(page) && page[j] == '\n' {
		j++
	}
	out := append([]byte{}, page[:i]...)
	out = append(out, gen...)
	return append(out, page[j:]...), nil
}

// layout.md lists every package of go list ./..., with the first sentence
// of its doc.go and its imports, and no other: a package added without a
// line, a line for a package that is gone, a changed synopsis or import
// fails here. go test ./docs -run TestLayout -update rewrites the list
// (a mismatch writes layout.md.got).
func TestLayout(t *testing.T) {
	module, pkgs, modules := goList(t)
	page, err := os.ReadFile("layout.md")
	if err != nil {
		t.Fatal(err)
	}
	want, err := spliceLayout(page, renderLayout(module, pkgs, modules))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(page, want) {
		return
	}
	if *update {
		if err := os.WriteFile("layout.md", want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	os.WriteFile("layout.md.got", want, 0o644)
	var missing []string
	for _, p := range pkgs {
		if !bytes.Contains(page, []byte("| `"+strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")+"/` |")) {
			missing = append(missing, p.ImportPath)
		}
	}
	t.Errorf("docs/layout.md disagrees with go list ./... (layout.md.got has what it gives; packages without a line: %v): go test ./docs -run TestLayout -update rewrites it", missing)
}

// The check can fail: a package without a line, a line for a package that
// is gone, and a synopsis that changed each make the page differ from
// what go list gives.
func TestLayoutCorrupt(t *testing.T) {
	const module = "m"
	modules := map[string]string{"example.com/x": "example.com/x", "example.com/x/y": "example.com/x"}
	pkgs := []listedPackage{
		{ImportPath: "m/a", Doc: "Package a is a.", Imports: []string{"example.com/x", "example.com/x/y", "fmt", "m/b"}},
		{ImportPath: "m/b", Doc: "Package b is b | c."},
	}
	page, err := spliceLayout([]byte("# T\n"+layoutBegin+"\n"+layoutEnd+"\ntail\n"), renderLayout(module, pkgs, modules))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| `a/` | Package a is a. | `b`, `example.com/x` |", "| `b/` | Package b is b \\| c. | none outside the standard library |", "\ntail\n"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("page lacks %q:\n%s", want, page)
		}
	}
	same := func(ps []listedPackage) bool {
		got, err := spliceLayout(page, renderLayout(module, ps, modules))
		return err == nil && bytes.Equal(got, page)
	}
	if !same(pkgs) {
		t.Fatal("the page does not agree with the packages it was made from")
	}
	added := append(append([]listedPackage{}, pkgs...), listedPackage{ImportPath: "m/c", Doc: "Package c."})
	renamed := []listedPackage{pkgs[0], {ImportPath: "m/bb", Doc: pkgs[1].Doc}}
	redoc := []listedPackage{pkgs[0], {ImportPath: "m/b", Doc: "Package b is not b."}}
	for name, ps := range map[string][]listedPackage{"a new package": added, "a package gone": pkgs[:1], "a rename": renamed, "a new synopsis": redoc} {
		if same(ps) {
			t.Errorf("%s: the page still agrees", name)
		}
	}
}
