package grundy

import (
	"context"
	"sync/atomic"
	"testing"
)

// TestSwept: the rows-swept counter of BreakpointConfig.Swept changes no
// value, and counts N+1 rows for every sweep that ended: at least one per
// value made, and a few more for the sweeps started past the last value
// (at most 2 Workers + 2 sweeps' worth), over row sweeps and run sweeps
// alike (SwitchAt -1, 1 and the engine's choice).
func TestSwept(t *testing.T) {
	const N = 20000
	for _, sw := range []int{-1, 1, 0} {
		want := NewStartCounts(N)
		maxG, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: Fibonacci, Workers: 2, Counts: want, SwitchAt: sw})
		if err != nil {
			t.Fatal(err)
		}
		var swept atomic.Int64
		got := NewStartCounts(N)
		maxG2, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: Fibonacci, Workers: 2, Counts: got, SwitchAt: sw, Swept: &swept})
		if err != nil || maxG2 != maxG {
			t.Fatalf("SwitchAt %d: with Swept: max %d, %v; without: %d", sw, maxG2, err, maxG)
		}
		for n := 0; n <= N; n++ {
			if got.StartValue(n) != want.StartValue(n) {
				t.Fatalf("SwitchAt %d: G(%d, %d) differs with Swept", sw, n, n-1)
			}
		}
		s := swept.Load()
		if s < int64(maxG)*(N+1) || s > int64(maxG+2*2+2)*(N+1) {
			t.Errorf("SwitchAt %d: %d rows swept: %d sweeps of N+1 = %d rows, for %d values", sw, s, s/(N+1), N+1, maxG)
		}
	}
}
