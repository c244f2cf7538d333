package table

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"fibnim/grundy"
	"fibnim/internal/parquetfile"
)

// scanAll runs Scan and puts its windows together: the start values and
// R_1..R_k of every row, checking that the windows are n = 0..ScanRows-1,
// ScanRows.., in order.
func scanAll(t *testing.T, tb *Table, opt ScanOptions) (start, full []uint16, R [][]uint32, err error) {
	t.Helper()
	R = make([][]uint32, opt.R)
	err = tb.Scan(context.Background(), opt, func(w Window) error {
		if w.Lo != len(full) || w.Lo%ScanRows != 0 || len(w.Start) != len(w.Full) || (len(w.Full) != ScanRows && w.Lo+len(w.Full) != tb.N()+1) {
			t.Fatalf("a window of %d rows at %d after %d rows", len(w.Full), w.Lo, len(full))
		}
		if len(w.R) != opt.R {
			t.Fatalf("a window with %d of R_1..R_%d", len(w.R), opt.R)
		}
		start, full = append(start, w.Start...), append(full, w.Full...)
		for g := range R {
			if len(w.R[g]) != len(w.Full) {
				t.Fatalf("R_%d of %d rows in a window of %d", g+1, len(w.R[g]), len(w.Full))
			}
			R[g] = append(R[g], w.R[g]...)
		}
		return nil
	})
	return start, full, R, err
}

// Scan hands out what the other readers read, window by window: the start
// values of StartValues and R_g of R, for several multipliers, over
// several windows and a short last one; R past the largest value is
// grundy.Inf; reading every file or only those asked gives the same rows.
func TestScanEqualsReaders(t *testing.T) {
	N := 2*ScanRows + 123
	if testing.Short() {
		N = ScanRows + 77
	}
	for _, c := range []struct {
		N int
		a grundy.Multiplier
	}{{N, grundy.Fibonacci}, {N, grundy.Multiplier{P: 5, Q: 2}}, {N, grundy.Multiplier{P: 1, Q: 1}}, {12, grundy.Fibonacci}} {
		a := c.a
		tb, err := Open(build(t, t.TempDir(), c.N, a))
		if err != nil {
			t.Fatal(err)
		}
		wantStart, wantFull, err := tb.StartValues()
		if err != nil {
			t.Fatal(err)
		}
		maxG, _ := tb.MaxValue()
		k := 6
		if c.N < 100 {
			k = maxG + 2 // files past the largest value
		}
		for _, every := range []bool{false, true} {
			start, full, R, err := scanAll(t, tb, ScanOptions{R: k, Every: every, Reuse: every})
			if err != nil {
				t.Fatalf("a = %s, every %v: %v", a, every, err)
			}
			if !slices.Equal(start, wantStart) || !slices.Equal(full, wantFull) {
				t.Fatalf("a = %s, every %v: the start values differ from StartValues", a, every)
			}
			for g := 1; g <= k; g++ {
				want, err := tb.R(g)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(R[g-1], want) {
					t.Fatalf("a = %s, every %v: R_%d differs from R", a, every, g)
				}
			}
		}
		tb.Close()
	}
}

// Scan reads a file whatever its row groups, pages and integer types:
// breakpoint files rewritten with row groups of 1000 rows and pages of a
// few hundred values (parquet-go's own writer, page boundaries of its
// choice in each column), and one with int64 columns, read as the
// originals, and pass Check.
func TestScanSmallGroupsAndPages(t *testing.T) {
	const N = 30000
	dir := build(t, t.TempDir(), N, grundy.Fibonacci)
	tb, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	maxG, _ := tb.MaxValue()
	var want [][]uint32
	for g := 1; g <= 4; g++ {
		R, err := tb.R(g)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, R)
	}
	tb.Close()
	for _, g := range []int{1, 2, 4, maxG} {
		path := BreakpointFile(filepath.Join(dir, BreakpointsDir), g)
		rows, meta, err := ReadFile[Breakpoint](path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		opts := []parquet.WriterOption{parquet.MaxRowsPerRowGroup(1000), parquet.PageBufferSize(1 << 10)}
		for k, v := range meta {
			opts = append(opts, parquet.KeyValueMetadata(k, v))
		}
		w := parquet.NewGenericWriter[Breakpoint](f, opts...)
		if _, err := w.Write(rows); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		f.Close()
		if g == 1 {
			pf, _, err := openFooter(path)
			if err != nil {
				t.Fatal(err)
			}
			if groups := len(pf.RowGroups()); groups < 2 {
				t.Fatalf("file 1 rewritten in %d row groups", groups)
			}
		}
	}
	// File 3 with int64 columns and g in a dictionary: read through
	// parquet.Value, not in place.
	type wide struct {
		N    int64 `parquet:"n,delta"`
		G    int64 `parquet:"g,dict"`
		RMin int64 `parquet:"r_min,delta"`
		Run  int64 `parquet:"run,delta"`
	}
	path := BreakpointFile(filepath.Join(dir, BreakpointsDir), 3)
	rows, meta, err := ReadFile[Breakpoint](path)
	if err != nil {
		t.Fatal(err)
	}
	wrows := make([]wide, len(rows))
	for i, r := range rows {
		wrows[i] = wide{int64(r.N), int64(r.G), int64(r.RMin), int64(r.Run)}
	}
	if err := parquetfile.WriteFile(path, meta, wrows); err != nil {
		t.Fatal(err)
	}
	tb, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	_, _, R, err := scanAll(t, tb, ScanOptions{R: 4, Every: true})
	if err != nil {
		t.Fatal(err)
	}
	for g := range R {
		if !slices.Equal(R[g], want[g]) {
			t.Errorf("R_%d differs after the rewrite", g+1)
		}
	}
	if err := tb.Check(context.Background()); err != nil {
		t.Errorf("Check: %v", err)
	}
}

// openFooter opens a Parquet file for its metadata.
func openFooter(path string) (*parquet.File, *os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	pf, err := parquet.OpenFile(f, st.Size())
	return pf, f, err
}

// Every kind of damage that the deep check looks for, in a file the
// streamed readers do not read (the largest value's file) and in one they
// do (file 1), and in the start values: Scan with Every refuses each,
// naming it; Scan of files 1..R refuses those in the files it reads, and
// passes those it does not read.
func TestScanRefusesDamage(t *testing.T) {
	const N = 20000
	good := build(t, t.TempDir(), N, grundy.Fibonacci)
	tb, err := Open(good)
	if err != nil {
		t.Fatal(err)
	}
	maxG, _ := tb.MaxValue()
	_, full, _ := tb.StartValues()
	tb.Close()
	h := func(g int) int { // the least n with G(n) >= g
		return slices.IndexFunc(full, func(v uint16) bool { return int(v) >= g })
	}
	bp := func(g int) string { return BreakpointsDir + "/" + filepath.Base(BreakpointFile("", g)) }
	runs := func(g int, spoil func([]Breakpoint) []Breakpoint) func(dir string) {
		return func(dir string) {
			path := filepath.Join(dir, filepath.FromSlash(bp(g)))
			rows, meta, err := ReadFile[Breakpoint](path)
			if err != nil {
				t.Fatal(err)
			}
			if err := parquetfile.WriteFile(path, meta, spoil(rows)); err != nil {
				t.Fatal(err)
			}
		}
	}
	flip := func(rel string) func(dir string) {
		return func(dir string) { flipPageByte(t, filepath.Join(dir, filepath.FromSlash(rel))) }
	}
	cases := []struct {
		name  string
		low   bool // a damage that the start values and files 1..4 show
		spoil func(dir string)
		want  string
	}{
		{"a flipped byte in a page of the top file", false, flip(bp(maxG)), "not a readable Parquet file"},
		{"a flipped byte in a page of file 1", true, flip(bp(1)), "not a readable Parquet file"},
		{"a flipped byte in a page of the start values", true, flip(StartValuesFile), "not a readable Parquet file"},
		{"a run of the top file over n with G(n) < g", false, runs(maxG, func(r []Breakpoint) []Breakpoint {
			r[0].N, r[0].Run = r[0].N-1, r[0].Run+1
			return r
		}), "but G("},
		{"a run missing from the top file", false, runs(maxG, func(r []Breakpoint) []Breakpoint { return r[1:] }), "have G(n) >= "},
		{"a run missing from file 1", true, runs(1, func(r []Breakpoint) []Breakpoint { return r[1:] }), "have G(n) >= "},
		{"overlapping runs in the top file", false, runs(maxG, func(r []Breakpoint) []Breakpoint {
			r[1].N = r[0].N
			return r
		}), "bad breakpoint row"},
		{"a run past N in the top file", false, runs(maxG, func(r []Breakpoint) []Breakpoint {
			r[len(r)-1].Run++
			return r
		}), "bad breakpoint row"},
		{"r_min past n in the top file", false, runs(maxG, func(r []Breakpoint) []Breakpoint {
			r[0].RMin = r[0].N + 1
			return r
		}), "bad breakpoint row"},
		{"a row of another g in the top file", false, runs(maxG, func(r []Breakpoint) []Breakpoint {
			r[0].G = int32(maxG - 1)
			return r
		}), "bad breakpoint row"},
		{"a start value one too small", false, func(dir string) {
			path := filepath.Join(dir, StartValuesFile)
			rows, meta, err := ReadFile[StartValue](path)
			if err != nil {
				t.Fatal(err)
			}
			rows[h(maxG)].GFull--
			if err := parquetfile.WriteFile(path, meta, rows); err != nil {
				t.Fatal(err)
			}
		}, "but G("},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "mult=2")
			copyDir(t, good, dir)
			c.spoil(dir)
			tb, err := Open(dir)
			if err != nil {
				t.Fatalf("Open reads footers only, yet refused: %v", err)
			}
			defer tb.Close()
			_, _, _, err = scanAll(t, tb, ScanOptions{R: 4, Every: true})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Scan of every file: %v, want an error with %q", err, c.want)
			}
			if err := tb.Check(context.Background()); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("Check: %v, want an error with %q", err, c.want)
			}
			_, _, _, err = scanAll(t, tb, ScanOptions{R: 4})
			if c.low != (err != nil) {
				t.Errorf("Scan of the start values and files 1..4: %v (want an error: %v)", err, c.low)
			}
		})
	}
}

// flipPageByte flips a byte near the end of the first data page of the
// file's first column: the file opens (the footer is intact), but that
// page no longer decodes or fails its checksum.
func flipPageByte(t *testing.T, path string) {
	t.Helper()
	pf, f, err := openFooter(path)
	if err != nil {
		t.Fatal(err)
	}
	oi, err := pf.RowGroups()[0].ColumnChunks()[0].OffsetIndex()
	f.Close()
	if err != nil || oi.NumPages() == 0 {
		t.Fatalf("%s: no offset index: %v", path, err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[oi.Offset(0)+oi.CompressedPageSize(0)-2] ^= 0x5a
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Scan stops at an error of its caller, and returns it; and it refuses R
// from a table without breakpoint files.
func TestScanCallerError(t *testing.T) {
	tb, err := Open(build(t, t.TempDir(), ScanRows+10, grundy.Fibonacci))
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	stop := errors.New("enough")
	calls := 0
	err = tb.Scan(context.Background(), ScanOptions{R: 1, Every: true}, func(Window) error { calls++; return stop })
	if !errors.Is(err, stop) || calls != 1 {
		t.Errorf("Scan after its caller failed: %v after %d calls", err, calls)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := tb.Scan(ctx, ScanOptions{Every: true}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("Scan with a cancelled context: %v", err)
	}
	starts, err := Open(writeTable(t, t.TempDir(), 500, grundy.Fibonacci, false, 100))
	if err != nil {
		t.Fatal(err)
	}
	defer starts.Close()
	if err := starts.Scan(context.Background(), ScanOptions{R: 1}, nil); err == nil {
		t.Error("Scan gave R_1 of a table without breakpoint files")
	}
	if _, _, _, err := scanAll(t, starts, ScanOptions{Every: true}); err != nil {
		t.Errorf("Scan of a table of start values: %v", err)
	}
}
