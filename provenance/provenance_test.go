package provenance

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestUpdateReplacesByKey(t *testing.T) {
	dir := t.TempDir()
	if _, err := Read(dir); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("Read of a folder without a record: %v, want ErrNotExist", err)
	}
	r := Start("compute", "grundy", "-n", "1000")
	if err := r.Finish(dir, "grundy mult=2", Table{Path: "grundy/mult=2", Multiplier: "2", N: 1000, What: "dense"}); err != nil {
		t.Fatal(err)
	}
	if err := Start("compute", "verify").Finish(dir, "verify"); err != nil {
		t.Fatal(err)
	}
	// Again with another N: it replaces the first record.
	if err := Start("compute", "grundy", "-n", "2000").Finish(dir, "grundy mult=2", Table{Path: "grundy/mult=2", Multiplier: "2", N: 2000}); err != nil {
		t.Fatal(err)
	}
	rec, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Runs) != 2 || rec.Runs[0].Key != "grundy mult=2" || rec.Runs[1].Key != "verify" {
		t.Fatalf("runs %+v, want grundy mult=2 then verify", rec.Runs)
	}
	g, ok := rec.Find("grundy mult=2")
	if !ok || g.Tables[0].N != 2000 || g.Command[2] != "-n" || g.Command[3] != "2000" {
		t.Errorf("grundy record %+v, want the second run's", g)
	}
	if g.GoVersion != runtime.Version() || g.Machine.CPUs != runtime.NumCPU() || g.Revision == "" || g.Started.IsZero() {
		t.Errorf("record lacks the build or the machine: %+v", g)
	}
	if runtime.GOOS == "linux" && (g.PeakRSSBytes <= 0 || g.Machine.MemoryBytes <= 0) {
		t.Errorf("peak RSS %d, memory %d: want both known on Linux", g.PeakRSSBytes, g.Machine.MemoryBytes)
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*tmp*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestForeignFileRefused: a provenance.json that is not a record is an
// error, and Update leaves it as it was.
func TestForeignFileRefused(t *testing.T) {
	for _, bad := range []string{"{", `{"runs": [], "extra": 1}`, `[1, 2]`} {
		dir := t.TempDir()
		path := filepath.Join(dir, File)
		if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Read(dir); err == nil {
			t.Errorf("Read accepted %q", bad)
		}
		if err := Start("compute", "verify").Finish(dir, "verify"); err == nil {
			t.Errorf("Update overwrote %q", bad)
		}
		if b, _ := os.ReadFile(path); string(b) != bad {
			t.Errorf("the file changed to %q", b)
		}
	}
}
