package conjectures

import (
	"testing"

	"fibnim/grundy"
)

func TestLRSTable1Transcription(t *testing.T) {
	cells := LRSTable1Printed()
	// The print has rows 0..20; row n has n+1 cells, plus the stray cells
	// the extraction put in rows 17 and 18 (shared/papers/README.md).
	count := map[int]int{}
	for _, c := range cells {
		count[c.N]++
	}
	for n := 0; n <= 20; n++ {
		if count[n] < n+1 && n != 17 && n != 18 {
			t.Errorf("row %d has %d printed cells, want at least %d", n, count[n], n+1)
		}
	}
}

func TestCompareLRSTable1CatchesCorruption(t *testing.T) {
	tab, err := grundy.Dense(20, grundy.Fibonacci, 1)
	if err != nil {
		t.Fatal(err)
	}
	base := map[string]int{}
	for _, c := range CompareLRSTable1(tab.At) {
		base[c.Status]++
	}
	// Corrupt one computed cell that agrees with the print: the comparison
	// must report exactly one more difference.
	corrupt := func(n, r int) int {
		if n == 10 && r == 3 {
			return tab.At(n, r) + 1
		}
		return tab.At(n, r)
	}
	got := map[string]int{}
	var where []Table1Cell
	for _, c := range CompareLRSTable1(corrupt) {
		got[c.Status]++
		if c.Status == "differs" {
			where = append(where, c)
		}
	}
	if got["differs"] != base["differs"]+1 {
		t.Fatalf("corrupting G(10,3) changed differences from %d to %d", base["differs"], got["differs"])
	}
	found := false
	for _, c := range where {
		found = found || (c.N == 10 && c.R == 3)
	}
	if !found {
		t.Fatal("the corrupted cell (10,3) is not listed")
	}
}
