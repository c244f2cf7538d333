package grundy

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// BreakpointConfig configures Breakpoints.
type BreakpointConfig struct {
	N       int
	Mult    Multiplier
	Workers int // concurrent sweeps; < 1 means GOMAXPROCS

	// Resume, when From is set, starts from a checkpoint: FromG = g >= 1
	// and From = R_g. Breakpoints then makes g+1, g+2, ... It takes From
	// over (it writes over a row layer and frees it), so a resumed run
	// needs no more memory than a fresh one.
	FromG int
	From  *Layer

	// Counts, when set, receives the start values G(n, n) and G(n, n-1)
	// as the sweeps pass. It must hold the counts for values up to FromG
	// when resuming (StartCounts.Checkpoint says what a checkpoint at g
	// holds).
	Counts *StartCounts

	// Runs, if set, is called once for every value g the run makes
	// (FromG+1, FromG+2, ...), in increasing order, before R_g is made; the
	// engine then writes the maximal runs of R_g into the RunWriter it
	// returns, in row order and in pieces, from a goroutine of its own and
	// as the sweep that makes R_g goes, and closes it. A slow writer slows
	// the sweeps: they wait for it rather than hold more. A nil RunWriter
	// means R_g is not wanted. An error from Runs, Write or Close stops
	// the run.
	Runs func(g int) (RunWriter, error)

	// Whole, if set, is called in increasing g for the values whose R_g
	// the engine holds whole (g - FromG a multiple of Workers, the ends of
	// its chains of sweeps), once R_g is complete and every RunWriter up
	// to g is closed: where a checkpoint can be taken. The start values of
	// later values may be in the making meanwhile (StartCounts.Checkpoint
	// reads those up to g). The sweeps that would write over R_g wait
	// until Whole returns; R must not be kept after. An error stops the
	// run.
	Whole func(g int, R *Layer) error

	// Done, if set, is called in increasing g once R_g is complete, with
	// the least n whose G(n) >= g (the first row of R_g; -1 if none).
	Done func(g, first int)

	// Sweep, if set, is called in increasing v with what each sweep did
	// (for benchmarks: with one worker a sweep's wall time is its CPU
	// time, less what its RunWriter's goroutine takes).
	Sweep func(SweepStats)

	// Swept, if set, counts the rows the sweeps have passed, summed over
	// every sweep: each adds the rows n it has gone past, about every
	// 4096, up to N+1 when it ends. It is for progress lines (an ETA based
	// on rows swept); the engine never reads it.
	Swept *atomic.Int64

	// SwitchAt is the first value v whose sweep (R_v to R_{v+1}) goes over
	// runs (runsweep.go), and every later one too: 0 lets the engine choose
	// value by value (see chooser: from the run lengths, and from what the
	// row and run sweeps before cost), a negative value keeps every sweep
	// on rows, and 1 sweeps runs from v = 1 on. The output does not depend
	// on it.
	SwitchAt int
}

// SweepStats is what the sweep of value v (R_v to R_{v+1}) did.
type SweepStats struct {
	V        int
	Runs     bool          // swept over runs (else rows)
	Wall     time.Duration // from its start to its end, waits included
	Busy     time.Duration // in its own steps, waits left out
	Rows     int           // rows of R_{v+1} (G(n, n) > v)
	InRuns   int           // run sweeps: the runs of R_v it read
	Segments int           // run sweeps: its segments (see runsweep.go)
	Blocks   int           // run sweeps: the blocks it made
}

// RunWriter receives the runs of one R_g (BreakpointConfig.Runs).
type RunWriter interface {
	// Write takes the next runs, in row order; it must not keep runs.
	Write(runs []Run) error
	// Close is called after the last Write when R_g is complete and has
	// a row: the value g is part of the table.
	Close() error
	// Abort is called instead of Close when R_g has no row (the table
	// ended at g-1) or the run stopped before R_g was complete.
	Abort()
}

// ringRows is the size of a ring of rows between two sweeps of a chain: a
// sweep runs at most this many rows ahead of the slowest reader.
const ringRows = 1 << 20

// ringRuns is the size of a ring of runs between two run sweeps.
const ringRuns = 1 << 16

// feedRuns is the most input runs a run sweep takes at a time.
const feedRuns = 4096

// switchRuns is the average run length (rows per run of R_v) from which a
// value is swept over runs. Measured (results/bench-engine-v3.md): the
// run step of one value at N = 10^6, a = 2, costs about 20 ns a segment
// (1 to 1.5 segments a run) against 4 to 6.5 ns a row for the row step,
// so it wins from runs of about 3 rows on, as the C prototype found.
// With W workers the engine sees the lengths of R_{v-W+1} when it starts
// the sweep of v, and lengths grow about 1.16 times a value for a = 2, so
// the threshold is lowered by that factor per value it looks back.
const switchRuns = 3.0

// switchGrowth is how much the average run length grows a value (a = 2:
// 3.3, 3.8, 4.4, 5.1 at v = 10..13, N = 10^7).
const switchGrowth = 1.16

// runsSure is the average run length from which a value is swept over
// runs whatever the sweeps before cost: a run sweep then takes under a
// tenth of a row sweep's steps (a = 2: from v = 15 at N = 10^7; a = 1:
// only its top values), and the pilot of the memory estimate measures
// the row sweep's records only below it (BreakpointBytesContext).
const runsSure = 8.0

// chooseHook, if set (by tests), chooses rows (false) or runs (true) for
// the sweep of v >= 1 in place of the chooser.
var chooseHook func(v int) bool

// chooser decides, value by value, whether a sweep goes over rows or runs
// (BreakpointConfig.SwitchAt = 0). When it launches the sweep of v, the
// latest sweep it knows to be done is that of v-W, which made R_{v-W+1}:
// its average run length L (rows over runs; a row sweep counts them on a
// sample of its blocks), times switchGrowth per value it looks back, is
// the guess for R_v. Then:
//
//   - below switchRuns (3 rows a run) rows: a run sweep costs a few
//     events a run, a row sweep one step a row;
//   - from runsSure (8) on runs;
//   - in between, the cheaper by what the sweeps before cost: a row
//     sweep c_r a row, a run sweep c_s an input run (their busy time, the
//     least of the latest three of each kind), so runs when c_s < c_r L;
//     runs until a run sweep has been timed.
//
// Where runs lose, it goes back to rows: for a = 1 a run sweep costs 60
// to 120 ns a run and its runs stay 1.3 to 4 rows long up to the top
// values, against 10 ns a row for the row sweep (N = 10^6), so the first
// run sweep is the only one until the runs are long; for a = 2 and the
// multipliers near 7/6 the runs win from the switch on.
type chooser struct {
	W            int
	nsRow, nsRun costs // ns a row of a row sweep's output, a run of a run sweep's input
	last         bool
}

// costs keeps the latest costs of one kind of sweep; its estimate is the
// least of the last three, as a sweep slowed by the other work on a
// shared machine is slower, never faster.
type costs struct {
	last [3]float64
	n    int
}

func (c *costs) add(x float64) {
	c.last[c.n%len(c.last)] = x
	c.n++
}

// least returns the estimate, 0 if none was measured.
func (c *costs) least() float64 {
	k := min(c.n, len(c.last))
	if k == 0 {
		return 0
	}
	m := c.last[0]
	for _, x := range c.last[1:k] {
		m = min(m, x)
	}
	return m
}

// decide returns whether the sweep of v goes over runs, from p, the sweep
// of v-W (done; nil if there is none yet).
func (c *chooser) decide(p *sweepJob) bool {
	if p == nil {
		return c.last
	}
	if p.stats.Busy > 0 {
		if p.runs && p.stats.InRuns > 0 {
			c.nsRun.add(float64(p.stats.Busy) / float64(p.stats.InRuns))
		} else if !p.runs && p.stats.Rows > 0 {
			c.nsRow.add(float64(p.stats.Busy) / float64(p.stats.Rows))
		}
	}
	if p.runsSeen == 0 {
		return c.last
	}
	L := float64(p.rowsSeen) / float64(p.runsSeen)
	guess := L
	for range c.W - 1 {
		guess *= switchGrowth
	}
	switch {
	case guess < switchRuns:
		c.last = false
	case L >= runsSure || c.nsRun.n == 0 || c.nsRow.n == 0:
		c.last = true
	default:
		c.last = c.nsRun.least() < c.nsRow.least()*guess
	}
	return c.last
}

// stream carries R_{v+1} from the sweep that makes it to its readers: the
// next sweep (the head) and the RunWriter's goroutine (the tap), as rows
// (a ring, or the whole array of a chain's end) or runs (a ring, or a
// whole list).
type stream struct {
	isRuns bool
	arr    *rowArray // rows, whole
	ring   []uint32  // rows, ring
	list   *runList  // runs, whole
	rring  []Run     // runs, ring
	prog   progress  // rows or runs written
	ended  atomic.Bool
	head   progress  // rows or runs the next sweep has read
	tap    *progress // rows or runs the tap has read; nil if none
	// drop: nobody will write over this whole array or list (and no Whole
	// call holds it): its chunks are given back as soon as both readers
	// have passed them.
	drop atomic.Bool
	// users counts the readers (and, for a whole list, the Whole call)
	// still to finish; the last one gives back a ring or a list (free).
	users atomic.Int32
	free  func()
}

// done is called by each user of s when it has finished with it.
func (s *stream) done() {
	if s.users.Add(-1) == 0 && s.free != nil {
		s.free()
	}
}

func (s *stream) whole() bool { return s.arr != nil || s.list != nil }

// readers returns the least progress of the stream's readers.
func (s *stream) readers() int64 {
	d := s.head.done.Load()
	if s.tap != nil {
		d = min(d, s.tap.done.Load())
	}
	return d
}

// rows returns rows n0..n1-1 (within a publishStride block).
func (s *stream) rows(n0, n1 int) []uint32 {
	if s.arr != nil {
		return s.arr.rows(n0, n1)
	}
	o := n0 & (len(s.ring) - 1)
	return s.ring[o : o+n1-n0]
}

// readRuns appends runs i..j-1 of a run stream to buf.
func (s *stream) readRuns(buf []Run, i, j int) []Run {
	for i < j {
		if s.list != nil {
			k := min(j, (i/runChunk+1)*runChunk)
			buf = append(buf, s.list.slice(i, k)...)
			i = k
			continue
		}
		o := i & (len(s.rring) - 1)
		k := min(j-i, len(s.rring)-o)
		buf = append(buf, s.rring[o:o+k]...)
		i += k
	}
	return buf
}

// releaseRead gives back the chunks of a dropped array or list behind its
// readers.
func (s *stream) releaseRead() {
	if !s.drop.Load() {
		return
	}
	if s.arr != nil {
		s.arr.releaseBelow(int(s.readers()))
	} else if s.list != nil {
		s.list.releaseBelow(s.readers())
	}
}

// sweepJob is the sweep of value v: R_v (in) to R_{v+1} (out).
type sweepJob struct {
	v      int
	runs   bool      // a run sweep
	in     *sweepJob // the sweep of v-1, whose out is this one's input (nil: R_0 = 0)
	out    *stream
	writer RunWriter // R_{v+1}'s, or nil
	// overwrites is the stream whose whole array out writes over (its tap
	// must be ahead); after is closed once its Whole call returned.
	overwrites *stream
	after      chan struct{}
	released   chan struct{} // closed once Whole(v+1) returned or was not called
	extra      bool          // out is a whole layer outside the chains' rotation (see the widening)
	// Results, set before done is closed.
	finite   int // rows of R_{v+1}; -1: stopped
	first    int // the least row of R_{v+1}, -1 if none
	stats    SweepStats
	rowsSeen int // a sample of R_{v+1}: its rows and runs, for the switch
	runsSeen int
	swept    *atomic.Int64 // BreakpointConfig.Swept, or nil
	busy     time.Duration // time in the sweep's own steps
	done     chan struct{}
	tapDone  chan struct{} // closed when the tap has closed its writer (nil: no tap)
}

// Breakpoints computes the breakpoint table R_g(n) for 0 <= n <= N, value
// by value: sweeps for consecutive values run concurrently on cfg.Workers
// goroutines, each following the one before it, first over rows, then,
// past the switch, over runs (runsweep.go). What it hands to cfg.Runs,
// cfg.Whole and cfg.Counts does not depend on the number of workers or on
// the switch. It returns the largest g with a row of value g, max G(n, n)
// over n <= N.
func Breakpoints(ctx context.Context, cfg BreakpointConfig) (int, error) {
	N, a := cfg.N, cfg.Mult
	if N < 0 || N > MaxBreakpointN {
		return 0, fmt.Errorf("grundy: size %d outside 0..%d", N, MaxBreakpointN)
	}
	if a.Q == 0 || a.P < a.Q {
		return 0, fmt.Errorf("grundy: multiplier %s below 1", a)
	}
	if cfg.From != nil && (cfg.FromG < 1 || cfg.From.N != N) {
		return 0, fmt.Errorf("grundy: resume layer of %d rows at g=%d, want %d rows and g >= 1", cfg.From.N+1, cfg.FromG, N+1)
	}
	W := cfg.Workers
	if W < 1 {
		W = runtime.GOMAXPROCS(0)
	}
	// stop ends the sweeps: on an error, on ctx done, and once the table
	// is complete (the sweeps launched past its end are not wanted). abort
	// ends the taps too, on an error or ctx done only: a tap still writing
	// a value of the table when the table completes must finish it.
	var stop, abort atomic.Bool
	defer context.AfterFunc(ctx, func() { abort.Store(true); stop.Store(true) })()

	rowSweepers := make(chan *sweeper, W)
	runSweepers := make(chan *runSweeper, W)
	for i := 0; i < W; i++ {
		rowSweepers <- nil // allocated on first use
		runSweepers <- nil
	}
	slots := make(chan struct{}, W) // W sweeps at a time
	// Rings, allocated on first use: one per sweep in flight, and as many
	// again for the taps that lag behind the sweep reading the same ring.
	rowRings := make(chan []uint32, 2*W)
	runRings := make(chan []Run, 2*W)
	for i := 0; i < 2*W; i++ {
		rowRings <- nil
		runRings <- nil
	}
	zero := make([]uint32, publishStride)
	jobs := make(chan *sweepJob, W+1)
	// The first error of a RunWriter or of cfg.Runs, which stopped the
	// run: the sweeps then end as stopped, and this is the error to give.
	var failMu sync.Mutex
	var failure error
	fail := func(err error) {
		failMu.Lock()
		if failure == nil {
			failure = err
		}
		failMu.Unlock()
		abort.Store(true)
		stop.Store(true)
	}
	failed := func() error {
		failMu.Lock()
		defer failMu.Unlock()
		return failure
	}
	// Whole arrays and lists are mapped outside the Go heap: every one is
	// given back when Breakpoints returns, whatever is left of it.
	var held []*Layer
	defer func() {
		for _, l := range held {
			l.Free()
		}
	}()

	// The launcher starts sweep v as soon as one of W slots is free; sweep
	// v reads the output of sweep v-1 as it is made.
	go func() {
		defer close(jobs)
		var in *sweepJob
		var arr *rowArray // the row array of the chains' ends
		var lastWhole *sweepJob
		history := map[int]*sweepJob{} // jobs by v, for the switch
		choose := chooser{W: W}
		if l := cfg.From; l != nil {
			held = append(held, l)
			in = &sweepJob{v: cfg.FromG - 1, done: make(chan struct{}), released: make(chan struct{}), finite: 1}
			in.out = &stream{isRuns: l.IsRuns(), arr: l.arr, list: l.list}
			if l.IsRuns() {
				in.out.prog.done.Store(l.list.n.Load())
				choose.last = true
			} else {
				arr = l.arr
				in.out.prog.done.Store(int64(N + 1))
			}
			in.out.ended.Store(true)
			in.out.users.Store(1) // the next sweep
			close(in.done)
			close(in.released)
			lastWhole = in
		}
		for v := cfg.FromG; !stop.Load(); v++ {
			if c := cfg.Counts; c != nil && v > narrowMax && !c.Wide() {
				// The first value past 255: the counts widen once every
				// sweep that writes to them is done.
				if in != nil {
					<-in.done
				}
				c.Widen()
			}
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return
			}
			j := &sweepJob{v: v, in: in, done: make(chan struct{}), released: make(chan struct{}), swept: cfg.Swept}
			history[v] = j
			delete(history, v-2*W-2)
			// Runs or rows: from the run lengths of the latest R_u whose
			// sweep is done (u = v-W+1: the slot this sweep took was freed
			// by the sweep of v-W or one before it), and what the sweeps
			// before cost (chooser).
			if v >= 1 {
				switch {
				case chooseHook != nil:
					j.runs = chooseHook(v)
				case cfg.SwitchAt < 0:
				case cfg.SwitchAt > 0:
					j.runs = v >= cfg.SwitchAt
				default:
					p := history[v-W]
					if p != nil {
						<-p.done
					}
					j.runs = choose.decide(p)
				}
			}
			wholeOut := (v+1-cfg.FromG)%W == 0
			out := &stream{isRuns: j.runs}
			j.out = out
			out.users.Store(1) // the next sweep
			// The sweep of 256 starts once every sweep before it is done
			// (the counts widen): the sweep of 255 must be able to end
			// with no reader, so its output is whole, a layer of its own
			// outside the chains' rotation (through a ring it would wait
			// for a reader that is not launched).
			j.extra = !wholeOut && cfg.Counts != nil && !cfg.Counts.Wide() && v == narrowMax
			switch {
			case j.extra:
				l := &Layer{N: N}
				if j.runs {
					l.list = newRunList(N)
					out.list = l.list
				} else {
					l.arr = newRowArray(N + 1)
					out.arr = l.arr
				}
				held = append(held, l)
				out.users.Add(1) // the Whole call
				out.free = l.Free
			case wholeOut && j.runs:
				out.list = newRunList(N)
				l := &Layer{N: N, list: out.list}
				held = append(held, l)
				out.users.Add(1) // the Whole call
				out.free = l.Free
				if lastWhole != nil {
					// The layer this chain's end would have written over, an
					// array (the last of the row sweeps) or a list, goes
					// behind its readers once its Whole call returned: start
					// then, so that two whole layers are not held at once.
					j.after = lastWhole.released
					if lastWhole.out.arr != nil {
						j.overwrites = lastWhole.out
						if lastWhole.out.arr == arr {
							arr = nil // given back; a chain's end that sweeps rows again maps a new one
						}
					}
				}
			case wholeOut:
				if arr == nil {
					arr = newRowArray(N + 1)
					held = append(held, &Layer{N: N, arr: arr})
				}
				out.arr = arr
				if lastWhole != nil && lastWhole.out.arr == arr {
					j.overwrites, j.after = lastWhole.out, lastWhole.released
				}
			case j.runs:
				r := <-runRings
				if r == nil {
					r = make([]Run, ringRuns)
				}
				out.rring = r
				out.free = func() { runRings <- r }
			default:
				r := <-rowRings
				if r == nil {
					r = make([]uint32, ringRows)
				}
				out.ring = r
				out.free = func() { rowRings <- r }
			}
			if wholeOut {
				lastWhole = j
			}
			if cfg.Runs != nil {
				w, err := cfg.Runs(v + 1)
				if err != nil {
					fail(err)
					<-slots
					return
				}
				if w != nil {
					j.writer = w
					out.tap = &progress{}
					out.users.Add(1)
					j.tapDone = make(chan struct{})
					go j.runTap(ctx, N, &abort, fail)
				}
			}
			go func(j *sweepJob) {
				j.finite = -1
				if waitClosed(j.after, &stop) {
					t0 := time.Now()
					if j.runs {
						sw := <-runSweepers
						if sw == nil {
							sw = newRunSweeper(N, a)
						}
						j.sweepRuns(sw, cfg.Counts, &stop)
						runSweepers <- sw
					} else {
						sw := <-rowSweepers
						if sw == nil {
							sw = newSweeper(N, a)
						}
						j.sweepRows(sw, cfg.Counts, zero, &stop)
						rowSweepers <- sw
					}
					j.stats.V, j.stats.Runs, j.stats.Wall, j.stats.Rows = j.v, j.runs, time.Since(t0), j.finite
					j.stats.Busy = j.busy
				}
				j.out.ended.Store(true)
				if in := j.in; in != nil {
					in.out.head.done.Store(readAll)
					in.out.releaseRead()
					in.out.done()
				}
				<-slots
				close(j.done)
			}(j)
			jobs <- j
			in = j
		}
	}()

	maxG := cfg.FromG
	var err error
	complete := false
	var taps []*sweepJob // jobs whose tap may still run
	waitTaps := func() {
		for _, t := range taps {
			<-t.tapDone
		}
		taps = taps[:0]
		if f := failed(); f != nil && err == nil && !complete {
			err = f
		}
	}
	for j := range jobs {
		<-j.done
		if j.tapDone != nil {
			taps = append(taps, j)
		}
		switch {
		case err != nil || complete:
			// Drain the sweeps launched ahead; their output is not used.
		case ctx.Err() != nil:
			err = ctx.Err()
		case j.finite < 0:
			if err = failed(); err == nil {
				err = fmt.Errorf("grundy: sweep %d stopped", j.v)
			}
		case j.finite == 0:
			complete = true // no row has value v+1: the table is complete
		case cfg.Counts != nil && j.v+1 > MaxStartValue:
			err = fmt.Errorf("%w: G(n) = %d exceeds %d", ErrOverflow, j.v+1, MaxStartValue)
		default:
			maxG = j.v + 1
			if cfg.Sweep != nil {
				cfg.Sweep(j.stats)
			}
			if cfg.Done != nil {
				cfg.Done(j.v+1, j.first)
			}
			if cfg.Whole != nil && j.out.whole() {
				waitTaps()
				if err == nil {
					err = cfg.Whole(j.v+1, &Layer{N: N, arr: j.out.arr, list: j.out.list})
				}
			}
		}
		close(j.released)
		if j.out.list != nil || j.extra {
			// Nobody writes over a list or an extra layer: it goes behind
			// its readers from now.
			j.out.drop.Store(true)
			j.out.releaseRead()
			j.out.done() // the Whole call's use
		}
		if err != nil {
			abort.Store(true)
		}
		if err != nil || complete {
			stop.Store(true)
		}
	}
	waitTaps()
	if f := failed(); f != nil && err == nil {
		err = f
	}
	if err == nil && !complete {
		// Stopped before the table was complete: ctx was done, maybe so
		// early that the launcher saw it first. No table is no answer.
		err = ctx.Err()
		if err == nil {
			err = errors.New("grundy: stopped before the table was complete")
		}
	}
	return maxG, err
}

// readAll is the progress of a reader that has read a stream to its end
// (or will read no more of it).
const readAll = 1 << 62

// sampleEvery is how often (in blocks of publishStride rows) a row sweep
// counts the runs of its output, for the switch to runs.
const sampleEvery = 16

// sweepRows runs a row sweep over all rows, from j.in (nil: R_0 = 0) into
// j.out, publishing its progress every publishStride rows. It sets
// j.finite (-1 if stop was set before it finished) and j.first.
func (j *sweepJob) sweepRows(sw *sweeper, counts *StartCounts, zero []uint32, stop *atomic.Bool) {
	sw.start(j.v, counts)
	N := sw.N
	var in *stream
	out := j.out
	if j.in != nil {
		in = j.in.out
	}
	// A row sweep after run sweeps (the chooser went back to rows) reads
	// runs and expands them a block at a time.
	var rr *runReader
	var expanded []uint32
	if in != nil && in.isRuns {
		rr, expanded = &runReader{s: in}, make([]uint32, publishStride)
	}
	j.first = -1
	for b, n0 := 0, 0; n0 <= N; b, n0 = b+1, n0+publishStride {
		n1 := min(N+1, n0+publishStride)
		src := zero[:n1-n0]
		// A sweep that has to wait for another waits for a good stretch
		// (a quarter of a ring ahead, or half a ring freed), so that waits,
		// and the wake-ups they cost when the cores are busy, are rare.
		// The two thresholds leave a gap, so the two cannot wait for each
		// other at once.
		if rr != nil {
			src = expanded[:n1-n0]
			if !rr.fill(n0, src, stop) {
				return
			}
		} else if in != nil {
			if in.prog.done.Load() < int64(n1) {
				target := min(int64(N+1), int64(n1+ringRows/4))
				if in.prog.waitBeyond(target-1, stop) < 0 {
					return
				}
			}
			src = in.rows(n0, n1)
		}
		if out.ring != nil {
			if need := int64(n1 - len(out.ring)); need > 0 && out.readers() < need {
				if !waitReaders(out, need+ringRows/2, stop) {
					return
				}
			}
		} else if ow := j.overwrites; ow != nil && ow.tap != nil && ow.tap.done.Load() < int64(n1) {
			// Writing over a whole array: its tap must have read it.
			if ow.tap.waitBeyond(int64(n1)-1, stop) < 0 {
				return
			}
		}
		dst := out.rows(n0, n1)
		t := time.Now()
		sw.run(src, dst)
		j.busy += time.Since(t)
		if j.first < 0 && sw.finite > 0 {
			for i, r := range dst {
				if r != Inf {
					j.first = n0 + i
					break
				}
			}
		}
		if b%sampleEvery == 0 {
			j.rowsSeen, j.runsSeen = countRuns(dst, j.rowsSeen, j.runsSeen)
		}
		out.prog.done.Store(int64(n1))
		if j.swept != nil {
			j.swept.Add(int64(n1 - n0))
		}
		if in != nil && rr == nil {
			in.head.done.Store(int64(n1))
			if in.drop.Load() && n1&(rowChunk-1) == 0 {
				in.releaseRead()
			}
		}
		if stop.Load() && n1 <= N {
			return
		}
	}
	j.finite = sw.finite
}

// runReader reads a run stream in row order for a row sweep, and expands
// it into rows.
type runReader struct {
	s   *stream
	i   int   // the runs read from the stream (copied into buf)
	buf []Run // runs read; those before k are used up
	k   int
}

// fill sets out to the rows n0 .. n0+len(out)-1 (Inf where no run covers
// a row), reading the stream as far as it needs, in order; it returns
// false if stop was set while it waited for the writer.
func (r *runReader) fill(n0 int, out []uint32, stop *atomic.Bool) bool {
	for i := range out {
		out[i] = Inf
	}
	n1 := n0 + len(out)
	in := r.s
	for {
		for ; r.k < len(r.buf); r.k++ {
			run := r.buf[r.k]
			s, e := int(run.N), int(run.N)+int(run.Len)
			if s >= n1 {
				return true
			}
			for n := max(s, n0); n < min(e, n1); n++ {
				out[n-n0] = run.R + uint32(n-s)
			}
			if e > n1 {
				return true
			}
		}
		avail := int(in.prog.done.Load())
		if avail == r.i {
			if in.ended.Load() {
				if int(in.prog.done.Load()) == r.i {
					return true // no more runs: the rest is Inf
				}
			} else if in.prog.waitBeyondOrEnd(int64(r.i), &in.ended, stop) < 0 {
				return false
			}
			continue
		}
		k := min(avail, r.i+feedRuns)
		r.buf, r.k = in.readRuns(r.buf[:0], r.i, k), 0
		// The runs are copied: the writer may reuse their place.
		if in.head.done.Store(int64(k)); k/runChunk != r.i/runChunk {
			in.releaseRead()
		}
		r.i = k
	}
}

// countRuns adds the finite rows of R and the runs that begin in it.
func countRuns(R []uint32, rows, runs int) (int, int) {
	prev := uint32(Inf - 1)
	for _, r := range R {
		if r != Inf {
			rows++
			if r != prev+1 {
				runs++
			}
		}
		prev = r
	}
	return rows, runs
}

// waitReaders waits until every reader of s has read need rows or runs,
// and reports false if stop was set first.
func waitReaders(s *stream, need int64, stop *atomic.Bool) bool {
	sleep := 10 * time.Microsecond
	for i := 0; ; i++ {
		if s.readers() >= need || s.head.done.Load() >= 1<<62 && (s.tap == nil || s.tap.done.Load() >= need) {
			return true
		}
		if stop.Load() {
			return false
		}
		switch {
		case i < 64:
		case i < 128:
			runtime.Gosched()
		default:
			time.Sleep(sleep)
			sleep = min(2*sleep, time.Millisecond)
		}
	}
}

// sweepRuns runs a run sweep from j.in (runs, or rows turned into runs a
// block at a time) into j.out.
func (j *sweepJob) sweepRuns(rs *runSweeper, counts *StartCounts, stop *atomic.Bool) {
	rs.start(j.v, counts)
	N := int(rs.N)
	in, out := j.in.out, j.out
	j.first = -1
	if ow := j.overwrites; ow != nil {
		// The array this chain's end would have written over is the last
		// of the row sweeps: give it back behind its readers.
		ow.drop.Store(true)
		ow.releaseRead()
	}
	var buf, res []Run
	written := 0
	passed := int64(0) // runs input: the rows passed, for j.swept
	emit := func(final bool) bool {
		if len(res) == 0 {
			return true
		}
		if j.first < 0 {
			j.first = int(res[0].N)
		}
		j.runsSeen += len(res)
		for _, r := range res {
			j.rowsSeen += int(r.Len)
		}
		for rest := res; len(rest) > 0; {
			k := len(rest)
			if out.rring != nil {
				k = min(k, ringRuns/4)
				if need := int64(written + k - ringRuns); need > 0 && out.readers() < need {
					if !waitReaders(out, need+ringRuns/2, stop) {
						return false
					}
				}
				o := written & (ringRuns - 1)
				k = min(k, ringRuns-o)
				copy(out.rring[o:], rest[:k])
			} else {
				out.list.append(rest[:k])
			}
			written += k
			rest = rest[k:]
			out.prog.done.Store(int64(written))
		}
		res = res[:0]
		return true
	}
	if !in.isRuns {
		for n0 := 0; n0 <= N; n0 += publishStride {
			n1 := min(N+1, n0+publishStride)
			if in.prog.done.Load() < int64(n1) {
				target := min(int64(N+1), int64(n1+ringRows/4))
				if in.prog.waitBeyond(target-1, stop) < 0 {
					return
				}
			}
			t := time.Now()
			buf = appendRuns(buf[:0], n0, in.rows(n0, n1))
			j.stats.InRuns += len(buf)
			res = rs.feed(buf, res)
			j.busy += time.Since(t)
			if !emit(false) {
				return
			}
			if j.swept != nil {
				j.swept.Add(int64(n1 - n0))
			}
			in.head.done.Store(int64(n1))
			if in.drop.Load() && n1&(rowChunk-1) == 0 {
				in.releaseRead()
			}
			if stop.Load() && n1 <= N {
				return
			}
		}
	} else {
		for i := 0; ; {
			avail := int(in.prog.done.Load())
			if avail == i {
				if in.ended.Load() {
					if avail = int(in.prog.done.Load()); avail == i {
						break
					}
				} else if in.prog.waitBeyondOrEnd(int64(i), &in.ended, stop) < 0 {
					return
				}
				continue
			}
			k := min(avail, i+feedRuns)
			j.stats.InRuns += k - i
			buf = in.readRuns(buf[:0], i, k)
			t := time.Now()
			res = rs.feed(buf, res)
			j.busy += time.Since(t)
			if !emit(false) {
				return
			}
			if last := len(buf) - 1; j.swept != nil && last >= 0 {
				end := int64(buf[last].N) + int64(buf[last].Len)
				j.swept.Add(end - passed)
				passed = end
			}
			if in.head.done.Store(int64(k)); k/runChunk != i/runChunk {
				in.releaseRead()
			}
			i = k
			if stop.Load() {
				return
			}
		}
	}
	res = rs.finish(res)
	if !emit(true) {
		return
	}
	if j.swept != nil && in.isRuns {
		j.swept.Add(int64(N+1) - passed) // the rows after the last run of R_v
	}
	j.stats.Segments, j.stats.Blocks = rs.segments, rs.made
	if out.list != nil {
		out.list.closeList()
	}
	j.finite = int(rs.finite)
}

// appendRuns appends the runs of rows R (from row n0) to runs, cut at the
// block's ends: a run sweep takes a run cut in pieces as the run itself.
func appendRuns(runs []Run, n0 int, R []uint32) []Run {
	i := 0
	for i < len(R) {
		if R[i] == Inf {
			i++
			continue
		}
		s := i
		for i++; i < len(R) && R[i] == R[i-1]+1; i++ {
		}
		runs = append(runs, Run{N: uint32(n0 + s), R: R[s], Len: uint32(i - s)})
	}
	return runs
}

// runTap reads j.out as it is made and writes its maximal runs to
// j.writer, then closes it, or aborts it if R_{v+1} has no row or the
// sweep stopped. An error stops the run. It ends early only when abort is
// set (an error, or the run cancelled), not when the table is complete.
func (j *sweepJob) runTap(ctx context.Context, N int, abort *atomic.Bool, failRun func(error)) {
	stop := abort
	defer close(j.tapDone)
	out := j.out
	defer func() {
		out.tap.done.Store(readAll)
		out.releaseRead()
		out.done()
	}()
	b := runBuilder{w: j.writer}
	fail := func(err error) {
		j.writer.Abort()
		if err != nil {
			failRun(err)
		}
	}
	if !out.isRuns {
		for n0 := 0; n0 <= N; n0 += publishStride {
			n1 := min(N+1, n0+publishStride)
			if out.prog.done.Load() < int64(n1) {
				out.prog.waitBeyondOrEnd(int64(n1)-1, &out.ended, stop)
				if out.prog.done.Load() < int64(n1) {
					fail(nil) // the sweep stopped
					return
				}
			}
			if err := b.addRows(n0, out.rows(n0, n1)); err != nil {
				fail(err)
				return
			}
			out.tap.done.Store(int64(n1))
			if out.drop.Load() && n1&(rowChunk-1) == 0 {
				out.releaseRead()
			}
		}
	} else {
		var buf []Run
		for i := 0; ; {
			avail := int(out.prog.done.Load())
			if avail == i {
				if out.ended.Load() {
					if int(out.prog.done.Load()) == i {
						break
					}
				} else if out.prog.waitBeyondOrEnd(int64(i), &out.ended, stop) < 0 {
					fail(nil)
					return
				}
				continue
			}
			k := min(avail, i+ringRuns/4)
			buf = out.readRuns(buf[:0], i, k)
			if err := b.addRuns(buf); err != nil {
				fail(err)
				return
			}
			if out.tap.done.Store(int64(k)); k/runChunk != i/runChunk {
				out.releaseRead()
			}
			i = k
		}
	}
	// The sweep is done (its output has ended); j.finite was set before.
	for !out.ended.Load() {
		time.Sleep(100 * time.Microsecond)
	}
	if j.finite <= 0 || ctx.Err() != nil {
		fail(nil) // no row of value v+1, stopped, or cancelled
		return
	}
	if err := b.flush(true); err != nil {
		fail(err)
		return
	}
	if err := j.writer.Close(); err != nil {
		failRun(err)
	}
}

// runBuilder merges pieces of runs into maximal runs and hands them to a
// RunWriter in batches.
type runBuilder struct {
	w    RunWriter
	runs []Run
}

const tapBatch = 1 << 15

func (b *runBuilder) add(r Run) {
	if k := len(b.runs) - 1; k >= 0 && b.runs[k].N+b.runs[k].Len == r.N && b.runs[k].R+b.runs[k].Len == r.R {
		b.runs[k].Len += r.Len
		return
	}
	b.runs = append(b.runs, r)
}

func (b *runBuilder) addRuns(runs []Run) error {
	for _, r := range runs {
		b.add(r)
	}
	return b.flush(false)
}

func (b *runBuilder) addRows(n0 int, R []uint32) error {
	i := 0
	for i < len(R) {
		if R[i] == Inf {
			i++
			continue
		}
		s := i
		for i++; i < len(R) && R[i] == R[i-1]+1; i++ {
		}
		b.add(Run{N: uint32(n0 + s), R: R[s], Len: uint32(i - s)})
	}
	return b.flush(false)
}

// flush writes the runs made so far but the last, which may still grow,
// once there are enough of them; all of them when final.
func (b *runBuilder) flush(final bool) error {
	if len(b.runs) < tapBatch && !final || len(b.runs) == 0 {
		return nil
	}
	k := len(b.runs)
	if !final {
		k--
	}
	if err := b.w.Write(b.runs[:k]); err != nil {
		return err
	}
	n := copy(b.runs, b.runs[k:])
	b.runs = b.runs[:n]
	return nil
}

// waitClosed waits until c is closed (nil: at once), and reports false if
// stop was set first.
func waitClosed(c chan struct{}, stop *atomic.Bool) bool {
	if c == nil {
		return true
	}
	t := time.NewTicker(5 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-c:
			return true
		case <-t.C:
			if stop.Load() {
				return false
			}
		}
	}
}
