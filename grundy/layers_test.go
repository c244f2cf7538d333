package grundy

import (
	"context"
	"slices"
	"testing"
)

// FirstLayers gives the same R_1..R_4 as the sequential sweep, for several
// multipliers and an N that is not a whole number of blocks.
func TestFirstLayers(t *testing.T) {
	const N = 100000 + 17
	for _, str := range []string{"2", "3/2", "1", "5/2", "7/2"} {
		a, _ := ParseMultiplier(str)
		want := breakpointTable(N, a)
		k := min(4, len(want))
		got := make([][]uint32, k)
		next := 0
		for n0, R := range FirstLayers(context.Background(), N, a, k) {
			if n0 != next {
				t.Fatalf("a=%s: block at %d, want %d", str, n0, next)
			}
			for g := range R {
				got[g] = append(got[g], R[g]...)
			}
			next += len(R[0])
		}
		for g := range got {
			if !slices.Equal(got[g], want[g]) {
				t.Fatalf("a=%s: R_%d differs from the sequential sweep", str, g+1)
			}
		}
	}
}
