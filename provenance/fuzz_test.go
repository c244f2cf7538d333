package provenance

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// FuzzRead reads arbitrary bytes as provenance.json: a record or an
// error, never a panic, a hang or an allocation without bound (issue 33,
// T6); a record it accepts writes back to JSON that it reads again the
// same.
func FuzzRead(f *testing.F) {
	seed := Record{Runs: []Run{{Key: "grundy/mult=2", Command: []string{"compute", "grundy", "-n", "1000"}, WallSeconds: 1.5, PeakRSSBytes: 1 << 20}}}
	b, err := json.MarshalIndent(seed, "", "  ")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte(`{"runs": [{"key": "x", "unknown": 1}]}`))
	f.Add([]byte(`{"runs": null}`))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, b []byte) {
		if err := os.WriteFile(filepath.Join(dir, File), b, 0o644); err != nil {
			t.Fatal(err)
		}
		rec, err := Read(dir)
		if err != nil {
			return
		}
		again, err := json.Marshal(rec)
		if err != nil {
			t.Fatalf("an accepted record does not encode: %v", err)
		}
		if err := os.WriteFile(filepath.Join(dir, File), again, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Read(dir); err != nil {
			t.Fatalf("an accepted record, written back, is refused: %v", err)
		}
	})
}
