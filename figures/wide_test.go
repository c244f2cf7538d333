package figures

import (
	"context"
	"errors"
	"testing"

	"fibnim/build"
	"fibnim/grundy"
)

// The figures draw from a table whose values pass 255: a = 300, where
// G(n) = n up to n = 301, with start values to n = 1000 and dense cells to
// n = 400. Every figure either draws and renders or says its data is
// missing (those about a = 2 and n-times nim).
func TestFiguresOfValuesPast255(t *testing.T) {
	a := grundy.Multiplier{P: 300, Q: 1}
	root := t.TempDir()
	if _, err := build.Run(context.Background(), build.Config{Root: root, N: 1000, Mult: a, Engine: build.EngineBreakpoint, Workers: 2, DenseMax: 400, Revision: "test"}); err != nil {
		t.Fatal(err)
	}
	src := NewSource(root, a)
	drawn := 0
	for _, name := range Names() {
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
