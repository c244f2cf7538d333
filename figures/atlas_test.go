package figures

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fibnim/atlas"
	"fibnim/grundy"
)

// testAtlasList is the small atlas of the figure tests: a = 1, whose log
// fit is poor, a few fractions of each denominator class, and a = 2.
const testAtlasList = "1,5/4,4/3,3/2,7/4,2,9/4,5/2,8/3,3,7/2,4..6"

// writeAtlasInputs writes dir/atlas.parquet as compute atlas and compute
// atlas -merge would, for testAtlasList at n <= testStartN.
func writeAtlasInputs(t *testing.T, dir string) {
	t.Helper()
	list, err := atlas.ParseList(testAtlasList)
	must(t, err)
	_, _, err = atlas.Run(context.Background(), atlas.Config{Root: dir, List: testAtlasList, Mults: list, N: testStartN, Shard: atlas.All, Workers: 2, Revision: "test"})
	must(t, err)
	plan, rows, err := atlas.Merge(dir)
	must(t, err)
	_, err = atlas.WriteAll(dir, plan, rows, nil, "test")
	must(t, err)
}

// The atlas figures say in their captions what the data hold: the number
// of multipliers, and of those where the conjecture's analogue fails.
func TestAtlasCaptions(t *testing.T) {
	in := testInputs(t)
	rows, _, err := atlas.Read(filepath.Join(in, atlas.ParquetFile))
	must(t, err)
	failing := 0
	for _, r := range rows {
		if r.StepLastOutside >= 1 {
			failing++
		}
	}
	src := NewSource(in, grundy.Fibonacci)
	f, err := Draw(src, "atlas_conjecture")
	must(t, err)
	if !strings.Contains(f.Caption, "("+strconv.Itoa(len(rows))+" of them)") || !strings.Contains(f.Caption, strconv.Itoa(failing)+" of the $a$ have such an $n$") {
		t.Errorf("atlas_conjecture's caption does not count %d rows and %d failing:\n%s", len(rows), failing, f.Caption)
	}
	f, err = Draw(src, "atlas_alpha")
	must(t, err)
	if !strings.Contains(f.Caption, "each of the "+strconv.Itoa(len(rows))+" multipliers") {
		t.Errorf("atlas_alpha's caption: %s", f.Caption)
	}
}

// A file at atlas.parquet that is not a merged atlas (here a summary) is
// an error naming it, not a figure and not a MissingError.
func TestAtlasForeignFileRefused(t *testing.T) {
	full := testInputs(t)
	in := t.TempDir()
	must(t, os.CopyFS(in, os.DirFS(full)))
	b, err := os.ReadFile(atlas.SummaryPath(in, grundy.Fibonacci))
	must(t, err)
	must(t, os.WriteFile(filepath.Join(in, atlas.ParquetFile), b, 0o644))
	for _, name := range []string{"atlas_alpha", "atlas_conjecture"} {
		_, err := Draw(NewSource(in, grundy.Fibonacci), name)
		var miss MissingError
		if !errors.Is(err, atlas.ErrInvalid) || errors.As(err, &miss) || !strings.Contains(err.Error(), atlas.ParquetFile) {
			t.Errorf("%s from a summary posing as atlas.parquet: %v", name, err)
		}
	}
}
