package table

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"fibnim/grundy"
	"fibnim/internal/filehash"
)

// NewManifest takes the sums its writers recorded, for the files whose
// size on disk is the recorded one, and reads the others: with every
// sum recorded, none, or one recorded with a wrong size, the manifest is
// the one read from disk. A recorded sum of the right size is trusted as
// it is (the writer hashed the bytes it wrote): a wrong one goes into the
// manifest, and CheckHashes, which reads every file, finds it.
func TestNewManifestWritten(t *testing.T) {
	dir := writeTable(t, t.TempDir(), 3000, grundy.Fibonacci, true, 50)
	ctx := context.Background()
	tb, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	maxG := tb.maxG
	tb.Close()
	base := Manifest{N: 3000, Multiplier: grundy.Fibonacci.String(), Engine: "breakpoint", Breakpoints: true, MaxG: maxG, DenseMax: 50, DenseN: 50}
	read, err := NewManifest(ctx, dir, base, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(read.Files) < 5 {
		t.Fatalf("%d files in the manifest", len(read.Files))
	}
	all := new(filehash.Sums)
	for _, f := range read.Files {
		all.Put(filepath.Join(dir, filepath.FromSlash(f.Path)), filehash.Sum{Size: f.Bytes, SHA256: f.SHA256})
	}
	if m, err := NewManifest(ctx, dir, base, all); err != nil || !reflect.DeepEqual(m, read) {
		t.Errorf("with every sum recorded: %v, %+v; want %+v", err, m, read)
	}
	first := filepath.Join(dir, filepath.FromSlash(read.Files[0].Path))
	wrongSize := new(filehash.Sums)
	wrongSize.Put(first, filehash.Sum{Size: read.Files[0].Bytes + 1, SHA256: "00"})
	if m, err := NewManifest(ctx, dir, base, wrongSize); err != nil || !reflect.DeepEqual(m, read) {
		t.Errorf("with a sum of the wrong size recorded: %v, %+v; want %+v", err, m, read)
	}
	wrongSum := new(filehash.Sums)
	wrongSum.Put(first, filehash.Sum{Size: read.Files[0].Bytes, SHA256: "00"})
	m, err := NewManifest(ctx, dir, base, wrongSum)
	if err != nil || m.Files[0].SHA256 != "00" {
		t.Fatalf("a recorded sum of the right size is taken as it is: %v, %+v", err, m.Files[0])
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ManifestFile), b, 0o644); err != nil {
		t.Fatal(err)
	}
	if tb, err = Open(dir); err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	if err := tb.CheckHashes(ctx); err == nil {
		t.Error("CheckHashes passed a manifest with a wrong sum")
	}
}
