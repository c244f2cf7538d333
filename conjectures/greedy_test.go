package conjectures

import (
	"testing"

	"fibnim/grundy"
)

// The counter's parts are the greedy representation, n by n: for a = 2
// Zeckendorf's, and for other a the one SmallestGreedyPart builds from its
// definition.
func TestGreedyCounter(t *testing.T) {
	const N = 20000
	for _, a := range []grundy.Multiplier{{P: 1, Q: 1}, {P: 3, Q: 2}, {P: 2, Q: 1}, {P: 7, Q: 2}, {P: 10, Q: 1}} {
		g := NewGreedy(a.Rat(), N)
		z := SmallestGreedyPart(FPositions(a, N), N)
		for n := 1; n <= N; n++ {
			g.Inc()
			sum := int64(0)
			for _, j := range g.part {
				sum += g.f[j-1]
			}
			if g.N() != int64(n) || sum != int64(n) {
				t.Fatalf("a = %s: n = %d, parts %v sum to %d", a, n, g.part, sum)
			}
			if s := g.Smallest(1); s[0] != int64(z[n]) {
				t.Fatalf("a = %s: z_1(%d) = %d, from the definition %d", a, n, s[0], z[n])
			}
			if a == grundy.Fibonacci {
				want := zeck(n)
				if g.Smallest(3) != want {
					t.Fatalf("Zeckendorf parts of %d: %v, want %v", n, g.Smallest(3), want)
				}
			}
		}
	}
}
