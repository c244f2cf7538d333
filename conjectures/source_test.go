package conjectures

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"fibnim/grundy"
	"fibnim/internal/parquetfile"
	"fibnim/table"
	"fibnim/tablebuild"
)

// Streaming a table from its files gives exactly the results of streaming
// the same data from arrays, and a damaged run is an error, not a result.
func TestTableSourceEqualsArrays(t *testing.T) {
	const N = 3*sourceBatch + 123 // several chunks and a short last one
	for _, a := range []grundy.Multiplier{grundy.Fibonacci, {P: 5, Q: 2}} {
		root := t.TempDir()
		dir := table.Dir(root, a)
		if _, err := tablebuild.Run(context.Background(), tablebuild.Config{Root: root, N: N, Mult: a, Engine: tablebuild.EngineBreakpoint, Workers: 2, Breakpoints: true, DenseMax: 50}); err != nil {
			t.Fatal(err)
		}
		tb, err := table.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		p := Pass{Mult: a, Mults: true, Paper: a == grundy.Fibonacci}
		g := 1
		if p.Paper {
			g = 4
		}
		src, err := NewTableSource(context.Background(), tb, g)
		if err != nil {
			t.Fatal(err)
		}
		fromFiles, err := Stream(src, p)
		src.Close()
		if err != nil {
			t.Fatal(err)
		}
		start, full, _ := tb.StartValues()
		var R [][]uint32
		for gg := 1; gg <= g; gg++ {
			r, err := tb.R(gg)
			if err != nil {
				t.Fatal(err)
			}
			R = append(R, r)
		}
		tb.Close()
		fromArrays, err := Stream(NewArraySource(&Starts{Start: start, Full: full}, R...), p)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(fromFiles, fromArrays) {
			for i := range fromFiles {
				if !reflect.DeepEqual(fromFiles[i], fromArrays[i]) {
					t.Errorf("a = %s: %s differs:\nfiles  %+v\narrays %+v", a, fromFiles[i].ID, fromFiles[i], fromArrays[i])
				}
			}
		}

		// An overlapping run in R_1 is refused while streaming.
		path := table.BreakpointFile(filepath.Join(dir, table.BreakpointsDir), 1)
		rows, meta, err := table.ReadFile[table.Breakpoint](path)
		if err != nil {
			t.Fatal(err)
		}
		rows[len(rows)/2].N = rows[len(rows)/2-1].N
		if err := parquetfile.WriteFile(path, meta, rows); err != nil {
			t.Fatal(err)
		}
		// The manifest would refuse the changed file at Open; without it
		// (a table written before manifests) the stream must refuse it.
		if err := os.Remove(filepath.Join(dir, table.ManifestFile)); err != nil {
			t.Fatal(err)
		}
		tb, err = table.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		src, _ = NewTableSource(context.Background(), tb, g)
		if _, err := Stream(src, p); err == nil {
			t.Errorf("a = %s: a stream over an overlapping run gave results", a)
		}
		src.Close()
		tb.Close()
	}
}
