package grundy

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkDense fills the dense table at N = 5000 (12.5 million cells).
func BenchmarkDense(b *testing.B) {
	for _, w := range []int{1, 2} {
		b.Run(map[int]string{1: "workers=1", 2: "workers=2"}[w], func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := Dense(5000, Fibonacci, w); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSweep runs one value sweep of the breakpoint engine at N = 10^6
// (g = 10, mid-table, where most rows offer the value).
func BenchmarkSweep(b *testing.B) {
	const N = 1000000
	R := breakpointTable(N, Fibonacci)
	in, out := R[9], make([]uint32, N+1)
	s := newSweeper(N, Fibonacci)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.start(10, nil)
		s.run(in, out)
	}
}

// BenchmarkSweepByValue runs one sweep at N = 10^6 for a low, a middle
// and a high value: its cost per row follows the share of rows that open
// a window (43% at v = 5, about 21% at v = 40 for a = 2).
func BenchmarkSweepByValue(b *testing.B) {
	const N = 1000000
	R := breakpointTable(N, Fibonacci)
	for _, v := range []int{5, 20, 40} {
		b.Run(fmt.Sprintf("v=%d", v), func(b *testing.B) {
			in, out := R[v-1], make([]uint32, N+1)
			s := newSweeper(N, Fibonacci)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s.start(v, nil)
				s.run(in, out)
			}
		})
	}
}

// BenchmarkBreakpoints computes the whole breakpoint table at N = 10^6.
func BenchmarkBreakpoints(b *testing.B) {
	for _, w := range []int{1, 2} {
		b.Run(map[int]string{1: "workers=1", 2: "workers=2"}[w], func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				_, err := Breakpoints(context.Background(), BreakpointConfig{N: 1000000, Mult: Fibonacci, Workers: w, Runs: discardRuns})
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkStartValues computes the start values at N = 10^6 the way
// `compute grundy -breakpoints=false` does: the sparse pipeline (one array,
// rings between the sweeps of a chain) recording the counts.
func BenchmarkStartValues(b *testing.B) {
	const N = 1000000
	for _, w := range []int{1, 2} {
		b.Run(map[int]string{1: "workers=1", 2: "workers=2"}[w], func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				cfg := BreakpointConfig{N: N, Mult: Fibonacci, Workers: w, Counts: NewStartCounts(N)}
				if _, err := Breakpoints(context.Background(), cfg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRunStepByValue runs one run step at N = 10^6 for the values of
// BenchmarkSweepByValue and one near the switch: compare the two per
// value (ns per row here, against the row sweep's).
func BenchmarkRunStepByValue(b *testing.B) {
	const N = 1000000
	R := breakpointTable(N, Fibonacci)
	for _, v := range []int{5, 10, 15, 20, 40} {
		b.Run(fmt.Sprintf("v=%d", v), func(b *testing.B) {
			in := runsOf(R[v-1])
			s := newRunSweeper(N, Fibonacci)
			out := make([]Run, 0, len(in))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s.start(v, nil)
				out = s.finish(s.feed(in, out[:0]))
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(s.segments), "ns/segment")
		})
	}
}

// discardRuns takes every R_g and drops it.
func discardRuns(int) (RunWriter, error) { return discard{}, nil }

type discard struct{}

func (discard) Write([]Run) error { return nil }
func (discard) Close() error      { return nil }
func (discard) Abort()            {}
