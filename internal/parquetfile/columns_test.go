package parquetfile

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// runRow has the layout of table.Breakpoint (which this package cannot
// import): four int32 columns with delta encoding, one of them constant.
type runRow struct {
	N    int32 `parquet:"n,delta"`
	G    int32 `parquet:"g,delta"`
	RMin int32 `parquet:"r_min,delta"`
	Run  int32 `parquet:"run,delta"`
}

// runRows makes n rows like a breakpoint file's: increasing n, constant g,
// r_min and run small and varied; wild adds negative and extreme values.
func runRows(n int, seed uint64, wild bool) []runRow {
	rng := rand.New(rand.NewPCG(seed, 7))
	rows := make([]runRow, n)
	x := int32(rng.IntN(100))
	for i := range rows {
		r := runRow{N: x, G: 17, RMin: int32(1 + rng.IntN(40)), Run: int32(1 + rng.IntN(12))}
		if wild {
			r.G = int32(rng.Uint32())
			r.RMin = int32(rng.Uint32()) >> rng.IntN(32)
		}
		x += r.Run + int32(rng.IntN(3))
		rows[i] = r
	}
	return rows
}

// columnsOf splits rows into columns.
func columnsOf(rows []runRow) [][]int32 {
	cols := make([][]int32, 4)
	for _, r := range rows {
		cols[0] = append(cols[0], r.N)
		cols[1] = append(cols[1], r.G)
		cols[2] = append(cols[2], r.RMin)
		cols[3] = append(cols[3], r.Run)
	}
	return cols
}

// TestColumnsEqualsWriter writes the same rows through Writer (rows,
// parquet-go's generic writer) and Columns (whole columns) and compares
// the files byte for byte: around the page (pageRows) and row group
// (RowGroupRows) boundaries, with constant and varied columns, handed
// over in one piece or in pieces of odd sizes.
func TestColumnsEqualsWriter(t *testing.T) {
	sizes := []int{0, 1, 63, 64, 65, pageRows - 1, pageRows, pageRows + 1, 3*pageRows + 5}
	if !testing.Short() {
		sizes = append(sizes, RowGroupRows-1, RowGroupRows, RowGroupRows+1, 2*RowGroupRows+pageRows+77)
	}
	dir := t.TempDir()
	meta := map[string]string{"b": "2", "a": "1", "fibnim.g": "17"}
	for i, n := range sizes {
		for _, wild := range []bool{false, true} {
			meta := meta
			if n == 1 && wild {
				meta = nil // no key-value metadata
			}
			rows := runRows(n, uint64(i), wild)
			old := filepath.Join(dir, "old.parquet")
			if err := WriteFile(old, meta, rows); err != nil {
				t.Fatal(err)
			}
			w, err := CreateColumns[runRow](filepath.Join(dir, "new.parquet"), meta)
			if err != nil {
				t.Fatal(err)
			}
			cols := columnsOf(rows)
			for lo, step := 0, 1; lo < n || lo == 0; lo, step = lo+step, step*3+1 {
				hi := min(lo+step, n)
				piece := [][]int32{cols[0][lo:hi], cols[1][lo:hi], cols[2][lo:hi], cols[3][lo:hi]}
				if err := w.Write(piece); err != nil {
					t.Fatal(err)
				}
				if hi == n {
					break
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			a, _ := os.ReadFile(old)
			b, _ := os.ReadFile(filepath.Join(dir, "new.parquet"))
			if !bytes.Equal(a, b) {
				t.Errorf("%d rows (wild %v): the files differ: %s", n, wild, firstDiff(a, b))
			}
		}
	}
}

func firstDiff(a, b []byte) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return fmt.Sprintf("at byte %d of %d and %d", i, len(a), len(b))
		}
	}
	return fmt.Sprintf("lengths %d and %d", len(a), len(b))
}

// Rows written through Grow with their bounds given (Bound), for every
// piece or only some, make the file Writer makes; bounds wider than the
// values (a caller's error) go into the file's statistics, which then
// differ.
func TestColumnsBound(t *testing.T) {
	dir := t.TempDir()
	n := 3*pageRows + 5
	if !testing.Short() {
		n = RowGroupRows + pageRows + 77
	}
	rows := runRows(n, 5, true)
	want := filepath.Join(dir, "want.parquet")
	if err := WriteFile(want, nil, rows); err != nil {
		t.Fatal(err)
	}
	wb, _ := os.ReadFile(want)
	cols := columnsOf(rows)
	for _, mode := range []string{"every piece", "every other piece", "one bound too wide"} {
		path := filepath.Join(dir, "got.parquet")
		w, err := CreateColumns[runRow](path, nil)
		if err != nil {
			t.Fatal(err)
		}
		for done, piece := 0, 0; done < n; piece++ {
			room, err := w.Grow(min(n-done, 1+piece*977%40000))
			if err != nil {
				t.Fatal(err)
			}
			k := len(room[0])
			lo, hi := make([]int32, 4), make([]int32, 4)
			for i := range room {
				copy(room[i], cols[i][done:done+k])
				lo[i], hi[i] = bounds(room[i])
			}
			if mode == "one bound too wide" && piece == 3 {
				lo[2], hi[2] = math.MinInt32, math.MaxInt32
			}
			if mode != "every other piece" || piece%2 == 0 {
				w.Bound(lo, hi)
			}
			done += k
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		gb, _ := os.ReadFile(path)
		if same := bytes.Equal(gb, wb); same != (mode != "one bound too wide") {
			t.Errorf("%s: files equal %v: %s", mode, same, firstDiff(gb, wb))
		}
	}
}
