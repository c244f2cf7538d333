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

	// Resume, when set, starts from a checkpoint: FromG = g >= 1 and FromR =
	// R_g. Breakpoints then emits g+1, g+2, ... It keeps FromR as one of
	// its arrays and writes over it, so a resumed run needs no more memory
	// than a fresh one; the caller must not use FromR afterwards.
	FromG int
	FromR []uint32

	// Counts, when set, receives the start values G(n, n) and G(n, n-1)
	// as the sweeps pass (cheaper than calling Add from Emit). It must hold
	// the counts for values up to FromG when resuming; see
	// StartCounts.Checkpoint for saving them while a run goes on.
	Counts *StartCounts

	// Emit is called from a single goroutine for g = FromG+1, FromG+2, ...
	// in increasing order, with R = R_g (indexed by n, Inf where
	// G(n, n) < g), until no row has value g. R is valid only during the
	// call. An error from Emit stops the run.
	Emit func(g int, R []uint32) error

	// EmitHeld, if set, is called instead of Emit and may keep R after it
	// returns, to hand it to another goroutine: R stays valid until
	// release is called, which must happen exactly once. Up to Hold
	// arrays can be held at a time; beyond that the sweeps wait for a
	// release (each held array costs 4(N+1) bytes; with Hold = 0, EmitHeld
	// should release R before it returns).
	EmitHeld func(g int, R []uint32, release func()) error
	Hold     int

	// Sparse says that only Counts and checkpoints are wanted. Then a
	// chain of Workers sweeps hand rows to each other through small rings,
	// and R_g is kept whole only at the end of a chain, every Workers-th g
	// (g - FromG a multiple of Workers); only those g are emitted. The last
	// sweep of a chain writes R_g over the R_{g-Workers} that the first
	// one has read: one array of N+1 rows instead of Workers+1. While
	// Emit(g) holds R_g, the chain that overwrites it waits.
	Sparse bool
}

// ringRows is the size of the ring between two sweeps of a chain (Sparse):
// a sweep runs at most this many rows ahead of the one that reads it.
const ringRows = 1 << 20

// BreakpointBytes estimates the memory of Breakpoints in bytes, not
// counting Counts: the arrays of 4 bytes per row that are kept whole
// (Workers+1+Hold, or one when sparse), the rings, and one sweeper per
// worker: its ring of slots and buckets, and its records of windows that
// have not started (10 or 12 bytes each). How many windows wait at once
// depends on a and N; a pilot run of the sweeps at 2^20 rows measures the
// bytes per row (PendingBytes). For a = 2 the share swings with N rather
// than growing: 1.87, 1.34, 1.42, 1.98, 1.41, 1.86 bytes a row at 2^20,
// 2^22, ..., 2^28 (one sweeper's peak over all values).
func BreakpointBytes(N int, a Multiplier, workers, hold int, sparse bool) uint64 {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	arrays := uint64(workers + 1 + max(hold, 0))
	rings := uint64(0)
	if sparse {
		arrays, rings = 1, uint64(max(workers-1, 0))
	}
	records := uint64(PendingBytes(a, N)*float64(N+1)) + 12<<pageShift
	return arrays*4*uint64(N+1) + rings*4*ringRows + uint64(workers)*(sweeperBytes(N)+records)
}

// stream carries R_{v+1} from the sweep that writes it to the one that
// reads it: all N+1 rows, or a ring of the last ringRows.
type stream struct {
	buf  []uint32
	ring bool
	prog progress // rows written
	read progress // rows read; rings only
}

func (s *stream) rows(n0, n1 int) []uint32 {
	if s.ring {
		o := n0 & (len(s.buf) - 1)
		return s.buf[o : o+n1-n0]
	}
	return s.buf[n0:n1]
}

type sweepJob struct {
	v    int
	in   *sweepJob // the job whose out is this one's in (nil for R_0)
	out  *stream
	emit bool // out is kept whole and emitted
	// sparse: the emission of the array this job overwrites; the job
	// starts when it is released.
	after    chan struct{}
	released chan struct{} // closed when this job's emission is released
	finite   int
	done     chan struct{}
	// users of a whole out (not sparse): the next sweep, and EmitHeld until it
	// releases it; the last to finish returns out to the pool.
	users atomic.Int32
}

// sweepStream runs sw over all rows from in (nil: R_0 = 0) into out,
// publishing its progress every publishStride rows. It returns the
// number of finite entries of out, or -1 if stop was set before it
// finished.
func (sw *sweeper) sweepStream(in, out *stream, zero []uint32, stop *atomic.Bool) int {
	N := sw.N
	for n0 := 0; n0 <= N; n0 += publishStride {
		n1 := min(N+1, n0+publishStride)
		src := zero[:n1-n0]
		// A sweep that has to wait for another waits for a good stretch
		// (a quarter of a ring ahead, or half a ring freed), so that waits,
		// and the wake-ups they cost when the cores are busy, are rare.
		// The two thresholds leave a gap, so the two cannot wait for each
		// other at once.
		if in != nil {
			if in.prog.done.Load() < int64(n1) {
				target := min(int64(N+1), int64(n1+ringRows/4))
				if in.prog.waitBeyond(target-1, stop) < 0 {
					return -1
				}
			}
			src = in.rows(n0, n1)
		}
		if out.ring {
			if need := int64(n1 - len(out.buf)); need > 0 && out.read.done.Load() < need {
				if out.read.waitBeyond(need+ringRows/2-1, stop) < 0 {
					return -1
				}
			}
		}
		sw.run(src, out.rows(n0, n1))
		out.prog.done.Store(int64(n1))
		if in != nil && in.ring {
			in.read.done.Store(int64(n1))
		}
		if stop.Load() && n1 <= N {
			return -1
		}
	}
	return sw.finite
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

// Breakpoints computes the breakpoint table R_g(n) for 0 <= n <= N, value
// by value, and hands each R_g to cfg.Emit in order. Sweeps for consecutive
// values run concurrently on cfg.Workers goroutines, each following the one
// before it; what is emitted does not depend on the number of workers. It
// returns the largest g with a row of value g, which is max G(n, n) over
// n <= N.
func Breakpoints(ctx context.Context, cfg BreakpointConfig) (int, error) {
	N, a := cfg.N, cfg.Mult
	if N < 0 || N > MaxBreakpointN {
		return 0, fmt.Errorf("grundy: size %d outside 0..%d", N, MaxBreakpointN)
	}
	if a.Q == 0 || a.P < a.Q {
		return 0, fmt.Errorf("grundy: multiplier %s below 1", a)
	}
	if cfg.FromG > 0 && len(cfg.FromR) != N+1 {
		return 0, fmt.Errorf("grundy: resume array has %d entries, want %d", len(cfg.FromR), N+1)
	}
	W := cfg.Workers
	if W < 1 {
		W = runtime.GOMAXPROCS(0)
	}
	// Emit is EmitHeld with no array held past the call.
	emit, hold := cfg.EmitHeld, max(cfg.Hold, 0)
	if emit == nil {
		hold = 0
		emit = func(g int, R []uint32, release func()) error {
			defer release()
			if cfg.Emit == nil {
				return nil
			}
			return cfg.Emit(g, R)
		}
	}
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	sweepers := make(chan *sweeper, W)
	for i := 0; i < W; i++ {
		sweepers <- nil // allocated on first use
	}
	// Whole arrays: W+1 when every R_g is emitted (W sweeps each write
	// one, and the input of the oldest is the array being emitted; it
	// returns to the pool once the sweep that reads it is done, which is
	// after its emission), and EmitHeld may keep hold more. Sparse: the
	// array a chain of W sweeps reads and the one it writes.
	nArrays := W + 1 + hold
	if cfg.Sparse {
		nArrays = 1
	}
	arrays := make(chan []uint32, nArrays)
	for i := 0; i < nArrays; i++ {
		arrays <- nil
	}
	rings := make(chan []uint32, W)
	for i := 0; i < W; i++ {
		rings <- nil
	}
	drop := func(j *sweepJob) {
		if j != nil && j.emit && !cfg.Sparse && j.users.Add(-1) == 0 { // sparse: one array, never pooled
			arrays <- j.out.buf
		}
	}
	var whole []uint32 // sparse: the one array
	getArray := func() []uint32 {
		b := <-arrays
		if b == nil {
			b = make([]uint32, N+1)
		}
		return b
	}
	zero := make([]uint32, publishStride)
	jobs := make(chan *sweepJob, W+1)

	// The launcher starts sweep v as soon as a sweeper and an array are
	// free; sweep v reads the output of sweep v-1 as it is produced.
	go func() {
		defer close(jobs)
		var in *sweepJob
		var lastWhole chan struct{} // sparse: released when R in whole may be overwritten
		if cfg.FromG > 0 {
			// FromR takes the place of the first array.
			<-arrays
			in = &sweepJob{out: &stream{buf: cfg.FromR}, emit: true}
			if cfg.Sparse {
				whole = cfg.FromR
				in.released = make(chan struct{})
				close(in.released) // nothing else holds FromR
				lastWhole = in.released
			} else {
				in.users.Store(1)
			}
			in.out.prog.done.Store(int64(N + 1))
		} else if cfg.Sparse {
			whole = getArray()
		}
		for v := cfg.FromG; !stop.Load(); v++ {
			if c := cfg.Counts; c != nil && v > narrowMax && !c.Wide() {
				// The first value past 255: the counts widen once every
				// sweep that writes to them is done.
				if in != nil && in.done != nil {
					<-in.done
				}
				c.Widen()
			}
			sw := <-sweepers
			if sw == nil {
				sw = newSweeper(N, a)
			}
			j := &sweepJob{v: v, in: in, done: make(chan struct{})}
			j.emit = !cfg.Sparse || (v+1-cfg.FromG)%W == 0
			switch {
			case j.emit && cfg.Sparse:
				j.out = &stream{buf: whole}
				j.released = make(chan struct{})
				j.after = lastWhole
				lastWhole = j.released
			case j.emit:
				j.out = &stream{buf: getArray()}
				j.users.Store(1) // the next sweep; the emission adds itself
			default:
				r := <-rings
				if r == nil {
					r = make([]uint32, ringRows)
				}
				j.out = &stream{buf: r, ring: true}
			}
			go func(j *sweepJob, sw *sweeper) {
				var in *stream
				if j.in != nil {
					in = j.in.out
				}
				sw.start(j.v, cfg.Counts)
				if waitClosed(j.after, &stop) {
					j.finite = sw.sweepStream(in, j.out, zero, &stop)
				} else {
					j.finite = -1
				}
				if in != nil && in.ring {
					rings <- in.buf
				}
				sweepers <- sw
				close(j.done)
			}(j, sw)
			jobs <- j
			in = j
		}
	}()

	maxG := cfg.FromG
	var err error
	complete := false
	for j := range jobs {
		<-j.done
		switch {
		case err != nil || complete:
			// Drain the sweeps launched ahead; their output is not used.
		case ctx.Err() != nil:
			err = ctx.Err()
		case j.finite < 0:
			err = fmt.Errorf("grundy: sweep %d stopped", j.v)
		case j.finite == 0:
			complete = true // no row has value v+1: the table is complete
		case cfg.Counts != nil && j.v+1 > MaxStartValue:
			err = fmt.Errorf("%w: G(n) = %d exceeds %d", ErrOverflow, j.v+1, MaxStartValue)
		case j.emit:
			var once sync.Once
			release := func() { once.Do(func() { close(j.released) }) }
			if !cfg.Sparse {
				j.users.Add(1)
				release = func() { once.Do(func() { drop(j) }) }
			}
			if err = emit(j.v+1, j.out.buf, release); err == nil {
				maxG = j.v + 1
			}
		default:
			maxG = j.v + 1
		}
		if err != nil || complete {
			stop.Store(true)
		}
		drop(j.in) // sweep v is done with R_v, which was emitted before
	}
	if err == nil && !complete {
		// Stopped before any sweep was launched: ctx was done so early
		// that the launcher saw it first. No table is no answer.
		err = ctx.Err()
		if err == nil {
			err = errors.New("grundy: stopped before the table was complete")
		}
	}
	return maxG, err
}
