package grundy

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
)

// BreakpointConfig configures Breakpoints.
type BreakpointConfig struct {
	N       int
	Mult    Multiplier
	Workers int // concurrent sweeps; < 1 means GOMAXPROCS

	// Resume, when set, starts from a checkpoint: FromG = g >= 1 and FromR =
	// R_g. Breakpoints then emits g+1, g+2, ...
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
}

// BreakpointBytes is the memory of Breakpoints in bytes, not counting
// Counts: workers+1+hold breakpoint arrays of 4 bytes per row and one
// sweeper per worker (4 bytes per row and a bit set). Nothing else grows
// with N.
func BreakpointBytes(N, workers, hold int) uint64 {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	return uint64(workers+1+max(hold, 0))*4*uint64(N+1) + uint64(workers)*sweeperBytes(N)
}

type sweepJob struct {
	v      int
	in     *sweepJob // the job whose out is this one's in (nil for R_0)
	out    []uint32
	prog   *progress
	finite int
	done   chan struct{}
	// users of out: the next sweep, and EmitHeld until it releases it;
	// the last to finish returns out to the pool.
	users atomic.Int32
}

// Breakpoints computes the breakpoint table R_g(n) for 0 <= n <= N, value
// by value, and hands each R_g to cfg.Emit in order. Sweeps for consecutive
// values run concurrently on cfg.Workers goroutines, each following the one
// before it; what is emitted does not depend on the number of workers. It
// returns the largest g emitted, which is max G(n, n) over n <= N.
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
			return cfg.Emit(g, R)
		}
	}
	var stop atomic.Bool
	sweepers := make(chan *sweeper, W)
	for i := 0; i < W; i++ {
		sweepers <- nil // allocated on first use
	}
	// W+1 arrays: W sweeps each write one, and the input of the oldest is
	// the array being emitted; it returns to the pool once the sweep that
	// reads it is done, which is after its emission. EmitHeld may keep
	// hold more.
	arrays := make(chan []uint32, W+1+hold)
	for i := 0; i < W+1+hold; i++ {
		arrays <- nil
	}
	drop := func(j *sweepJob) {
		if j != nil && j.users.Add(-1) == 0 {
			arrays <- j.out
		}
	}
	getArray := func() []uint32 {
		b := <-arrays
		if b == nil {
			b = make([]uint32, N+1)
		}
		return b
	}
	jobs := make(chan *sweepJob, W+1)

	// The launcher starts sweep v as soon as a sweeper and an array are
	// free; sweep v reads the output of sweep v-1 as it is produced.
	go func() {
		defer close(jobs)
		var in *sweepJob
		if cfg.FromG > 0 {
			in = &sweepJob{out: getArray(), prog: &progress{}}
			copy(in.out, cfg.FromR)
			in.prog.done.Store(int64(N + 1))
			in.users.Store(1)
		}
		for v := cfg.FromG; !stop.Load(); v++ {
			sw := <-sweepers
			if sw == nil {
				sw = newSweeper(N)
			}
			j := &sweepJob{v: v, in: in, out: getArray(), prog: &progress{}, done: make(chan struct{})}
			j.users.Store(1) // the next sweep; the emission adds itself
			go func(j *sweepJob, sw *sweeper) {
				counts := cfg.Counts
				if j.v > MaxStartValue {
					counts = nil // reported as an overflow before it is needed
				}
				var in []uint32
				var inProg *progress
				if j.in != nil {
					in, inProg = j.in.out, j.in.prog
				}
				j.finite = sw.sweep(N, a, j.v, in, inProg, j.out, j.prog, counts, &stop)
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
		default:
			j.users.Add(1)
			var once sync.Once
			if err = emit(j.v+1, j.out, func() { once.Do(func() { drop(j) }) }); err == nil {
				maxG = j.v + 1
			}
		}
		if err != nil || complete {
			stop.Store(true)
		}
		drop(j.in) // sweep v is done with R_v, which was emitted before
	}
	return maxG, err
}

// StartCounts accumulates the start values G(n, n) and G(n, n-1) from the
// breakpoint arrays. G(n, n-1) = G(n, n) unless some breakpoint of row n
// equals n, which is rare (29 rows of the first 10^6 for a = 2), so it is
// kept as the exceptions: Full costs two bytes per row. (Several breakpoints
// of a row can equal n when its last value jumps by more than one, as in
// row 2, so the exception records the least such g.)
type StartCounts struct {
	Full  []uint16      // G(n, n): the largest g with R_g(n) <= n
	first map[int32]int // for rows with some R_g(n) = n: the least such g
	mu    sync.Mutex    // guards first
	// marks has a bit per block of 256 rows, set once a row of the block
	// is in first, so that reading the start value of the other rows,
	// one per row at N = 10^9, costs no lock and no map lookup.
	marks []atomic.Uint64
}

const markShift = 8 // rows per mark: 1 << markShift

// NewStartCounts returns counts for 0 <= n <= N, all zero.
func NewStartCounts(N int) *StartCounts {
	return &StartCounts{Full: make([]uint16, N+1), first: map[int32]int{}, marks: make([]atomic.Uint64, N>>markShift>>6+1)}
}

func (c *StartCounts) mark(n int) {
	b := n >> markShift
	c.marks[b>>6].Or(1 << (b & 63))
}

func (c *StartCounts) marked(n int) bool {
	b := n >> markShift
	return c.marks[b>>6].Load()&(1<<(b&63)) != 0
}

// StartCountsBytes is the memory of StartCounts for size N, not counting
// the few exceptions.
func StartCountsBytes(N int) uint64 { return 2*uint64(N+1) + uint64(N>>markShift>>6+1)*8 }

// MaxStartValue is the largest value StartCounts can hold.
const MaxStartValue = math.MaxUint16

// Add records R_g. Arrays must be added for g = 1, 2, ... in order.
func (c *StartCounts) Add(g int, R []uint32) error {
	if g > MaxStartValue {
		return fmt.Errorf("%w: G(n) = %d exceeds %d", ErrOverflow, g, MaxStartValue)
	}
	for n, r := range R {
		if r <= uint32(n) {
			c.Full[n] = uint16(g)
			if r == uint32(n) {
				c.noteEqual(n, g)
			}
		}
	}
	return nil
}

// noteEqual records that R_g(n) = n.
func (c *StartCounts) noteEqual(n, g int) {
	c.mu.Lock()
	if f, ok := c.first[int32(n)]; !ok || g < f {
		c.first[int32(n)] = g
	}
	c.mark(n)
	c.mu.Unlock()
}

// SetStart records G(n, n-1) = s for a row with G(n, n) = Full[n] already
// set (to restore counts from a checkpoint).
func (c *StartCounts) SetStart(n, s int) {
	if s < int(c.Full[n]) {
		c.mu.Lock()
		c.first[int32(n)] = s + 1
		c.mark(n)
		c.mu.Unlock()
	}
}

// Checkpoint returns the counts as they were when values 1..g were
// recorded, for row n, given R = R_g. It is safe to call from Emit(g, R)
// while the sweeps for later values write to c: it reads Full only for rows
// where R_g(n) > n, which no later sweep touches, returns g or g-1 for the
// others, and sees the exceptions of earlier values (a later sweep only adds
// rows with R_g(n) <= n, whose answer does not depend on them).
func (c *StartCounts) Checkpoint(g int, R []uint32, n int) (full, start uint16) {
	r := R[n]
	switch {
	case r < uint32(n):
		return uint16(g), uint16(g)
	case r == uint32(n):
		full = uint16(g)
		if f, ok := c.firstEqual(n); ok && f < g {
			return full, uint16(f - 1)
		}
		return full, uint16(g - 1)
	default:
		full = c.Full[n]
		if f, ok := c.firstEqual(n); ok {
			return full, uint16(f - 1)
		}
		return full, full
	}
}

func (c *StartCounts) firstEqual(n int) (int, bool) {
	if !c.marked(n) {
		return 0, false
	}
	c.mu.Lock()
	f, ok := c.first[int32(n)]
	c.mu.Unlock()
	return f, ok
}

// G returns G(n, n).
func (c *StartCounts) G(n int) int { return int(c.Full[n]) }

// StartValue returns G(n, n-1), and G(0, 0) = 0 for n = 0.
func (c *StartCounts) StartValue(n int) int {
	if f, ok := c.firstEqual(n); ok {
		return f - 1
	}
	return int(c.Full[n])
}
