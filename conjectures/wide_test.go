package conjectures

import (
	"context"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"fibnim/grundy"
	"fibnim/internal/tablewrite"
	"fibnim/table"
)

// Values past 255 reach the checks unchanged. The start values of a = 1
// (to n = 3000) are lifted by 1000 from n = 2000 on: LRS-5.2 fails at
// n = 1999 with the values as they are, the difference G(m) - G(n) of the
// conjecture's distribution reaches past 255 (an array of 512 differences
// indexed by difference + 256 would have panicked), and streaming the
// table from its files gives the results of streaming the arrays.
func TestChecksSeeValuesPast255(t *testing.T) {
	const N = 3000
	a := grundy.Multiplier{P: 1, Q: 1}
	tab, err := grundy.Dense(N, a, 2)
	if err != nil {
		t.Fatal(err)
	}
	s := &Starts{Start: make([]uint16, N+1), Full: make([]uint16, N+1)}
	lift := func(n int) int {
		if n >= 2000 {
			return 1000
		}
		return 0
	}
	start := func(n int) int { return tab.Start(n) + lift(n) }
	full := func(n int) int { return tab.Full(n) + lift(n) }
	for n := 0; n <= N; n++ {
		s.Start[n], s.Full[n] = uint16(start(n)), uint16(full(n))
	}
	p := Pass{Mult: a, Mults: true}
	fromArrays, err := Stream(NewArraySource(s), p)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]Result{}
	for _, r := range fromArrays {
		byID[r.ID] = r
	}
	r52 := byID[multID("LRS-5.2", a)]
	expect(t, r52, Fails, 1999)
	if want := "G(2000) = " + strconv.Itoa(full(2000)); !strings.HasSuffix(r52.Counterexamples[0].Computed, want) {
		t.Errorf("LRS-5.2 counterexample %q, want it to end %q", r52.Counterexamples[0].Computed, want)
	}
	up := byID[multID("LRS-conj-upper", a)]
	top := int64(0)
	for _, d := range mustStats[StepStats](t, up).Differences {
		top = max(top, d.Difference)
	}
	if top < 1000 {
		t.Errorf("largest difference G(m) - G(n) %d, want one past 1000", top)
	}

	dir := table.Dir(t.TempDir(), a)
	if err := tablewrite.WriteDenseTable(context.Background(), dir, tablewrite.Meta("dense", N, a, 0, "test"), N, start, full, nil, 0); err != nil {
		t.Fatal(err)
	}
	tb, err := table.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	src, err := NewTableSource(context.Background(), tb, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	fromFiles, err := Stream(src, p)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fromFiles, fromArrays) {
		t.Errorf("streamed from the files:\n%+v\nfrom the arrays:\n%+v", fromFiles, fromArrays)
	}
}
