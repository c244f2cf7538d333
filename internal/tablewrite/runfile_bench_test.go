package tablewrite

import (
	"syscall"
	"testing"

	"fibnim/grundy"
	"fibnim/table"
)

// cpuTime is the CPU time the process has used, user and system, in ns.
func cpuTime() int64 {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return u.Utime.Nano() + u.Stime.Nano()
}

// writeRunFile writes runs through w in the pieces the engine made.
func writeRunFile(tb testing.TB, w grundy.RunWriter, runs []grundy.Run, pieces []int) {
	for _, k := range pieces {
		if err := w.Write(runs[:k]); err != nil {
			tb.Fatal(err)
		}
		runs = runs[k:]
	}
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkRunFile writes breakpoint file g = 10 of a = 2 at N = 2^23
// (2.3 million runs; at N = 10^8 and 10^9 file 10 is the largest) as the
// engine hands it over: writer=columns is RunFile, writer=rows the writer
// of rows it replaced (rowRunFile). The runs are made once, before the
// timer starts; ns/run is the time per row of the file.
func BenchmarkRunFile(b *testing.B) {
	e := runsOf(b, 1<<23, grundy.Fibonacci, 10)
	meta := Meta("breakpoint", e.N, e.Mult, 0, "bench")
	for _, c := range []struct {
		name   string
		create func(path string, meta map[string]string, g int) (grundy.RunWriter, error)
	}{
		{"rows", func(path string, meta map[string]string, g int) (grundy.RunWriter, error) {
			return createRowRunFile(path, meta, g)
		}},
		{"columns", func(path string, meta map[string]string, g int) (grundy.RunWriter, error) {
			return CreateRunFile(path, meta, g)
		}},
	} {
		b.Run("writer="+c.name, func(b *testing.B) {
			path := table.BreakpointFile(b.TempDir(), e.G)
			b.ResetTimer()
			cpu := cpuTime()
			for range b.N {
				w, err := c.create(path, meta, e.G)
				if err != nil {
					b.Fatal(err)
				}
				writeRunFile(b, w, e.Runs, e.Pieces)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(e.Runs)), "ns/run")
			// CPU time is what the engine's other goroutines lose to the
			// writer, and what other programs on the machine disturb less.
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/float64(len(e.Runs)), "cpu-ns/run")
		})
	}
}
