package table

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"fibnim/grundy"
	"fibnim/internal/parquetfile"
)

// slowColumn is the reader before the page index and the cache, kept as
// the oracle of the fast path: R_g(m) for lo <= m <= hi, the rows of file
// g decoded through parquet-go's row reader from the first row on.
func slowColumn(t *testing.T, tb *Table, g, lo, hi int) []uint32 {
	t.Helper()
	out := make([]uint32, hi-lo+1)
	for i := range out {
		out[i] = grundy.Inf
	}
	if g > len(tb.files) {
		return out
	}
	if _, err := readRuns(tb.files[g-1], 0, lo, out); err != nil {
		t.Fatal(err)
	}
	return out
}

// slowValue counts the g with R_g(n) <= r over every file, with no early
// stop, from slowColumn.
func slowValue(t *testing.T, tb *Table, n, r int) int {
	t.Helper()
	v := 0
	for g := 1; g <= len(tb.files); g++ {
		if slowColumn(t, tb, g, n, n)[0] <= uint32(r) {
			v++
		}
	}
	return v
}

// testMults are the multipliers the exactness tests run on.
var testMults = []string{"2", "3/2", "5/2", "3", "7/2"}

// Value, Values, Row and Column equal the dense engine on every cell, for
// every multiplier of testMults, with the cache at its default size and
// with room for one page only; and the oracle grundy.Brute on the smaller
// rows.
func TestReadsEqualDenseAndBrute(t *testing.T) {
	const N, bruteN = 500, 120
	for _, mult := range testMults {
		a, _ := grundy.ParseMultiplier(mult)
		tb, err := Open(build(t, t.TempDir(), N, a))
		if err != nil {
			t.Fatal(err)
		}
		defer tb.Close()
		tab, _ := grundy.Dense(N, a, 2)
		brute := grundy.Brute(bruteN, a.Rat())
		var all []grundy.Position
		for _, cache := range []int64{DefaultCacheBytes, 1} {
			tb.SetCacheBytes(cache)
			for n := 0; n <= N; n++ {
				if cache == 1 && n%7 != 0 {
					continue
				}
				step := 1
				if cache == 1 {
					step = 1 + n/8 // a page decoded for every file a Value reads
				}
				for r := 0; r <= n; r += step {
					g, err := tb.Value(n, r)
					if err != nil || g != tab.At(n, r) {
						t.Fatalf("a=%s cache=%d: Value(%d, %d) = %d, %v; dense engine %d", a, cache, n, r, g, err, tab.At(n, r))
					}
					if n <= bruteN && g != brute[n][r] {
						t.Fatalf("a=%s: Value(%d, %d) = %d; brute force %d", a, n, r, g, brute[n][r])
					}
					if cache != 1 {
						all = append(all, grundy.Position{N: n, R: r})
					}
				}
				row, err := tb.Row(n)
				if err != nil {
					t.Fatal(err)
				}
				if want := denseRow(tab, n); !reflect.DeepEqual(row, want) && len(row)+len(want) > 0 {
					t.Fatalf("a=%s: Row(%d) = %v; dense engine %v", a, n, row, want)
				}
			}
		}
		// The batch, in a shuffled order.
		rng := rand.New(rand.NewPCG(1, 2))
		rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		tb.SetCacheBytes(DefaultCacheBytes)
		got, err := tb.Values(context.Background(), all)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range all {
			if got[i] != tab.At(p.N, p.R) {
				t.Fatalf("a=%s: Values gives G%v = %d; dense engine %d", a, p, got[i], tab.At(p.N, p.R))
			}
		}
		// Columns, over windows that start and end anywhere.
		maxG, _ := tb.MaxValue()
		for g := 0; g <= maxG+1; g++ {
			for _, w := range [][2]int{{0, N}, {17, 18}, {250, 499}, {N, N}} {
				col, err := tb.Column(g, w[0], w[1])
				if err != nil {
					t.Fatal(err)
				}
				for m := w[0]; m <= w[1]; m++ {
					if want := denseR(tab, g, m); col[m-w[0]] != want {
						t.Fatalf("a=%s: Column(%d, %d, %d) at %d = %d; dense engine %d", a, g, w[0], w[1], m, col[m-w[0]], want)
					}
				}
			}
		}
	}
}

// denseR is R_g(m) from the dense table: the least r with G(m, r) >= g.
func denseR(tab *grundy.Table, g, m int) uint32 {
	for r := 0; r <= m; r++ {
		if tab.At(m, r) >= g {
			return uint32(r)
		}
	}
	return grundy.Inf
}

func denseRow(tab *grundy.Table, n int) []uint32 {
	var row []uint32
	for g := 1; g <= tab.Full(n); g++ {
		row = append(row, denseR(tab, g, n))
	}
	return row
}

// smallPages rewrites every breakpoint file of the table folder dir with
// pages of a few rows and row groups of a few hundred, n stored as int64
// so that its pages end where the other columns' do not: the page index,
// the search for a page, runs across page and row group ends, and columns
// of another width, on a table small enough for the dense engine.
func smallPages(t *testing.T, tb *Table) {
	t.Helper()
	type wide struct {
		N    int64 `parquet:"n,delta"`
		G    int32 `parquet:"g,delta"`
		RMin int32 `parquet:"r_min,delta"`
		Run  int32 `parquet:"run,delta"`
	}
	for g := 1; g <= len(tb.files); g++ {
		path := BreakpointFile(filepath.Join(tb.dir, BreakpointsDir), g)
		var rows []Breakpoint
		for r, err := range tb.Runs(g) {
			if err != nil {
				t.Fatal(err)
			}
			rows = append(rows, r)
		}
		meta := tb.files[g-1].Meta
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		opts := []parquet.WriterOption{parquet.PageBufferSize(96), parquet.MaxRowsPerRowGroup(300)}
		for k, v := range meta {
			opts = append(opts, parquet.KeyValueMetadata(k, v))
		}
		w := parquet.NewGenericWriter[wide](f, opts...)
		ws := make([]wide, len(rows))
		for i, r := range rows {
			ws[i] = wide{N: int64(r.N), G: r.G, RMin: r.RMin, Run: r.Run}
		}
		for i := 0; i < len(ws); i += 8 { // the writer cuts pages between writes
			if _, err := w.Write(ws[i:min(i+8, len(ws))]); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// With many small pages, in several row groups, and columns whose pages
// do not line up, every read still equals the dense engine and the slow
// reader, for every multiplier of testMults.
func TestReadsAcrossPages(t *testing.T) {
	const N = 900
	for _, mult := range testMults {
		a, _ := grundy.ParseMultiplier(mult)
		dir := build(t, t.TempDir(), N, a)
		tb, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		maxG, _ := tb.MaxValue()
		smallPages(t, tb)
		tb.Close()
		if tb, err = Open(dir); err != nil {
			t.Fatal(err)
		}
		defer tb.Close()
		if p := tb.index[0].pages(); p < 20 || len(tb.index[0].base) < 2 {
			t.Fatalf("a=%s: file 1 has %d pages in %d row groups; the test wants many", a, p, len(tb.index[0].base))
		}
		cc := tb.files[0].File().RowGroups()[0].ColumnChunks()
		on, _ := cc[tb.index[0].cols[0]].OffsetIndex()
		or, _ := cc[tb.index[0].cols[1]].OffsetIndex()
		if on.NumPages() == or.NumPages() {
			t.Fatalf("a=%s: the n and r_min columns have pages that line up (%d each); the test wants them apart", a, on.NumPages())
		}
		tab, _ := grundy.Dense(N, a, 2)
		tb.SetCacheBytes(16 << 10) // a few dozen pages
		var ps []grundy.Position
		for n := 0; n <= N; n++ {
			for r := 0; r <= n; r += 1 + n/12 {
				g, err := tb.Value(n, r)
				if err != nil || g != tab.At(n, r) {
					t.Fatalf("a=%s: Value(%d, %d) = %d, %v; dense engine %d", a, n, r, g, err, tab.At(n, r))
				}
				ps = append(ps, grundy.Position{N: n, R: r})
			}
			if n%61 == 0 {
				if g, want := slowValue(t, tb, n, n/2), tab.At(n, n/2); g != want {
					t.Fatalf("a=%s: the slow reader gives G(%d, %d) = %d; dense engine %d", a, n, n/2, g, want)
				}
			}
			row, err := tb.Row(n)
			if want := denseRow(tab, n); err != nil || (!reflect.DeepEqual(row, want) && len(row)+len(want) > 0) {
				t.Fatalf("a=%s: Row(%d) = %v, %v; dense engine %v", a, n, row, err, want)
			}
		}
		got, err := tb.Values(context.Background(), ps)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range ps {
			if got[i] != tab.At(p.N, p.R) {
				t.Fatalf("a=%s: Values gives G%v = %d; dense engine %d", a, p, got[i], tab.At(p.N, p.R))
			}
		}
		for g := 1; g <= maxG; g++ {
			for _, w := range [][2]int{{0, N}, {1, 2}, {301, 602}, {N - 3, N}} {
				col, err := tb.Column(g, w[0], w[1])
				if err != nil {
					t.Fatal(err)
				}
				if want := slowColumn(t, tb, g, w[0], w[1]); !reflect.DeepEqual(col, want) {
					t.Fatalf("a=%s: Column(%d, %d, %d) differs from the slow reader", a, g, w[0], w[1])
				}
			}
		}
		if err := tb.Check(context.Background()); err != nil {
			t.Errorf("a=%s: Check: %v", a, err)
		}
	}
}

// On a table of 300,000 rows, whose first files span several pages of the
// writer's own size, Value, Values and Row equal the slow reader on
// positions drawn at random, page ends included.
func TestReadsOnWriterPages(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a table of 3*10^5 rows")
	}
	const N = 300000
	tb, err := Open(build(t, t.TempDir(), N, grundy.Fibonacci))
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	if tb.index[0].pages() < 2 {
		t.Fatalf("file 1 has %d pages; the test wants several", tb.index[0].pages())
	}
	maxG, _ := tb.MaxValue()
	R := make([][]uint32, maxG+1)
	for g := 1; g <= maxG; g++ {
		if R[g], err = tb.R(g); err != nil {
			t.Fatal(err)
		}
	}
	value := func(n, r int) int { // from the whole columns
		v := 0
		for g := 1; g <= maxG && R[g][n] <= uint32(r); g++ {
			v++
		}
		return v
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var ns []int
	for _, m := range tb.index[0].minN { // the first and last n of each page of file 1
		ns = append(ns, int(m), max(int(m)-1, 0))
	}
	for range 2000 {
		ns = append(ns, rng.IntN(N+1))
	}
	var ps []grundy.Position
	for _, n := range ns {
		for _, r := range []int{0, rng.IntN(n + 1), max(n-1, 0), n} {
			ps = append(ps, grundy.Position{N: n, R: r})
			if g, err := tb.Value(n, r); err != nil || g != value(n, r) {
				t.Fatalf("Value(%d, %d) = %d, %v; the whole columns give %d", n, r, g, err, value(n, r))
			}
		}
		row, err := tb.Row(n)
		if err != nil {
			t.Fatal(err)
		}
		for g := 1; g <= maxG; g++ {
			if (g <= len(row) && row[g-1] != R[g][n]) || (g > len(row) && R[g][n] != grundy.Inf) {
				t.Fatalf("Row(%d) = %v; R_%d(%d) = %d", n, row, g, n, R[g][n])
			}
		}
	}
	got, err := tb.Values(context.Background(), ps)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range ps {
		if got[i] != value(p.N, p.R) {
			t.Fatalf("Values gives G%v = %d; the whole columns give %d", p, got[i], value(p.N, p.R))
		}
	}
}

// The cache keeps to its bound and serves repeated reads.
func TestPageCacheBound(t *testing.T) {
	tb, err := Open(build(t, t.TempDir(), 2000, grundy.Fibonacci))
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	b, _ := tb.block(1, 0)
	one := b.bytes()
	tb.SetCacheBytes(3 * one)
	for g := 1; g <= 10; g++ {
		if _, err := tb.Value(2000, 2000); err != nil {
			t.Fatal(err)
		}
	}
	if c := tb.cache; c.used > 3*one+c.lru.Front().Value.(*cacheEntry).b.bytes() || c.lru.Len() != len(c.byKey) {
		t.Errorf("cache holds %d bytes in %d pages, bound %d", c.used, c.lru.Len(), 3*one)
	}
	tb.SetCacheBytes(DefaultCacheBytes)
	tb.Value(2000, 2000)
	misses := tb.cache.misses
	tb.Value(2000, 2000)
	if tb.cache.misses != misses {
		t.Errorf("a repeated Value decoded %d pages again", tb.cache.misses-misses)
	}
}

// Value stops at the first g with R_g(n) > r: a position of value 0 reads
// one file, and a page that is never needed is never decoded, even when it
// is corrupt.
func TestValueStopsEarly(t *testing.T) {
	dir := build(t, t.TempDir(), 3000, grundy.Fibonacci)
	// Spoil file 3: its rows overlap.
	path := BreakpointFile(filepath.Join(dir, BreakpointsDir), 3)
	rows, meta, err := ReadFile[Breakpoint](path)
	if err != nil || len(rows) < 3 {
		t.Fatal(len(rows), err)
	}
	rows[2].N = rows[1].N
	if err := parquetfile.WriteFile(path, meta, rows); err != nil {
		t.Fatal(err)
	}
	tb, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	// z_1(2000) = 13 (2000 = 1597 + 377 + 21 + 5): G(2000, r) = 0 for
	// r < 5 (Theorem 4.1), so files 2 and 3 are not read.
	if g, err := tb.Value(2000, 4); err != nil || g != 0 {
		t.Errorf("Value(2000, 4) = %d, %v; want 0 without reading file 3", g, err)
	}
	if tb.cache.misses != 1 {
		t.Errorf("Value(2000, 4) decoded %d pages; want 1", tb.cache.misses)
	}
	if _, err := tb.Value(2000, 2000); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "g=0003.parquet") {
		t.Errorf("Value(2000, 2000) through the spoilt file: %v", err)
	}
	if _, err := tb.Values(context.Background(), []grundy.Position{{N: 2000, R: 4}, {N: 2000, R: 2000}}); !errors.Is(err, ErrCorrupt) {
		t.Errorf("Values through the spoilt file: %v", err)
	}
}

// A cancelled batch stops.
func TestValuesStopsWhenCancelled(t *testing.T) {
	tb, err := Open(build(t, t.TempDir(), 1000, grundy.Fibonacci))
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := tb.Values(ctx, []grundy.Position{{N: 10, R: 9}}); !errors.Is(err, context.Canceled) {
		t.Errorf("Values on a cancelled context: %v", err)
	}
}

// A table without breakpoint files answers starting positions (n, n-1),
// and (n, n), from its start values above dense.parquet (or with no
// dense.parquet at all), and refuses other cells there in one line.
func TestStartValuePositions(t *testing.T) {
	const N = 700
	for _, mult := range testMults {
		a, _ := grundy.ParseMultiplier(mult)
		tab, _ := grundy.Dense(N, a, 2)
		for _, denseMax := range []int{-1, 100} {
			dir := Dir(t.TempDir(), a)
			var cells *grundy.Table
			if denseMax >= 0 {
				cells = tab
			}
			if err := WriteDenseTable(context.Background(), dir, Meta("dense", N, a, denseMax, "test"), N, tab.Start, tab.Full, cells, denseMax); err != nil {
				t.Fatal(err)
			}
			tb, err := Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			var ps []grundy.Position
			var want []int
			for n := 0; n <= N; n++ {
				for _, r := range []int{0, max(n-1, 0), n} {
					g, err := tb.Value(n, r)
					if err != nil || g != tab.At(n, r) {
						t.Fatalf("a=%s dense to %d: Value(%d, %d) = %d, %v; dense engine %d", a, denseMax, n, r, g, err, tab.At(n, r))
					}
					ps = append(ps, grundy.Position{N: n, R: r})
					want = append(want, g)
				}
			}
			if got, err := tb.Values(context.Background(), ps); err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("a=%s dense to %d: Values: %v", a, denseMax, err)
			}
			_, err = tb.Value(N, N/2)
			if err == nil || !strings.Contains(err.Error(), "answer (n, n-1) and (n, n) only") || strings.Contains(err.Error(), "\n") {
				t.Errorf("a=%s dense to %d: Value(%d, %d) without its cell: %v", a, denseMax, N, N/2, err)
			}
			tb.Close()
		}
	}
}
