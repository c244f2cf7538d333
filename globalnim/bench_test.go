package globalnim

import (
	"context"
	"fmt"
	"testing"

	"fibnim/grundy"
)

// BenchmarkSweep is the engine alone for a = 2 (emit does nothing), at
// M = 500, 1000 and 2000, with 1 and 2 workers: go test -bench Sweep
// ./global (docs/global.md has the numbers).
func BenchmarkSweep(b *testing.B) {
	for _, M := range []int{500, 1000, 2000} {
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("M=%d/workers=%d", M, w), func(b *testing.B) {
				for range b.N {
					if _, err := Sweep(context.Background(), M, grundy.Fibonacci, w, func(int, []uint16) error { return nil }); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(Positions(M)), "positions")
			})
		}
	}
}
