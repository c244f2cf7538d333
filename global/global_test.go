package global

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"fibnim/grundy"
)

// oracleMults are the multipliers that the issue asks the engine to match
// the oracle for (issue 29: a = 2, 3/2, 5/2 and 3), with a = 1 and 7/2.
var oracleMults = []string{"2", "3/2", "5/2", "3", "1", "7/2"}

// TestFillEqualsOracle compares every cell (x, y, r) of the engine's table,
// 0 <= x, y <= 60 in both orders and 0 <= r <= the oracle's largest limit,
// with the oracle, which neither sorts the piles nor caps the limit.
func TestFillEqualsOracle(t *testing.T) {
	M := 60
	if testing.Short() {
		M = 30
	}
	for _, s := range oracleMults {
		a, err := grundy.ParseMultiplier(s)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := Fill(context.Background(), M, a, 2)
		if err != nil {
			t.Fatal(err)
		}
		o := NewOracle(2, M, int64(a.P), int64(a.Q))
		for x := 0; x <= M; x++ {
			for y := 0; y <= M; y++ {
				for r := 0; r <= o.RMax(); r++ {
					if g, want := tab.Value(x, y, r), o.Value([]int{x, y}, r); g != want {
						t.Fatalf("a=%s: G(%d, %d, %d) engine %d, oracle %d", s, x, y, r, g, want)
					}
				}
			}
		}
	}
}

// digest runs Sweep and returns every R_g it emits, concatenated.
func digest(t *testing.T, M int, a grundy.Multiplier, workers int, slow bool) []uint16 {
	t.Helper()
	var all []uint16
	maxG, err := Sweep(context.Background(), M, a, workers, func(g int, R []uint16) error {
		if slow {
			time.Sleep(time.Millisecond)
		}
		all = append(all, R...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != maxG*Positions(M) {
		t.Fatalf("%d entries for max G %d", len(all), maxG)
	}
	return all
}

// TestSweepWorkersIdentical: the arrays emitted are the same for 1, 2 and
// 8 workers, and with an emit slower than the sweeps (the pipeline then
// waits for arrays).
func TestSweepWorkersIdentical(t *testing.T) {
	for _, s := range []string{"2", "3/2", "1"} {
		a, _ := grundy.ParseMultiplier(s)
		want := digest(t, 300, a, 1, false)
		for _, w := range []int{2, 8} {
			for _, slow := range []bool{false, true} {
				if got := digest(t, 300, a, w, slow); !slices.Equal(got, want) {
					t.Fatalf("a=%s: %d workers (slow emit %v) differ from 1 worker", s, w, slow)
				}
			}
		}
	}
}

// TestSweepStops: a cancelled context stops the sweeps and is returned; an
// error from emit is returned.
func TestSweepStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	_, err := Sweep(ctx, 1500, grundy.Fibonacci, 2, func(g int, R []uint16) error {
		if g == 3 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled sweep: err = %v", err)
	}
	boom := errors.New("boom")
	_, err = Sweep(context.Background(), 300, grundy.Fibonacci, 2, func(g int, R []uint16) error {
		if g == 2 {
			return boom
		}
		return nil
	})
	if !errors.Is(err, boom) {
		t.Fatalf("emit error: err = %v", err)
	}
}
