package grundy

import (
	"context"
	"time"
)

// This file is the engine's schedule: the launcher, which starts the
// sweep of each value as soon as one of the W slots is free, decides
// whether it goes over rows or runs (the chooser), and where its output
// goes (a ring, or a whole layer at the end of a chain of W sweeps).

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

// launcher is the state of the goroutine that launches the sweeps, one
// value after another (pipeline.launch).
type launcher struct {
	*pipeline
	in        *sweepJob         // the sweep launched last, whose output the next one reads
	arr       *rowArray         // the row array of the chains' ends
	lastWhole *sweepJob         // the latest sweep whose output is whole
	history   map[int]*sweepJob // jobs by v, for the switch
	choose    chooser
}

// launch starts sweep v as soon as one of W slots is free; sweep v reads
// the output of sweep v-1 as it is made. It hands every job, in order, to
// p.jobs, which it closes when it stops: once p.stop is set, ctx is done,
// or cfg.Runs failed.
func (p *pipeline) launch(ctx context.Context) {
	defer close(p.jobs)
	l := &launcher{pipeline: p, history: map[int]*sweepJob{}, choose: chooser{W: p.W}}
	if p.cfg.From != nil {
		l.resume()
	}
	for v := p.cfg.FromG; !p.stop.Load(); v++ {
		if c := p.cfg.Counts; c != nil && v > narrowMax && !c.Wide() {
			// The first value past 255: the counts widen once every
			// sweep that writes to them is done.
			if l.in != nil {
				<-l.in.done
			}
			c.Widen()
		}
		select {
		case p.slots <- struct{}{}:
		case <-ctx.Done():
			return
		}
		j := &sweepJob{v: v, in: l.in, done: make(chan struct{}), released: make(chan struct{}), swept: p.cfg.Swept}
		l.history[v] = j
		delete(l.history, v-2*p.W-2)
		if v >= 1 {
			j.runs = l.kind(v)
		}
		l.place(j)
		if !p.startTap(ctx, j) {
			<-p.slots
			return
		}
		go p.run(j)
		p.jobs <- j
		l.in = j
	}
}

// resume makes the checkpoint's layer cfg.From the output of a sweep that
// is done, for the first sweep to read.
func (l *launcher) resume() {
	from, N := l.cfg.From, l.N
	l.held = append(l.held, from)
	in := &sweepJob{v: l.cfg.FromG - 1, done: make(chan struct{}), released: make(chan struct{}), finite: 1}
	in.out = &stream{isRuns: from.IsRuns(), arr: from.arr, list: from.list}
	if from.IsRuns() {
		in.out.prog.done.Store(from.list.n.Load())
		l.choose.last = true
	} else {
		l.arr = from.arr
		in.out.prog.done.Store(int64(N + 1))
	}
	in.out.ended.Store(true)
	in.out.users.Store(1) // the next sweep
	close(in.done)
	close(in.released)
	l.in, l.lastWhole = in, in
}

// kind says whether the sweep of v >= 1 goes over runs: from the run
// lengths of the latest R_u whose sweep is done (u = v-W+1: the slot this
// sweep took was freed by the sweep of v-W or one before it), and what the
// sweeps before cost (chooser), unless cfg.SwitchAt or a test decides.
func (l *launcher) kind(v int) bool {
	switch {
	case chooseHook != nil:
		return chooseHook(v)
	case l.cfg.SwitchAt < 0:
		return false
	case l.cfg.SwitchAt > 0:
		return v >= l.cfg.SwitchAt
	}
	p := l.history[v-l.W]
	if p != nil {
		<-p.done
	}
	return l.choose.decide(p)
}

// place makes j's output stream: a whole layer at the end of each chain
// of W sweeps (where a checkpoint can be taken), else a ring, of rows or
// runs as j sweeps.
func (l *launcher) place(j *sweepJob) {
	N, v := l.N, j.v
	wholeOut := (v+1-l.cfg.FromG)%l.W == 0
	out := &stream{isRuns: j.runs}
	j.out = out
	out.users.Store(1) // the next sweep
	// The sweep of 256 starts once every sweep before it is done
	// (the counts widen): the sweep of 255 must be able to end
	// with no reader, so its output is whole, a layer of its own
	// outside the chains' rotation (through a ring it would wait
	// for a reader that is not launched).
	j.extra = !wholeOut && l.cfg.Counts != nil && !l.cfg.Counts.Wide() && v == narrowMax
	switch {
	case j.extra:
		layer := &Layer{N: N}
		if j.runs {
			layer.list = newRunList(N)
			out.list = layer.list
		} else {
			layer.arr = newRowArray(N + 1)
			out.arr = layer.arr
		}
		l.held = append(l.held, layer)
		out.users.Add(1) // the Whole call
		out.free = layer.Free
	case wholeOut && j.runs:
		out.list = newRunList(N)
		layer := &Layer{N: N, list: out.list}
		l.held = append(l.held, layer)
		out.users.Add(1) // the Whole call
		out.free = layer.Free
		if l.lastWhole != nil {
			// The layer this chain's end would have written over, an
			// array (the last of the row sweeps) or a list, goes
			// behind its readers once its Whole call returned: start
			// then, so that two whole layers are not held at once.
			j.after = l.lastWhole.released
			if l.lastWhole.out.arr != nil {
				j.overwrites = l.lastWhole.out
				if l.lastWhole.out.arr == l.arr {
					l.arr = nil // given back; a chain's end that sweeps rows again maps a new one
				}
			}
		}
	case wholeOut:
		if l.arr == nil {
			l.arr = newRowArray(N + 1)
			l.held = append(l.held, &Layer{N: N, arr: l.arr})
		}
		out.arr = l.arr
		if l.lastWhole != nil && l.lastWhole.out.arr == l.arr {
			j.overwrites, j.after = l.lastWhole.out, l.lastWhole.released
		}
	case j.runs:
		r := <-l.runRings
		if r == nil {
			r = make([]Run, ringRuns)
		}
		out.rring = r
		out.free = func() { l.runRings <- r }
	default:
		r := <-l.rowRings
		if r == nil {
			r = make([]uint32, ringRows)
		}
		out.ring = r
		out.free = func() { l.rowRings <- r }
	}
	if wholeOut {
		l.lastWhole = j
	}
}

// startTap asks cfg.Runs for the RunWriter of R_{v+1} and, if there is
// one, starts the tap that feeds it (runTap). It returns false if
// cfg.Runs failed: the run stops.
func (p *pipeline) startTap(ctx context.Context, j *sweepJob) bool {
	if p.cfg.Runs == nil {
		return true
	}
	w, err := p.cfg.Runs(j.v + 1)
	if err != nil {
		p.fail(err)
		return false
	}
	if w != nil {
		j.writer = w
		j.out.tap = &progress{}
		j.out.users.Add(1)
		j.tapDone = make(chan struct{})
		go j.runTap(ctx, p.N, &p.abort, p.fail)
	}
	return true
}

// run runs the sweep j on a sweeper of its kind, once the layer it writes
// over is free, then lets its input go and frees its slot. j.finite is -1
// if it stopped.
func (p *pipeline) run(j *sweepJob) {
	j.finite = -1
	if waitClosed(j.after, &p.stop) {
		t0 := time.Now()
		if j.runs {
			sw := <-p.runSweepers
			if sw == nil {
				sw = newRunSweeper(p.N, p.a)
			}
			j.sweepRuns(sw, p.cfg.Counts, &p.stop)
			p.runSweepers <- sw
		} else {
			sw := <-p.rowSweepers
			if sw == nil {
				sw = newSweeper(p.N, p.a)
			}
			j.sweepRows(sw, p.cfg.Counts, p.zero, &p.stop)
			p.rowSweepers <- sw
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
	<-p.slots
	close(j.done)
}
