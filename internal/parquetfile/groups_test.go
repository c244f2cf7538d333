package parquetfile

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
)

type groupRow struct {
	N int64 `parquet:"n,delta"`
	A int32 `parquet:"a,dict"`
	B int32 `parquet:"b,dict"`
}

func groupFill(first int, rows []groupRow) {
	for i := range rows {
		n := first + i
		rows[i] = groupRow{N: int64(n), A: int32(n/1000%37 + n%3), B: int32(n / 777 % 11)}
	}
}

// WriteGroups writes the file that Writer writes from the same rows, byte
// for byte, at sizes on both sides of a row group and with 1 to 3 workers.
func TestWriteGroupsEqualsWriter(t *testing.T) {
	dir := t.TempDir()
	meta := map[string]string{"k": "v", "a": "b"}
	for _, rows := range []int{0, 1, 1000, RowGroupRows - 1, RowGroupRows, RowGroupRows + 1, 3*RowGroupRows + 12345} {
		all := make([]groupRow, rows)
		groupFill(0, all)
		want := filepath.Join(dir, "want.parquet")
		if err := WriteFile(want, meta, all); err != nil {
			t.Fatal(err)
		}
		wb, _ := os.ReadFile(want)
		for _, workers := range []int{1, 2, 3} {
			got := filepath.Join(dir, "got.parquet")
			sum, err := WriteGroups(context.Background(), got, meta, rows, workers, groupFill)
			if err != nil {
				t.Fatal(err)
			}
			gb, _ := os.ReadFile(got)
			if !bytes.Equal(gb, wb) {
				t.Errorf("rows %d, workers %d: %d bytes, Writer wrote %d, not the same", rows, workers, len(gb), len(wb))
			}
			if sum.Size != int64(len(gb)) {
				t.Errorf("rows %d: sum of %d bytes for a file of %d", rows, sum.Size, len(gb))
			}
		}
	}
}
