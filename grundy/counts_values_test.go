package grundy

import (
	"context"
	"testing"
)

// Values gives, block by block, what StartValue and G give row by row:
// narrow (a = 2) and widened (a = 300) counts, blocks on both sides of the
// 256-row marks, and rows with an exception (G(n, n-1) < G(n, n)) among
// them.
func TestCountsValues(t *testing.T) {
	for _, tc := range []struct {
		a string
		N int
	}{{"2", 20000}, {"300", 5000}, {"1", 3000}} {
		a, _ := ParseMultiplier(tc.a)
		c := NewStartCounts(tc.N)
		if _, err := Breakpoints(context.Background(), BreakpointConfig{N: tc.N, Mult: a, Workers: 2, Counts: c}); err != nil {
			t.Fatal(err)
		}
		exceptions := 0
		for _, w := range [][2]int{{0, tc.N + 1}, {0, 1}, {1, 255}, {250, 20}, {255, 2}, {511, 1}, {1000, 1777}, {tc.N, 1}, {tc.N - 300, 301}, {7, 0}} {
			first, k := w[0], w[1]
			start, full := make([]int32, k), make([]int32, k)
			c.Values(first, start, full)
			for i := range k {
				n := first + i
				if int(start[i]) != c.StartValue(n) || int(full[i]) != c.G(n) {
					t.Fatalf("a = %s, rows %d..%d, n = %d: Values %d, %d; StartValue, G %d, %d", tc.a, first, first+k-1, n, start[i], full[i], c.StartValue(n), c.G(n))
				}
				if start[i] != full[i] {
					exceptions++
				}
			}
		}
		if exceptions == 0 {
			t.Errorf("a = %s: no row with G(n, n-1) != G(n, n) was compared", tc.a)
		}
		if tc.a == "300" && !c.Wide() {
			t.Errorf("a = 300: the counts did not widen")
		}
	}
}
