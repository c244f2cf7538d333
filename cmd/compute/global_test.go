package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fibnim/globalnim"
	"fibnim/grundy"
)

// compute global writes the table, and query -global answers from it
// with the winning moves.
func TestGlobalAndQuery(t *testing.T) {
	dir := t.TempDir()
	out, err := runArgs(t, "global", "-n", "80", "-out", dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "M=80") {
		t.Fatalf("compute global said %q", out)
	}
	if _, err := globalnim.Open(globalnim.Dir(dir, grundy.Fibonacci)); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), []string{"query", "-global", "3,5", "-in", dir}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	// From (3, 5) the only winning move evens the piles (mirror strategy).
	want := "position (3, 5, 5) [start: r = min(x+y-1, max(x,y))]: G = 5\nwinning moves (to value 0): 1 of 8\n  take 2 from pile 2 -> (3, 3, 3)\n"
	if !strings.Contains(stdout.String(), want) || stderr.Len() != 0 {
		t.Fatalf("query -global 3,5:\n%s\nstderr: %s", stdout.String(), stderr.String())
	}
	// (0, 8, 7): one pile of a Fibonacci number at its start, a P-position.
	got, err := runArgs(t, "query", "-global=0,8", "-in", dir)
	if err != nil || !strings.Contains(got, "(0, 8, 7) [start") || !strings.Contains(got, "G = 0\nwinning moves: none") {
		t.Fatalf("query -global=0,8: %v\n%s", err, got)
	}
	// A limit given explicitly; no table for a = 3/2, so one is computed.
	stdout.Reset()
	stderr.Reset()
	if err := run(context.Background(), []string{"query", "-mult", "3/2", "-global", "2,9,1", "-in", dir}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout.String(), "position (2, 9, 1): G = ") || !strings.Contains(stderr.String(), "computing one") {
		t.Fatalf("query -global 2,9,1 -mult 3/2:\n%s\nstderr: %s", stdout.String(), stderr.String())
	}
	// Above the size a query computes itself, the hint names the command.
	if _, err := runArgs(t, "query", "-global", "5,3000", "-in", dir); err == nil || !strings.Contains(err.Error(), "compute global -n 3000") {
		t.Fatalf("query beyond the table: %v", err)
	}
}

func TestGlobalUsageErrors(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"global"},
		{"global", "-n", "-5", "-out", dir},
		{"global", "-n", "100", "-mult", "1/2", "-out", dir},
		{"global", "-n", "100", "-workers", "0", "-out", dir},
		{"global", "-n", "100", "-out", dir, "extra"},
		{"global", "-n", "70000", "-out", dir},
		{"global", "-n", "30000", "-max-mem", "1GiB", "-out", dir},
		{"global", "-n", "100", "-out", ""},
		{"query", "-global", "3"},
		{"query", "-global", "3,x"},
		{"query", "-global", "1,2,3,4"},
		{"query", "-global", "3,5", "extra"},
	} {
		_, err := runArgs(t, args...)
		var ue usageError
		if !errors.As(err, &ue) || strings.Contains(ue.Msg, "\n") {
			t.Errorf("%v: %v, want a one-line usage error", args, err)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("usage errors wrote %v", entries)
	}
}

// Ctrl-C (a context cancelled after 300 ms) stops compute global and
// leaves the earlier table as it was. The stop is timed from the cancel,
// with a bound (5 s) generous enough for a loaded machine: it takes well
// under a second on an idle one.
func TestGlobalStopsOnInterrupt(t *testing.T) {
	dir := t.TempDir()
	if _, err := runArgs(t, "global", "-n", "50", "-out", dir); err != nil {
		t.Fatal(err)
	}
	gdir := globalnim.Dir(dir, grundy.Fibonacci)
	before, _ := os.ReadFile(filepath.Join(gdir, globalnim.PositionsFile))
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	start := time.Now()
	err := run(ctx, []string{"global", "-n", "4000", "-out", dir}, io.Discard, io.Discard)
	cancel()
	if took := time.Since(start) - 300*time.Millisecond; took > 5*time.Second {
		t.Errorf("stopped %v after the cancel", took)
	}
	if err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Fatalf("interrupted run: %v", err)
	}
	after, _ := os.ReadFile(filepath.Join(gdir, globalnim.PositionsFile))
	if !bytes.Equal(before, after) {
		t.Fatal("the earlier table was changed")
	}
	if t2, err := globalnim.Open(gdir); err != nil || t2.M != 50 {
		t.Fatalf("earlier table after the interrupt: %v", err)
	}
	// Only the table and its lock file (which stays) are there.
	if entries, _ := os.ReadDir(filepath.Dir(gdir)); len(entries) != 2 || entries[0].Name() != ".mult=2.lock" {
		t.Fatalf("left %v beside the table", entries)
	}
}

// The repro: compute global -n 100, then -n 20 on the same -out,
// is refused in one line, a runtime error (exit 1), and leaves the M = 100
// table whole with its manifest; info says the table validates against
// it. -replace writes the smaller table; a table without a manifest is
// said to be rewritten by compute global, not compute grundy.
func TestGlobalNeverLessCommand(t *testing.T) {
	dir := t.TempDir()
	if _, err := runArgs(t, "global", "-n", "100", "-out", dir); err != nil {
		t.Fatal(err)
	}
	gdir := globalnim.Dir(dir, grundy.Fibonacci)
	_, err := runArgs(t, "global", "-n", "20", "-out", dir)
	var ue usageError
	if err == nil || errors.As(err, &ue) || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "-replace") {
		t.Fatalf("-n 20 over -n 100: %v, want a one-line runtime error naming -replace", err)
	}
	if tab, err := globalnim.Open(gdir); err != nil || tab.M != 100 {
		t.Fatalf("the M = 100 table after the refusal: %v", err)
	}
	if m, err := globalnim.ReadManifest(gdir); err != nil || m.M != 100 {
		t.Fatalf("manifest: %v", err)
	}
	out, err := runArgs(t, "global", "-n", "100", "-out", dir)
	if err != nil || !strings.Contains(out, "already holds this table") {
		t.Fatalf("the same M again: %v\n%s", err, out)
	}
	info, err := runArgs(t, "info", "-full", dir)
	if err != nil || !strings.Contains(info, "every file's SHA-256 matches its manifest") {
		t.Fatalf("info -full: %v\n%s", err, info)
	}
	if _, err := runArgs(t, "info", gdir); !errors.As(err, &ue) || !strings.Contains(ue.Msg, "give the results folder") {
		t.Fatalf("info on the table folder itself: %v", err)
	}
	if _, err := runArgs(t, "global", "-n", "20", "-replace", "-out", dir); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(gdir, globalnim.ManifestFile))
	info, err = runArgs(t, "info", dir)
	if err != nil || !strings.Contains(info, "compute global -n 20 -mult 2 -replace rewrites it") || strings.Contains(info, "compute grundy") {
		t.Fatalf("info on a global table without a manifest: %v\n%s", err, info)
	}
}

func TestIsGlobalQuery(t *testing.T) {
	for args, want := range map[string]bool{
		"-global 3,5": true, "--global=3,5": true, "-mult 2 -global 1,2": true,
		"10": false, "-n 10 -r 3": false, "-- -global": false, "global": false,
	} {
		if got := isGlobalQuery(strings.Fields(args)); got != want {
			t.Errorf("isGlobalQuery(%q) = %v", args, got)
		}
	}
}
