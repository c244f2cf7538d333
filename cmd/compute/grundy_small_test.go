package main

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"

	"fibnim/grundy"
	"fibnim/table"
	"fibnim/tablebuild"
)

// N = 0 is a table: the empty pile, G(0, 0) = 0, one row (docs/commands.md
// refuses only negative sizes). Its memory estimate scales with the rows
// its writers buffer, no longer a fixed 256 MiB (issue 36 item 4), and
// stays above the peak RSS measured in a child process, for both engines,
// at N = 0 and 1000.
func TestGrundySmallNEstimate(t *testing.T) {
	for _, N := range []int{0, 1000} {
		for _, engine := range []string{"dense", "breakpoint"} {
			dir := t.TempDir()
			_, peak := childRSS(t, "grundy", "-n", strconv.Itoa(N), "-engine", engine, "-workers", "2", "-out", dir)
			cfg := tablebuild.Config{Root: dir, N: N, Mult: grundy.Fibonacci, Engine: engine, Workers: 2, Breakpoints: true, DenseMax: defaultDenseMax}
			p, err := tablebuild.PlanMemory(context.Background(), &cfg)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("N = %d, %s engine: estimated %.1f MiB, peak RSS %.1f MiB", N, engine, float64(p.Memory)/(1<<20), float64(peak)/(1<<20))
			if p.Memory < peak {
				t.Errorf("N = %d, %s engine: estimated %d bytes, below the peak RSS %d", N, engine, p.Memory, peak)
			}
			if N == 0 && p.Memory > 64<<20 {
				t.Errorf("N = 0, %s engine: estimated %.1f MiB for a table of one row", engine, float64(p.Memory)/(1<<20))
			}
			tb, err := table.Open(filepath.Join(dir, "grundy", "mult=2"))
			if err != nil {
				t.Fatal(err)
			}
			if tb.N() != N {
				t.Errorf("N = %d, %s engine: the table holds N = %d", N, engine, tb.N())
			}
			tb.Close()
		}
	}
}
