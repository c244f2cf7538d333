package grundy

import (
	"context"
	"sync/atomic"
	"testing"
)

// runCount counts the runs the engine hands to its RunWriters: the rows
// the breakpoint files would hold.
type runCount struct{ n *atomic.Int64 }

func (c runCount) Write(runs []Run) error { c.n.Add(int64(len(runs))); return nil }
func (c runCount) Close() error           { return nil }
func (c runCount) Abort()                 {}

// engineRuns is what BreakpointRuns estimates, counted by the engine.
func engineRuns(t *testing.T, N int, a Multiplier) (int64, int) {
	var n atomic.Int64
	maxG, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: a, Workers: 2,
		Runs: func(int) (RunWriter, error) { return runCount{&n}, nil }})
	if err != nil {
		t.Fatal(err)
	}
	return n.Load(), maxG
}

// Where its work fits the pilot's budget, BreakpointRuns counts the runs
// and values of the table itself: they equal what the engine writes, for
// the multipliers of the test matrix, N = 0 included.
func TestBreakpointRunsExactWithinBudget(t *testing.T) {
	Ns := []int{0, 1, 3000, 3 * pilotMinRows}
	if testing.Short() {
		Ns = Ns[:3]
	}
	for _, str := range matrixMults {
		a, _ := ParseMultiplier(str)
		for _, N := range Ns {
			runs, values, err := BreakpointRuns(context.Background(), N, a)
			if err != nil {
				t.Fatal(err)
			}
			want, maxG := engineRuns(t, N, a)
			if runs != float64(want) || values != maxG {
				t.Errorf("a = %s, N = %d: estimated %.0f runs and %d values, the engine wrote %d and %d", str, N, runs, values, want, maxG)
			}
		}
	}
}

// The disk plan's count of runs keeps to the pilot's budget (issue 34
// item 1: the pilot costs at most 2 s or 1/50 of the run). From 2^20 rows
// on it is the memory estimate's pilot: after the memory estimate it
// sweeps no row of 2^14 or more (only, where the pilot stopped at its
// first size, the 2^13 rows below it). Below 2^20 rows, where a = 1's
// table to 2^20 - 1 (217 values) would take more than the budget, its row
// sweeps stay within the floor of the budget and the estimate within 10%
// of what the engine writes.
func TestBreakpointRunsWithinPilotBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("runs pilots of up to 2^20 rows")
	}
	defer func() { pilotHook = nil }()
	var big, rows int
	for _, str := range []string{"1", "13/12", "2", "3"} {
		a, _ := ParseMultiplier(str)
		pilots.Range(func(k, _ any) bool { pilots.Delete(k); return true })
		N := pilotRows + 100
		if _, err := BreakpointBytesContext(context.Background(), N, a, 2); err != nil {
			t.Fatal(err)
		}
		big, rows = 0, 0
		pilotHook = func(n, v int) {
			rows += n + 1
			if n >= pilotMinRows {
				big++
			}
		}
		runs, _, err := BreakpointRuns(context.Background(), N, a)
		if err != nil {
			t.Fatal(err)
		}
		if big > 0 || rows > 1000*(pilotMinRows/2+1) || runs <= 0 {
			t.Errorf("a = %s, N = %d: counting the runs after the memory estimate swept %d rows (%d values at 2^14 rows or more), estimated %.0f runs", str, N, rows, big, runs)
		}
	}
	a := Multiplier{P: 1, Q: 1}
	N := pilotRows - 1
	rows = 0
	runs, values, err := BreakpointRuns(context.Background(), N, a)
	if err != nil {
		t.Fatal(err)
	}
	want, maxG := engineRuns(t, N, a)
	t.Logf("a = 1, N = %d: estimated %.0f runs and %d values, the engine wrote %d and %d; the count swept %d rows", N, runs, values, want, maxG, rows)
	if rows > pilotBudgetSteps {
		t.Errorf("a = 1, N = %d: the count swept %d rows, over its budget of %d steps", N, rows, pilotBudgetSteps)
	}
	if runs < 0.9*float64(want) || runs > 1.1*float64(want) {
		t.Errorf("a = 1, N = %d: estimated %.0f runs, the engine wrote %d", N, runs, want)
	}
}
