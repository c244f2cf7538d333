package table

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"fibnim/grundy"
	"fibnim/internal/parquetfile"
)

// Start values past 255, up to grundy.MaxStartValue, as a table can hold
// since values are 2 bytes: a synthetic table, since no engine reaches the
// top of that range at a size a test can afford (a = 1 first reaches 256
// at n = 2,272,949; a large a, whose G(n) = n up to floor(a) + 1, needs
// n near 65535 and a sweep per value). TestStartValuesEqualDense has
// engine values past 255.
const wideN = 70000

func wideFull(n int) int { return min(n, grundy.MaxStartValue) }
func wideStart(n int) int {
	if n%7 == 3 {
		return wideFull(n) / 2 // a row whose G(n, n-1) is below G(n)
	}
	return wideFull(n)
}

// startValue16 is a start_values.parquet row with the value columns as
// uint16 (INT32 with logical type INT(16, false)), as another writer might
// store them: the readers must take either width.
type startValue16 struct {
	N      int64  `parquet:"n,delta"`
	GStart uint16 `parquet:"g_start,dict"`
	GFull  uint16 `parquet:"g_full,dict"`
}

// denseCell16 is a dense.parquet row with g as uint16.
type denseCell16 struct {
	N int32  `parquet:"n,delta"`
	R int32  `parquet:"r,delta"`
	G uint16 `parquet:"g,dict"`
}

// writeWide writes a table folder of the synthetic values with the value
// columns as int32 (the writer's) or as uint16, and dense.parquet from
// the dense engine for a = 1, n <= 40.
func writeWide(t *testing.T, root string, narrow bool) string {
	t.Helper()
	a := grundy.Multiplier{P: 1, Q: 1}
	dir := Dir(root, a)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	meta := Meta("dense", wideN, a, 40, "test")
	tab, err := grundy.Dense(40, a, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !narrow {
		if err := WriteDenseTable(context.Background(), dir, meta, wideN, wideStart, wideFull, tab, 40); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	rows := make([]startValue16, wideN+1)
	for n := range rows {
		rows[n] = startValue16{N: int64(n), GStart: uint16(wideStart(n)), GFull: uint16(wideFull(n))}
	}
	if err := parquetfile.WriteFile(filepath.Join(dir, StartValuesFile), meta, rows); err != nil {
		t.Fatal(err)
	}
	var cells []denseCell16
	for n := 0; n <= 40; n++ {
		for r, g := range tab.Row(n) {
			cells = append(cells, denseCell16{N: int32(n), R: int32(r), G: g})
		}
	}
	if err := parquetfile.WriteFile(filepath.Join(dir, DenseFile), meta, cells); err != nil {
		t.Fatal(err)
	}
	// The columns are what the test means them to be.
	for file, cols := range map[string][]string{StartValuesFile: {"g_start", "g_full"}, DenseFile: {"g"}} {
		rd, err := OpenFile[StartValue](filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		for _, col := range cols {
			c, _ := rd.File().Schema().Lookup(col)
			if typ := c.Node.Type().LogicalType(); typ == nil || typ.String() != "INT(16,false)" {
				t.Fatalf("%s: column %s is %v, want INT(16,false)", file, col, typ)
			}
		}
		rd.Close()
	}
	return dir
}

// Every reader of start values gives the values past 255 back exactly,
// from a file with int32 columns and from one with uint16 columns.
func TestWideStartValues(t *testing.T) {
	for _, narrow := range []bool{false, true} {
		dir := writeWide(t, t.TempDir(), narrow)
		tb, err := Open(dir)
		if err != nil {
			t.Fatalf("uint16 columns %v: %v", narrow, err)
		}
		defer tb.Close()
		check := func(how string, start, full []uint16) {
			t.Helper()
			if len(full) != wideN+1 || len(start) != wideN+1 {
				t.Fatalf("uint16 columns %v: %s: %d rows", narrow, how, len(full))
			}
			for n := range full {
				if int(full[n]) != wideFull(n) || int(start[n]) != wideStart(n) {
					t.Fatalf("uint16 columns %v: %s: n = %d gives %d, %d; want %d, %d", narrow, how, n, start[n], full[n], wideStart(n), wideFull(n))
				}
			}
		}
		start, full, err := tb.StartValues()
		if err != nil {
			t.Fatal(err)
		}
		check("StartValues", start, full)
		start, full, err = readStarts(filepath.Join(dir, StartValuesFile))
		if err != nil {
			t.Fatal(err)
		}
		check("readStarts", start, full)
		start, full = nil, nil
		if err := tb.ScanStartValues(func(lo int, s, f []uint16) bool {
			if lo != len(full) {
				t.Fatalf("ScanStartValues: batch at %d after %d rows", lo, len(full))
			}
			start, full = append(start, s...), append(full, f...)
			return true
		}); err != nil {
			t.Fatal(err)
		}
		check("ScanStartValues", start, full)
		if m, err := tb.MaxValue(); err != nil || m != grundy.MaxStartValue {
			t.Errorf("uint16 columns %v: MaxValue = %d, %v; want %d", narrow, m, err, grundy.MaxStartValue)
		}
		if err := tb.Check(context.Background()); err != nil {
			t.Errorf("uint16 columns %v: Check: %v", narrow, err)
		}
		// dense.parquet, whatever the width of g, against the engine.
		tab, _ := grundy.Dense(40, tb.Mult(), 1)
		for n := 0; n <= 40; n++ {
			for r := 0; r <= n; r++ {
				if g, err := tb.Value(n, r); err != nil || g != tab.At(n, r) {
					t.Fatalf("uint16 columns %v: Value(%d, %d) = %d, %v; dense engine %d", narrow, n, r, g, err, tab.At(n, r))
				}
			}
		}
	}
}

// A value past 65535 in an int32 column is corrupt for every reader, not
// silently cut to 16 bits.
func TestStartValuePast65535(t *testing.T) {
	dir := t.TempDir()
	a := grundy.Fibonacci
	path := filepath.Join(dir, StartValuesFile)
	full := func(n int) int {
		if n == 5 {
			return grundy.MaxStartValue + 1
		}
		return 1
	}
	if _, err := WriteStartValues(context.Background(), path, Meta("dense", 10, a, 0, "test"), 10, 1, func(first int, s, f []int32) {
		for i := range s {
			s[i] = int32(full(first + i))
			f[i] = s[i]
		}
	}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := readStarts(path); !errors.Is(err, ErrCorrupt) {
		t.Errorf("readStarts: %v, want ErrCorrupt", err)
	}
	tb, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	if err := tb.ScanStartValues(func(int, []uint16, []uint16) bool { return true }); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "g_full = 65536") {
		t.Errorf("ScanStartValues: %v, want ErrCorrupt naming g_full = 65536", err)
	}
}

// Start values equal the dense engine's for every n, through the engine, the
// Parquet writer and each reader: a = 1 to n = 5000, and a = 300 to
// n = 1000, whose values pass 255 at n = 256 (G(n) = n up to floor(a) + 1,
// grundy.NimPrefix). For a = 300 the breakpoint files are written too, and
// every cell of a few rows with values past 255 is read back through them.
func TestStartValuesEqualDense(t *testing.T) {
	for _, c := range []struct {
		mult string
		N    int
		bp   bool
	}{{"1", 5000, false}, {"300", 1000, true}} {
		a, _ := grundy.ParseMultiplier(c.mult)
		dir := Dir(t.TempDir(), a)
		writeTable(t, filepath.Dir(filepath.Dir(dir)), c.N, a, c.bp, 100)
		tab, err := grundy.Dense(c.N, a, 2)
		if err != nil {
			t.Fatal(err)
		}
		tb, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer tb.Close()
		start, full, err := tb.StartValues()
		if err != nil {
			t.Fatal(err)
		}
		var scanned []uint16
		if err := tb.ScanStartValues(func(_ int, _, f []uint16) bool { scanned = append(scanned, f...); return true }); err != nil {
			t.Fatal(err)
		}
		for n := 0; n <= c.N; n++ {
			if int(start[n]) != tab.Start(n) || int(full[n]) != tab.Full(n) || int(scanned[n]) != tab.Full(n) {
				t.Fatalf("a = %s, n = %d: table %d, %d (scanned %d); dense engine %d, %d", a, n, start[n], full[n], scanned[n], tab.Start(n), tab.Full(n))
			}
		}
		if !c.bp {
			continue
		}
		if m, _ := tb.MaxValue(); m <= 255 {
			t.Fatalf("a = %s: largest value %d; the test wants one past 255", a, m)
		}
		for _, n := range []int{256, 301, 302, 700, c.N} {
			bs, err := tb.Row(n) // G(n, r) is the number of them <= r
			if err != nil {
				t.Fatal(err)
			}
			g := 0
			for r := 0; r <= n; r++ {
				for g < len(bs) && bs[g] <= uint32(r) {
					g++
				}
				if g != tab.At(n, r) {
					t.Fatalf("a = %s: G(%d, %d) = %d from the breakpoint files; dense engine %d", a, n, r, g, tab.At(n, r))
				}
			}
			if g, err := tb.Value(n, n); err != nil || g != tab.Full(n) {
				t.Fatalf("a = %s: Value(%d, %d) = %d, %v; dense engine %d", a, n, n, g, err, tab.Full(n))
			}
		}
		if err := tb.Check(context.Background()); err != nil {
			t.Errorf("a = %s: Check: %v", a, err)
		}
		// Breakpoint files with g stored as uint16 read the same (a few of
		// them: rewriting each file costs an fsync).
		want, err := tb.R(300)
		if err != nil {
			t.Fatal(err)
		}
		tb.Close()
		for _, g := range []int{1, 256, 300, int(full[c.N])} {
			path := BreakpointFile(filepath.Join(dir, BreakpointsDir), g)
			rows, meta, err := ReadFile[Breakpoint](path)
			if err != nil {
				t.Fatal(err)
			}
			narrow := make([]breakpoint16, len(rows))
			for i, r := range rows {
				narrow[i] = breakpoint16{N: r.N, G: uint16(r.G), RMin: r.RMin, Run: r.Run}
			}
			if err := parquetfile.WriteFile(path, meta, narrow); err != nil {
				t.Fatal(err)
			}
		}
		tb, err = Open(dir)
		if err != nil {
			t.Fatalf("a = %s, g as uint16: %v", a, err)
		}
		defer tb.Close()
		if got, err := tb.R(300); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("a = %s, g as uint16: R_300 differs (%v)", a, err)
		}
		if g, err := tb.Value(c.N, c.N); err != nil || g != tab.Full(c.N) {
			t.Errorf("a = %s, g as uint16: Value(%d, %d) = %d, %v; dense engine %d", a, c.N, c.N, g, err, tab.Full(c.N))
		}
		if err := tb.Check(context.Background()); err != nil {
			t.Errorf("a = %s, g as uint16: Check: %v", a, err)
		}
	}
}

// breakpoint16 is a breakpoint row with g as uint16.
type breakpoint16 struct {
	N    int32  `parquet:"n,delta"`
	G    uint16 `parquet:"g,delta"`
	RMin int32  `parquet:"r_min,delta"`
	Run  int32  `parquet:"run,delta"`
}
