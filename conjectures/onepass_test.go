package conjectures

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"fibnim/grundy"
	"fibnim/internal/parquetfile"
	"fibnim/table"
	"fibnim/tablebuild"
)

// Verify reads a table once: the deep check (every page of every file,
// every row) and the streamed checks share one pass (table.Table.Scan).
// Before, verify ran them as two passes: the deep check (Table.Check,
// what info -full runs) and then the checks, over the start values and
// files 1..4 (what verify -decode=false still reads). Each kind of damage
// that either of the two caught, the one pass catches: the deep check's
// kinds in a file the checks do not read (the largest value's), and the
// checks' kinds in the files they read. Each damaged file's size and
// SHA-256 are written into the manifest, as someone who "repaired" it
// would, so that the hashes, which verify takes first, do not catch it
// instead; one case leaves the manifest alone, which the hashes catch. A
// wrong value the layout allows is no error: the checks' verdicts show
// it, with -decode and without.
func TestVerifyOnePassCatchesEveryDamage(t *testing.T) {
	N := table.ScanRows + 500 // two windows of the pass
	if testing.Short() {
		N = 3000
	}
	good := t.TempDir()
	if _, err := tablebuild.Run(context.Background(), tablebuild.Config{Root: good, N: N, Mult: grundy.Fibonacci, Engine: tablebuild.EngineBreakpoint, Workers: 2, Breakpoints: true, DenseMax: 50}); err != nil {
		t.Fatal(err)
	}
	tb, err := table.Open(table.Dir(good, grundy.Fibonacci))
	if err != nil {
		t.Fatal(err)
	}
	maxG, _ := tb.MaxValue()
	_, full, _ := tb.StartValues()
	tb.Close()
	verify := func(root string, decode bool) (*Verification, error) {
		return VerifyWith(context.Background(), root, Options{Layers: 4, Decode: decode})
	}
	intact, err := verify(good, true)
	if err != nil {
		t.Fatalf("verify of the intact table: %v", err)
	}

	bp := func(g int) string { return table.BreakpointsDir + "/" + filepath.Base(table.BreakpointFile("", g)) }
	runs := func(g int, spoil func([]table.Breakpoint)) func(dir string) string {
		return func(dir string) string {
			path := filepath.Join(dir, filepath.FromSlash(bp(g)))
			rows, meta, err := table.ReadFile[table.Breakpoint](path)
			if err != nil {
				t.Fatal(err)
			}
			spoil(rows)
			if err := parquetfile.WriteFile(path, meta, rows); err != nil {
				t.Fatal(err)
			}
			return bp(g)
		}
	}
	drop := func(g int) func(dir string) string {
		return func(dir string) string {
			path := filepath.Join(dir, filepath.FromSlash(bp(g)))
			rows, meta, err := table.ReadFile[table.Breakpoint](path)
			if err != nil {
				t.Fatal(err)
			}
			if err := parquetfile.WriteFile(path, meta, rows[1:]); err != nil {
				t.Fatal(err)
			}
			return bp(g)
		}
	}
	flip := func(rel, col string) func(dir string) string {
		return func(dir string) string {
			flipByteInPage(t, filepath.Join(dir, filepath.FromSlash(rel)), col)
			return rel
		}
	}
	h := slices.IndexFunc(full, func(v uint16) bool { return int(v) >= maxG }) // the least n with G(n) = maxG
	cases := []struct {
		name string
		// spoil damages the table folder dir and returns the file it
		// damaged, relative to dir.
		spoil  func(dir string) string
		resum  bool   // write the file's new size and SHA-256 into the manifest
		want   string // in the error of verify with -decode
		checks bool   // the checks' pass (-decode=false) catches it too
	}{
		// What the deep check caught, in files the checks do not read.
		{"a flipped byte in a page of the top file", flip(bp(maxG), "r_min"), true, "not a readable Parquet file", false},
		{"a flipped byte in a page of dense.parquet", flip(table.DenseFile, "g"), true, "not a readable Parquet file", false},
		{"a run of the top file over an n with G(n) < g", runs(maxG, func(r []table.Breakpoint) { r[0].N, r[0].Run = r[0].N-1, r[0].Run+1 }), true, "but G(", false},
		{"a run missing from the top file", drop(maxG), true, "have G(n) >= ", false},
		{"overlapping runs in the top file", runs(maxG, func(r []table.Breakpoint) { r[1].N = r[0].N }), true, "bad breakpoint row", false},
		{"r_min past n in the top file", runs(maxG, func(r []table.Breakpoint) { r[0].RMin = r[0].N + 1 }), true, "bad breakpoint row", false},
		{"a row of another g in the top file", runs(maxG, func(r []table.Breakpoint) { r[0].G-- }), true, "bad breakpoint row", false},
		{"a start value one too small, below the top file's runs", func(dir string) string {
			path := filepath.Join(dir, table.StartValuesFile)
			rows, meta, err := table.ReadFile[table.StartValue](path)
			if err != nil {
				t.Fatal(err)
			}
			rows[h].GFull--
			if err := parquetfile.WriteFile(path, meta, rows); err != nil {
				t.Fatal(err)
			}
			return table.StartValuesFile
		}, true, "but G(", false},
		// What the checks' pass caught, in the files it reads.
		{"a flipped byte in a page of file 1", flip(bp(1), "r_min"), true, "not a readable Parquet file", true},
		{"a flipped byte in a page of the start values", flip(table.StartValuesFile, "g_full"), true, "not a readable Parquet file", true},
		{"overlapping runs in file 2", runs(2, func(r []table.Breakpoint) { r[len(r)/2].N = r[len(r)/2-1].N }), true, "bad breakpoint row", true},
		{"a run past N in file 4", runs(4, func(r []table.Breakpoint) { r[len(r)-1].Run++ }), true, "bad breakpoint row", true},
		// What the hashes catch, before either.
		{"a file changed after it was written", flip(bp(maxG), "r_min"), false, "does not match manifest.json", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			copyTree(t, good, root)
			dir := table.Dir(root, grundy.Fibonacci)
			rel := c.spoil(dir)
			if c.resum {
				resum(t, dir, rel)
			}
			_, err := verify(root, true)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("verify: %v; want an error with %q", err, c.want)
			}
			tb, err := table.Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			if err := tb.Check(context.Background()); err == nil {
				t.Error("the deep check alone (info -full's) passed it")
			}
			tb.Close()
			if _, err := verify(root, false); (err != nil) != c.checks {
				t.Errorf("the checks' pass alone (-decode=false): %v; want an error: %v", err, c.checks)
			}
		})
	}

	// R_1(n) one more on a run of file 1, inside the layout (1 <= r_min
	// <= n, runs in order): no pass refuses the file, and the checks that
	// read R_1 fail, with -decode and without.
	root := t.TempDir()
	copyTree(t, good, root)
	dir := table.Dir(root, grundy.Fibonacci)
	resum(t, dir, runs(1, func(r []table.Breakpoint) {
		for i := range r {
			if r[i].N > 100 && r[i].RMin+r[i].Run-1 < r[i].N {
				r[i].RMin++
				return
			}
		}
		t.Fatal("no run of R_1 to raise")
	})(dir))
	for _, decode := range []bool{true, false} {
		v, err := verify(root, decode)
		if err != nil {
			t.Fatalf("-decode %v: %v", decode, err)
		}
		var flipped []string
		for i, r := range v.Results {
			if r.Status != intact.Results[i].Status {
				flipped = append(flipped, r.ID)
			}
		}
		if len(flipped) == 0 {
			t.Errorf("-decode %v: R_1 raised on a run, and no check changed its verdict", decode)
		}
		t.Logf("-decode %v: R_1 raised on a run: %v changed their verdict", decode, flipped)
	}
}

// copyTree copies the folder from into to.
func copyTree(t *testing.T, from, to string) {
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

// resum writes the size and SHA-256 of the file rel of the table folder
// dir into its manifest.
func resum(t *testing.T, dir, rel string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	mpath := filepath.Join(dir, table.ManifestFile)
	mb, err := os.ReadFile(mpath)
	if err != nil {
		t.Fatal(err)
	}
	var m table.Manifest
	if err := json.Unmarshal(mb, &m); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	i := slices.IndexFunc(m.Files, func(f table.ManifestEntry) bool { return f.Path == rel })
	if i < 0 {
		t.Fatalf("%s is not in the manifest", rel)
	}
	m.Files[i].Bytes, m.Files[i].SHA256 = int64(len(b)), hex.EncodeToString(sum[:])
	if mb, err = json.MarshalIndent(m, "", "  "); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mpath, mb, 0o644); err != nil {
		t.Fatal(err)
	}
}

// flipByteInPage flips a byte near the end of the first data page of
// column col of the Parquet file path: the footer is intact, so the file
// opens, but that page fails its checksum.
func flipByteInPage(t *testing.T, path, col string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pf, err := parquet.OpenFile(f, int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	c, ok := pf.Schema().Lookup(col)
	if !ok {
		t.Fatalf("%s has no column %s", path, col)
	}
	oi, err := pf.RowGroups()[0].ColumnChunks()[c.ColumnIndex].OffsetIndex()
	if err != nil || oi.NumPages() == 0 {
		t.Fatalf("%s: no offset index of %s: %v", path, col, err)
	}
	b[oi.Offset(0)+oi.CompressedPageSize(0)-2] ^= 0x5a
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
