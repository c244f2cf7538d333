package filehash

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// The sum of a file is its SHA-256 (FIPS 180-2, appendix B.1: "abc"), and
// a cancelled context stops the read.
func TestFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "abc")
	if err := os.WriteFile(path, []byte("abc"), 0o644); err != nil {
		t.Fatal(err)
	}
	size, sum, err := File(context.Background(), path)
	if want := "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"; err != nil || size != 3 || sum != want {
		t.Errorf("File = %d, %s, %v; want 3, %s", size, sum, err, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := File(ctx, path); !errors.Is(err, context.Canceled) {
		t.Errorf("File on a cancelled context: %v", err)
	}
	if _, _, err := File(context.Background(), path+".missing"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("File of a missing file: %v", err)
	}
}
