package grundy

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"
)

// breakpointTable computes all R_g by sequential sweeps: rows[g-1] = R_g.
func breakpointTable(N int, a Multiplier) [][]uint32 {
	return breakpointTableBlocks(N, a, pendingShift)
}

// breakpointTableBlocks is breakpointTable with start-bucket blocks of
// 2^shift rows: small blocks send most windows through the coarse buckets.
// Rows go to the sweeper in uneven pieces, as a pipeline may hand them.
func breakpointTableBlocks(N int, a Multiplier, shift int) [][]uint32 {
	s := newSweeperBlocks(N, a, shift)
	var rows [][]uint32
	in := make([]uint32, N+1) // R_0 = 0
	for {
		out := make([]uint32, N+1)
		s.start(len(rows), nil)
		for n0, step := 0, 1; n0 <= N; n0, step = n0+step, step*3%1000+1 {
			n1 := min(N+1, n0+step)
			s.run(in[n0:n1], out[n0:n1])
		}
		if s.finite == 0 {
			return rows
		}
		rows = append(rows, out)
		in = out
	}
}

// breakpointTableV1 is breakpointTable computed by the first engine.
func breakpointTableV1(N int, a Multiplier) [][]uint32 {
	s := newSweeperV1(N)
	var rows [][]uint32
	var in []uint32
	for {
		out := make([]uint32, N+1)
		if s.sweep(N, a, len(rows), in, nil, out, nil, nil, nil) == 0 {
			return rows
		}
		rows = append(rows, out)
		in = out
	}
}

// TestSweepEqualsV1 compares every R_g with the first engine's, which
// shares no code with this one, for several multipliers far beyond the
// dense engine's range.
func TestSweepEqualsV1(t *testing.T) {
	N := 300000
	if testing.Short() {
		N = 30000
	}
	for _, str := range []string{"1", "11/10", "3/2", "2", "5/2", "3", "7/2", "13/5", "10"} {
		a, _ := ParseMultiplier(str)
		want := breakpointTableV1(N, a)
		for _, shift := range []int{pendingShift, 5} {
			if got := breakpointTableBlocks(N, a, shift); !reflect.DeepEqual(got, want) {
				t.Fatalf("a=%s, blocks of 2^%d: %d arrays, first engine %d, or they differ", str, shift, len(got), len(want))
			}
		}
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
		for _, shift := range []int{0, 3, 7} {
			if !reflect.DeepEqual(breakpointTableBlocks(N, a, shift), R) {
				t.Fatalf("a=%s: blocks of 2^%d rows change the table", str, shift)
			}
		}
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
	_, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: a, Workers: 2, FromG: 7, FromR: slices.Clone(want[6]), Emit: func(g int, R []uint32) error {
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

// TestBreakpointsEmitHeld holds emitted arrays past the call and releases
// them later, out of order, from other goroutines, as a file writer does:
// every array must stay intact until released, and the table must equal
// the sequential sweep's, for any number of workers and held arrays.
func TestBreakpointsEmitHeld(t *testing.T) {
	N := 20000
	want := breakpointTable(N, Fibonacci)
	for _, w := range []int{1, 2, 4} {
		for _, hold := range []int{0, 1, 3} {
			got := make([][]uint32, len(want))
			var mu sync.Mutex
			var pending []func()
			var wg sync.WaitGroup
			check := func(g int, R []uint32, release func()) {
				defer wg.Done()
				time.Sleep(time.Duration(g%3) * time.Millisecond)
				c := append([]uint32(nil), R...)
				mu.Lock()
				got[g-1] = c
				mu.Unlock()
				release()
			}
			maxG, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: Fibonacci, Workers: w, Hold: hold, EmitHeld: func(g int, R []uint32, release func()) error {
				if g > len(want) {
					t.Fatalf("emitted g=%d beyond the table", g)
				}
				wg.Add(1)
				if hold == 0 || g%4 == 0 {
					check(g, R, release) // before returning
					return nil
				}
				mu.Lock()
				pending = append(pending, func() { check(g, R, release) })
				// Release the older ones in reverse order, keeping one.
				for len(pending) > 1 {
					f := pending[len(pending)-2]
					pending = append(pending[:len(pending)-2], pending[len(pending)-1])
					go f()
				}
				mu.Unlock()
				return nil
			}})
			mu.Lock()
			for _, f := range pending {
				go f()
			}
			mu.Unlock()
			wg.Wait()
			if err != nil || maxG != len(want) {
				t.Fatalf("%d workers, hold %d: maxG %d, err %v", w, hold, maxG, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%d workers, hold %d: held arrays differ from the sequential sweep", w, hold)
			}
		}
	}
	// An error from EmitHeld stops the run, and held arrays may be
	// released after Breakpoints returns.
	var held []func()
	_, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: Fibonacci, Workers: 2, Hold: 2, EmitHeld: func(g int, R []uint32, release func()) error {
		held = append(held, release)
		if g == 3 {
			return errors.New("disk full")
		}
		return nil
	}})
	for _, f := range held {
		f()
	}
	if err == nil || err.Error() != "disk full" {
		t.Fatalf("EmitHeld error: got %v", err)
	}
}

// TestBreakpointsCounts checks the start values that the sweeps record
// (Counts) against the ones Add derives from the emitted arrays, for any
// number of workers; that Checkpoint, called from Emit while later sweeps
// write, returns exactly the counts of values 1..g; and that a run resumed
// from such a checkpoint ends with the same counts.
func TestBreakpointsCounts(t *testing.T) {
	N := 30000
	// a = 300 has values past 255 (G(n) = n for n <= 301): the counts widen.
	for _, str := range []string{"2", "3/2", "1", "300"} {
		a, _ := ParseMultiplier(str)
		want := NewStartCounts(N)
		var arrays [][]uint32
		var snaps [][2][]uint16 // snaps[g-1]: Add's counts after R_g
		_, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: a, Workers: 1, Emit: func(g int, R []uint32) error {
			arrays = append(arrays, append([]uint32(nil), R...))
			err := want.Add(g, R)
			start := make([]uint16, N+1)
			for n := range start {
				start[n] = uint16(want.StartValue(n))
			}
			full := make([]uint16, N+1)
			for n := range full {
				full[n] = uint16(want.G(n))
			}
			snaps = append(snaps, [2][]uint16{full, start})
			return err
		}})
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []int{1, 2, 8} {
			got := NewStartCounts(N)
			_, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: a, Workers: w, Counts: got, Emit: func(g int, R []uint32) error {
				for n := 0; n <= N; n++ {
					f, s := got.Checkpoint(g, R, n)
					if f != snaps[g-1][0][n] || s != snaps[g-1][1][n] {
						t.Fatalf("a=%s, %d workers: Checkpoint(g=%d) at n=%d gives %d/%d, want %d/%d", str, w, g, n, f, s, snaps[g-1][0][n], snaps[g-1][1][n])
					}
				}
				return nil
			}})
			if err != nil {
				t.Fatal(err)
			}
			if !sameCounts(got, want) {
				t.Fatalf("a=%s, %d workers: recorded counts differ from Add's", str, w)
			}
		}
		// Resume from g = 5 with the counts a checkpoint would hold.
		g := 5
		resumed := NewStartCounts(N)
		for n := 0; n <= N; n++ {
			resumed.SetG(n, int(snaps[g-1][0][n]))
			resumed.SetStart(n, int(snaps[g-1][1][n]))
		}
		_, err = Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: a, Workers: 2, FromG: g, FromR: slices.Clone(arrays[g-1]), Counts: resumed, Emit: func(int, []uint32) error { return nil }})
		if err != nil || !sameCounts(resumed, want) {
			t.Fatalf("a=%s: resumed from g=%d: %v, counts equal: %v", str, g, err, sameCounts(resumed, want))
		}
	}
}

func sameCounts(a, b *StartCounts) bool {
	if len(a.narrow) != len(b.narrow) {
		return false
	}
	for n := range a.narrow {
		if a.G(n) != b.G(n) || a.StartValue(n) != b.StartValue(n) {
			return false
		}
	}
	return true
}

// TestBreakpointsSparse runs the sparse pipeline (one array, rings between
// the sweeps of a chain) and checks the counts against a full run, the
// arrays emitted at chain ends against the sequential sweep, a resume in
// sparse mode, and that a run whose emission holds R_g waits for it.
func TestBreakpointsSparse(t *testing.T) {
	// More rows than a ring holds (2^20): the rings wrap.
	N := 1<<20 + 12345
	if testing.Short() {
		N = 300000
	}
	for _, str := range []string{"2", "3/2", "1"} {
		a, _ := ParseMultiplier(str)
		want := NewStartCounts(N)
		var arrays [][]uint32
		wantG, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: a, Workers: 1, Counts: want, Emit: func(g int, R []uint32) error {
			arrays = append(arrays, append([]uint32(nil), R...))
			return nil
		}})
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []int{1, 2, 3, 8} {
			got := NewStartCounts(N)
			var gs []int
			maxG, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: a, Workers: w, Counts: got, Sparse: true, EmitHeld: func(g int, R []uint32, release func()) error {
				gs = append(gs, g)
				if g%w != 0 {
					t.Errorf("a=%s, %d workers: emitted g=%d, not a chain end", str, w, g)
				}
				if !reflect.DeepEqual(R, arrays[g-1]) {
					t.Errorf("a=%s, %d workers: emitted R_%d differs", str, w, g)
				}
				// Hold R a little: the sweep that overwrites it must wait.
				go func() {
					time.Sleep(2 * time.Millisecond)
					if !reflect.DeepEqual(R, arrays[g-1]) {
						t.Errorf("a=%s, %d workers: R_%d overwritten while held", str, w, g)
					}
					release()
				}()
				return nil
			}})
			if err != nil || maxG != wantG {
				t.Fatalf("a=%s, %d workers: maxG %d (want %d), %v", str, w, maxG, wantG, err)
			}
			if !sameCounts(got, want) {
				t.Fatalf("a=%s, %d workers: sparse counts differ", str, w)
			}
			if len(gs) != wantG/w {
				t.Fatalf("a=%s, %d workers: emitted %v", str, w, gs)
			}
		}
		// Resume from g = 4 in sparse mode.
		g := 4
		resumed := NewStartCounts(N)
		snap := NewStartCounts(N)
		for k := 1; k <= g; k++ {
			snap.Add(k, arrays[k-1])
		}
		for n := 0; n <= N; n++ {
			resumed.SetG(n, snap.G(n))
			resumed.SetStart(n, snap.StartValue(n))
		}
		maxG, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: a, Workers: 2, FromG: g, FromR: slices.Clone(arrays[g-1]), Counts: resumed, Sparse: true})
		if err != nil || maxG != wantG || !sameCounts(resumed, want) {
			t.Fatalf("a=%s: sparse resume from g=%d: %v, maxG %d", str, g, err, maxG)
		}
	}
	// Cancelling stops a sparse run.
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(5*time.Millisecond, cancel)
	if _, err := Breakpoints(ctx, BreakpointConfig{N: N, Mult: Fibonacci, Workers: 2, Counts: NewStartCounts(N), Sparse: true}); err == nil {
		t.Fatal("cancelled sparse run returned no error")
	}
}

// TestBreakpointsEqualBrute compares every cell with the oracle, which
// shares no code with the engine.
func TestBreakpointsEqualBrute(t *testing.T) {
	N := 300
	if testing.Short() {
		N = 120
	}
	for _, str := range []string{"1", "3/2", "2", "5/2", "3", "13/5"} {
		a, _ := ParseMultiplier(str)
		R := breakpointTable(N, a)
		b := Brute(N, a.Rat())
		for n := 0; n <= N; n++ {
			g := 0
			for r := 0; r <= n; r++ {
				for g < len(R) && R[g][n] <= uint32(r) {
					g++
				}
				if want := b[n][r]; g != want {
					t.Fatalf("a=%s: G(%d,%d) from breakpoints %d, oracle %d", str, n, r, g, want)
				}
			}
		}
	}
}

// TestSparseWidens runs the sparse pipeline where start values pass 255,
// so that the counts widen from one byte a row to two between sweeps, and
// checks them against the counts Add derives from every R_g.
func TestSparseWidens(t *testing.T) {
	const N = 5000
	a, _ := ParseMultiplier("300")
	want := NewStartCounts(N)
	_, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: a, Workers: 1, Emit: want.Add})
	if err != nil || !want.Wide() {
		t.Fatalf("%v; widened: %v", err, want.Wide())
	}
	for _, w := range []int{1, 2, 3, 8} {
		got := NewStartCounts(N)
		if _, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: a, Workers: w, Counts: got, Sparse: true}); err != nil {
			t.Fatal(err)
		}
		if !got.Wide() || !sameCounts(got, want) {
			t.Fatalf("%d workers: widened %v, counts equal %v", w, got.Wide(), sameCounts(got, want))
		}
	}
}

// A context cancelled before the call is an error every time, also when
// the launcher sees the stop before it has launched a sweep: it used to
// return (0, nil) then, a table with no values and no error, about one
// call in a hundred.
func TestBreakpointsCancelledBefore(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for i := 0; i < 500; i++ {
		sparse := i%2 == 1
		cfg := BreakpointConfig{N: 1000, Mult: Fibonacci, Workers: 2, Sparse: sparse, Counts: NewStartCounts(1000)}
		if _, err := Breakpoints(ctx, cfg); !errors.Is(err, context.Canceled) {
			t.Fatalf("call %d (sparse %v) with a cancelled context: %v", i, sparse, err)
		}
	}
}
