package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fibnim/grundy"
	"fibnim/internal/cli"
	"fibnim/paper"
	"fibnim/table"
)

// The same bad input gets the same exit status in every command (issue
// 44, item 4): a folder or file that a flag names for a command to read
// and that is not there, is a file where a folder is wanted (or a folder
// where a file is), or is empty, is a usage error, exit 2, with one line
// naming the flag; so is a column that export is asked for and the file
// does not have. (query -n 10^100 -r 5 -in /nonexistent exited 1 where
// automata -query 5,3 -in /nonexistent exited 2; export -columns n,nope
// exited 1.) A folder that is there but lacks what the command reads is
// a runtime error, exit 1, as the rows at the end show.
func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	res := filepath.Join(dir, "results")
	if _, err := runArgs(t, "grundy", "-n", "3000", "-out", res); err != nil {
		t.Fatal(err)
	}
	// release carries the note: any file stands for it here.
	os.MkdirAll(filepath.Join(res, paper.Dir), 0o755)
	os.WriteFile(filepath.Join(res, paper.Dir, paper.Name+".pdf"), []byte("%PDF\n"), 0o644)
	readme := filepath.Join(dir, "README.md")
	os.WriteFile(readme, []byte("# r\n"), 0o644)
	empty := filepath.Join(dir, "empty")
	os.Mkdir(empty, 0o755)
	sv := filepath.Join(table.Dir(res, grundy.Fibonacci), table.StartValuesFile)

	// The bad inputs: each replaces X in the commands below.
	bad := map[string]string{
		"missing":         filepath.Join(dir, "absent"),
		"missing, deeper": filepath.Join(dir, "absent", "deeper"),
		"a file":          readme,
		"empty":           "",
	}
	// Commands that read a folder X.
	folders := [][]string{
		{"verify", "-in", "X"},
		{"verify", "-in", "X", "-decode=false"},
		{"paper", "-in", "X"},
		{"paper", "-in", "X", "-check"},
		{"release", "-in", "X"},
		{"release", "-in", "X", "-check"},
		{"info", "X"},
		{"info", "-full", "X"},
		{"query", "-in", "X", "10^100", "1e20,3"},
		{"automata", "-check", "100", "-in", "X"},
		{"query", "-n", "10^100", "-r", "5", "-in", "X"},
		{"query", "-n", "50000", "-r", "1000", "-in", "X"},
		{"query", "-in", "X", "50000", "60000"},
		{"query", "-mult", "3", "-n", "50000", "-in", "X"},
		{"query", "-global", "3000,3000", "-in", "X"},
		{"readme", "-in", "X", "-file", readme, "-check"},
		{"atlas", "-merge", "X"},
	}
	// Commands that read a file X.
	files := [][]string{
		{"export", "-in", "X"},
		{"paper", "-in", res, "-citation", "X"},
		{"release", "-in", res, "-citation", "X"},
		{"readme", "-in", res, "-file", "X", "-check"},
	}
	type row struct {
		args []string
		want int
	}
	var rows []row
	for _, set := range []struct {
		cmds [][]string
		skip string // the bad input that is not bad for these
	}{{folders, ""}, {files, "a file"}} {
		for _, c := range set.cmds {
			for what, x := range bad {
				if what == set.skip {
					continue
				}
				args := make([]string, len(c))
				for i, a := range c {
					args[i] = strings.Replace(a, "X", x, 1)
				}
				rows = append(rows, row{args, 2})
			}
		}
	}
	for _, c := range files {
		if c[0] == "export" {
			rows = append(rows, row{[]string{"export", "-in", res}, 2}) // a folder where a file is wanted
		}
	}
	rows = append(rows,
		row{[]string{"export", "-in", sv, "-columns", "n,nope"}, 2},
		row{[]string{"export", "-in", sv, "-columns", "nope", "-format", "json"}, 2},
		row{[]string{"export", "-in", table.BreakpointFile(filepath.Join(table.Dir(res, grundy.Fibonacci), table.BreakpointsDir), 1), "-columns", "n,g_start"}, 2},
		// A folder that is there but lacks what the command reads: exit 1.
		row{[]string{"query", "-n", "10^100", "-r", "5", "-in", empty}, 1},
		row{[]string{"query", "-in", empty, "10^100", "17"}, 1},
		row{[]string{"query", "-n", "50000", "-r", "1000", "-in", empty}, 1},
		row{[]string{"query", "-global", "3000,3000", "-in", empty}, 1},
		// A folder that a query does not need: the dense engine answers.
		row{[]string{"query", "-in", bad["missing"], "17"}, 0},
		row{[]string{"query", "-in", readme, "17"}, 0},
		row{[]string{"query", "-global", "3,5", "-in", readme}, 0},
		// And what works, works.
		row{[]string{"export", "-in", sv, "-columns", "n,g_full", "-n", "5..6"}, 0},
	)
	for _, r := range rows {
		_, err := runArgs(t, r.args...)
		if got := cli.Status(err); got != r.want || err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("compute %q: exit %d (%v), want %d with one line", r.args, got, err, r.want)
		}
	}
	t.Logf("%d command lines", len(rows))
	if _, err := os.Stat(bad["missing"]); err == nil {
		t.Errorf("a command created %s", bad["missing"])
	}
}
