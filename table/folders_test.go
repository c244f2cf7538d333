package table

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"fibnim/grundy"
)

// TestMultFolders: the folders mult=A are listed by value (10 after 7/2,
// which name order would put first), files and other names are left out,
// a name that names no multiplier comes last with its error, and Mults
// refuses it, naming the folder.
func TestMultFolders(t *testing.T) {
	parent := filepath.Join(t.TempDir(), "grundy")
	for _, name := range []string{"mult=10", "mult=3_2", "mult=7_2", "mult=1", "mult=x", "other", ".mult=2.run"} {
		if err := os.MkdirAll(filepath.Join(parent, name), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(parent, "mult=5"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	found, err := MultFolders(parent)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range found {
		got = append(got, filepath.Base(f.Dir))
	}
	if want := []string{"mult=1", "mult=3_2", "mult=7_2", "mult=10", "mult=x"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("MultFolders: %v, want %v", got, want)
	}
	if last := found[len(found)-1]; last.Err == nil || last.Mult != (grundy.Multiplier{}) {
		t.Errorf("mult=x: %+v, want an error and no multiplier", last)
	}
	if _, err := Mults(parent); err == nil || !strings.Contains(err.Error(), "mult=x") {
		t.Errorf("Mults: %v, want an error naming mult=x", err)
	}
	if err := os.Remove(filepath.Join(parent, "mult=x")); err != nil {
		t.Fatal(err)
	}
	mults, err := Mults(parent)
	if err != nil {
		t.Fatal(err)
	}
	if want := []grundy.Multiplier{{P: 1, Q: 1}, {P: 3, Q: 2}, {P: 7, Q: 2}, {P: 10, Q: 1}}; !reflect.DeepEqual(mults, want) {
		t.Errorf("Mults: %v, want %v", mults, want)
	}
	if found, err := MultFolders(filepath.Join(parent, "absent")); found != nil || err != nil {
		t.Errorf("an absent folder: %v, %v; want nothing", found, err)
	}
}

// TestCompareMults: the order is exact where floating point is not (the
// two fractions differ by about 1e-19).
func TestCompareMults(t *testing.T) {
	a := grundy.Multiplier{P: 2147483647, Q: 2147483646}
	b := grundy.Multiplier{P: 2147483646, Q: 2147483645}
	if CompareMults(a, b) != -1 || CompareMults(b, a) != 1 || CompareMults(a, a) != 0 {
		t.Errorf("CompareMults(%v, %v) = %d, want -1", a, b, CompareMults(a, b))
	}
	if CompareMults(grundy.Multiplier{P: 4, Q: 2}, grundy.Fibonacci) != 0 {
		t.Error("4/2 and 2 compare unequal")
	}
}

// TestRunsReadTheOpenFile: Runs reads breakpoint file g through the file
// Open validated, not by opening its path again (compute verify opens each
// table once): with the file's name gone after Open, Runs still gives the
// rows it gave before.
func TestRunsReadTheOpenFile(t *testing.T) {
	dir := build(t, t.TempDir(), 400, grundy.Fibonacci)
	tb, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	var before []Breakpoint
	for b, err := range tb.Runs(1) {
		if err != nil {
			t.Fatal(err)
		}
		before = append(before, b)
	}
	if err := os.Remove(BreakpointFile(filepath.Join(dir, BreakpointsDir), 1)); err != nil {
		t.Fatal(err)
	}
	var after []Breakpoint
	for b, err := range tb.Runs(1) {
		if err != nil {
			t.Fatalf("Runs(1) after the file's name was removed: %v", err)
		}
		after = append(after, b)
	}
	if len(before) == 0 || !reflect.DeepEqual(before, after) {
		t.Errorf("Runs(1): %d rows before, %d after the name was removed; want the same, at least one", len(before), len(after))
	}
}
