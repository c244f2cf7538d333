package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file appears at its path only on Commit; Abort leaves the old one,
// and neither leaves a temporary file behind.
func TestCommitAndAbort(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := Write(path, []byte("old")); err != nil {
		t.Fatal(err)
	}
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("new, half"); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Fatalf("before Commit the path holds %q", b)
	}
	f.Abort()
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Fatalf("after Abort the path holds %q", b)
	}
	f, err = Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("new")
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	f.Abort() // deferred in callers: a no-op once committed
	if err := f.Commit(); err == nil {
		t.Error("a second Commit succeeded")
	}
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Fatalf("after Commit the path holds %q", b)
	}
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o644 {
		t.Fatalf("mode %v, %v; want 0644", st.Mode(), err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("folder holds %d entries, want only out.txt", len(entries))
	}
}

// A Commit that cannot rename (the path is a folder) fails, leaves the
// folder alone and removes its temporary file.
func TestCommitFailureCleansUp(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "taken")
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(path, "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("data")); err == nil {
		t.Fatal("Write over a non-empty folder succeeded")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("folder holds %d entries after a failed Commit, want 1", len(entries))
	}
}

// TestHiddenTempName: the temporary file of a hidden file (.checkpoint.bin)
// is .checkpoint.bin.tmp-*, with one leading dot, not two (issue 36: the
// disk-full message named "..checkpoint.bin.tmp-...").
func TestHiddenTempName(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{".checkpoint.bin", "plain.csv"} {
		f, err := Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(f.Name())
		if strings.HasPrefix(base, "..") || !strings.HasPrefix(base, "."+strings.TrimPrefix(name, ".")+".tmp-") {
			t.Errorf("the temporary file of %s is %s", name, base)
		}
		f.Abort()
	}
}
