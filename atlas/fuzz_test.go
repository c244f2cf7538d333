package atlas

import (
	"os"
	"path/filepath"
	"testing"

	"fibnim/grundy"
)

// FuzzRead reads arbitrary bytes as a merged atlas (Read) and as one
// multiplier's summary (ReadSummary): rows that pass every check of an
// atlas file, or an error; never a panic, a hang or an allocation without
// bound (issue 33, T6). Seeds: a small atlas that WriteAll wrote, a
// summary, and the committed 10^7 atlas, of schema version 1.
func FuzzRead(f *testing.F) {
	root := f.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "tables"), 0o755); err != nil {
		f.Fatal(err)
	}
	rows := []AtlasRow{synthetic("3/2", 2.9, 0.3, 0), synthetic("2", 4, 0.4, 50), synthetic("3", 5, 0.3, 0)}
	list, _ := ParseList("3/2,2,3")
	if _, err := WriteAll(root, NewPlan("3/2,2,3", list, 1500), rows, nil, "test"); err != nil {
		f.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, ParquetFile))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add(b[:len(b)/2])
	sum := filepath.Join(root, "summary.parquet")
	if err := writeSummary(sum, rows[1], Config{N: 1500, Revision: "test"}); err != nil {
		f.Fatal(err)
	}
	if b, err = os.ReadFile(sum); err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	// A file of schema version 1 (schema_v1.go), which Read still reads.
	if b, err = os.ReadFile(committedV1[1]); err == nil {
		f.Add(b)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, b []byte) {
		path := filepath.Join(dir, "atlas.parquet")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if rows, _, err := Read(path); err == nil {
			for i := 1; i < len(rows); i++ {
				if rows[i].A <= rows[i-1].A {
					t.Fatalf("Read accepted rows out of order: %s after %s", rows[i].Multiplier, rows[i-1].Multiplier)
				}
			}
		}
		if row, err := ReadSummary(path, grundy.Fibonacci, 1500); err == nil && row.Multiplier != "2" {
			t.Fatalf("ReadSummary accepted the summary of a = %s for a = 2", row.Multiplier)
		}
	})
}
