package grundy

import (
	"context"
	"reflect"
	"testing"
)

// breakpointTable computes all R_g by sequential sweeps: rows[g-1] = R_g.
func breakpointTable(N int, a Multiplier) [][]uint32 {
	s := newSweeper(N)
	var rows [][]uint32
	var in []uint32
	for {
		out := make([]uint32, N+1)
		if s.sweep(N, a, in, nil, out, nil, nil) == 0 {
			return rows
		}
		rows = append(rows, out)
		in = out
	}
}

func TestBreakpointsEqualDense(t *testing.T) {
	N := 5000
	if testing.Short() {
		N = 1000
	}
	for _, str := range []string{"1", "3/2", "2", "3", "7/2", "13/5"} {
		a, _ := ParseMultiplier(str)
		d, err := Dense(N, a, 2)
		if err != nil {
			t.Fatal(err)
		}
		R := breakpointTable(N, a)
		for n := 0; n <= N; n++ {
			g := 0
			for r := 0; r <= n; r++ {
				for g < len(R) && R[g][n] <= uint32(r) {
					g++
				}
				if want := d.At(n, r); g != want {
					t.Fatalf("a=%s: G(%d,%d) from breakpoints %d, dense %d", str, n, r, g, want)
				}
			}
		}
	}
}

func TestBreakpointsPipelineWorkers(t *testing.T) {
	N := 20000
	a := Fibonacci
	want := breakpointTable(N, a)
	d, _ := Dense(3000, a, 2)
	for _, w := range []int{1, 2, 8} {
		counts := NewStartCounts(N)
		var got [][]uint32
		maxG, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: a, Workers: w, Emit: func(g int, R []uint32) error {
			if g != len(got)+1 {
				t.Fatalf("emitted g=%d after %d arrays", g, len(got))
			}
			got = append(got, append([]uint32(nil), R...))
			return counts.Add(g, R)
		}})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) || maxG != len(want) {
			t.Fatalf("%d workers: breakpoints differ from the sequential sweep (maxG %d, want %d)", w, maxG, len(want))
		}
		for n := 0; n <= 3000; n++ {
			if counts.G(n) != d.Full(n) || counts.StartValue(n) != d.Start(n) {
				t.Fatalf("n=%d: counts %d/%d, dense %d/%d", n, counts.G(n), counts.StartValue(n), d.Full(n), d.Start(n))
			}
		}
	}
	// Resume from g = 7 gives the same later arrays.
	var got [][]uint32
	_, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: a, Workers: 2, FromG: 7, FromR: want[6], Emit: func(g int, R []uint32) error {
		got = append(got, append([]uint32(nil), R...))
		return nil
	}})
	if err != nil || !reflect.DeepEqual(got, want[7:]) {
		t.Fatalf("resume from g=7: %v, %d arrays", err, len(got))
	}
	// Cancellation stops the run with an error.
	ctx, cancel := context.WithCancel(context.Background())
	_, err = Breakpoints(ctx, BreakpointConfig{N: N, Mult: a, Workers: 2, Emit: func(g int, R []uint32) error {
		if g == 3 {
			cancel()
		}
		return nil
	}})
	if err == nil {
		t.Fatal("cancelled run returned no error")
	}
}
