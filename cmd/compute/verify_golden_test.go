package main

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/verify/ from what compute verify writes now")

// verifyGoldenCases are small results folders that between them take every
// path of compute verify: a breakpoint table of a = 2 (cells from the
// breakpoint files), tables of other multipliers from both engines, the
// global game, n-times nim, a folder without a = 2, and a table of start
// values alone.
var verifyGoldenCases = []struct {
	name  string
	steps [][]string
}{
	{"tables", [][]string{
		{"grundy", "-n", "30000", "-engine", "breakpoint"},
		{"grundy", "-n", "20000", "-mult", "3", "-engine", "breakpoint"},
		{"grundy", "-n", "4000", "-mult", "5/2"},
		{"grundy", "-n", "3000", "-mult", "1"},
		{"global", "-n", "20", "-mult", "2"},
		{"ntimes", "-mults", "2..14", "-real-upto", "5", "-min-stable", "200", "-max-terms", "4096"},
	}},
	{"dense", [][]string{
		{"grundy", "-n", "3000"},
	}},
	{"no-fibonacci", [][]string{
		{"grundy", "-n", "2000", "-mult", "3"},
	}},
	{"starts-only", [][]string{
		{"grundy", "-n", "50000", "-breakpoints=false", "-dense-max", "200"},
		{"grundy", "-n", "30000", "-mult", "3/2", "-breakpoints=false", "-dense-max", "0"},
	}},
}

// TestVerifyGolden holds what compute verify writes (checks.json,
// report.md, the check tables of tables/, the h(g) b-file and oeis/README.md)
// to the files in testdata/verify/, byte for
// byte once the folder's path and the revision are masked. The files were
// written by the commit before the check registry (-update), so the
// registry is shown to change no result, no statistic and no line of the
// report on these folders; a change that is meant shows in the diff of
// testdata/ under the commit that makes it. A mismatch writes NAME.got.
func TestVerifyGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("builds seven small tables")
	}
	for _, c := range verifyGoldenCases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, s := range c.steps {
				if _, err := runArgs(t, append(s, "-out", dir)...); err != nil {
					t.Fatalf("compute %v: %v", s, err)
				}
			}
			if _, err := runArgs(t, "verify", "-in", dir); err != nil {
				t.Fatal(err)
			}
			got := map[string][]byte{}
			for _, sub := range []string{"checks.json", "report.md", "tables", "oeis"} {
				filepath.WalkDir(filepath.Join(dir, sub), func(path string, d fs.DirEntry, err error) error {
					if err != nil || d.IsDir() {
						return nil
					}
					b, err := os.ReadFile(path)
					if err != nil {
						t.Fatal(err)
					}
					rel, _ := filepath.Rel(dir, path)
					if !goldenSkip.MatchString(d.Name()) {
						got[filepath.ToSlash(rel)] = maskRun(b, dir)
					}
					return nil
				})
			}
			golden := filepath.Join("testdata", "verify", c.name)
			if *updateGolden {
				os.RemoveAll(golden)
				for name, b := range got {
					p := filepath.Join(golden, filepath.FromSlash(name))
					if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(p, b, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				return
			}
			want := map[string]bool{}
			filepath.WalkDir(golden, func(path string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() && filepath.Ext(path) != ".got" {
					rel, _ := filepath.Rel(golden, path)
					want[filepath.ToSlash(rel)] = true
				}
				return nil
			})
			for name := range want {
				if _, ok := got[name]; !ok {
					t.Errorf("verify no longer writes %s", name)
				}
			}
			for name, b := range got {
				p := filepath.Join(golden, filepath.FromSlash(name))
				w, err := os.ReadFile(p)
				if err != nil {
					t.Errorf("verify writes %s, which testdata/verify/%s does not hold (go test -run TestVerifyGolden -update)", name, c.name)
					continue
				}
				if !bytes.Equal(b, w) {
					os.WriteFile(p+".got", b, 0o644)
					t.Errorf("%s differs from %s: see %s.got", name, p, p)
				}
			}
		})
	}
}

// goldenSkip names the files left out: the winning moves (package moves)
// and the b-files of values and of F(a), which no check writes and which
// take megabytes.
var goldenSkip = regexp.MustCompile(`^(winning_moves\.csv|b_F_.*|b_fibonacci_nim_(G|start)\.txt)$`)

var revision = regexp.MustCompile(`\(revision [^)]*\)`)

// maskRun replaces what differs from run to run: the results folder's
// path and the revision.
func maskRun(b []byte, dir string) []byte {
	b = bytes.ReplaceAll(b, []byte(dir), []byte("$DIR"))
	return revision.ReplaceAllLiteral(b, []byte("(revision $REV)"))
}
