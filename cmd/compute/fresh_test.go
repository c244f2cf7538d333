package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fibnim/grundy"
	"fibnim/ntimes"
	"fibnim/paper"
	"fibnim/table"
)

// freshResults copies what a fresh clone's results/ holds (the committed
// files: checks.json, the figures' PNGs and README.md, some tables) into
// a temporary folder.
func freshResults(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, p := range []string{"checks.json", "figures/README.md", "figures/grundy_table.png", "tables/lrs_table1.tex", "tables/ft_table1.tex"} {
		b, err := os.ReadFile(filepath.Join("../../results", p))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestPaperFreshClone: compute paper on a fresh clone's results refuses
// up front, in one line that says to run make, and writes nothing (issue
// 36, item 1: it wrote a note full of "Table ??"); -partial writes the
// draft.
func TestPaperFreshClone(t *testing.T) {
	dir := freshResults(t)
	_, err := runArgs(t, "paper", "-in", dir, "-citation", "../../CITATION.cff")
	var ue usageError
	if err == nil || errors.As(err, &ue) || strings.Contains(err.Error(), "\n") ||
		!strings.Contains(err.Error(), "run make first") || !strings.Contains(err.Error(), "provenance.json") {
		t.Fatalf("compute paper on a fresh clone's results: %v; want one runtime error that says to run make first", err)
	}
	if _, err := os.Stat(filepath.Join(dir, paper.Dir)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the refused run created %s: %v", paper.Dir, err)
	}
	if out, err := runArgs(t, "paper", "-partial", "-in", dir, "-citation", "../../CITATION.cff"); err != nil {
		t.Fatalf("compute paper -partial: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, paper.Dir, paper.Name+".tex")); err != nil {
		t.Error(err)
	}
}

// TestOutputsCheckedFirst: an output that cannot be written is refused
// with exit status 2 before any work, and leaves nothing behind (issue 36,
// item 2: grundy computed and committed the table, then failed on
// -sweeps; -cpuprofile failed after making the table folder; verify made
// an empty -out folder for an input it then refused).
func TestOutputsCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	empty := t.TempDir()
	out := filepath.Join(dir, "out")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"grundy", "-n", "30000", "-out", out, "-sweeps", "/nonexistent/x.csv"}, "-sweeps"},
		{[]string{"grundy", "-n", "3000", "-out", out, "-cpuprofile", "/nonexistent/x"}, "-cpuprofile"},
		{[]string{"grundy", "-n", "3000", "-out", out, "-sweeps", dir}, "is a folder"},
		{[]string{"grundy", "-n", "3000", "-out", filepath.Join(file, "x")}, "-out"},
		{[]string{"verify", "-in", empty, "-out", out}, "no results"},
		{[]string{"verify", "-in", empty, "-out", filepath.Join(file, "x")}, "-out"},
	} {
		_, err := runArgs(t, c.args...)
		var ue usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("compute %v: %v; want a one-line usage error (exit 2) naming %s", c.args, err, c.want)
		}
		if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("compute %v left %s behind", c.args, out)
		}
	}
}

// runArgsErr is runArgs with what the command wrote to stderr.
func runArgsErr(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errb bytes.Buffer
	err = run(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), err
}

// TestInputGaps: the inputs of issue 36, item 4, that were taken silently
// or refused with a wrong reason.
func TestInputGaps(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"query", "5,"}, "heap 1 (5,): r = is empty"},
		{[]string{"query", ",5"}, "heap 1 (,5): n = is empty"},
		{[]string{"grundy", "-n", "10", "-checkpoint-every", "-1s", "-out", t.TempDir()}, "-checkpoint-every"},
		{[]string{"grundy", "-n", "10", "-runs-from", "-5", "-out", t.TempDir()}, "-runs-from"},
		{[]string{"ntimes", "-mults", "2..100000000", "-out", t.TempDir()}, "more than the 1000000 a range may hold"},
	} {
		_, err := runArgs(t, c.args...)
		var ue usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("compute %v: %v; want a usage error with %q", c.args, err, c.want)
		}
	}
	if _, stderr, err := runArgsErr(t, "version", "-h"); err != nil || !strings.Contains(stderr, "usage: compute version") {
		t.Errorf("compute version -h: %v, %q", err, stderr)
	}
	// A folder named by hand that is not there is said, not passed over.
	if out, stderr, err := runArgsErr(t, "query", "-n", "5", "-in", filepath.Join(t.TempDir(), "absent")); err != nil || !strings.Contains(stderr, "is not a folder") || !strings.Contains(out, "G = ") {
		t.Errorf("query -in ABSENT: %v, stderr %q", err, stderr)
	}
	// At a position with no move, query says so.
	if out, _ := runArgs(t, "query", "-n", "8", "-r", "0"); !strings.Contains(out, "no move: a second-player win") {
		t.Errorf("query -n 8 -r 0:\n%s", out)
	}
	// ntimes -mults 2,2,2 writes a = 2 once.
	dir := t.TempDir()
	if out, err := runArgs(t, "ntimes", "-mults", "2,2,4/2,2..3", "-real-upto", "2", "-out", dir); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	rows, _, err := table.ReadFile[ntimes.CRow](filepath.Join(dir, "ntimes", ntimes.CTableFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 {
		t.Errorf("ntimes -mults 2,2,4/2,2..3 wrote %d rows of c(a), want 2 (a = 2 and 3, each once)", len(rows))
	}
}

// TestQueryFullFromStartValues: a table of start values only answers
// G(n, n) from its g_full column at once, as it answers G(n, n-1), where
// the dense engine used to recompute the table (issue 36, item 5: a
// minute and 0.9 GB at n = 30000).
func TestQueryFullFromStartValues(t *testing.T) {
	dir := t.TempDir()
	if _, err := runArgs(t, "grundy", "-n", "3000", "-engine", "breakpoint", "-breakpoints=false", "-dense-max", "0", "-out", dir); err != nil {
		t.Fatal(err)
	}
	tb, err := table.Open(table.Dir(dir, grundy.Fibonacci))
	if err != nil {
		t.Fatal(err)
	}
	start, full, err := tb.StartValues()
	tb.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-n", "2500", "-r", "2500"}, fmt.Sprintf("(2500, 2500): G = %d", full[2500])},
		{[]string{"2500"}, fmt.Sprintf("(2500, 2499) [starting pile]: G = %d", start[2500])},
		{[]string{"2500,2500", "1000"}, fmt.Sprintf("nim-sum: %d", int(full[2500])^int(start[1000]))},
	} {
		out, stderr, err := runArgsErr(t, append([]string{"query", "-in", dir}, c.args...)...)
		if err != nil || !strings.Contains(out, c.want) {
			t.Errorf("query %v: %v; want %q in\n%s", c.args, err, c.want, out)
		}
		if strings.Contains(stderr, "dense engine") {
			t.Errorf("query %v computed a dense table where the file holds the values: %s", c.args, stderr)
		}
	}
}

// TestExportRange: export -n FROM..TO -columns writes exactly the rows of
// the full export whose n is in the range, with the columns asked, in
// their order, from a file of several row groups (issue 36, item 7).
func TestExportRange(t *testing.T) {
	dir := t.TempDir()
	if _, err := runArgs(t, "grundy", "-n", "3000", "-engine", "breakpoint", "-out", dir); err != nil {
		t.Fatal(err)
	}
	tab := table.Dir(dir, grundy.Fibonacci)
	for _, c := range []struct{ file, cols string }{{"start_values.parquet", "g_full,n"}, {"breakpoints/g=0003.parquet", "n,run"}} {
		path := filepath.Join(tab, c.file)
		full, err := runArgs(t, "export", "-in", path)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(full), "\n")
		header := strings.Split(lines[0], ",")
		col := map[string]int{}
		for i, h := range header {
			col[h] = i
		}
		want := []string{c.cols}
		for _, l := range lines[1:] {
			f := strings.Split(l, ",")
			var n int
			fmt.Sscan(f[col["n"]], &n)
			if n >= 1000 && n <= 2000 {
				var rec []string
				for _, name := range strings.Split(c.cols, ",") {
					rec = append(rec, f[col[name]])
				}
				want = append(want, strings.Join(rec, ","))
			}
		}
		got, err := runArgs(t, "export", "-in", path, "-n", "1000..2e3", "-columns", c.cols)
		if err != nil {
			t.Fatal(err)
		}
		if got != strings.Join(want, "\n")+"\n" {
			t.Errorf("export -n 1000..2e3 -columns %s of %s: %d lines, want %d", c.cols, c.file, strings.Count(got, "\n"), len(want))
		}
	}
	if _, err := runArgs(t, "export", "-in", filepath.Join(tab, "start_values.parquet"), "-columns", "nosuch"); err == nil || !strings.Contains(err.Error(), "g_full") {
		t.Errorf("a column the file lacks: %v", err)
	}
	if _, err := runArgs(t, "export", "-in", filepath.Join(tab, "start_values.parquet"), "-n", "5..3"); err == nil {
		t.Error("-n 5..3 was taken")
	}
}
