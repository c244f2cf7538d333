package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"

	"fibnim/ntimes"
	"fibnim/table"
)

// The bad inputs a new user tried (issue "Hardening"), each refused with a
// one-line usage error (exit 2) and nothing written.
func TestHardeningBadInputs(t *testing.T) {
	dir := t.TempDir()
	res := filepath.Join(dir, "res")
	if _, err := runArgs(t, "grundy", "-n", "3000", "-engine", "breakpoint", "-out", res); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty")
	os.Mkdir(empty, 0o755)
	in := table.BreakpointFile(filepath.Join(res, "grundy", "mult=2", "breakpoints"), 1)
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"negative quota", []string{"query", "-n", "5", "-r", "-3"}, "-r -3 is negative"},
		{"quota above the pile", []string{"query", "-n", "5", "-r", "9"}, "exceeds the pile"},
		{"empty -out (grundy)", []string{"grundy", "-n", "100", "-out", ""}, "-out is empty"},
		{"empty -out (all)", []string{"all", "-out", ""}, "-out is empty"},
		{"empty -out (ntimes)", []string{"ntimes", "-out", ""}, "-out is empty"},
		{"empty -out (lrs-table1)", []string{"lrs-table1", "-out", ""}, "-out is empty"},
		{"empty -in (verify)", []string{"verify", "-in", ""}, "-in is empty"},
		{"verify an empty folder", []string{"verify", "-in", empty}, "no results under"},
		{"export into a table folder", []string{"export", "-in", in, "-out", filepath.Join(filepath.Dir(in), "g1.csv")}, "inside a table folder"},
		{"export to an unwritable place", []string{"export", "-in", in, "-out", "/proc/nope/x.csv"}, "-out /proc/nope/x.csv: cannot write there"},
		{"dense side table past the memory guard", []string{"grundy", "-n", "100000", "-dense-max", "1e9", "-max-mem", "1GiB", "-out", filepath.Join(dir, "dm")}, "-max-mem"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := runArgs(t, c.args...)
			var ue usageError
			if !errors.As(err, &ue) || !strings.Contains(ue.Msg, c.want) || strings.Contains(ue.Msg, "\n") {
				t.Errorf("%v: got %v, want a one-line usage error with %q", c.args, err, c.want)
			}
		})
	}
	for _, p := range []string{filepath.Join(empty, "report.md"), filepath.Join(empty, "checks.json"), filepath.Join(dir, "dm"), "grundy"} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("bad input wrote %s", p)
		}
	}
}

// Sizes take one syntax everywhere: query accepts 1e3 and 10^3 too.
func TestQuerySizeSyntax(t *testing.T) {
	for _, args := range [][]string{{"query", "-n", "1e3"}, {"query", "-n", "10^3", "-r", "1e2"}, {"query", "1e3", "10^3,5"}} {
		if _, err := runArgs(t, args...); err != nil {
			t.Errorf("%v: %v", args, err)
		}
	}
}

// A query answers from the saved table when one covers the position, and
// computes only when none does, saying so.
func TestQueryPrefersSavedTable(t *testing.T) {
	dir := t.TempDir()
	if _, err := runArgs(t, "grundy", "-n", "3000", "-out", dir); err != nil { // the dense engine
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if err := run(context.Background(), []string{"query", "-in", dir, "-n", "1500", "-r", "700"}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(errb.String(), "computing") {
		t.Errorf("query recomputed although %s covers n = 1500: %s", dir, errb.String())
	}
	want, _ := runArgs(t, "query", "-in", t.TempDir(), "-n", "1500", "-r", "700")
	if out.String() != want {
		t.Errorf("from the table:\n%s\ncomputed:\n%s", out.String(), want)
	}
	errb.Reset()
	run(context.Background(), []string{"query", "-in", dir, "-n", "3500"}, &out, &errb)
	if !strings.Contains(errb.String(), "computing one") {
		t.Errorf("query above the table did not say it computes: %q", errb.String())
	}
}

// export prints DECIMAL columns exactly (35 with scale 1 is 3.5), refuses
// a logical type it cannot decode, and writes to standard output by default.
func TestExportForeignColumns(t *testing.T) {
	dir := t.TempDir()
	type dec struct {
		X int64 `parquet:"x,decimal(1:18)"`
		Y int32 `parquet:"y,decimal(3:9)"`
	}
	path := filepath.Join(dir, "dec.parquet")
	if err := parquet.WriteFile(path, []dec{{X: 35, Y: -1250}, {X: -7, Y: 5}}); err != nil {
		t.Fatal(err)
	}
	out, err := runArgs(t, "export", "-in", path)
	if err != nil {
		t.Fatal(err)
	}
	if out != "x,y\n3.5,-1.250\n-0.7,0.005\n" {
		t.Errorf("decimals exported as:\n%s", out)
	}
	type ts struct {
		T int64 `parquet:"t,timestamp"`
	}
	path = filepath.Join(dir, "ts.parquet")
	if err := parquet.WriteFile(path, []ts{{T: 1}}); err != nil {
		t.Fatal(err)
	}
	if _, err := runArgs(t, "export", "-in", path); err == nil || !strings.Contains(err.Error(), "does not decode") {
		t.Errorf("a timestamp column: %v", err)
	}
}

// export prints unsigned integer columns as their values: a start_values
// file with uint16 value columns, as another writer might store them,
// exports as the int32 one does (65535 stays 65535), and a uint32 column
// past 2^31 is not printed as a negative number.
func TestExportUnsignedColumns(t *testing.T) {
	dir := t.TempDir()
	type sv16 struct {
		N      int64  `parquet:"n,delta"`
		GStart uint16 `parquet:"g_start,dict"`
		GFull  uint16 `parquet:"g_full,dict"`
	}
	wide := filepath.Join(dir, "wide.parquet")
	narrow := filepath.Join(dir, "narrow.parquet")
	rows := []table.StartValue{{N: 0}, {N: 1, GStart: 256, GFull: 300}, {N: 2, GStart: 65535, GFull: 65535}}
	var rows16 []sv16
	for _, r := range rows {
		rows16 = append(rows16, sv16{N: r.N, GStart: uint16(r.GStart), GFull: uint16(r.GFull)})
	}
	if err := parquet.WriteFile(wide, rows); err != nil {
		t.Fatal(err)
	}
	if err := parquet.WriteFile(narrow, rows16); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"csv", "json"} {
		w, err := runArgs(t, "export", "-in", wide, "-format", format)
		if err != nil {
			t.Fatal(err)
		}
		n, err := runArgs(t, "export", "-in", narrow, "-format", format)
		if err != nil {
			t.Fatal(err)
		}
		if w != n || !strings.Contains(w, "65535") {
			t.Errorf("%s: int32 columns export as\n%s\nuint16 columns as\n%s", format, w, n)
		}
	}
	type u32 struct {
		X uint32 `parquet:"x"`
	}
	path := filepath.Join(dir, "u32.parquet")
	if err := parquet.WriteFile(path, []u32{{X: 1 << 31}, {X: 1<<32 - 1}}); err != nil {
		t.Fatal(err)
	}
	if out, err := runArgs(t, "export", "-in", path); err != nil || out != "x\n2147483648\n4294967295\n" {
		t.Errorf("uint32 column exported as %q, %v", out, err)
	}
}

// Long n-times nim runs (a = 10^5 alone takes 4 s, most of it in the
// big-integer powers behind L and U) stop soon after Ctrl-C (here a
// context cancelled after 300 ms), big-integer loops included, and leave
// nothing. The time is measured from the cancel, not from the start, and
// its bound (5 s) is generous: on an idle machine the stop takes well under
// a tenth of that, and a loaded one must not fail the test; a run that
// ignored Ctrl-C would finish and write, which fails it whatever the time.
func TestNtimesStopsOnInterrupt(t *testing.T) {
	for _, args := range [][]string{{"-mults", "100000"}, {"-mults", "2", "-real-upto", "1000"}} {
		out := t.TempDir()
		ctx, cancel := context.WithCancel(context.Background())
		var cancelled atomic.Int64 // UnixNano of the cancel
		time.AfterFunc(300*time.Millisecond, func() { cancelled.Store(time.Now().UnixNano()); cancel() })
		err := run(ctx, append([]string{"ntimes", "-out", out}, args...), io.Discard, io.Discard)
		if c := cancelled.Load(); c != 0 && time.Since(time.Unix(0, c)) > 5*time.Second {
			t.Errorf("%v: stopped %v after the interrupt", args, time.Since(time.Unix(0, c)))
		}
		cancel()
		if err == nil || !strings.Contains(err.Error(), "interrupted") {
			t.Errorf("%v: %v", args, err)
		}
		if _, err := os.Stat(filepath.Join(out, "ntimes", "c_table.parquet")); err == nil {
			t.Errorf("%v: wrote c_table.parquet", args)
		}
	}
}

// A hint is a command that works: it keeps -out where -in was given, and
// never suggests a size the engine refuses.
func TestHintsWork(t *testing.T) {
	dir := t.TempDir()
	_, err := runArgs(t, "query", "-in", dir, "500000")
	if err == nil || !strings.Contains(err.Error(), "-out "+dir) {
		t.Errorf("hint without -out: %v", err)
	}
	_, err = runArgs(t, "query", "-in", dir, "3000000000")
	if err == nil || strings.Contains(err.Error(), "grundy -n 3000000000") || !strings.Contains(err.Error(), "engine stops") {
		t.Errorf("hint for n above the engine's limit: %v", err)
	}
}

// Ctrl-C during verify stops it cleanly (it panicked in the n-times nim
// checks) and leaves the earlier report files as they were.
func TestVerifyInterruptKeepsReports(t *testing.T) {
	dir := t.TempDir()
	mults := "2..600" // verify takes seconds on them, far more than the 150 ms before the interrupt
	if testing.Short() {
		mults = "2..300" // a quarter of the work: verify still takes 1.5 s of CPU (measured), ten times the 150 ms
	}
	if _, err := runArgs(t, "ntimes", "-mults", mults, "-real-upto", "3", "-out", dir); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"report.md", "checks.json"} {
		os.WriteFile(filepath.Join(dir, f), []byte("earlier\n"), 0o644)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
	defer cancel()
	err := run(ctx, []string{"verify", "-in", dir}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Fatalf("verify under Ctrl-C: %v", err)
	}
	for _, f := range []string{"report.md", "checks.json"} {
		if b, _ := os.ReadFile(filepath.Join(dir, f)); string(b) != "earlier\n" {
			t.Errorf("%s was changed", f)
		}
	}
}

// real_c.parquet has no terms column (it was always empty), and it agrees
// with real_terms.parquet on certain and proved where an interval of c and
// a piece of terms start together.
func TestRealTablesAgree(t *testing.T) {
	dir := t.TempDir()
	if _, err := runArgs(t, "ntimes", "-mults", "2", "-real-upto", "4", "-out", dir); err != nil {
		t.Fatal(err)
	}
	pf := func(name string) *parquet.File {
		f, err := os.Open(filepath.Join(dir, "ntimes", name))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		st, _ := f.Stat()
		p, err := parquet.OpenFile(f, st.Size())
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	if _, ok := pf("real_c.parquet").Schema().Lookup("terms"); ok {
		t.Error("real_c.parquet still has a terms column")
	}
	rc, _, err := table.ReadFile[ntimes.RealCRow](filepath.Join(dir, "ntimes", "real_c.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	rt, _, err := table.ReadFile[ntimes.RealRow](filepath.Join(dir, "ntimes", "real_terms.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	byLo := map[string]ntimes.RealCRow{}
	for _, r := range rc {
		byLo[r.Lo] = r
	}
	shared := 0
	for _, p := range rt {
		c, ok := byLo[p.Lo]
		if !ok || (c.Hi != p.Hi && p.Hi != "") {
			continue // the piece is not the whole interval
		}
		shared++
		if c.Certain != p.Certain || c.C != p.C {
			t.Errorf("from a = %s: real_c says c = %d certain %v, real_terms c = %d certain %v", p.Lo, c.C, c.Certain, p.C, p.Certain)
		}
	}
	if shared == 0 {
		t.Error("no interval and piece to compare")
	}
}

// ntimes, verify and the dense engine say what they do on long runs (the
// first line of each comes at once; later ones every 5 s).
func TestProgressLines(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"ntimes", "-mults", "2..20", "-real-upto", "2", "-out", dir}, "ntimes: 1 of 19 multipliers solved"},
		{[]string{"grundy", "-n", "3000", "-out", dir}, "grundy: writing start_values.parquet (3001 rows) and dense.parquet"},
		{[]string{"verify", "-in", dir}, "verify: a = 2, "},
	} {
		var errb bytes.Buffer
		if err := run(context.Background(), c.args, io.Discard, &errb); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: no %q in\n%s", c.args, c.want, errb.String())
		}
	}
}
