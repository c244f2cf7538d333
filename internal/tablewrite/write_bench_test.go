package tablewrite

import (
	"context"
	"path/filepath"
	"testing"

	"fibnim/grundy"
)

// BenchmarkWriteStartValues writes the start values of a = 2 at N = 2^23,
// from the counts of the engine (made once, before the timer starts), as
// the complete table writes them once its sweeps are done; ns/row is the
// time per row of the file.
func BenchmarkWriteStartValues(b *testing.B) {
	const N = 1 << 23
	counts := grundy.NewStartCounts(N)
	if _, err := grundy.Breakpoints(context.Background(), grundy.BreakpointConfig{N: N, Mult: grundy.Fibonacci, Workers: 2, Counts: counts}); err != nil {
		b.Fatal(err)
	}
	meta := Meta("breakpoint", N, grundy.Fibonacci, 0, "bench")
	path := filepath.Join(b.TempDir(), "start_values.parquet")
	b.ResetTimer()
	for b.Loop() {
		if _, err := WriteStartValues(context.Background(), path, meta, N, 2, counts.Values); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(N+1), "ns/row")
}
