package table

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"fibnim/internal/parquetfile"
)

func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sv.parquet")
	var rows []StartValue
	for n := int64(0); n < 3*parquetfile.RowGroupRows/2; n++ {
		rows = append(rows, StartValue{N: n, GStart: int32(n % 7), GFull: int32(n % 5)})
	}
	meta := map[string]string{"b": "2", "a": "1"}
	if err := parquetfile.WriteFile(path, meta, rows); err != nil {
		t.Fatal(err)
	}
	got, gotMeta, err := ReadFile[StartValue](path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, rows) {
		t.Fatal("decoded rows differ from written rows")
	}
	if gotMeta["a"] != "1" || gotMeta["b"] != "2" {
		t.Fatalf("metadata %v", gotMeta)
	}
	// Byte-for-byte reproducible.
	b1, _ := os.ReadFile(path)
	if err := parquetfile.WriteFile(path, meta, rows); err != nil {
		t.Fatal(err)
	}
	b2, _ := os.ReadFile(path)
	if !reflect.DeepEqual(b1, b2) {
		t.Fatal("rewriting the same rows gave different bytes")
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".*tmp*")); len(m) != 0 {
		t.Fatalf("temporary files left: %v", m)
	}
}

func TestCorrupt(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.parquet")
	if err := parquetfile.WriteFile(path, nil, []DenseCell{{1, 0, 0}, {1, 1, 1}}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	for _, bad := range [][]byte{[]byte("not parquet at all"), b[:len(b)/2], append(append([]byte{}, b[:8]...), make([]byte, len(b)-8)...)} {
		os.WriteFile(path, bad, 0o644)
		if _, _, err := ReadFile[DenseCell](path); err == nil {
			t.Errorf("corrupt file of %d bytes read without error", len(bad))
		} else if !errors.Is(err, ErrCorrupt) {
			t.Errorf("error %v does not wrap ErrCorrupt", err)
		}
	}
}

func TestAbortKeepsOld(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "keep.parquet")
	if err := parquetfile.WriteFile(path, nil, []DenseCell{{0, 0, 0}}); err != nil {
		t.Fatal(err)
	}
	old, _ := os.ReadFile(path)
	w, err := parquetfile.Create[DenseCell](path, nil)
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]DenseCell{{5, 5, 5}})
	w.Abort()
	now, _ := os.ReadFile(path)
	if !reflect.DeepEqual(old, now) {
		t.Fatal("aborted write changed the existing file")
	}
}
