package main

import (
	"path/filepath"
	"reflect"
	"testing"

	"fibnim/provenance"
)

// compute grundy parses its flags once: the run record takes the table,
// the folder and the workers from the command's own parse (noteRun), not
// from a second parse with other defaults (issue 37 item 4). The record
// is the same as before: the table's path, multiplier, N and engine.
func TestGrundyParsesOnce(t *testing.T) {
	dir := t.TempDir()
	before := grundyParses.Load()
	if _, err := runArgs(t, "grundy", "-n", "3000", "-engine", "breakpoint", "-workers", "1", "-out", dir, "-sweeps", filepath.Join(dir, "sweeps.csv")); err != nil {
		t.Fatal(err)
	}
	if got := grundyParses.Load() - before; got != 1 {
		t.Errorf("compute grundy parsed its flags %d times, want 1", got)
	}
	rec, err := provenance.Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	r, ok := rec.Find("grundy grundy/mult=2")
	if !ok {
		t.Fatalf("no record of the run in %+v", rec)
	}
	want := []provenance.Table{{Path: "grundy/mult=2", Multiplier: "2", N: 3000, What: "breakpoint"}}
	if r.Workers != 1 || !reflect.DeepEqual(r.Tables, want) {
		t.Errorf("recorded workers %d, tables %+v; want 1, %+v", r.Workers, r.Tables, want)
	}
	// Run again: the table is there, nothing is done, and the run is
	// recorded from the one parse as well.
	before = grundyParses.Load()
	if _, err := runArgs(t, "grundy", "-n", "3000", "-engine", "breakpoint", "-workers", "2", "-out", dir); err != nil {
		t.Fatal(err)
	}
	if got := grundyParses.Load() - before; got != 1 {
		t.Errorf("compute grundy on a complete table parsed its flags %d times, want 1", got)
	}
	if rec, err = provenance.Read(dir); err != nil {
		t.Fatal(err)
	}
	if r, _ := rec.Find("grundy grundy/mult=2"); r.Workers != 2 {
		t.Errorf("the second run recorded %d workers, want 2", r.Workers)
	}
}
