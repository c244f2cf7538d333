package docs

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// link is a Markdown link or image: [text](target) or ![alt](target).
var link = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// Every relative link of README.md and docs/*.md names a file or folder
// of the repository, or an output that make writes (a path .gitignore
// ignores under results/, such as results/report.md). Anchors must name a
// heading of their page.
func TestLinksResolve(t *testing.T) {
	pages, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	pages = append(pages, filepath.Join("..", "README.md"))
	links := 0
	for _, page := range pages {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllSubmatch(stripCode(b), -1) {
			target := string(m[1])
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			links++
			file, anchor, _ := strings.Cut(target, "#")
			path := filepath.Join(filepath.Dir(page), filepath.FromSlash(file))
			if file == "" {
				path = page
			}
			if _, err := os.Stat(path); err != nil {
				if !madeByMake(t, path) {
					t.Errorf("%s: link %s: %v", page, target, err)
				}
				continue
			}
			if anchor != "" && !hasAnchor(t, path, anchor) {
				t.Errorf("%s: link %s: no heading with that anchor in %s", page, target, path)
			}
		}
	}
	if links < 20 {
		t.Errorf("found only %d links: is the link pattern right?", links)
	}
}

// stripCode blanks fenced code blocks, whose brackets are not links.
func stripCode(b []byte) []byte {
	var out bytes.Buffer
	in := false
	for _, line := range bytes.SplitAfter(b, []byte("\n")) {
		if bytes.HasPrefix(bytes.TrimSpace(line), []byte("```")) {
			in = !in
			continue
		}
		if !in {
			out.Write(line)
		}
	}
	return out.Bytes()
}

// madeByMake reports whether path, missing, is an output that make
// writes under results/: git ignores it.
func madeByMake(t *testing.T, path string) bool {
	rel, err := filepath.Rel("..", path)
	if err != nil || !strings.HasPrefix(filepath.ToSlash(rel), "results/") {
		return false
	}
	cmd := exec.Command("git", "check-ignore", "-q", "--no-index", rel)
	cmd.Dir = ".."
	return cmd.Run() == nil
}

// hasAnchor reports whether the Markdown file at path has a heading whose
// GitHub anchor is anchor.
func hasAnchor(t *testing.T, path, anchor string) bool {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(stripCode(b)), "\n") {
		h := strings.TrimLeft(line, "#")
		if len(h) == len(line) || !strings.HasPrefix(h, " ") {
			continue
		}
		if slug(strings.TrimSpace(h)) == anchor {
			return true
		}
	}
	return false
}

// slug is GitHub's anchor of a heading: lower case, spaces to hyphens,
// punctuation other than hyphens and underscores dropped.
func slug(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// The link check catches a broken link, and lets a make output through.
func TestLinkCheckCatches(t *testing.T) {
	if madeByMake(t, filepath.Join("..", "results", "no-such-dir", "x.png")) {
		t.Error("a missing file that git does not ignore passes as a make output")
	}
	if !madeByMake(t, filepath.Join("..", "results", "report.md")) {
		t.Error("results/report.md, written by make, is not taken as a make output")
	}
	if !hasAnchor(t, "atlas.md", "the-multiplier-atlas-on-one-machine-or-a-slurm-cluster") {
		t.Error("atlas.md's title has no anchor")
	}
	if hasAnchor(t, "atlas.md", "no-such-heading") {
		t.Error("a missing anchor is found")
	}
}

// The README's Go snippet, in a module of its own made by the README's
// route (go mod init, go mod edit -require -replace, go mod tidy), reads a
// table that compute grundy wrote and prints what the README says.
func TestReadmeGoSnippet(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module and a table: seconds of compiling")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```go\n(.*?)```").FindSubmatch(readme)
	if m == nil {
		t.Fatal("README.md has no ```go block")
	}
	results := t.TempDir()
	mod := t.TempDir()
	src := strings.ReplaceAll(string(m[1]), "/path/to/fibnim/results", results)
	if src == string(m[1]) {
		t.Fatal("the snippet does not open /path/to/fibnim/results/...: the test cannot point it at a table")
	}
	run := func(dir string, args ...string) string {
		t.Helper()
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run(root, "go", "run", "./cmd/compute", "grundy", "-n", "60000", "-out", results)
	run(mod, "go", "mod", "init", "example.com/myproject")
	run(mod, "go", "mod", "edit", "-require=fibnim@v0.0.0", "-replace=fibnim="+root)
	if err := os.WriteFile(filepath.Join(mod, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	run(mod, "go", "mod", "tidy")
	out := run(mod, "go", "run", ".")
	// The README says what it prints, in the route's comment.
	promise := regexp.MustCompile(`(?m)^go run \.\s+# (.+)$`).FindSubmatch(readme)
	if promise == nil {
		t.Fatal("README.md's route has no line \"go run .  # what it prints\"")
	}
	if want := strings.TrimSpace(string(promise[1])); !strings.Contains(out, want) {
		t.Errorf("the snippet printed %q; the README promises %q", out, want)
	}
}
