package scripts

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fuzzTargets finds every fuzz target of the module rooted at root straight
// from Go's definition of one (a top-level func FuzzXxx(*testing.F) in a
// _test.go file), with the go/parser, sharing nothing with scripts/fuzz.sh:
// "./PACKAGE TARGET" for each, sorted. Folders go's tools skip (testdata,
// names starting with . or _) and nested modules are skipped too.
func fuzzTargets(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root {
				if name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(name, "_test.go") || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Fuzz") || !isTestingF(fn.Type) {
				continue
			}
			out = append(out, "./"+filepath.ToSlash(rel)+" "+fn.Name.Name)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range out {
		out[i] = strings.Replace(s, "./. ", ". ", 1) // the module's root package
	}
	slices.Sort(out)
	return out
}

// isTestingF says whether a function takes one *testing.F and returns
// nothing: the signature go test runs as a fuzz target.
func isTestingF(ft *ast.FuncType) bool {
	if ft.Results != nil && len(ft.Results.List) > 0 || ft.Params == nil || len(ft.Params.List) != 1 || len(ft.Params.List[0].Names) > 1 {
		return false
	}
	star, ok := ft.Params.List[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "testing" && sel.Sel.Name == "F"
}

// fuzzList is what scripts/fuzz.sh -list prints in the module at root,
// sorted.
func fuzzList(t *testing.T, root string) []string {
	t.Helper()
	script, err := filepath.Abs("fuzz.sh")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", script, "-list")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("fuzz.sh -list in %s: %v", root, err)
	}
	list := strings.Fields(strings.ReplaceAll(string(out), " ", "\x00"))
	for i, s := range list {
		list[i] = strings.ReplaceAll(s, "\x00", " ")
	}
	slices.Sort(list)
	return list
}

// notRun says which targets of found a run of listed misses, and which
// listed entries name no target (a package that moved, a renamed target):
// both make "make fuzz" fail to fuzz what is there.
func notRun(found, listed []string) (missing, stale []string) {
	for _, f := range found {
		if !slices.Contains(listed, f) {
			missing = append(missing, f)
		}
	}
	for _, l := range listed {
		if !slices.Contains(found, l) {
			stale = append(stale, l)
		}
	}
	return missing, stale
}

// Every fuzz target of the module is in the list that make fuzz runs, and
// the list names nothing else. The comparison is shown to fail on
// corrupted lists: each target dropped in turn, and a package renamed (the
// list of Makefile:148 named build:FuzzCheckpoint after build became
// tablebuild).
func TestFuzzListHasEveryTarget(t *testing.T) {
	found := fuzzTargets(t, "..")
	if len(found) == 0 {
		t.Fatal("the parser found no fuzz target in the module: the check did not run")
	}
	listed := fuzzList(t, "..")
	missing, stale := notRun(found, listed)
	if len(missing) > 0 || len(stale) > 0 {
		t.Errorf("make fuzz misses %v and lists %v, which are not fuzz targets (the parser found %v)", missing, stale, found)
	}
	t.Logf("%d fuzz targets: %v", len(found), found)

	for i := range listed {
		cut := slices.Delete(slices.Clone(listed), i, i+1)
		if m, _ := notRun(found, cut); !slices.Equal(m, []string{listed[i]}) {
			t.Errorf("a list without %s: the check reports missing %v", listed[i], m)
		}
	}
	moved := slices.Clone(listed)
	pkg, name, _ := strings.Cut(moved[0], " ")
	moved[0] = pkg + "old " + name
	if m, s := notRun(found, moved); !slices.Equal(m, listed[:1]) || !slices.Equal(s, moved[:1]) {
		t.Errorf("a list naming %q for %q: the check reports missing %v, stale %v", moved[0], listed[0], m, s)
	}
}

// A fuzz target added anywhere (a new package, nested, in an external _test
// package) is in the list with no edit of the script or the Makefile, and
// what is not a fuzz target (a method, a helper taking another type, a
// file excluded by its build constraint) is not.
func TestFuzzListFollowsTheCode(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"go.mod":                     "module example.com/m\n\ngo 1.21\n",
		"a/a.go":                     "package a\n",
		"a/a_test.go":                "package a\n\nimport \"testing\"\n\nfunc FuzzA(f *testing.F) {}\n\nfunc FuzzHelper(t *testing.T) {}\n\ntype x struct{}\n\nfunc (x) FuzzMethod(f *testing.F) {}\n",
		"a/ext_test.go":              "package a_test\n\nimport \"testing\"\n\nfunc FuzzExternal(f *testing.F) {}\n",
		"deep/er/b/b_test.go":        "package b\n\nimport \"testing\"\n\nfunc FuzzB(f *testing.F) {\n}\n",
		"deep/er/b/ignored_test.go":  "//go:build ignore\n\npackage b\n\nimport \"testing\"\n\nfunc FuzzIgnored(f *testing.F) {}\n",
		"testdata/c/c_test.go":       "package c\n\nimport \"testing\"\n\nfunc FuzzInTestdata(f *testing.F) {}\n",
		"moved/from/fibautomata.txt": "not Go\n",
	}
	for name, body := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"./a FuzzA", "./a FuzzExternal", "./deep/er/b FuzzB"}
	if got := fuzzList(t, root); !slices.Equal(got, want) {
		t.Errorf("fuzz.sh -list: %v, want %v", got, want)
	}
	// The parser sees the file that its build constraint excludes (it does
	// not read constraints): the comparison of the module's own list would
	// flag such a target, which is the safe side.
	if got := fuzzTargets(t, root); !slices.Equal(got, []string{"./a FuzzA", "./a FuzzExternal", "./deep/er/b FuzzB", "./deep/er/b FuzzIgnored"}) {
		t.Errorf("the parser found %v", got)
	}
}

// make fuzz runs go test -fuzz once for each target that the parser finds,
// in its package, for FUZZTIME, and nothing else: the Makefile is run with
// a go that records its test commands and passes the others on.
func TestMakeFuzzRunsEveryTarget(t *testing.T) {
	if testing.Short() {
		t.Skip("runs make and go list over the module")
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make on PATH: the Makefile cannot be run here")
	}
	realGo, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go on PATH")
	}
	dir := t.TempDir()
	calls := filepath.Join(dir, "calls")
	fake := filepath.Join(dir, "go")
	script := "#!/bin/sh\nif [ \"$1\" = test ]; then echo \"$*\" >> '" + calls + "'; exit 0; fi\nexec '" + realGo + "' \"$@\"\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("make", "-s", "fuzz", "GO="+fake, "FUZZTIME=7s")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make fuzz: %v\n%s", err, out)
	}
	b, err := os.ReadFile(calls)
	if err != nil {
		t.Fatal(err)
	}
	var ran []string
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Fields(line)
		// test -run ^$ -fuzz ^NAME$ -fuzztime 7s ./PKG
		if len(f) != 8 || f[1] != "-run" || f[3] != "-fuzz" || f[5] != "-fuzztime" || f[6] != "7s" {
			t.Fatalf("make fuzz ran go %s", line)
		}
		ran = append(ran, f[7]+" "+strings.TrimSuffix(strings.TrimPrefix(f[4], "^"), "$"))
	}
	slices.Sort(ran)
	found := fuzzTargets(t, "..")
	if missing, stale := notRun(found, ran); len(missing) > 0 || len(stale) > 0 {
		t.Errorf("make fuzz did not fuzz %v and ran %v, which are not fuzz targets", missing, stale)
	}
}

// A target that Go's fuzz coordinator fails with a bare "context deadline
// exceeded" at the end of -fuzztime, writing no failing input (a race in
// go1.26: golang/go#75804), is run again; one that fails so three times,
// or fails with a failing input written, fails make fuzz.
func TestFuzzRetriesTheDeadlineRace(t *testing.T) {
	root := t.TempDir()
	for name, body := range map[string]string{
		"go.mod":      "module example.com/m\n\ngo 1.21\n",
		"a/a_test.go": "package a\n\nimport \"testing\"\n\nfunc FuzzA(f *testing.F) {}\n",
	} {
		p := filepath.Join(root, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	realGo, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go on PATH")
	}
	script, _ := filepath.Abs("fuzz.sh")
	// fake fails its first `fails` go test runs with what, then passes.
	fake := func(fails int, what string) (ok bool, tests int, out string) {
		dir := t.TempDir()
		calls := filepath.Join(dir, "calls")
		gofake := filepath.Join(dir, "go")
		body := "#!/bin/sh\nif [ \"$1\" = test ]; then echo x >> '" + calls + "'; n=$(wc -l < '" + calls + "'); if [ \"$n\" -le " + string(rune('0'+fails)) + " ]; then printf '%s\\n' " + what + "; exit 1; fi; echo PASS; exit 0; fi\nexec '" + realGo + "' \"$@\"\n"
		if err := os.WriteFile(gofake, []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("bash", script)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GO="+gofake, "FUZZTIME=1s")
		b, err := cmd.CombinedOutput()
		c, _ := os.ReadFile(calls)
		return err == nil, strings.Count(string(c), "x"), string(b)
	}
	race := "'--- FAIL: FuzzA (3.45s)' '    context deadline exceeded' FAIL"
	crash := "'--- FAIL: FuzzA (3.45s)' '    context deadline exceeded' '    Failing input written to testdata/fuzz/FuzzA/abc' FAIL"
	for _, c := range []struct {
		fails     int
		what      string
		ok        bool
		tests     int
		retrySaid bool
	}{
		{0, race, true, 1, false},
		{1, race, true, 2, true},
		{2, race, true, 3, true},
		{3, race, false, 3, true},
		{1, crash, false, 1, false},
		{1, "'--- FAIL: FuzzA' '    index out of range' FAIL", false, 1, false},
	} {
		ok, tests, out := fake(c.fails, c.what)
		if ok != c.ok || tests != c.tests || strings.Contains(out, "golang/go#75804") != c.retrySaid {
			t.Errorf("%d failures with %s: passed %v after %d runs (want %v after %d); retry said: %v\n%s", c.fails, c.what, ok, tests, c.ok, c.tests, !c.retrySaid, out)
		}
	}
}
