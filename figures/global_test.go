package figures

import (
	"context"
	"errors"
	"testing"

	"fibnim/globalnim"
	"fibnim/grundy"
	"fibnim/tablebuild"
)

// writeGlobalInputs writes the global game's table of a = 2 to piles of
// 60, as "compute global -n 60" would, for the golden images.
func writeGlobalInputs(t *testing.T, dir string) {
	t.Helper()
	_, err := tablebuild.Global(context.Background(), tablebuild.GlobalConfig{Dir: globalnim.Dir(dir, grundy.Fibonacci), M: 60, Mult: grundy.Fibonacci, Workers: 2, Revision: "test"})
	must(t, err)
}

// TestGlobalFiguresNeedTheTable: without a global table of the Source's
// multiplier, the global figures are a MissingError.
func TestGlobalFiguresNeedTheTable(t *testing.T) {
	src := NewSource(testInputs(t), grundy.Multiplier{P: 3, Q: 1})
	for _, name := range []string{"global_p_positions", "global_values"} {
		_, err := Draw(src, name)
		var miss MissingError
		if !errors.As(err, &miss) {
			t.Errorf("%s without a table for a = 3: error %v, want MissingError", name, err)
		}
	}
}
