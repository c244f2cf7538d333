package table_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"

	"fibnim/table"
)

// A list of strings whose entries hold spaces (the atlas's check_status
// "not run") is exact in CSV: the cell is a JSON array, which reads back
// to the same entries; a list of numbers stays space-separated.
func TestExportStringListExactInCSV(t *testing.T) {
	type row struct {
		N      int64    `parquet:"n"`
		Status []string `parquet:"status"`
		Counts []int64  `parquet:"counts"`
	}
	path := filepath.Join(t.TempDir(), "lists.parquet")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := parquet.NewGenericWriter[row](f)
	want := [][]string{{"holds", "not run"}, {"fails"}}
	if _, err := w.Write([]row{{1, want[0], []int64{3, 4}}, {2, want[1], []int64{5}}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	var out bytes.Buffer
	if err := table.Export(context.Background(), path, "csv", &out); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&out).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 {
		t.Fatalf("got %d records, want a header and 2 rows:\n%q", len(recs), recs)
	}
	for i, r := range recs[1:] {
		var got []string
		if err := json.Unmarshal([]byte(r[1]), &got); err != nil {
			t.Fatalf("row %d: status cell %q is not a JSON array: %v", i, r[1], err)
		}
		if len(got) != len(want[i]) || (len(got) > 0 && got[0] != want[i][0]) || (len(got) > 1 && got[1] != want[i][1]) {
			t.Errorf("row %d: status %q, want %q", i, got, want[i])
		}
	}
	if recs[1][2] != "3 4" || recs[2][2] != "5" {
		t.Errorf("number lists %q and %q, want \"3 4\" and \"5\"", recs[1][2], recs[2][2])
	}
}
