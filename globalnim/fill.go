package globalnim

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"fibnim/grundy"
)

// Sweep computes the breakpoints R_g(x, y), 0 <= x <= y <= M, of the
// global game with multiplier a, one sweep per value g, and hands them to
// emit in increasing g: R has one entry per position in Index order, Inf
// where G(x, y, max(x, y)) < g. It stops after the last g that some
// position reaches and returns that g, the largest value in the table.
//
// The sweeps run on workers goroutines (< 1: GOMAXPROCS), the sweep for
// g+1 a short distance behind the sweep for g (sweep.go); each is a
// function of the one before it only, so what emit receives does not
// depend on the number of workers. emit runs on the calling goroutine
// while the sweeps go on; R is valid only during the call. An error from
// emit, or ctx being cancelled, stops every sweep within a few
// milliseconds and is returned.
func Sweep(ctx context.Context, M int, a grundy.Multiplier, workers int, emit func(g int, R []uint16) error) (int, error) {
	if err := checkM(M); err != nil {
		return 0, err
	}
	if a.Q == 0 || a.P < a.Q {
		return 0, fmt.Errorf("global: multiplier %s below 1", a)
	}
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	np := Positions(M)
	p := &pipeline{np: np, limit: workers + 2, stages: map[int]*stage{}}
	p.cond = sync.NewCond(&p.mu)
	// R_0 = 0 everywhere, complete before any sweep starts.
	s0 := &stage{R: make([]uint16, np), done: make(chan struct{}), readers: 1}
	s0.progress.Store(int64(np))
	p.stages[0] = s0
	p.arrays, p.created = 1, 1

	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sw := newSweeper(M, a)
			for v := w; ; v += workers {
				if p.stop.Load() {
					return
				}
				in, out := p.stage(v), p.stage(v+1)
				if in == nil || out == nil {
					return
				}
				finite, ok := sw.run(in.R, out.R, &in.progress, &out.progress, &p.stop)
				if !ok {
					return
				}
				out.finite = finite
				close(out.done)
				p.release(v)
			}
		}()
	}
	// Stop the sweeps when ctx is cancelled.
	quit := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			p.halt()
		case <-quit:
		}
	}()
	maxG, err := p.emitAll(ctx, emit)
	p.halt()
	close(quit)
	wg.Wait()
	return maxG, err
}

// stage is one array R_g, written by the sweep for g-1 and read by the
// sweep for g and by emit.
type stage struct {
	R        []uint16
	progress atomic.Int64 // leading positions of R that are final
	done     chan struct{}
	finite   bool // some entry is finite; valid once done is closed
	readers  int  // sweep g and emit; the array is reused when both are done
}

type pipeline struct {
	np      int
	limit   int // arrays at most: workers + 2
	stop    atomic.Bool
	mu      sync.Mutex
	cond    *sync.Cond
	stages  map[int]*stage
	created int // stages 0..created-1 have been made
	arrays  int
	spare   [][]uint16
}

// stage returns R_g's stage, making it (and waiting for an array) if it
// does not exist yet; nil once the pipeline stops.
func (p *pipeline) stage(g int) *stage {
	p.mu.Lock()
	defer p.mu.Unlock()
	for {
		if p.stop.Load() {
			return nil
		}
		if s, ok := p.stages[g]; ok {
			return s
		}
		// Stages are made in increasing g, so the arrays in use always
		// hold a run of consecutive values and the oldest sweep can go on.
		if g == p.created && (len(p.spare) > 0 || p.arrays < p.limit) {
			var R []uint16
			if n := len(p.spare); n > 0 {
				R, p.spare = p.spare[n-1], p.spare[:n-1]
			} else {
				R = make([]uint16, p.np)
				p.arrays++
			}
			s := &stage{R: R, done: make(chan struct{}), readers: 2}
			if g == 0 {
				s.readers = 1
			}
			p.stages[g] = s
			p.created++
			p.cond.Broadcast()
			return s
		}
		p.cond.Wait()
	}
}

// release marks one reader of R_g done; the last one frees the array.
func (p *pipeline) release(g int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := p.stages[g]
	s.readers--
	if s.readers == 0 {
		delete(p.stages, g)
		p.spare = append(p.spare, s.R)
		p.cond.Broadcast()
	}
}

func (p *pipeline) halt() {
	p.mu.Lock()
	p.stop.Store(true)
	p.cond.Broadcast()
	p.mu.Unlock()
}

// emitAll hands R_1, R_2, ... to emit as their sweeps finish, until one
// has no finite entry.
func (p *pipeline) emitAll(ctx context.Context, emit func(int, []uint16) error) (int, error) {
	for g := 1; ; g++ {
		s := p.stage(g)
		if s == nil {
			return 0, stopErr(ctx)
		}
		select {
		case <-s.done:
		case <-ctx.Done():
			return 0, ctx.Err()
		}
		if !s.finite {
			return g - 1, nil
		}
		if g > MaxValue {
			return 0, fmt.Errorf("global: a value above %d, more than the tables' counts hold", MaxValue)
		}
		if err := emit(g, s.R); err != nil {
			return 0, err
		}
		p.release(g)
	}
}

func stopErr(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return errors.New("global: sweeps stopped")
}

// waitBeyond waits until p passes n and returns it, or -1 if stop is set.
// It spins a little, then yields, then sleeps for growing spells of up to
// a millisecond, so that a waiting sweep leaves the core to the sweep it
// waits for.
func waitBeyond(p *atomic.Int64, n int64, stop *atomic.Bool) int64 {
	sleep := 10 * time.Microsecond
	for i := 0; ; i++ {
		if d := p.Load(); d > n {
			return d
		}
		if stop.Load() {
			return -1
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

// SweepBytes estimates the peak memory of Sweep for a table of size M
// with the given number of workers, and of a writer that keeps three
// counts a position (tablebuild.Global): per position, 2 bytes for each
// of the workers+2 arrays R_g, 6 for the counts, and per worker about 6
// for the windows that wait in buckets (a bound on what was measured);
// twice that for the garbage collector's headroom, and 96 MiB for the
// Parquet writer. results/global.md compares it with the peaks measured.
func SweepBytes(M, workers int) uint64 {
	np := uint64(Positions(M))
	w := uint64(workers)
	return 2*np*(2*(w+2)+6+6*w) + 96<<20
}
