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
// at N = 0 and 1000, and for the breakpoint engine without a dense file
// (-dense-max 0) at N = 10^5 for a = 1 and 2, where a plan whose
// breakpoint writers shrank with the rows fell under the peak (a = 1:
// 53.6 MiB planned, 112.2 MiB measured).
func TestGrundySmallNEstimate(t *testing.T) {
	type run struct {
		N        int
		engine   string
		mult     string
		denseMax int
	}
	var runs []run
	for _, N := range []int{0, 1000} {
		for _, engine := range []string{"dense", "breakpoint"} {
			runs = append(runs, run{N, engine, "2", defaultDenseMax})
		}
	}
	runs = append(runs, run{100000, "breakpoint", "1", 0}, run{100000, "breakpoint", "2", 0})
	for _, r := range runs {
		N, engine := r.N, r.engine
		{
			a, err := grundy.ParseMultiplier(r.mult)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			_, peak := childRSS(t, "grundy", "-n", strconv.Itoa(N), "-engine", engine, "-mult", r.mult, "-dense-max", strconv.Itoa(r.denseMax), "-workers", "2", "-out", dir)
			cfg := tablebuild.Config{Root: dir, N: N, Mult: a, Engine: engine, Workers: 2, Breakpoints: true, DenseMax: r.denseMax}
			p, err := tablebuild.PlanMemory(context.Background(), &cfg)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("a = %s, N = %d, %s engine: estimated %.1f MiB, peak RSS %.1f MiB", r.mult, N, engine, float64(p.Memory)/(1<<20), float64(peak)/(1<<20))
			if p.Memory < peak {
				t.Errorf("a = %s, N = %d, %s engine: estimated %d bytes, below the peak RSS %d", r.mult, N, engine, p.Memory, peak)
			}
			if N == 0 && p.Memory > 64<<20 {
				t.Errorf("N = 0, %s engine: estimated %.1f MiB for a table of one row", engine, float64(p.Memory)/(1<<20))
			}
			tb, err := table.Open(filepath.Join(dir, "grundy", "mult="+r.mult))
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
