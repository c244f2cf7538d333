package table

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"time"

	"fibnim/grundy"
)

// BuildConfig describes a breakpoint run that writes one table folder.
type BuildConfig struct {
	Dir         string // the table folder (Dir(root, Mult)); created if missing
	N           int
	Mult        grundy.Multiplier
	Workers     int
	Breakpoints bool // write the breakpoint files; false: start values only
	DenseMax    int  // dense.parquet holds rows n <= min(N, DenseMax)
	Revision    string
	SwitchAt    int // grundy.BreakpointConfig.SwitchAt: 0 lets the engine choose

	// CheckpointEvery is the least time between checkpoints; 0 means
	// after every value. At large N checkpoints come less often (see Build).
	CheckpointEvery time.Duration

	Log     io.Writer           // one line per notice (resume, stale run); nil discards
	Started func(fromG int)     // called once before the sweeps; fromG > 0 on resume
	Done    func(g, firstN int) // called when value g is complete; firstN is the least n with G(n) >= g, or -1
	Sweep   func(grundy.SweepStats) // called with what each sweep did (grundy.BreakpointConfig.Sweep)
}

// maxStoredValue is the largest G(n) a table stores: StartCounts and the
// checkpoint hold 2 bytes per value (grundy.MaxStartValue). A variable so
// that a test can lower it and meet the overflow at a size it can run.
var maxStoredValue = grundy.MaxStartValue

// OverflowError is the error of a run whose G(n) passes the largest value a
// table stores, 65535 (grundy.MaxStartValue). It names the run's
// multiplier and N, and wraps grundy.ErrOverflow.
type OverflowError struct {
	Mult grundy.Multiplier
	N    int
	G    int // the value that does not fit: the largest stored value + 1
}

func (e *OverflowError) Error() string {
	return fmt.Sprintf("a = %s, N = %d: G(n) reaches %d, beyond the largest value a table stores (%d)", e.Mult, e.N, e.G, e.G-1)
}

func (e *OverflowError) Unwrap() error { return grundy.ErrOverflow }

// ForeseeOverflow returns an *OverflowError if a table of multiplier a to
// N is known, before it is computed, to hold a value past 65535: when
// a >= 65535 and N >= 65536, since then G(65536) = 65536, as in nim
// (grundy.NimPrefix). Otherwise it returns nil. That is no promise: only
// N < grundy.FirstWithValueBound(a, 65536) is sure not to overflow.
func ForeseeOverflow(N int, a grundy.Multiplier) error {
	g := maxStoredValue + 1
	if int64(N) >= int64(g) && grundy.NimPrefix(a) >= int64(g) {
		return &OverflowError{Mult: a, N: N, G: g}
	}
	return nil
}

// writerBytes is the memory of one Parquet writer's buffers.
const writerBytes = 256 << 20

// fileWriterBytes is the memory of one breakpoint file being written: a
// row group of RowGroupRows rows (16 bytes each before encoding) and its
// encoded pages.
const fileWriterBytes = 48 << 20

// PlanBuild returns the number of breakpoint files the engine writes at
// once (one per sweep in flight, and as many lagging behind) and the peak
// memory it estimates for the run within maxMem bytes (0: no limit), the
// dense side table of rows n <= denseN included; ok is false when that
// does not fit.
//
// The engine (with the start values, grundy.BreakpointBytes, and the
// breakpoint files, written as the sweeps make R_g) comes first; the
// dense side table and the start-value file come after the engine's
// memory is given back, beside the start values, so only the larger of
// the two phases counts.
func PlanBuild(N int, a grundy.Multiplier, workers int, breakpoints bool, denseN int, maxMem uint64) (writers int, need uint64, ok bool) {
	during := grundy.BreakpointBytes(N, a, workers)
	if breakpoints {
		writers = 2 * max(workers, 1)
		during += uint64(writers) * fileWriterBytes
	}
	after := grundy.StartCountsBytes(N, a) + grundy.DenseBytes(max(denseN, 0)) + writerBytes
	need = max(during, after)
	return writers, need, maxMem == 0 || need <= maxMem
}

// Build runs the breakpoint engine and writes the table folder cfg.Dir:
// start_values.parquet, dense.parquet and, with cfg.Breakpoints, one
// breakpoint file per value.
//
// The new files are made in Dir/.run/ and moved into place only when the
// run completes, so an earlier complete table is never damaged. Dir/.run/
// also holds checkpoint.bin: a run killed at any point and started again
// with the same parameters resumes from the last checkpoint and ends with
// byte-identical files. A checkpoint holds 8 bytes per row, so until one
// has been timed the first comes after ten times its estimated writing time
// (at 50 MB/s; twenty times for a start-values run, which stalls while
// one is written), and later ones after twenty times the measured one:
// writing them stays near 5% of the run.
//
// A run whose G(n) passes 65535 stops with an *OverflowError: before it
// starts where ForeseeOverflow knows it will (a >= 65535), else as soon as
// the engine finds a row with G(n) = 65536, that is when the sweep for the
// value 65535 completes; it writes no files and removes Dir/.run/, since
// the same run would overflow again. It cannot happen below
// N = grundy.FirstWithValueBound(a, 65536) (2,147,450,880 for a = 1).
//
// It returns the largest value G(n), and the time the engine took.
func Build(ctx context.Context, cfg BuildConfig) (maxG int, elapsed time.Duration, err error) {
	logf := func(format string, args ...any) {
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, format, args...)
		}
	}
	if cfg.Breakpoints && cfg.N > MaxBreakpointFileN {
		return 0, 0, fmt.Errorf("N = %d: breakpoint files hold rows up to %d (int32 columns); start values alone (-breakpoints=false) go to %d", cfg.N, MaxBreakpointFileN, grundy.MaxBreakpointN)
	}
	if err := ForeseeOverflow(cfg.N, cfg.Mult); err != nil {
		return 0, 0, err
	}
	dir := cfg.Dir
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, 0, err
	}
	work := filepath.Join(dir, runDir)
	workBP := filepath.Join(work, BreakpointsDir)
	ckPath := filepath.Join(work, "checkpoint.bin")
	ck, err := loadCheckpoint(ckPath, cfg.N, cfg.Mult, cfg.Breakpoints)
	if ck != nil && cfg.Breakpoints {
		for g := 1; g <= ck.G; g++ {
			if _, serr := os.Stat(BreakpointFile(workBP, g)); serr != nil {
				ck, err = nil, fmt.Errorf("breakpoint file g=%d is missing", g)
				break
			}
		}
	}
	switch {
	case ck != nil:
		logf("grundy: resuming from the checkpoint at g=%d in %s\n", ck.G, work)
	case errors.Is(err, os.ErrNotExist):
	case errors.Is(err, errStale):
		logf("grundy: ignoring an unfinished run with other parameters in %s\n", work)
	case errors.Is(err, errOldFormat):
		logf("grundy: ignoring an unfinished run left by another fibnim version (its checkpoint format differs) in %s\n", work)
	default:
		logf("grundy: ignoring an unusable checkpoint: %v\n", err)
	}
	if ck == nil {
		if err := os.RemoveAll(work); err != nil {
			return 0, 0, err
		}
		ck = &checkpoint{N: cfg.N, P: cfg.Mult.P, Q: cfg.Mult.Q, breakpoints: cfg.Breakpoints, counts: grundy.NewStartCounts(cfg.N)}
	}
	if err := os.MkdirAll(workBP, 0o755); err != nil {
		return 0, 0, err
	}
	// A killed run may have left half-written temporary files behind.
	for _, d := range []string{dir, workBP} {
		stale, _ := filepath.Glob(filepath.Join(d, ".*.tmp-*"))
		for _, f := range stale {
			os.Remove(f)
		}
	}
	if cfg.Started != nil {
		cfg.Started(ck.G)
	}

	meta := Meta("breakpoint", cfg.N, cfg.Mult, cfg.DenseMax, cfg.Revision)
	counts := ck.counts
	start := time.Now()
	lastCk := time.Now()
	ckGap := cfg.CheckpointEvery
	if ckGap > 0 {
		// This disk wrote checkpoints at about 50 MB/s with the sync. The
		// sweeps that would write over R_g wait while one is written, so
		// the first comes late: a 10^9 run (8 GB, about 3 minutes to
		// write) takes none in its first hour.
		ckGap = max(ckGap, time.Duration(20*float64(checkpointBytes(cfg.N))/50e6*float64(time.Second)))
	}
	saved := ck.G > 0 // a checkpoint is on disk: this run resumed from one
	overflow := &OverflowError{Mult: cfg.Mult, N: cfg.N, G: maxStoredValue + 1}
	engine := grundy.BreakpointConfig{N: cfg.N, Mult: cfg.Mult, Workers: cfg.Workers, FromG: ck.G, From: ck.R, Counts: counts, SwitchAt: cfg.SwitchAt}
	if cfg.Breakpoints {
		// Every R_g goes to its file as the sweeps make it.
		engine.Runs = func(g int) (grundy.RunWriter, error) {
			if g > maxStoredValue {
				return overflowWriter{overflow}, nil // an error only if R_g has a row
			}
			return CreateRunFile(BreakpointFile(workBP, g), meta, g)
		}
	}
	engine.Sweep = cfg.Sweep
	engine.Done = func(g, first int) {
		if cfg.Done != nil {
			cfg.Done(g, first)
		}
	}
	// A checkpoint at g claims the files up to g: the engine calls Whole
	// once they are closed.
	engine.Whole = func(g int, R *grundy.Layer) error {
		if g > maxStoredValue {
			return overflow
		}
		if time.Since(lastCk) < ckGap {
			return nil
		}
		t0 := time.Now()
		c := &checkpoint{N: cfg.N, G: g, P: cfg.Mult.P, Q: cfg.Mult.Q, breakpoints: cfg.Breakpoints, R: R, counts: counts}
		if err := c.save(ctx, ckPath); err != nil {
			return fmt.Errorf("writing checkpoint: %w", err)
		}
		saved = true
		lastCk = time.Now()
		// Keep the time spent writing checkpoints under 5% of the run.
		if cfg.CheckpointEvery > 0 {
			ckGap = max(cfg.CheckpointEvery, 20*lastCk.Sub(t0))
		}
		return nil
	}
	maxG, err = grundy.Breakpoints(ctx, engine)
	// The engine's arrays and records are garbage now. Collect them before
	// the start values are written: otherwise the writer's garbage grows
	// the heap to the collector's goal, twice the heap live at the last
	// collection (R and the counts, allocated first), and the peak RSS of a
	// start-values run was that goal (10.1 GiB at N = 10^9, against 8.4
	// estimated), not the engine's.
	ck.R = nil // the engine took it over and gave it back
	debug.FreeOSMemory()
	if errors.Is(err, grundy.ErrOverflow) {
		// The same run would overflow again: nothing in .run/ is worth
		// resuming from.
		os.RemoveAll(work)
		return 0, 0, overflow
	}
	if err != nil {
		if ctx.Err() != nil {
			if !saved {
				return 0, 0, fmt.Errorf("%w before the first checkpoint; earlier results left in place; the same command starts over", ErrInterrupted)
			}
			return 0, 0, fmt.Errorf("%w; earlier results left in place; run the same command again to resume from the last checkpoint in %s", ErrInterrupted, work)
		}
		return 0, 0, err
	}
	elapsed = time.Since(start)
	meta[MetaMaxG] = strconv.Itoa(maxG)

	// The dense side table is small; the dense engine fills it.
	dmax := min(cfg.N, cfg.DenseMax)
	tab, err := grundy.Dense(dmax, cfg.Mult, cfg.Workers)
	if err != nil {
		return 0, 0, err
	}
	if err := WriteDense(ctx, filepath.Join(dir, DenseFile), meta, tab, dmax); err != nil {
		return 0, 0, err
	}
	// Breakpoint files of an earlier run go, also when this run writes
	// none: they would not match the new start values, and Open refuses a
	// folder that mixes runs.
	final := filepath.Join(dir, BreakpointsDir)
	if _, err := os.Stat(final); err == nil {
		if err := os.Rename(final, filepath.Join(work, "old-breakpoints")); err != nil {
			return 0, 0, err
		}
	}
	if cfg.Breakpoints {
		if err := os.Rename(workBP, final); err != nil {
			return 0, 0, err
		}
	}
	if err := WriteStartValues(ctx, filepath.Join(dir, StartValuesFile), meta, cfg.N, counts.StartValue, counts.G); err != nil {
		return 0, 0, err
	}
	if err := os.RemoveAll(work); err != nil {
		return 0, 0, err
	}
	return maxG, elapsed, nil
}

// overflowWriter takes the place of the file of a value past the largest
// a table stores: it fails as soon as R_g turns out to have a row.
type overflowWriter struct{ err error }

func (w overflowWriter) Write([]grundy.Run) error { return w.err }
func (w overflowWriter) Close() error             { return w.err }
func (w overflowWriter) Abort()                   {}
