package table

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/lz4"

	"fibnim/grundy"
)

// The readers of a table folder on damaged input (issue 33, T6): an error,
// never a panic, a hang or an allocation without bound. Run one with
//
//	go test ./table -run '^$' -fuzz '^FuzzOpen$' -fuzztime 2m
//
// The seed corpora in testdata/fuzz are replayed by every go test.

// FuzzRunDecoder feeds the run decoder arbitrary breakpoint rows (16
// bytes each: n, g, r_min, run) and a window: it fills the window or
// refuses a row, and every value it writes is an R_g(n) in 1..n.
func FuzzRunDecoder(f *testing.F) {
	row := func(n, g, r, run int32) []byte {
		var b [16]byte
		for i, x := range []int32{n, g, r, run} {
			binary.LittleEndian.PutUint32(b[4*i:], uint32(x))
		}
		return b[:]
	}
	f.Add(int32(0), append(row(1, 1, 1, 3), row(5, 1, 2, 10)...))
	f.Add(int32(4), append(row(3, 2, 1, 1), row(3, 2, 1, 1)...))
	f.Add(int32(0), row(2147483640, 1, 5, 2147483647))
	f.Fuzz(func(t *testing.T, lo int32, b []byte) {
		if lo < 0 || lo > 1<<30 {
			return
		}
		var rows []Breakpoint
		for ; len(b) >= 16; b = b[16:] {
			x := func(i int) int32 { return int32(binary.LittleEndian.Uint32(b[4*i:])) }
			rows = append(rows, Breakpoint{N: x(0), G: x(1), RMin: x(2), Run: x(3)})
		}
		out := make([]uint32, 64)
		for i := range out {
			out[i] = grundy.Inf
		}
		var d runDecoder
		if _, err := d.fill(out, int(lo), rows); err != nil {
			return
		}
		for i, v := range out {
			if v != grundy.Inf && (v < 1 || int64(v) > int64(lo)+int64(i)) {
				t.Fatalf("R(%d) = %d decoded from %+v", int(lo)+i, v, rows)
			}
		}
	})
}

// fuzzTable writes a small complete table (N = 60, a = 2, breakpoint
// files, dense rows to 20, a manifest) and lists its files.
func fuzzTable(f *testing.F) (dir string, files []string) {
	f.Helper()
	t := &testing.T{}
	dir = writeTable(t, f.TempDir(), 60, grundy.Fibonacci, true, 20)
	if t.Failed() {
		f.Fatal("could not write the seed table")
	}
	bare, err := Open(dir)
	if err != nil {
		f.Fatal(err)
	}
	maxG, err := strconv.Atoi(bare.Meta()[MetaMaxG])
	bare.Close()
	if err != nil {
		f.Fatal(err)
	}
	m, err := NewManifest(context.Background(), dir, Manifest{N: 60, Multiplier: grundy.Fibonacci.String(), Engine: "breakpoint", Breakpoints: true, MaxG: maxG, DenseMax: 20, DenseN: 20}, nil)
	if err != nil {
		f.Fatal(err)
	}
	js, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		f.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ManifestFile), js, 0o644); err != nil {
		f.Fatal(err)
	}
	err = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, path)
			files = append(files, rel)
		}
		return err
	})
	if err != nil {
		f.Fatal(err)
	}
	sort.Strings(files)
	tab, err := Open(dir)
	if err != nil {
		f.Fatalf("the seed table does not open: %v", err)
	}
	if tab.Manifest() == nil {
		f.Fatal("the seed table has no manifest")
	}
	tab.Close()
	return dir, files
}

// FuzzOpen replaces one file of a small valid table folder (which picks
// it: start values, dense rows, a breakpoint file or the manifest) by
// arbitrary bytes, opens the folder and reads everything a check reads:
// Open refuses it, or every read returns values or an error.
func FuzzOpen(f *testing.F) {
	dir, files := fuzzTable(f)
	for i, name := range files {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), b)
		if len(b) > 40 {
			f.Add(uint8(i), b[:len(b)-40]) // truncated
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, b []byte) {
		name := files[int(which)%len(files)]
		path := filepath.Join(dir, name)
		orig, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		defer os.WriteFile(path, orig, 0o644)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		tab, err := Open(dir)
		if err != nil {
			return
		}
		defer tab.Close()
		if tab.N() > 1000 {
			return // a table larger than the seed: its reads would be large, but bounded by N
		}
		tab.CheckHashes(context.Background())
		tab.StartValues()
		if g, err := tab.MaxValue(); err == nil {
			for k := 1; k <= min(g, 64); k++ {
				tab.R(k)
			}
		}
		tab.ScanDense(func([]DenseCell) error { return nil })
		for n := 0; n <= tab.N(); n += 7 {
			tab.Value(n, n/2)
		}
	})
}

// FuzzManifest reads arbitrary bytes as a table's manifest.json.
func FuzzManifest(f *testing.F) {
	dir, _ := fuzzTable(f)
	b, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte(`{"format": "x"}`))
	f.Add([]byte(`{"format": 1, "files": [{"name": "../x", "size": -1}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		if err := os.WriteFile(filepath.Join(dir, ManifestFile), b, 0o644); err != nil {
			t.Fatal(err)
		}
		m, err := ReadManifest(dir)
		if err != nil {
			return
		}
		m.checkSizes(dir)
	})
}

// A Parquet file compressed with a codec fibnim does not write (lz4 here)
// is refused before a page is read: a damaged atlas footer that named lz4
// made parquet-go's lz4 decoder allocate until the process died (found by
// atlas's FuzzRead; its input is atlas/testdata/fuzz/FuzzRead/
// lz4-codec-out-of-memory).
func TestReadersRefuseForeignCodecs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lz4.parquet")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := parquet.NewGenericWriter[StartValue](f, parquet.Compression(&lz4.Codec{}))
	if _, err := w.Write([]StartValue{{N: 0}, {N: 1}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, _, err := ReadFile[StartValue](path); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "LZ4") {
		t.Errorf("ReadFile of an lz4 file: %v", err)
	}
	if _, err := OpenFile[StartValue](path); !errors.Is(err, ErrCorrupt) {
		t.Errorf("OpenFile of an lz4 file: %v", err)
	}
}

// A footer that claims more bytes than the file holds is refused before
// parquet-go allocates them: one changed length of an atlas.parquet of 13
// KiB made it allocate 2 GiB (atlas's FuzzRead, issue 33).
func TestReadersRefuseFooterLongerThanFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "start.parquet")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := parquet.NewGenericWriter[StartValue](f)
	if _, err := w.Write([]StartValue{{N: 0}, {N: 1}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	binary.LittleEndian.PutUint32(b[len(b)-8:], 0x7f000000)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	_, _, err = ReadFile[StartValue](path)
	runtime.ReadMemStats(&m1)
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "footer claims") {
		t.Errorf("ReadFile of a file whose footer claims 2 GiB: %v", err)
	}
	if a := m1.TotalAlloc - m0.TotalAlloc; a > 16<<20 {
		t.Errorf("refusing it allocated %d MiB", a>>20)
	}
}
