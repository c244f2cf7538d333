package tablebuild

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"fibnim/grundy"
	"fibnim/internal/filehash"
	"fibnim/internal/tablewrite"
	"fibnim/table"
)

// This file is the one place that calls the breakpoint engine
// (grundy.Breakpoints): how the breakpoint files are written from the runs
// it makes, and when a checkpoint is saved (checkpoint.go: what it holds).
// The rest of the package (lock, staging, manifest, commit) sees only
// runBreakpoints, so that a change in how the engine hands on R_g touches
// these two files alone.

// checkpointName is the checkpoint's file in the staging folder: hidden,
// so that the staged table opens as a table, and removed before the swap.
const checkpointName = ".checkpoint.bin"

// breakpointRun is what runBreakpoints needs beyond Config.
type breakpointRun struct {
	stage string // the staging folder: breakpoints/ and the checkpoint go here
	plan  Plan   // its Writers: breakpoint files written at once
	meta  map[string]string
	log   func(format string, args ...any)
	// hasher gets each breakpoint file once it is complete, to hash it in
	// the CPU time the engine leaves unused, for the manifest.
	hasher *filehash.Spare
}

// breakpointResult is what the engine leaves for the final files.
type breakpointResult struct {
	counts  *grundy.StartCounts
	maxG    int
	elapsed time.Duration
	fromG   int // the checkpoint's g when resumed, else 0
}

// runBreakpoints runs the breakpoint engine for cfg into the staging
// folder: one breakpoint file per value (with cfg.Breakpoints) in
// stage/breakpoints/, and the checkpoint stage/.checkpoint.bin, from which
// it resumes when one of the same parameters is there.
//
// A checkpoint holds 8 bytes per row, so until one has been timed the
// first comes after ten times its estimated writing time (at 50 MB/s;
// twenty times for a start-values run, which stalls while one is
// written), and later ones after twenty times the measured one: writing
// them stays near 5% of the run.
func runBreakpoints(ctx context.Context, cfg *Config, run breakpointRun) (res breakpointResult, err error) {
	workBP := filepath.Join(run.stage, table.BreakpointsDir)
	ckPath := filepath.Join(run.stage, checkpointName)
	ck, err := loadCheckpoint(ckPath, cfg.N, cfg.Mult, cfg.Breakpoints)
	if ck != nil && cfg.Breakpoints {
		for g := 1; g <= ck.G; g++ {
			if _, serr := os.Stat(table.BreakpointFile(workBP, g)); serr != nil {
				ck, err = nil, fmt.Errorf("breakpoint file g=%d is missing", g)
				break
			}
		}
	}
	size := human(uint64(du(run.stage)))
	switch {
	case ck != nil:
		run.log("grundy: resuming from the checkpoint at g=%d in %s (%s)\n", ck.G, run.stage, size)
	case errors.Is(err, os.ErrNotExist):
		if _, serr := os.Stat(run.stage); serr == nil {
			run.log("grundy: removing an unfinished run without a checkpoint (%s) from %s\n", size, run.stage)
		}
	case errors.Is(err, errStale):
		run.log("grundy: removing an unfinished run with other parameters (%s) from %s\n", size, run.stage)
	case errors.Is(err, errOldFormat):
		run.log("grundy: removing an unfinished run left by another fibnim version (its checkpoint format differs; %s) from %s\n", size, run.stage)
	default:
		run.log("grundy: removing an unusable checkpoint (%s) from %s: %v\n", size, run.stage, err)
	}
	if ck == nil {
		if err := os.RemoveAll(run.stage); err != nil {
			return res, err
		}
		ck = &checkpoint{N: cfg.N, P: cfg.Mult.P, Q: cfg.Mult.Q, breakpoints: cfg.Breakpoints, counts: grundy.NewStartCounts(cfg.N)}
	}
	if err := os.MkdirAll(run.stage, 0o755); err != nil {
		return res, err
	}
	if cfg.Breakpoints {
		if err := os.MkdirAll(workBP, 0o755); err != nil {
			return res, err
		}
	}
	// A killed run may have left half-written temporary files behind.
	for _, d := range []string{run.stage, workBP} {
		stale, _ := filepath.Glob(filepath.Join(d, ".*.tmp-*"))
		for _, f := range stale {
			os.Remove(f)
		}
	}
	res.fromG = ck.G
	if cfg.Started != nil {
		cfg.Started(run.plan, ck.G)
	}

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
	engine := grundy.BreakpointConfig{N: cfg.N, Mult: cfg.Mult, Workers: cfg.Workers, FromG: ck.G, From: ck.R, Counts: counts, SwitchAt: cfg.SwitchAt, Swept: cfg.Swept}
	if cfg.Breakpoints {
		// Every R_g goes to its file as the sweeps make it.
		engine.Runs = func(g int) (grundy.RunWriter, error) {
			if g > maxStoredValue {
				return overflowWriter{overflow}, nil // an error only if R_g has a row
			}
			path := table.BreakpointFile(workBP, g)
			f, err := tablewrite.CreateRunFile(path, run.meta, g)
			if err != nil {
				return nil, err
			}
			return hashedRunFile{f, path, run.hasher}, nil
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
		if err := failpoint("checkpoint"); err != nil {
			return err
		}
		// Keep the time spent writing checkpoints under 5% of the run.
		if cfg.CheckpointEvery > 0 {
			ckGap = max(cfg.CheckpointEvery, 20*lastCk.Sub(t0))
		}
		return nil
	}
	maxG, err := grundy.Breakpoints(ctx, engine)
	// The engine's arrays and records are garbage now. Collect them before
	// the start values are written: otherwise the writer's garbage grows
	// the heap to the collector's goal, twice the heap live at the last
	// collection (R and the counts, allocated first), and the peak RSS of a
	// start-values run was that goal (10.1 GiB at N = 10^9, against 8.4
	// estimated), not the engine's.
	ck.R = nil // the engine took it over and gave it back
	debug.FreeOSMemory()
	if errors.Is(err, grundy.ErrOverflow) {
		// The same run would overflow again: nothing staged is worth
		// resuming from.
		os.RemoveAll(run.stage)
		return res, overflow
	}
	if err != nil {
		if ctx.Err() != nil {
			if !saved {
				return res, &InterruptedError{}
			}
			return res, &InterruptedError{Checkpoint: run.stage}
		}
		return res, err
	}
	res.counts, res.maxG, res.elapsed = counts, maxG, time.Since(start)
	return res, nil
}

// hashedRunFile is a breakpoint file handed to the hasher once closed.
type hashedRunFile struct {
	*tablewrite.RunFile
	path   string
	hasher *filehash.Spare
}

func (f hashedRunFile) Close() error {
	if err := f.RunFile.Close(); err != nil {
		return err
	}
	f.hasher.Add(f.path)
	return nil
}

// overflowWriter takes the place of the file of a value past the largest
// a table stores: it fails as soon as R_g turns out to have a row.
type overflowWriter struct{ err error }

func (w overflowWriter) Write([]grundy.Run) error { return w.err }
func (w overflowWriter) Close() error             { return w.err }
func (w overflowWriter) Abort()                   {}
