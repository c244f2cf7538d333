package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"fibnim/grundy"
	"fibnim/table"
)

// damagePage flips a byte inside the first data page of column col of the
// Parquet file path, then writes the file's new size and SHA-256 into the
// table's manifest.json, as someone who "repaired" the manifest would: the
// file still opens and hashes as the manifest says, but a page of it no
// longer decodes.
func damagePage(t *testing.T, dir, rel, col string) {
	t.Helper()
	path := filepath.Join(dir, filepath.FromSlash(rel))
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
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
	f.Close()
	// The page's header comes first; its data ends at offset+size.
	at := oi.Offset(0) + oi.CompressedPageSize(0) - 2
	b[at] ^= 0x5a
	if err := os.WriteFile(path, b, 0o644); err != nil {
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
	found := false
	for i := range m.Files {
		if m.Files[i].Path == rel {
			m.Files[i].Bytes, m.Files[i].SHA256 = int64(len(b)), hex.EncodeToString(sum[:])
			found = true
		}
	}
	if !found {
		t.Fatalf("%s is not in the manifest", rel)
	}
	mb, _ = json.MarshalIndent(m, "", "  ")
	if err := os.WriteFile(mpath, mb, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestVerifyVouchesOnlyForWhatItRead is the repro of issue 36, item 3: a
// table with one damaged page in breakpoints/g=0010.parquet, whose
// manifest's SHA-256 and size were recomputed to match, passed verify
// ("its files match the SHA-256 of its manifest", exit 0), while info
// -full refused it. verify and info -full must agree: both refuse it.
func TestVerifyVouchesOnlyForWhatItRead(t *testing.T) {
	dir := t.TempDir()
	if out, err := runArgs(t, "grundy", "-n", "3000", "-engine", "breakpoint", "-out", dir); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if _, err := runArgs(t, "verify", "-in", dir, "-out", t.TempDir()); err != nil {
		t.Fatalf("verify on an intact table: %v", err)
	}
	tab := table.Dir(dir, grundy.Fibonacci)
	damagePage(t, tab, table.BreakpointsDir+"/g=0010.parquet", "r_min")
	_, infoErr := runArgs(t, "info", "-full", dir)
	_, verifyErr := runArgs(t, "verify", "-in", dir, "-out", t.TempDir())
	if infoErr == nil {
		t.Fatal("info -full passed a table with a damaged page: the repro does not damage what it should")
	}
	if verifyErr == nil {
		t.Errorf("verify passed a table that info -full refuses (%v)", infoErr)
	}
	t.Logf("info -full: %v\nverify: %v", infoErr, verifyErr)
	// -decode=false vouches for less, and says so.
	out := t.TempDir()
	if _, err := runArgs(t, "verify", "-in", dir, "-out", out, "-decode=false"); err != nil {
		t.Fatalf("verify -decode=false: %v", err)
	}
	md, _ := os.ReadFile(filepath.Join(out, "report.md"))
	if !strings.Contains(string(md), "only the files the checks read were decoded") {
		t.Error("report.md of verify -decode=false does not say what it only hashed")
	}
}
