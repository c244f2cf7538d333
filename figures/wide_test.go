package figures

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"fibnim/conjectures"
	"fibnim/grundy"
	"fibnim/tablebuild"
)

// The figures draw from a table whose values pass 255: a = 300, where
// G(n) = n up to n = 301, with start values to n = 1000 and dense cells to
// n = 400. Every figure either draws and renders or says its data is
// missing (those about a = 2 and n-times nim).
func TestFiguresOfValuesPast255(t *testing.T) {
	a := grundy.Multiplier{P: 300, Q: 1}
	root := t.TempDir()
	if _, err := tablebuild.Run(context.Background(), tablebuild.Config{Root: root, N: 1000, Mult: a, Engine: tablebuild.EngineBreakpoint, Workers: 2, DenseMax: 400, Revision: "test"}); err != nil {
		t.Fatal(err)
	}
	src := NewSource(root, a)
	drawn := 0
	for _, name := range testedNames(t) {
		f, err := Draw(src, name)
		var me MissingError
		if errors.As(err, &me) {
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := render(f, "png", goldenDPI); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		drawn++
		t.Logf("drew %s", name)
	}
	if drawn < 3 {
		t.Errorf("%d figures drawn from the a = %s table", drawn, a)
	}
	st, err := src.loadStarts()
	if err != nil {
		t.Fatal(err)
	}
	d, err := src.loadDense()
	if err != nil {
		t.Fatal(err)
	}
	if st.full[1000] <= 255 || maxValue(d, d.N()) <= 255 {
		t.Errorf("G(1000) = %d, largest dense value %d: the test wants values past 255", st.full[1000], maxValue(d, d.N()))
	}
}

// Every figure takes its multiplier from the data it draws, or refuses:
// for a = 5/2, conjecture_gap draws G(n + ceil(n/a)) - G(n) and its first
// violation is the first counterexample that package conjectures finds
// for the analogue of the conjecture (plot -mult 5/2 drew G(ceil(3n/2)) -
// G(n) under a = 5/2 titles, first violation 854 where report.md said 915);
// the figures about a = 2 alone say they are missing; and each title or
// caption drawn names a = 5/2, none a = 2.
func TestFiguresTakeTheirMultiplier(t *testing.T) {
	a := grundy.Multiplier{P: 5, Q: 2}
	root := t.TempDir()
	if _, err := tablebuild.Run(context.Background(), tablebuild.Config{Root: root, N: 20000, Mult: a, Engine: tablebuild.EngineBreakpoint, Workers: 2, DenseMax: 200, Revision: "test"}); err != nil {
		t.Fatal(err)
	}
	src := NewSource(root, a)
	st, err := src.loadStarts()
	if err != nil {
		t.Fatal(err)
	}
	first := int64(-1)
	for _, r := range conjectures.CheckMultiplier(a, st.conj(), nil) {
		if (strings.HasPrefix(r.ID, "LRS-5.3-step(") || strings.HasPrefix(r.ID, "LRS-conj-upper(")) && len(r.Counterexamples) > 0 {
			if n := r.Counterexamples[0].N; first < 0 || n < first {
				first = n
			}
		}
	}
	if first < 0 {
		t.Fatal("the analogue holds on this range: the test wants a counterexample")
	}
	for _, name := range testedNames(t) {
		f, err := Draw(src, name)
		var me MissingError
		switch {
		case errors.As(err, &me):
			if name == "conjecture_gap" || name == "grundy_table" || name == "first_occurrence" {
				t.Errorf("%s refused a = 5/2: %v", name, err)
			}
			continue
		case err != nil:
			t.Fatalf("%s: %v", name, err)
		}
		if strings.HasPrefix(name, "ntimes") || strings.HasPrefix(name, "atlas") {
			continue
		}
		if !strings.Contains(f.Caption, "a = 5/2") || strings.Contains(f.Caption, "a = 2)") || strings.Contains(f.Caption, "a = 2$") || strings.Contains(f.Caption, "Fibonacci numbers") {
			t.Errorf("%s: caption %q", name, f.Caption)
		}
		if name == "conjecture_gap" && !strings.Contains(f.Caption, fmt.Sprintf("first violation is at $n = %d$", first)) {
			t.Errorf("conjecture_gap: caption %q; package conjectures finds the first counterexample at n = %d", f.Caption, first)
		}
	}
	for _, name := range []string{"zeckendorf_rows", "value_regions", "start_value_growth"} {
		var me MissingError
		if _, err := Draw(src, name); !errors.As(err, &me) {
			t.Errorf("%s of a = 5/2: %v, want it refused", name, err)
		}
	}
}
