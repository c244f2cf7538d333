package grundy

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
)

// pipeline is the state one call of Breakpoints shares between its
// launcher (pipeline_schedule.go), its sweeps, their taps and its
// collector.
type pipeline struct {
	cfg BreakpointConfig
	N   int
	a   Multiplier
	W   int // sweeps at a time

	// stop ends the sweeps: on an error, on ctx done, and once the table
	// is complete (the sweeps launched past its end are not wanted). abort
	// ends the taps too, on an error or ctx done only: a tap still writing
	// a value of the table when the table completes must finish it.
	stop, abort atomic.Bool

	rowSweepers chan *sweeper    // W, allocated on first use
	runSweepers chan *runSweeper // W, allocated on first use
	slots       chan struct{}    // W sweeps at a time
	// Rings, allocated on first use: one per sweep in flight, and as many
	// again for the taps that lag behind the sweep reading the same ring.
	rowRings chan []uint32
	runRings chan []Run
	zero     []uint32       // R_0
	jobs     chan *sweepJob // the launched sweeps, in order of v

	// The first error of a RunWriter or of cfg.Runs, which stopped the
	// run: the sweeps then end as stopped, and this is the error to give.
	failMu  sync.Mutex
	failure error

	// Whole arrays and lists are mapped outside the Go heap: every one is
	// given back when Breakpoints returns, whatever is left of it. Only the
	// launcher appends, before it closes jobs.
	held []*Layer
}

func newPipeline(cfg BreakpointConfig, W int) *pipeline {
	p := &pipeline{cfg: cfg, N: cfg.N, a: cfg.Mult, W: W,
		rowSweepers: make(chan *sweeper, W), runSweepers: make(chan *runSweeper, W), slots: make(chan struct{}, W),
		rowRings: make(chan []uint32, 2*W), runRings: make(chan []Run, 2*W),
		zero: make([]uint32, publishStride), jobs: make(chan *sweepJob, W+1)}
	for i := 0; i < W; i++ {
		p.rowSweepers <- nil
		p.runSweepers <- nil
	}
	for i := 0; i < 2*W; i++ {
		p.rowRings <- nil
		p.runRings <- nil
	}
	return p
}

// fail records the first error that stops the run, and stops it.
func (p *pipeline) fail(err error) {
	p.failMu.Lock()
	if p.failure == nil {
		p.failure = err
	}
	p.failMu.Unlock()
	p.abort.Store(true)
	p.stop.Store(true)
}

// failed returns the error fail recorded, nil if none.
func (p *pipeline) failed() error {
	p.failMu.Lock()
	defer p.failMu.Unlock()
	return p.failure
}

// Breakpoints computes the breakpoint table R_g(n) for 0 <= n <= N, value
// by value: sweeps for consecutive values run concurrently on cfg.Workers
// goroutines, each following the one before it, first over rows, then,
// past the switch, over runs (runsweep.go). What it hands to cfg.Runs,
// cfg.Whole and cfg.Counts does not depend on the number of workers or on
// the switch. It returns the largest g with a row of value g, max G(n, n)
// over n <= N.
func Breakpoints(ctx context.Context, cfg BreakpointConfig) (int, error) {
	W, err := cfg.workers()
	if err != nil {
		return 0, err
	}
	p := newPipeline(cfg, W)
	defer context.AfterFunc(ctx, func() { p.abort.Store(true); p.stop.Store(true) })()
	defer func() {
		for _, l := range p.held {
			l.Free()
		}
	}()
	go p.launch(ctx)
	return p.collect(ctx)
}

// collect takes the sweeps in order of v as they end, hands each complete
// value to cfg.Sweep, cfg.Done and (for whole layers) cfg.Whole, and stops
// the run at the first value with no row, an error, or ctx done. It
// returns the largest value with a row, and the error that stopped the run
// early.
func (p *pipeline) collect(ctx context.Context) (int, error) {
	cfg := &p.cfg
	maxG := cfg.FromG
	var err error
	complete := false
	var taps []*sweepJob // jobs whose tap may still run
	waitTaps := func() {
		for _, t := range taps {
			<-t.tapDone
		}
		taps = taps[:0]
		if f := p.failed(); f != nil && err == nil && !complete {
			err = f
		}
	}
	for j := range p.jobs {
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
			if err = p.failed(); err == nil {
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
					err = cfg.Whole(j.v+1, &Layer{N: p.N, arr: j.out.arr, list: j.out.list})
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
			p.abort.Store(true)
		}
		if err != nil || complete {
			p.stop.Store(true)
		}
	}
	waitTaps()
	if f := p.failed(); f != nil && err == nil {
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
