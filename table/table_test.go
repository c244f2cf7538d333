package table

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fibnim/grundy"
	"fibnim/internal/parquetfile"
)

// build writes the complete table of multiplier a to N under root from
// the breakpoint engine, as package tablebuild does but without its staging,
// lock and manifest (package tablebuild imports this one), and returns its
// folder.
func build(t *testing.T, root string, N int, a grundy.Multiplier) string {
	t.Helper()
	return writeTable(t, root, N, a, true, 100)
}

// writeTable is build with or without the breakpoint files, and the
// dense side table of rows n <= denseMax.
func writeTable(t *testing.T, root string, N int, a grundy.Multiplier, breakpoints bool, denseMax int) string {
	t.Helper()
	dir := Dir(root, a)
	bdir := filepath.Join(dir, BreakpointsDir)
	if err := os.MkdirAll(bdir, 0o755); err != nil {
		t.Fatal(err)
	}
	meta := Meta("breakpoint", N, a, denseMax, "test")
	counts := grundy.NewStartCounts(N)
	ctx := context.Background()
	engine := grundy.BreakpointConfig{N: N, Mult: a, Workers: 2, Counts: counts}
	if breakpoints {
		engine.Runs = func(g int) (grundy.RunWriter, error) {
			return CreateRunFile(BreakpointFile(bdir, g), meta, g)
		}
	}
	maxG, err := grundy.Breakpoints(ctx, engine)
	if err != nil {
		t.Fatal(err)
	}
	if !breakpoints {
		os.Remove(bdir)
	}
	meta[MetaMaxG] = strconv.Itoa(maxG)
	tab, err := grundy.Dense(min(N, denseMax), a, 2)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := WriteDense(ctx, filepath.Join(dir, DenseFile), meta, tab, min(N, denseMax)); err != nil {
		t.Fatal(err)
	}
	if _, err := WriteStartValues(ctx, filepath.Join(dir, StartValuesFile), meta, N, 2, counts.Values); err != nil {
		t.Fatal(err)
	}
	return dir
}

// Every answer of a Table equals the dense engine's, on every cell, for
// Fibonacci nim, for a = 7/2 and for a = 1 (the smallest multiplier):
// Value, Breakpoints, R, Runs and Column.
func TestTableEqualsDense(t *testing.T) {
	for _, mult := range []string{"2", "7/2", "1"} {
		a, _ := grundy.ParseMultiplier(mult)
		const N = 700
		tb, err := Open(build(t, t.TempDir(), N, a))
		if err != nil {
			t.Fatal(err)
		}
		defer tb.Close()
		tab, _ := grundy.Dense(N, a, 2)
		maxG, _ := tb.MaxValue()
		if tb.N() != N || tb.Mult() != a || !tb.HasBreakpoints() || tb.DenseN() != 100 {
			t.Fatalf("a=%s: N=%d mult=%s breakpoints=%v denseN=%d", a, tb.N(), tb.Mult(), tb.HasBreakpoints(), tb.DenseN())
		}
		start, full, err := tb.StartValues()
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		for n := 0; n <= N; n++ {
			want = max(want, tab.Full(n))
			if int(start[n]) != tab.Start(n) || int(full[n]) != tab.Full(n) {
				t.Fatalf("a=%s: start values of n=%d differ", a, n)
			}
			if n%4 != 0 && n < N-5 {
				continue // Breakpoints seeks in every file; R and Runs below cover every n
			}
			bs, err := tb.Row(n)
			if err != nil || len(bs) != tab.Full(n) {
				t.Fatalf("a=%s: Row(%d) = %v, %v; G(n) = %d", a, n, bs, err, tab.Full(n))
			}
			// The row as a step function: G(n, r) is the number of
			// breakpoints <= r.
			for r := 0; r <= n; r++ {
				g := 0
				for g < len(bs) && bs[g] <= uint32(r) {
					g++
				}
				if g != tab.At(n, r) {
					t.Fatalf("a=%s: row %d from Breakpoints %v gives G(n, %d) = %d; dense %d", a, n, bs, r, g, tab.At(n, r))
				}
			}
			if n%28 != 0 {
				continue
			}
			for _, r := range []int{0, n / 3, max(n-1, 0), n} {
				g, err := tb.Value(n, r)
				if err != nil || g != tab.At(n, r) {
					t.Fatalf("a=%s: Value(%d, %d) = %d, %v; dense %d", a, n, r, g, err, tab.At(n, r))
				}
			}
		}
		if maxG != want {
			t.Errorf("a=%s: MaxValue %d, want %d", a, maxG, want)
		}
		for g := 1; g <= maxG+1; g++ {
			R, err := tb.R(g)
			if err != nil {
				t.Fatal(err)
			}
			expanded := make([]uint32, N+1)
			for i := range expanded {
				expanded[i] = grundy.Inf
			}
			for b, err := range tb.Runs(g) {
				if err != nil {
					t.Fatal(err)
				}
				for i := int32(0); i < b.Run; i++ {
					expanded[b.N+i] = uint32(b.RMin + i)
				}
			}
			col, err := tb.Column(g, 0, N)
			if err != nil {
				t.Fatal(err)
			}
			for n := 0; n <= N; n++ {
				w := uint32(grundy.Inf)
				for r := 0; r <= n; r++ {
					if tab.At(n, r) >= g {
						w = uint32(r)
						break
					}
				}
				if R[n] != w || expanded[n] != w || col[n] != w {
					t.Fatalf("a=%s: R_%d(%d): R %d, Runs %d, Column %d, dense %d", a, g, n, R[n], expanded[n], col[n], w)
				}
			}
		}
	}
}

// A table folder of the dense engine answers from dense.parquet where it
// can, and says so where it cannot.
func TestDenseTable(t *testing.T) {
	root := t.TempDir()
	dir := Dir(root, grundy.Fibonacci)
	tab, _ := grundy.Dense(300, grundy.Fibonacci, 2)
	if err := WriteDenseTable(context.Background(), dir, Meta("dense", 300, grundy.Fibonacci, 200, "test"), 300, tab.Start, tab.Full, tab, 200); err != nil {
		t.Fatal(err)
	}
	tb, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if tb.HasBreakpoints() || tb.DenseN() != 200 {
		t.Fatalf("breakpoints %v, denseN %d", tb.HasBreakpoints(), tb.DenseN())
	}
	for n := 0; n <= 200; n++ {
		for r := 0; r <= n; r++ {
			if g, err := tb.Value(n, r); err != nil || g != tab.At(n, r) {
				t.Fatalf("Value(%d, %d) = %d, %v; want %d", n, r, g, err, tab.At(n, r))
			}
		}
	}
	if _, err := tb.Value(250, 3); err == nil || !strings.Contains(err.Error(), "covers only n <= 200") {
		t.Errorf("Value past dense.parquet: %v", err)
	}
	if _, err := tb.Value(301, 3); err == nil {
		t.Error("Value past N answered")
	}
	if m, _ := tb.MaxValue(); m != tab.Full(300) {
		t.Errorf("MaxValue %d, want %d", m, tab.Full(300))
	}
}

// copyDir copies a table folder (one level of subfolders).
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.Walk(from, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Open refuses every kind of incomplete or foreign folder, each with an
// error that names what is wrong: a reader never answers from it.
func TestOpenRefusesBrokenFolders(t *testing.T) {
	good := build(t, t.TempDir(), 600, grundy.Fibonacci)
	other := build(t, t.TempDir(), 500, grundy.Fibonacci)
	three := build(t, t.TempDir(), 600, grundy.Multiplier{P: 3, Q: 1})
	bp := func(dir string, g int) string { return BreakpointFile(filepath.Join(dir, BreakpointsDir), g) }
	cases := []struct {
		name  string
		spoil func(dir string) error
		want  string
	}{
		{"missing g file", func(d string) error { return os.Remove(bp(d, 5)) }, "g=0005.parquet is missing"},
		{"missing last g file", func(d string) error {
			tb, _ := Open(d)
			m, _ := tb.MaxValue()
			tb.Close()
			return os.Remove(bp(d, m))
		}, "is missing"},
		{"extra file", func(d string) error { return os.WriteFile(filepath.Join(d, BreakpointsDir, "notes.txt"), nil, 0o644) }, "notes.txt does not belong"},
		{"file past the largest value", func(d string) error {
			b, _ := os.ReadFile(bp(d, 1))
			return os.WriteFile(bp(d, 99), b, 0o644)
		}, "g=0099.parquet does not belong"},
		{"breakpoint file from another N", func(d string) error {
			b, _ := os.ReadFile(bp(other, 3))
			return os.WriteFile(bp(d, 3), b, 0o644)
		}, "is for N = 500"},
		{"breakpoint file from another multiplier", func(d string) error {
			b, _ := os.ReadFile(bp(three, 2))
			return os.WriteFile(bp(d, 2), b, 0o644)
		}, "a = 3"},
		{"files swapped", func(d string) error {
			b, _ := os.ReadFile(bp(d, 2))
			return os.WriteFile(bp(d, 3), b, 0o644)
		}, `holds g = "2"`},
		{"dense file from another N", func(d string) error {
			b, _ := os.ReadFile(filepath.Join(other, DenseFile))
			return os.WriteFile(filepath.Join(d, DenseFile), b, 0o644)
		}, "dense.parquet is for N = 500"},
		{"start values from another run", func(d string) error {
			b, _ := os.ReadFile(filepath.Join(other, StartValuesFile))
			return os.WriteFile(filepath.Join(d, StartValuesFile), b, 0o644)
		}, "is for N = 600"},
		{"no start values", func(d string) error { return os.Remove(filepath.Join(d, StartValuesFile)) }, "no start_values.parquet"},
		{"stray file in the table folder", func(d string) error { return os.WriteFile(filepath.Join(d, "old.parquet"), nil, 0o644) }, "old.parquet does not belong"},
		{"folder named for another multiplier", func(d string) error {
			return os.Rename(d, filepath.Join(filepath.Dir(d), "mult=5_2"))
		}, "named mult=5_2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "mult=2")
			copyDir(t, good, dir)
			if err := c.spoil(dir); err != nil {
				t.Fatal(err)
			}
			if c.name == "folder named for another multiplier" {
				dir = filepath.Join(filepath.Dir(dir), "mult=5_2")
			}
			tb, err := Open(dir)
			if err == nil {
				tb.Close()
				t.Fatal("Open accepted the folder")
			}
			if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %q, want ErrInvalid mentioning %q", err, c.want)
			}
		})
	}
	if tb, err := Open(good); err != nil {
		t.Fatalf("the untouched folder: %v", err)
	} else {
		tb.Close()
	}
}

// Rows that break the layout are caught as they are read, by every reader:
// an overlapping run, and a run past N.
func TestReadersRefuseBadRuns(t *testing.T) {
	const N = 3000
	for _, c := range []struct {
		name  string
		spoil func(rows []Breakpoint)
		want  string
	}{
		{"overlapping run", func(rows []Breakpoint) { rows[2].N = rows[1].N }, "bad breakpoint row"},
		{"run past N", func(rows []Breakpoint) { rows[len(rows)-1].Run += 5 }, "past N"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := build(t, t.TempDir(), N, grundy.Fibonacci)
			path := BreakpointFile(filepath.Join(dir, BreakpointsDir), 2)
			rows, meta, err := ReadFile[Breakpoint](path)
			if err != nil || len(rows) < 3 {
				t.Fatal(len(rows), err)
			}
			c.spoil(rows)
			if err := parquetfile.WriteFile(path, meta, rows); err != nil {
				t.Fatal(err)
			}
			tb, err := Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer tb.Close()
			if _, err := tb.R(2); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("R: %v", err)
			}
			var last error
			for _, err := range tb.Runs(2) {
				last = err
			}
			if last == nil {
				t.Error("Runs: no error")
			}
			if c.name == "overlapping run" {
				if _, err := tb.Value(N, N); err == nil || !strings.Contains(err.Error(), c.want) {
					t.Errorf("Value: %v", err)
				}
			}
		})
	}
}

// Open reads footers only; Check reads every page, so a damaged page that
// Open cannot see is caught there, as ErrCorrupt, and so is a run that
// covers a row whose G(n) is too small.
func TestCheckReadsEveryPage(t *testing.T) {
	const N = 200000
	dir := build(t, t.TempDir(), N, grundy.Fibonacci)
	tb, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.Check(context.Background()); err != nil {
		t.Fatalf("Check on a good table: %v", err)
	}
	tb.Close()
	path := BreakpointFile(filepath.Join(dir, BreakpointsDir), 2)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := 2000; i < 2004; i++ {
		b[i] = 0xff
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	tb, err = Open(dir)
	if err != nil {
		t.Fatalf("Open reads only footers, yet refused: %v", err)
	}
	defer tb.Close()
	if err := tb.Check(context.Background()); !errors.Is(err, ErrCorrupt) {
		t.Errorf("Check on a damaged page: %v, want ErrCorrupt", err)
	}
}

// The methods refuse what they cannot answer, with an error, never a
// panic: a reversed range, a value below 1, a closed table.
func TestTableMisuse(t *testing.T) {
	tb, err := Open(build(t, t.TempDir(), 300, grundy.Fibonacci))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Column(1, 5, 3); err == nil {
		t.Error("Column with lo > hi")
	}
	for _, err := range tb.Runs(0) {
		if err == nil {
			t.Error("Runs(0) yielded a row")
		}
	}
	for range tb.Runs(10000) {
		t.Error("Runs past the largest value yielded something")
	}
	tb.Close()
	if _, err := tb.Value(10, 9); !errors.Is(err, ErrClosed) {
		t.Errorf("Value after Close: %v", err)
	}
	if _, _, err := tb.StartValues(); !errors.Is(err, ErrClosed) {
		t.Errorf("StartValues after Close: %v", err)
	}
}
