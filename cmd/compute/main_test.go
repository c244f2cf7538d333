package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"fibnim/grundy"
	"fibnim/internal/cli"
	"fibnim/table"
)

func runArgs(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(context.Background(), args, &out, &errb)
	return out.String(), err
}

// The 10-coin example of the Wikipedia text: 10 = 8 + 2, and removing 2 is
// the unique winning move from the starting pile.
func TestQueryWikipediaTenCoins(t *testing.T) {
	out, err := runArgs(t, "query", "10")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "winning moves (to value 0): 1\n  remove 2 -> (8, 4)") {
		t.Fatalf("query 10:\n%s", out)
	}
	if !strings.Contains(out, "10 = 2 + 8") {
		t.Fatalf("query 10 does not show the Zeckendorf parts:\n%s", out)
	}
	// The example continues: 6 = 5 + 1, remove 1; 4 = 3 + 1, remove 1.
	for _, c := range []struct{ n, r, k string }{{"6", "4", "remove 1 -> (5, 2)"}, {"4", "2", "remove 1 -> (3, 2)"}} {
		out, err := runArgs(t, "query", "-n", c.n, "-r", c.r)
		if err != nil || !strings.Contains(out, c.k) {
			t.Fatalf("query -n %s -r %s: %v\n%s", c.n, c.r, err, out)
		}
	}
	// After 10 -> 8 the second player, at (8, 4), has no winning move.
	out, _ = runArgs(t, "query", "-n", "8", "-r", "4")
	if !strings.Contains(out, "G = 0") || !strings.Contains(out, "winning moves: none") {
		t.Fatalf("query -n 8 -r 4:\n%s", out)
	}
}

func TestQuerySum(t *testing.T) {
	out, err := runArgs(t, "query", "10", "7,3", "25")
	if err != nil {
		t.Fatal(err)
	}
	// Values from Table 1: G(10,9) = 5, G(7,3) = 2.
	for _, want := range []string{"(10, 9) [starting pile]: G = 5", "(7, 3): G = 2", "nim-sum:", "winning move: in heap"} {
		if !strings.Contains(out, want) {
			t.Fatalf("missing %q in:\n%s", want, out)
		}
	}
	out, _ = runArgs(t, "query", "10", "10")
	if !strings.Contains(out, "nim-sum: 0") {
		t.Fatalf("two equal heaps:\n%s", out)
	}
}

func TestBadInputIsUsageErrorAndWritesNothing(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "res")
	cases := [][]string{
		{"grundy", "-n", "-5", "-out", out},
		{"grundy", "-n", "abc", "-out", out},
		{"grundy", "-n", "300000", "-engine", "dense", "-out", out},
		{"grundy", "-n", "100000000", "-max-mem", "200MiB", "-out", out}, // engine v3 needs about 650 MiB
		{"grundy", "-n", "10^12", "-out", out},
		{"grundy", "-n", "100", "-mult", "0.5", "-out", out},
		{"grundy", "-n", "100", "-mult", "3/0", "-out", out},
		{"grundy", "-n", "100", "-mult", "garbage", "-out", out},
		{"grundy", "-n", "100", "-out", "/proc/not/writable"},
		{"grundy", "-out", out},
		{"query", "-n", "5", "-r", "9"},
		{"query", "x,y"},
		{"nonsense"},
	}
	for _, c := range cases {
		_, err := runArgs(t, c...)
		var ue usageError
		if !errors.As(err, &ue) {
			t.Errorf("%v: got %v, want a usage error", c, err)
		} else if strings.Contains(ue.Msg, "\n") {
			t.Errorf("%v: message is not one line: %q", c, ue.Msg)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("bad input created %s", out)
	}
}

func TestGrundyWritesAndInterruptKeepsOld(t *testing.T) {
	dir := t.TempDir()
	if _, err := runArgs(t, "grundy", "-n", "300", "-dense-max", "50", "-out", dir); err != nil {
		t.Fatal(err)
	}
	sv := filepath.Join(dir, "grundy", "mult=2", "start_values.parquet")
	rows, meta, err := table.ReadFile[table.StartValue](sv)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 301 || meta["fibnim.N"] != "300" || meta["fibnim.mult"] != "2" {
		t.Fatalf("%d rows, meta %v", len(rows), meta)
	}
	// Paper, Table 1: G(10, 9) = 5, G(10, 10) = 5; G(13, 12) = 0 (Fibonacci).
	if rows[10].GStart != 5 || rows[10].GFull != 5 || rows[13].GStart != 0 || rows[13].GFull != 6 {
		t.Fatalf("rows 10, 13: %+v %+v", rows[10], rows[13])
	}
	dense, _, err := table.ReadFile[table.DenseCell](filepath.Join(dir, "grundy", "mult=2", "dense.parquet"))
	if err != nil || len(dense) != 51*52/2 {
		t.Fatalf("dense: %d rows, %v", len(dense), err)
	}
	before, _ := os.ReadFile(sv)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var o, e bytes.Buffer
	if err := run(ctx, []string{"grundy", "-n", "400", "-out", dir}, &o, &e); err == nil {
		t.Fatal("cancelled run reported success")
	}
	after, _ := os.ReadFile(sv)
	if !reflect.DeepEqual(before, after) {
		t.Fatal("an interrupted run changed earlier results")
	}
	// Same arguments, same bytes.
	if _, err := runArgs(t, "grundy", "-n", "300", "-dense-max", "50", "-out", dir); err != nil {
		t.Fatal(err)
	}
	again, _ := os.ReadFile(sv)
	if !reflect.DeepEqual(before, again) {
		t.Fatal("rerun with the same arguments gave different bytes")
	}
}

// A query answered from the table on disk prints what the dense engine
// prints: values, winning moves and the move in a sum (package moves
// checks every cell; this checks the command's wiring).
func TestQueryFromTableEqualsDense(t *testing.T) {
	dir := t.TempDir()
	if _, err := runArgs(t, "grundy", "-n", "2000", "-engine", "breakpoint", "-out", dir); err != nil {
		t.Fatal(err)
	}
	for _, q := range [][]string{{"-n", "1999"}, {"-n", "1597"}, {"-n", "2000", "-r", "700"}, {"1000", "1500,20", "77,3"}, {"610", "987"}} {
		var fromTable, fromTableErr bytes.Buffer
		if err := run(context.Background(), append([]string{"query", "-in", dir}, q...), &fromTable, &fromTableErr); err != nil {
			t.Fatal(err)
		}
		if fromTableErr.Len() > 0 {
			t.Errorf("%v: the query computed although the table covers it: %s", q, fromTableErr.String())
		}
		computed, err := runArgs(t, append([]string{"query", "-in", t.TempDir()}, q...)...)
		if err != nil {
			t.Fatal(err)
		}
		if fromTable.String() != computed {
			t.Errorf("%v: from the table:\n%s\ncomputed:\n%s", q, fromTable.String(), computed)
		}
	}
}

// query and verify refuse a table with a gap in its breakpoint files,
// instead of answering with a smaller value.
func TestQueryAndVerifyRefuseMissingFile(t *testing.T) {
	dir := t.TempDir()
	if _, err := runArgs(t, "grundy", "-n", "50000", "-out", dir); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(table.BreakpointFile(filepath.Join(table.Dir(dir, grundy.Fibonacci), table.BreakpointsDir), 7)); err != nil {
		t.Fatal(err)
	}
	if _, err := runArgs(t, "query", "-in", dir, "-n", "45000"); !errors.Is(err, table.ErrInvalid) {
		t.Errorf("query: got %v, want a refusal", err)
	}
	if _, err := runArgs(t, "verify", "-in", dir); !errors.Is(err, table.ErrInvalid) {
		t.Errorf("verify: got %v, want a refusal", err)
	}
}

// info lists a results folder, and says so when a table does not validate.
func TestInfo(t *testing.T) {
	dir := t.TempDir()
	if _, err := runArgs(t, "grundy", "-n", "3000", "-engine", "breakpoint", "-out", dir); err != nil {
		t.Fatal(err)
	}
	out, err := runArgs(t, "info", dir)
	if err != nil || !strings.Contains(out, "validates (sizes match its manifest): N = 3000") || !strings.Contains(out, "breakpoints/ (") {
		t.Fatalf("info: %v\n%s", err, out)
	}
	os.Remove(table.BreakpointFile(filepath.Join(table.Dir(dir, grundy.Fibonacci), table.BreakpointsDir), 3))
	out, err = runArgs(t, "info", dir)
	if err == nil || !strings.Contains(out, "DOES NOT VALIDATE") || !strings.Contains(out, "g=0003.parquet is missing") {
		t.Errorf("info on a folder with a gap: %v\n%s", err, out)
	}
	var ue usageError
	if _, err := runArgs(t, "info", t.TempDir()); !errors.As(err, &ue) || !strings.Contains(err.Error(), "no results under") {
		t.Errorf("info on an empty folder: %v", err)
	}
}

// A table folder given where a results folder belongs is a usage error
// that names the results folder, not advice to compute into it.
func TestTableFolderForResults(t *testing.T) {
	dir := t.TempDir()
	if _, err := runArgs(t, "grundy", "-n", "3000", "-engine", "breakpoint", "-out", dir); err != nil {
		t.Fatal(err)
	}
	tdir := table.Dir(dir, grundy.Fibonacci)
	var ue usageError
	for _, args := range [][]string{{"info", tdir}, {"query", "-in", tdir, "50000"}} {
		if _, err := runArgs(t, args...); !errors.As(err, &ue) || !strings.Contains(err.Error(), "is a table folder") {
			t.Errorf("%v: %v", args, err)
		}
	}
}

// A table that must hold G(n) = 65536 (a >= 65535, where G(n) = n as in
// nim) is refused before any work, with one line naming a and N. Where N
// is past grundy.FirstWithValueBound for 65536 but the overflow is not
// certain, compute says up front that the run may stop on one (checked
// on a run interrupted at once: a = 40000 to N = 10^5 would take minutes);
// below the bound it says nothing.
func TestGrundyValuesPast65535(t *testing.T) {
	_, err := runArgs(t, "grundy", "-n", "70000", "-mult", "100000", "-out", t.TempDir())
	want := "a = 100000, N = 70000: G(n) reaches 65536, beyond the largest value a table stores (65535)"
	if !errors.Is(err, grundy.ErrOverflow) || err.Error() != want {
		t.Errorf("a = 100000: %v, want %q", err, want)
	}
	for _, c := range []struct {
		mult   string
		notice bool
	}{{"40000", true}, {"2", false}} {
		var out, errb bytes.Buffer
		ctx, cancel := context.WithCancel(context.Background())
		if c.notice {
			cancel()
		}
		err := run(ctx, []string{"grundy", "-n", "100000", "-mult", c.mult, "-breakpoints=false", "-dense-max", "10", "-out", t.TempDir()}, &out, &errb)
		cancel()
		if c.notice != (err != nil) {
			t.Errorf("a = %s: %v", c.mult, err)
		}
		want := "grundy: a = " + c.mult + ", N = 100000: G(n) may pass 65535, the largest value a table stores (it cannot for N < 91070)"
		if got := strings.Contains(errb.String(), "may pass 65535"); got != c.notice || c.notice && !strings.Contains(errb.String(), want) {
			t.Errorf("a = %s: notice %v, want %v:\n%s", c.mult, got, c.notice, errb.String())
		}
	}
}

// The newcomer's small findings (issue "Safe tables", item 8): version
// takes no arguments, grundy -h names -cpuprofile's argument and not
// "go tool pprof", and lrs-table1 says its 6 extra cells are stray cells
// of the text extraction, not disagreements.
func TestSmallFindings(t *testing.T) {
	// A stray argument is a usage error, not silently ignored.
	for _, args := range [][]string{{"verify", "-in", t.TempDir(), "stray"}, {"lrs-table1", "-out", t.TempDir(), "stray"}, {"all", "-out", t.TempDir(), "stray"}, {"export", "-in", "x.parquet", "stray"}} {
		_, err := runArgs(t, args...)
		var ue usageError
		if !errors.As(err, &ue) || !strings.Contains(ue.Msg, `unexpected argument "stray"`) {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
	}
	_, err := runArgs(t, "version", "extra")
	var ue usageError
	if !errors.As(err, &ue) || !strings.Contains(ue.Msg, "no arguments") {
		t.Errorf("version extra: %v, want a usage error", err)
	}
	if out, err := runArgs(t, "version"); err != nil || out == "" {
		t.Errorf("version: %q, %v", out, err)
	}
	var errb bytes.Buffer
	if err := run(context.Background(), []string{"grundy", "-h"}, io.Discard, &errb); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("grundy -h: %v", err)
	}
	if h := errb.String(); !strings.Contains(h, "-cpuprofile FILE") || strings.Contains(h, "-cpuprofile go tool pprof") {
		t.Errorf("grundy -h:\n%s", h)
	}
	out, err := runArgs(t, "lrs-table1", "-out", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	// The paper's Table 1 has 231 cells (0 <= r <= n <= 20); the text
	// extraction in shared/papers has 6 more, with r > n.
	for _, want := range []string{"231 cells of the table compared, 231 agree with the print, 0 differ", "6 stray cells of the text extraction"} {
		if !strings.Contains(out, want) {
			t.Errorf("lrs-table1 says %q, want %q", out, want)
		}
	}
	if strings.Contains(out, "not in agreement") {
		t.Errorf("lrs-table1 still calls the stray cells disagreements: %q", out)
	}
}

// Ctrl-C stops a query: at once when it comes before (the saved table's
// batch read checks it), and within a second while the dense engine runs
// (the engine is left to finish in the background).
func TestQueryStopsOnInterrupt(t *testing.T) {
	dir := t.TempDir()
	if _, err := runArgs(t, "grundy", "-n", "3000", "-engine", "breakpoint", "-out", dir); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	auto, _ := copyAutomata(t, true)
	for _, q := range [][]string{{"-in", dir, "2000", "1000"}, {"-in", t.TempDir(), "20000"}, {"-in", auto, "10^100"}, {"-in", auto, "10^100", "1e20,3"}} {
		if err := run(ctx, append([]string{"query"}, q...), io.Discard, io.Discard); !errors.Is(err, cli.ErrInterrupted) || err.Error() != cli.ErrInterrupted.Error() {
			t.Errorf("query %v after Ctrl-C: %v", q, err)
		}
	}
	// n = 25000 is about a second of the dense engine on two idle cores.
	ctx, cancel = context.WithCancel(context.Background())
	var stderr syncBuffer
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"query", "-in", t.TempDir(), "25000"}, io.Discard, &stderr) }()
	for !strings.Contains(stderr.String(), "computing one") {
		time.Sleep(time.Millisecond)
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, cli.ErrInterrupted) || err.Error() != cli.ErrInterrupted.Error() {
			t.Errorf("query interrupted while computing: %v", err)
		}
	case <-time.After(5 * time.Second): // well under a second when idle; generous for a loaded machine
		t.Error("query did not stop within 5 s of Ctrl-C")
		<-done
	}
}

// syncBuffer is a bytes.Buffer that a command writes while a test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// A table of start values only (-breakpoints=false) answers starting
// piles above the dense query limit from its start values, says that it
// holds no moves, and for other positions suggests a command that keeps
// its N.
func TestQueryStartValuesOnly(t *testing.T) {
	dir := t.TempDir()
	if _, err := runArgs(t, "grundy", "-n", "50000", "-breakpoints=false", "-out", dir); err != nil {
		t.Fatal(err)
	}
	tb, err := table.Open(table.Dir(dir, grundy.Fibonacci))
	if err != nil {
		t.Fatal(err)
	}
	start, _, err := tb.StartValues()
	tb.Close()
	if err != nil {
		t.Fatal(err)
	}
	out, err := runArgs(t, "query", "-in", dir, "-n", "45000")
	if err != nil {
		t.Fatalf("query -n 45000: %v", err)
	}
	for _, want := range []string{fmt.Sprintf("(45000, 44999) [starting pile]: G = %d", start[45000]), "winning moves: not in this table", "compute grundy -n 50000 "} {
		if !strings.Contains(out, want) {
			t.Errorf("query -n 45000: no %q in\n%s", want, out)
		}
	}
	out, err = runArgs(t, "query", "-in", dir, "45000", "46368", "49999")
	if want := fmt.Sprintf("nim-sum: %d", int(start[45000])^int(start[49999])); err != nil || !strings.Contains(out, want) || !strings.Contains(out, "(46368, 46367) [starting pile]: G = 0") {
		t.Errorf("a sum of starting piles: %v, want %q in\n%s", err, want, out)
	}
	_, err = runArgs(t, "query", "-in", dir, "45000,7")
	if err == nil || !strings.Contains(err.Error(), "starting piles") || !strings.Contains(err.Error(), "compute grundy -n 50000 ") {
		t.Errorf("a position that is not a starting pile: %v", err)
	}
}
