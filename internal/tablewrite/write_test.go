package tablewrite

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"fibnim/grundy"
	"fibnim/internal/filehash"
	"fibnim/table"
)

// A write stopped by its context leaves the file that was at the path as
// it was, and nothing beside it; one that runs to the end reads back.
func TestWriteStartValuesInterrupted(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, table.StartValuesFile)
	meta := Meta("dense", 10, grundy.Fibonacci, 0, "test")
	id := func(n int) int { return n % 7 }
	sum, err := WriteStartValues(context.Background(), path, meta, 10, 2, PerRow(id, id))
	if err != nil {
		t.Fatal(err)
	}
	// The sum taken as the file was written is the file's.
	if size, sha, err := filehash.File(context.Background(), path); err != nil || sum != (filehash.Sum{Size: size, SHA256: sha}) {
		t.Errorf("WriteStartValues's sum %v; the file's: %d %s (%v)", sum, size, sha, err)
	}
	before, _ := os.ReadFile(path)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = WriteStartValues(ctx, path, meta, 1<<20, 2, PerRow(id, id))
	if !errors.Is(err, ErrInterrupted) {
		t.Fatalf("a cancelled write: %v", err)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Error("a cancelled write changed the file at its path")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("a cancelled write left %d entries in the folder", len(entries))
	}
	rows, got, err := table.ReadFile[table.StartValue](path)
	if err != nil || len(rows) != 11 || rows[9].GStart != 2 || got[table.MetaN] != "10" {
		t.Errorf("read back %d rows, %v, metadata N %q", len(rows), err, got[table.MetaN])
	}
}
