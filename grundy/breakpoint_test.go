package grundy

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"strings"
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
// dense engine's range: at 10^5 rows for every multiplier, and at 3*10^5
// (18 blocks of start buckets, 4 of the first engine's) for a = 3/2, 2 and
// 13/5, whose tables have few values: 34 and 46 for the first two, against
// 164 for a = 1 (make test-long: every multiplier; -short: 3*10^4 rows). It uses one core and runs beside the other tests
// of its kind (t.Parallel).
func TestSweepEqualsV1(t *testing.T) {
	t.Parallel()
	sizes := []int{100000, 300000}
	if testing.Short() {
		sizes = []int{30000}
	}
	for _, str := range []string{"1", "11/10", "3/2", "2", "5/2", "3", "7/2", "13/5", "10"} {
		a, _ := ParseMultiplier(str)
		for _, N := range sizes {
			if N == 300000 && !longTests() && str != "3/2" && str != "2" && str != "13/5" {
				continue
			}
			t.Run(subtest(str, N), func(t *testing.T) {
				want := breakpointTableV1(N, a)
				for _, shift := range []int{pendingShift, 5} {
					if got := breakpointTableBlocks(N, a, shift); !reflect.DeepEqual(got, want) {
						t.Fatalf("a=%s, N=%d, blocks of 2^%d: %d arrays, first engine %d, or they differ", str, N, shift, len(got), len(want))
					}
				}
			})
		}
	}
}

func TestBreakpointsEqualDense(t *testing.T) {
	t.Parallel()
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

// tableWriter checks what the engine writes to RunWriters against the
// expected layers, as it comes (want[g-1] = R_g; a layer past want must
// be empty), and notes which writers were closed or aborted. It keeps no
// runs: a table of many layers at 10^6 rows would take gigabytes.
type tableWriter struct {
	N       int
	want    [][]uint32
	mu      sync.Mutex
	next    map[int]int // the row each layer's next run may start at
	bad     map[int]bool
	closed  map[int]bool
	aborted map[int]bool
	delay   bool            // sleep a little in Write: a slow writer
	failAt  int             // Write fails for this g
	fail    error           // the error
	ctx     context.Context // if set, a Close after ctx is done is noted
	late    []int           // the g closed after ctx was done
}

func newTableWriter(N int, want [][]uint32) *tableWriter {
	return &tableWriter{N: N, want: want, next: map[int]int{}, bad: map[int]bool{}, closed: map[int]bool{}, aborted: map[int]bool{}}
}

type gWriter struct {
	t *tableWriter
	g int
}

func (t *tableWriter) writer(g int) (RunWriter, error) { return gWriter{t, g}, nil }

func (w gWriter) Write(runs []Run) error {
	if w.t.delay {
		time.Sleep(50 * time.Microsecond)
	}
	if w.g == w.t.failAt {
		return w.t.fail
	}
	w.t.mu.Lock()
	defer w.t.mu.Unlock()
	for _, r := range runs {
		if !w.t.match(w.g, r) {
			w.t.bad[w.g] = true
		}
	}
	return nil
}

// match reports whether run r of layer g is the next maximal run of the
// expected layer, and moves past it.
func (t *tableWriter) match(g int, r Run) bool {
	if g > len(t.want) || r.Len == 0 {
		return false
	}
	R := t.want[g-1]
	n := t.next[g]
	for n < int(r.N) {
		if R[n] != Inf {
			return false // a row of the layer was skipped
		}
		n++
	}
	if n > 0 && R[n-1] != Inf && R[n-1]+1 == R[n] {
		return false // not maximal: it continues the row before
	}
	for i := uint32(0); i < r.Len; i++ {
		if int(r.N+i) > t.N || R[r.N+i] != r.R+i {
			return false
		}
	}
	end := int(r.N + r.Len)
	if end <= t.N && R[end] != Inf && R[end] == R[end-1]+1 {
		return false // not maximal: it stops short
	}
	t.next[g] = end
	return true
}

func (w gWriter) Close() error {
	w.t.mu.Lock()
	defer w.t.mu.Unlock()
	w.t.closed[w.g] = true
	// A layer whose runs were all written before the cancel may still be
	// closing its writer when the cancel comes: its file is whole. A
	// writer closed after the cancel without its whole layer is noted.
	if w.t.ctx != nil && w.t.ctx.Err() != nil && !w.t.whole(w.g) {
		w.t.late = append(w.t.late, w.g)
	}
	return nil
}

// whole reports whether layer g was written in full and right (false
// without the expected layers).
func (t *tableWriter) whole(g int) bool {
	if g > len(t.want) || t.bad[g] {
		return false
	}
	R := t.want[g-1]
	for n := t.next[g]; n <= t.N; n++ {
		if R[n] != Inf {
			return false
		}
	}
	return true
}

func (w gWriter) Abort() {
	w.t.mu.Lock()
	defer w.t.mu.Unlock()
	w.t.aborted[w.g] = true
}

// ok reports whether the writers of layers from+1 .. len(want) were all
// closed with exactly their runs, and no other was closed.
func (t *tableWriter) ok(from int) bool {
	for g := from + 1; g <= len(t.want); g++ {
		if !t.closed[g] || t.bad[g] {
			return false
		}
		for n := t.next[g]; n <= t.N; n++ {
			if t.want[g-1][n] != Inf {
				return false // rows left over at the end
			}
		}
	}
	for g := range t.closed {
		if g <= from || g > len(t.want) {
			return false
		}
	}
	return true
}

// TestBreakpointsPipeline runs the pipeline with 1, 2 and 8 workers and
// every kind of switch to runs (never, from v = 1, from v = 5, chosen by
// the engine, mixed), collecting every R_g through RunWriters, some of
// them slow: every R_g must equal the sequential row sweep's, the writers
// of values past the table must be aborted, and the counts must equal the
// dense table's and those Add derives from the sequential sweep. Then it
// resumes from layers of rows and of runs.
//
// Every combination of workers and switch runs for every multiplier at
// 10^5 rows. Past 2^20 rows, where the rings of rows wrap (they exist only
// with more than one worker), make test runs each of the ten pairs of 2 or
// 8 workers and a switch once, spread over a = 2, 3/2 and 7/3 (three or
// four pairs each), and resumes a = 2; make test-long runs the whole
// matrix and the resumes there too (a = 1 stops at 3*10^5 rows). -short
// runs 10^5 rows alone, with 8 workers only under the engine's choice.
func TestBreakpointsPipeline(t *testing.T) {
	const big = 1<<20 + 12345 // more rows than a ring holds: the rings wrap
	const small = 100000
	workers := []int{1, 2, 8}
	switches := []int{-1, 1, 5, 0, mixedSwitch}
	pair, bigRan := 0, 0 // the (workers > 1, switch) pairs met past 2^20 rows, in how many subtests
	for _, str := range []string{"2", "3/2", "1", "7/3"} {
		a, _ := ParseMultiplier(str)
		sizes := []int{small}
		switch {
		case testing.Short():
		case str == "1" && longTests():
			sizes = []int{300000} // 217 layers at 2^20 rows would take a gigabyte
		case str != "1":
			sizes = append(sizes, big)
		}
		d, _ := Dense(2000, a, 2)
		for _, N := range sizes {
			t.Run(subtest(str, N), func(t *testing.T) {
				want := breakpointTable(N, a)
				ref := NewStartCounts(N) // Add's counts: one reference for every run below
				for g, R := range want {
					ref.Add(g+1, R)
				}
				shareCounts(N, a, ref)
				if N == big {
					bigRan++
				}
				for _, w := range workers {
					for _, sw := range switches {
						switch {
						case testing.Short() && w == 8 && sw != 0:
							continue
						case N == big && !longTests():
							if w == 1 {
								continue // no ring: 10^5 rows test it
							}
							// Pair k of (2 or 8 workers, switch) runs for the
							// k mod 3rd multiplier past 2^20 rows.
							k := slices.Index(workers, w)*len(switches) + slices.Index(switches, sw) - len(switches)
							if k%3 != slices.Index([]string{"2", "3/2", "7/3"}, str) {
								continue
							}
							pair++
						}
						pipelineRun(t, str, a, N, w, sw, want, ref, d)
					}
				}
				// Resume from g = 7, from a layer of rows and one of runs, and
				// with no writers at all (start values only): at every size
				// for a = 2, and past 2^20 rows for the others only under
				// make test-long.
				if N == big && str != "2" && !longTests() {
					return
				}
				for _, runs := range []bool{false, true} {
					g := 7
					var l *Layer
					if runs {
						l, _ = NewRunLayer(N, runsOf(want[g-1]))
					} else {
						l = NewRowLayer(N)
						l.Fill(0, want[g-1])
					}
					tw := newTableWriter(N, want)
					maxG, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: a, Workers: 2, FromG: g, From: l, Runs: tw.writer})
					if err != nil || maxG != len(want) || !tw.ok(g) {
						t.Fatalf("a=%s, N=%d: resume from g=%d (runs %v): %v, maxG %d", str, N, g, runs, err, maxG)
					}
				}
			})
		}
	}
	if bigRan == 3 && !longTests() && pair != 2*len(switches) {
		t.Fatalf("%d pairs of workers and switch ran past 2^20 rows, want %d", pair, 2*len(switches))
	}
}

// pipelineRun is one run of TestBreakpointsPipeline: a = str at N rows
// with w workers and switch sw, checked against the sequential sweep's
// layers (want), Add's counts from them (ref) and the dense table (d).
func pipelineRun(t *testing.T, str string, a Multiplier, N, w, sw int, want [][]uint32, ref *StartCounts, d *Table) {
	t.Helper()
	name := sw
	sw = useSwitch(t, sw)
	defer func() { chooseHook = nil }()
	tw := newTableWriter(N, want)
	tw.delay = w == 2 && sw == 0
	counts := NewStartCounts(N)
	var done []int
	maxG, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: a, Workers: w, Counts: counts, Runs: tw.writer, SwitchAt: sw,
		Done: func(g, first int) {
			done = append(done, g)
			if wf := slices.IndexFunc(want[g-1], func(r uint32) bool { return r != Inf }); wf != first {
				t.Errorf("a=%s: Done(%d) first row %d, want %d", str, g, first, wf)
			}
		}})
	if err != nil || maxG != len(want) {
		t.Fatalf("a=%s, N=%d, %d workers, switch %d: maxG %d (want %d), %v", str, N, w, name, maxG, len(want), err)
	}
	if !tw.ok(0) {
		t.Fatalf("a=%s, N=%d, %d workers, switch %d: the layers differ from the sequential sweep", str, N, w, name)
	}
	for g := range tw.closed {
		if g > maxG {
			t.Fatalf("a=%s: writer of g=%d > maxG closed", str, g)
		}
	}
	for g := range tw.aborted {
		if g <= maxG {
			t.Fatalf("a=%s: writer of g=%d <= maxG aborted", str, g)
		}
	}
	if len(done) != maxG || done[len(done)-1] != maxG {
		t.Fatalf("a=%s: Done for %v", str, done)
	}
	for n := 0; n <= 2000; n++ {
		if counts.G(n) != d.Full(n) || counts.StartValue(n) != d.Start(n) {
			t.Fatalf("a=%s, N=%d, %d workers, switch %d, n=%d: counts %d/%d, dense %d/%d", str, N, w, name, n, counts.G(n), counts.StartValue(n), d.Full(n), d.Start(n))
		}
	}
	if !sameCounts(counts, ref) {
		t.Fatalf("a=%s, N=%d, %d workers, switch %d: counts differ from Add's", str, N, w, name)
	}
}

// TestBreakpointsWhole checks the layers handed to Whole: at the ends of
// the chains (g a multiple of the workers), equal to the sequential
// sweep's, intact while Whole holds them (the sweep that writes over them
// waits), for rows and runs; and that Checkpoint, called from Whole while
// later sweeps write, gives exactly the counts of values 1..g, so that a
// run resumed from it ends with the same counts.
//
// make test runs all twelve pairs of 1, 2 or 3 workers and a switch at
// 6*10^4 rows (a = 300: 5,000), and four of them (each worker count once,
// each switch once) at 3*10^5 for a = 2 and 3/2 (a = 300: 20,000), where
// the first layers hold more runs than a ring of runs; make test-long
// runs all twelve there, for a = 1 too. -short runs the four at the
// smaller size.
func TestBreakpointsWhole(t *testing.T) {
	type size struct {
		N, N300 int
		all     bool // every pair, not only four
	}
	sizes := []size{{60000, 5000, true}, {300000, 20000, false}} // a = 300: values past 255 from n = 256 on, the counts widen
	switch {
	case testing.Short():
		sizes = []size{{60000, 5000, false}}
	case longTests():
		sizes = []size{{300000, 20000, true}}
	}
	for _, str := range []string{"2", "3/2", "1", "300"} { // 300: values past 255, the counts widen
		a, _ := ParseMultiplier(str)
		for _, sz := range sizes {
			N := sz.N
			if str == "300" {
				N = sz.N300 // 1,500 values: snapshots of all of them at more rows would take gigabytes
			}
			if str == "1" && !sz.all && !testing.Short() {
				continue // a = 1 past 6*10^4 rows: make test-long
			}
			t.Run(subtest(str, N), func(t *testing.T) { wholeRuns(t, str, a, N, sz.all) })
		}
	}
}

// wholeRuns is TestBreakpointsWhole for a = str at N rows: every pair of
// workers and switch, or only four of them.
func wholeRuns(t *testing.T, str string, a Multiplier, N int, all bool) {
	t.Helper()
	want := breakpointTable(N, a)
	snaps := make([][2][]uint16, len(want)) // Add's counts after R_g
	ref := NewStartCounts(N)
	for g, R := range want {
		ref.Add(g+1, R)
		full, start := make([]uint16, N+1), make([]uint16, N+1)
		for n := range full {
			full[n], start[n] = uint16(ref.G(n)), uint16(ref.StartValue(n))
		}
		snaps[g] = [2][]uint16{full, start}
	}
	for _, w := range []int{1, 2, 3} {
		for _, sw := range []int{-1, 0, 1, mixedSwitch} {
			if !all && sw != w-2 && (sw != mixedSwitch || w != 2) {
				continue // four of the twelve: each worker count once, each switch once
			}
			sw := useSwitch(t, sw)
			got := NewStartCounts(N)
			var gs []int
			var layers []*Layer
			maxG, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: a, Workers: w, Counts: got, SwitchAt: sw,
				Whole: func(g int, R *Layer) error {
					gs = append(gs, g)
					if g%w != 0 && g != narrowMax+1 {
						t.Errorf("a=%s, N=%d, %d workers: Whole(%d), not a chain's end", str, N, w, g)
					}
					if len(gs) <= 64 || len(gs)%32 == 0 || g >= narrowMax-1 && g <= narrowMax+2 {
						// The next chain waits. Not at every layer of
						// a = 300's 1,500: the first, those around the
						// widening and every 32nd.
						time.Sleep(time.Millisecond)
					}
					for n0, rows := range R.Rows() {
						if !slices.Equal(rows, want[g-1][n0:n0+len(rows)]) {
							t.Fatalf("a=%s, N=%d, %d workers, switch %d: R_%d differs at rows from %d", str, N, w, sw, g, n0)
						}
						for i, r := range rows {
							f, s := got.Checkpoint(g, r, n0+i)
							if f != snaps[g-1][0][n0+i] || s != snaps[g-1][1][n0+i] {
								t.Fatalf("a=%s, N=%d, %d workers: Checkpoint(g=%d) at n=%d gives %d/%d, want %d/%d", str, N, w, g, n0+i, f, s, snaps[g-1][0][n0+i], snaps[g-1][1][n0+i])
							}
						}
					}
					if len(layers) < 2 {
						c := NewRowLayer(N)
						for n0, rows := range R.Rows() {
							c.Fill(n0, rows)
						}
						layers = append(layers, c)
					}
					return nil
				}})
			if err != nil || maxG != len(want) {
				t.Fatalf("a=%s, N=%d, %d workers: maxG %d (want %d), %v", str, N, w, maxG, len(want), err)
			}
			if !sameCounts(got, ref) {
				t.Fatalf("a=%s, N=%d, %d workers, switch %d: counts differ", str, N, w, sw)
			}
			extra := 0
			if w > 1 && len(want) > narrowMax && (narrowMax+1)%w != 0 {
				extra = 1 // R_256, made whole for the widening
			}
			if len(gs) != len(want)/w+extra {
				t.Fatalf("a=%s, N=%d, %d workers: Whole for %v", str, N, w, gs)
			}
			// Resume from the first layer Whole saw, with the counts a
			// checkpoint there holds.
			if len(layers) > 0 && w == 2 {
				g := gs[0]
				resumed := NewStartCounts(N)
				for n := 0; n <= N; n++ {
					resumed.SetG(n, int(snaps[g-1][0][n]))
					resumed.SetStart(n, int(snaps[g-1][1][n]))
				}
				maxG, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: a, Workers: 2, FromG: g, From: layers[0], Counts: resumed, SwitchAt: sw})
				if err != nil || maxG != len(want) || !sameCounts(resumed, ref) {
					t.Fatalf("a=%s, N=%d: resumed from g=%d: %v, counts equal: %v", str, N, g, err, sameCounts(resumed, ref))
				}
			}
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

// TestBreakpointsErrors: an error from Runs, from a Write or from Whole
// stops the run with that error, every writer left open is aborted, and
// cancelling stops it.
func TestBreakpointsErrors(t *testing.T) {
	const N = 200000
	full := errors.New("disk full")
	want := breakpointTable(N, Fibonacci)
	for _, sw := range []int{-1, 1} {
		tw := newTableWriter(N, nil)
		tw.failAt, tw.fail = 3, full
		if _, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: Fibonacci, Workers: 2, Runs: tw.writer, SwitchAt: sw}); !errors.Is(err, full) {
			t.Fatalf("switch %d: a failing Write gave %v", sw, err)
		}
		if !tw.aborted[3] || tw.closed[3] {
			t.Fatalf("switch %d: the failed writer was not aborted", sw)
		}
		_, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: Fibonacci, Workers: 2, SwitchAt: sw,
			Runs: func(g int) (RunWriter, error) {
				if g == 4 {
					return nil, full
				}
				return nil, nil
			}})
		if !errors.Is(err, full) {
			t.Fatalf("switch %d: a failing Runs gave %v", sw, err)
		}
		_, err = Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: Fibonacci, Workers: 2, SwitchAt: sw,
			Whole: func(g int, R *Layer) error {
				if g == 4 {
					return full
				}
				return nil
			}})
		if !errors.Is(err, full) {
			t.Fatalf("switch %d: a failing Whole gave %v", sw, err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		tw = newTableWriter(N, want)
		tw.ctx = ctx
		_, err = Breakpoints(ctx, BreakpointConfig{N: N, Mult: Fibonacci, Workers: 2, SwitchAt: sw, Runs: tw.writer,
			Done: func(g, first int) {
				if g == 3 {
					cancel()
				}
			}})
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("switch %d: cancelled run gave %v", sw, err)
		}
		if len(tw.late) > 0 {
			t.Fatalf("switch %d: writers of %v closed after the cancel without the whole layer", sw, tw.late)
		}
	}
}

// TestBreakpointsEqualBrute compares every cell with the oracle, which
// shares no code with the engine.
func TestBreakpointsEqualBrute(t *testing.T) {
	t.Parallel()
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

// TestBreakpointsSlowLastWriter: when the table completes, the sweeps
// launched past its end are stopped, but a RunWriter still writing one of
// the table's values must finish and be closed, not aborted (it was, when
// one flag stopped both: one resume in a few hundred lost a layer).
func TestBreakpointsSlowLastWriter(t *testing.T) {
	const N = 100000
	want := breakpointTable(N, Fibonacci)
	for _, sw := range []int{-1, 0} {
		tw := newTableWriter(N, want)
		maxG, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: Fibonacci, Workers: 2, SwitchAt: sw,
			Runs: func(g int) (RunWriter, error) {
				w, _ := tw.writer(g)
				if g >= len(want)-2 {
					return slowWriter{w}, nil
				}
				return w, nil
			}})
		if err != nil || maxG != len(want) || !tw.ok(0) {
			t.Fatalf("switch %d: %v, maxG %d, %d layers closed of %d", sw, err, maxG, len(tw.closed), len(want))
		}
	}
}

// slowWriter is a RunWriter that takes its time closing.
type slowWriter struct{ RunWriter }

func (w slowWriter) Close() error {
	time.Sleep(50 * time.Millisecond)
	return w.RunWriter.Close()
}

// TestWidenWithFullRings widens the counts where the sweep of 255 writes
// more than a ring holds (runs of a = 300, at 10^5 rows R_256 has 97,314
// runs against a ring's 2^16; the test checks that it has more): the
// sweep of 256 waits for it, and it used to wait for a reader that was
// not launched, for ever. The counts must equal those of the sequential
// row sweep. make test (and -short) runs four of the six pairs of 2 or 3
// workers and a switch at 10^5 rows (each worker count with the mixed
// switch, 2 with the engine's choice, 3 with runs from v = 1); make
// test-long all six, at 10^5 and at 3*10^5 rows.
func TestWidenWithFullRings(t *testing.T) {
	sizes := []int{100000}
	if longTests() {
		sizes = append(sizes, 300000)
	}
	a, _ := ParseMultiplier("300")
	for _, N := range sizes {
		want := sequentialCounts(N, a)
		for _, w := range []int{2, 3} {
			for _, sw := range []int{0, 1, mixedSwitch} {
				if !longTests() && (w == 2) != (sw == 0) && sw != mixedSwitch {
					continue // four of the six: each worker count, each switch
				}
				name := sw
				sw := useSwitch(t, sw)
				got := NewStartCounts(N)
				var mu sync.Mutex
				runs := map[int]int{} // runs written of R_255 and R_256
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
				_, err := Breakpoints(ctx, BreakpointConfig{N: N, Mult: a, Workers: w, Counts: got, SwitchAt: sw,
					Runs: func(g int) (RunWriter, error) {
						if g != narrowMax && g != narrowMax+1 {
							return discard{}, nil
						}
						return countingWriter{func(k int) { mu.Lock(); runs[g] += k; mu.Unlock() }}, nil
					}})
				cancel()
				if err != nil || !got.Wide() || !sameCounts(got, want) {
					t.Fatalf("N=%d, %d workers, switch %d: %v; widened %v, counts equal %v", N, w, name, err, got.Wide(), sameCounts(got, want))
				}
				if runs[narrowMax+1] <= ringRuns {
					t.Fatalf("N=%d: R_%d has %d runs, R_%d %d: the ring of %d runs is not filled", N, narrowMax, runs[narrowMax], narrowMax+1, runs[narrowMax+1], ringRuns)
				}
			}
		}
	}
}

// countingWriter is a RunWriter that hands the number of runs of each
// Write to add and keeps nothing.
type countingWriter struct{ add func(int) }

func (c countingWriter) Write(runs []Run) error { c.add(len(runs)); return nil }
func (countingWriter) Close() error             { return nil }
func (countingWriter) Abort()                   {}

// TestCountsWiden runs the pipeline where start values pass 255, so that
// the counts widen from one byte a row to two between sweeps, and checks
// them against the counts Add derives from every R_g of the sequential
// row sweep. make test runs 8 workers with every switch and 1, 2 and 3
// workers with one switch each (TestBreakpointsWhole runs those three
// with every switch on the same table, with Whole set); make test-long
// every pair.
func TestCountsWiden(t *testing.T) {
	const N = 5000
	a, _ := ParseMultiplier("300")
	want := sequentialCounts(N, a)
	switches := []int{-1, 0, 1, mixedSwitch}
	for i, w := range []int{1, 2, 3, 8} {
		for j, sw := range switches {
			if w != 8 && i != j && !longTests() {
				continue
			}
			name := sw
			sw := useSwitch(t, sw)
			got := NewStartCounts(N)
			if _, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: a, Workers: w, Counts: got, SwitchAt: sw}); err != nil {
				t.Fatal(err)
			}
			if !got.Wide() || !sameCounts(got, want) {
				t.Fatalf("%d workers, switch %d: widened %v, counts equal %v", w, name, got.Wide(), sameCounts(got, want))
			}
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
		cfg := BreakpointConfig{N: 1000, Mult: Fibonacci, Workers: 2, Counts: NewStartCounts(1000), SwitchAt: i%3 - 1}
		if i%2 == 1 {
			cfg.Runs = newTableWriter(1000, nil).writer
		}
		if _, err := Breakpoints(ctx, cfg); !errors.Is(err, context.Canceled) {
			t.Fatalf("call %d with a cancelled context: %v", i, err)
		}
	}
}

// mixedSwitch, in a test's list of switches, stands for sweeps that go
// over rows or runs value by value in a fixed pseudo-random pattern
// (chooseHook), so that the engine goes from runs back to rows, in chains
// and at their ends, many times in one table.
const mixedSwitch = -100

// useSwitch returns the SwitchAt to run with for sw, and for mixedSwitch
// sets chooseHook until the end of the test or the next call.
func useSwitch(t *testing.T, sw int) int {
	chooseHook = nil
	if sw != mixedSwitch {
		return sw
	}
	chooseHook = func(v int) bool { return (uint32(v)*0x9E3779B1)>>13&1 == 1 }
	t.Cleanup(func() { chooseHook = nil })
	return 0
}

// A cancelled context stops the memory estimate's pilot within the value
// it is on, at every size it runs (2^14 to 2^20 rows) and for a = 1 too,
// whose pilot used to run for ever: the hook cancels, and it must not be
// called again.
func TestPilotCancelled(t *testing.T) {
	defer func() { pilotHook = nil }()
	for _, str := range []string{"1", "2"} {
		a, _ := ParseMultiplier(str)
		for _, at := range [][2]int{{pilotMinRows, 0}, {pilotMinRows, 3}, {pilotMinRows * 2, 7}} {
			pilots.Range(func(k, _ any) bool { pilots.Delete(k); return true })
			ctx, cancel := context.WithCancel(context.Background())
			calls := 0
			pilotHook = func(n, v int) {
				if calls > 0 {
					calls++
				}
				if n == at[0] && v == at[1] {
					cancel()
					calls = 1
				}
			}
			_, err := BreakpointBytesContext(ctx, 1<<21, a, 2)
			cancel()
			if !errors.Is(err, context.Canceled) || calls != 1 {
				t.Errorf("a = %s, cancelled at %d rows, v = %d: %v, %d calls of the hook from the cancel on, want context.Canceled and 1", str, at[0], at[1], err, calls)
			}
		}
	}
}

// The pilot stays within its budget for every multiplier of the test
// matrix (TestMultiplierMatrix) at 2^21 rows, where the budget is its
// floor (10^8 steps), and grows with the run: for a = 2 it reaches 2^20
// rows at N = 10^9. make test runs a = 1 (the most values, runs of 1 to 8
// rows: both sweeps), 13/12 (the most run blocks) and 2 (whose pilots
// TestBreakpointBytesMatchesRSS reuses); make test-long every multiplier.
func TestPilotBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("runs pilots of up to 10^8 row steps")
	}
	for _, str := range matrixMults {
		if !longTests() && str != "1" && str != "13/12" && str != "2" {
			continue
		}
		a, _ := ParseMultiplier(str)
		for _, N := range []int{1 << 21, 1000000000} {
			if N > 1<<21 && str != "2" {
				continue
			}
			p, err := pilot(context.Background(), a, N)
			if err != nil {
				t.Fatal(err)
			}
			spent := 0
			for n := pilotMinRows; n <= p.n; n *= 2 {
				q, _ := pilots.Load(pilotKey{a, n})
				spent += q.(*pilotResult).steps
			}
			run := float64(p.steps) * float64(N) / float64(p.n+1)
			if float64(spent) > max(pilotBudgetSteps, run/pilotShare) {
				t.Errorf("a = %s, N = %d: the pilot took %d steps, over its budget", str, N, spent)
			}
			if str == "2" && N == 1000000000 && p.n != pilotRows {
				t.Errorf("a = 2, N = 10^9: the pilot stopped at %d rows", p.n)
			}
		}
	}
}

// matrixMults are the multipliers of TestMultiplierMatrix: a = 1 and the
// multipliers near it, whose run sweeps make the most blocks and whose
// runs stay short, Fibonacci nim, and a few with long runs.
var matrixMults = []string{"1", "13/12", "7/6", "3/2", "2", "5/2", "3", "10"}

// TestMultiplierMatrix runs the engine as it chooses rows or runs value
// by value (SwitchAt 0), with 1 and 2 workers, past 2^20 rows, for every
// multiplier of matrixMults, and compares its start values G(n, n) and
// G(n, n-1) with the sequential row sweep's (sequentialCounts), row by
// row. make test runs both worker counts at 2^17 rows and one of them,
// in turn, past 2^20; make test-long both past 2^20; -short 2^17 alone.
// Its speed is BenchmarkMultiplierMatrix's.
func TestMultiplierMatrix(t *testing.T) {
	const big, small = 1<<20 + 12345, 1<<17 + 4321 // big: TestBreakpointsPipeline's, whose counts it reuses
	for i, str := range matrixMults {
		a, _ := ParseMultiplier(str)
		for _, N := range []int{small, big} {
			if N == big && testing.Short() {
				continue
			}
			t.Run(subtest(str, N), func(t *testing.T) {
				want := sequentialCounts(N, a)
				for _, w := range []int{1, 2} {
					if N == big && !longTests() && w != 1+i%2 {
						continue
					}
					got := NewStartCounts(N)
					var runs int
					if _, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: a, Workers: w, Counts: got,
						Sweep: func(s SweepStats) {
							if s.Runs {
								runs++
							}
						}}); err != nil {
						t.Fatal(err)
					}
					for n := 0; n <= N; n++ {
						if got.G(n) != want.G(n) || got.StartValue(n) != want.StartValue(n) {
							t.Fatalf("a = %s, N = %d, %d workers, n = %d: G(n, n), G(n, n-1) = %d, %d; rows only: %d, %d", str, N, w, n, got.G(n), got.StartValue(n), want.G(n), want.StartValue(n))
						}
					}
					t.Logf("a = %s, N = %d, %d workers: %d values swept over runs", str, N, w, runs)
				}
			})
		}
	}
}

// BenchmarkMultiplierMatrix times the start values of each multiplier of
// matrixMults at 2^20 + 4321 rows with 2 workers, as the engine chooses
// (switch=auto) and over rows only (switch=rows): the chooser must never
// be much slower than rows.
func BenchmarkMultiplierMatrix(b *testing.B) {
	N := 1<<20 + 4321
	for _, str := range matrixMults {
		a, _ := ParseMultiplier(str)
		for _, sw := range []struct {
			name string
			at   int
		}{{"auto", 0}, {"rows", -1}} {
			b.Run("a="+strings.ReplaceAll(str, "/", "_")+"/switch="+sw.name, func(b *testing.B) {
				for b.Loop() {
					if _, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: a, Workers: 2, Counts: NewStartCounts(N), SwitchAt: sw.at}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
