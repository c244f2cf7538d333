package filehash

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// A Writer's sum is File's sum of the same bytes, however they were cut
// into writes; a nil Sums records nothing and finds nothing.
func TestWriter(t *testing.T) {
	data := make([]byte, 3<<20+17)
	for i := range data {
		data[i] = byte(i * 7)
	}
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	size, sum, err := File(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	w := NewWriter()
	for rest := data; len(rest) > 0; {
		k := min(len(rest), 1+len(rest)/3)
		w.Write(rest[:k])
		rest = rest[k:]
	}
	if got := w.Sum(); got != (Sum{Size: size, SHA256: sum}) {
		t.Errorf("Writer: %+v; File: %d %s", got, size, sum)
	}
	if empty := NewWriter().Sum(); empty.Size != 0 || empty.SHA256 != "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" {
		t.Errorf("Writer of nothing: %+v", empty)
	}
	var none *Sums
	none.Put(path, Sum{Size: 1})
	if _, ok := none.Get(path); ok {
		t.Error("a nil Sums found a sum")
	}
	var s Sums
	s.Put(filepath.Join(filepath.Dir(path), ".", "f"), Sum{Size: 1, SHA256: "x"})
	if got, ok := s.Get(path); !ok || got.SHA256 != "x" {
		t.Errorf("Sums.Get of the same path, cleaned: %+v %v", got, ok)
	}
}
