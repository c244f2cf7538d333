package grundy

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"time"
)

// This file holds what a caller of Breakpoints gives and gets: its
// configuration, the RunWriter it hands R_g to, and what each sweep did.
// The engine itself is in pipeline.go (Breakpoints, the state its
// goroutines share, and the collector that takes the values in order),
// pipeline_schedule.go (the launcher: the switch between rows and runs,
// and where each sweep's output goes), pipeline_stream.go (how R_{v+1} passes from a
// sweep to its readers), pipeline_sweep.go (the sweeps) and
// pipeline_tap.go (the writers' taps).

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

// workers checks cfg and returns the number of concurrent sweeps.
func (cfg *BreakpointConfig) workers() (int, error) {
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
	return W, nil
}
