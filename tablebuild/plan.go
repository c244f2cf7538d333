package tablebuild

import (
	"context"
	"fmt"
	"sync/atomic"

	"fibnim/grundy"
	"fibnim/internal/parquetfile"
)

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

// The memory of the Parquet writers, and of the process beside its tables.
// A writer buffers a row group of at most parquetfile.RowGroupRows rows
// before it encodes it, so what it holds grows with its file's rows up to
// a row group and no further:
//
//   - processBytes is what a run holds whatever its size: the Go runtime,
//     the program, a writer's encoders. Measured with /usr/bin/time -v on
//     this 2-core VM: compute grundy -n 0 peaks at 23.3 MiB (dense engine)
//     and 22.3 MiB (breakpoint engine), -n 1000 at 28.5 and 30.8 MiB.
//   - writerRowBytes bounds a start-value or dense writer's bytes per row
//     of its row group: 224 bytes, so that a full row group with
//     processBytes takes 256 MiB, the bound this package took for every
//     run before (the dense file of n <= 1000, 501,501 rows, added
//     6 MiB: 12 bytes a row).
//   - fileWriterBytes is what one breakpoint file being written holds: a
//     row group of parquetfile.RowGroupRows rows (16 bytes each before
//     encoding) and its encoded pages, 48 MiB, whatever its rows: scaling
//     it by the rows (48 bytes a row, at least 1 MiB)
//     put the plan under the peak (compute grundy -engine breakpoint
//     -dense-max 0 -workers 2, this 2-core VM, 2026-11-27: a = 1 at
//     N = 20,001, 10^5 and 3*10^5 planned 36.3, 53.6 and 98.4 MiB and
//     peaked at 48.2, 112.2 and 108.1 MiB; a = 2 at 10^5 planned 53.6 and
//     peaked at 60.0).
const (
	processBytes    = 32 << 20
	writerRowBytes  = 224
	fileWriterBytes = 48 << 20
)

// writerBytes bounds the peak of the phase that writes a file of rows
// rows (start values or dense cells): the process and one writer.
func writerBytes(rows uint64) uint64 {
	return processBytes + writerRowBytes*min(rows, parquetfile.RowGroupRows)
}

// memoryPlans counts the calls of PlanMemory, for the test that a run
// plans once.
var memoryPlans atomic.Int64

// Plan is what a run will take, estimated before any work.
type Plan struct {
	Memory  uint64 // peak memory, bytes
	Writers int    // breakpoint files written at once
	Fits    bool   // Memory is within Config.MaxMem (or there is no limit)
}

// PlanMemory returns the plan of cfg's memory. For the breakpoint engine:
// the number of breakpoint files it writes at once (one per sweep in
// flight, and as many lagging behind) and the peak memory it estimates,
// the dense side table included. The engine (with the start values,
// grundy.BreakpointBytes, and the breakpoint files, written as the sweeps
// make R_g) comes first; the dense side table and the start-value file
// come after the engine's memory is given back, beside the start values,
// so only the larger of the two phases counts.
//
// The dense engine holds the whole table, grundy.DenseBytes; the
// brute-force oracle is cubic in time and its memory small beside it.
// Fits is false when the estimate exceeds cfg.MaxMem (0: no limit). The
// breakpoint engine's estimate runs a pilot from 2^20 rows on (at most 2 s
// or 1/50 of the run's work; see grundy.BreakpointBytesContext), which a
// cancelled ctx stops: its error is returned.
func PlanMemory(ctx context.Context, cfg *Config) (Plan, error) {
	memoryPlans.Add(1)
	mem := cfg.MaxMem
	rows := uint64(max(cfg.N, 0)) + 1
	denseN := min(cfg.N, cfg.DenseMax)
	// The largest file written after the engine: the start values, or the
	// dense cells.
	written := rows
	if cfg.Engine != EngineBrute && denseN >= 0 {
		written = max(written, uint64(denseN+1)*uint64(denseN+2)/2)
	}
	switch cfg.Engine {
	case EngineDense:
		need := grundy.DenseBytes(cfg.N) + writerBytes(written)
		return Plan{Memory: need, Fits: mem == 0 || need <= mem}, nil
	case EngineBrute:
		need := rows*rows*8 + writerBytes(written)
		return Plan{Memory: need, Fits: mem == 0 || need <= mem}, nil
	}
	during, err := grundy.BreakpointBytesContext(ctx, cfg.N, cfg.Mult, cfg.Workers)
	if err != nil {
		return Plan{}, err
	}
	counts, err := grundy.StartCountsBytesContext(ctx, cfg.N, cfg.Mult)
	if err != nil {
		return Plan{}, err
	}
	writers := 0
	if cfg.Breakpoints && cfg.N > 0 { // N = 0 has no value g >= 1: no breakpoint file
		writers = 2 * max(cfg.Workers, 1)
		during += uint64(writers) * fileWriterBytes
	}
	after := counts + grundy.DenseBytes(max(denseN, 0)) + writerBytes(written)
	need := max(during, after)
	return Plan{Memory: need, Writers: writers, Fits: mem == 0 || need <= mem}, nil
}

// MemoryError is the error of a run whose estimated peak memory exceeds
// Config.MaxMem (the -max-mem flag): a usage error for the command.
type MemoryError struct {
	Plan  Plan
	Limit uint64
	Hint  string // what to change
}

func (e *MemoryError) Error() string {
	return fmt.Sprintf("needs about %s, more than the %s allowed (-max-mem); %s", human(e.Plan.Memory), human(e.Limit), e.Hint)
}

// Bytes on disk a table takes, per row and per cell: bounds from the
// files of this machine's runs (results/bench.md's table MiB column and
// the runs behind this estimate): the breakpoint files hold 1.0 to 1.75
// bytes per run (a = 1, 2, 5/2, 3, 10, 100 at 10^6 and 10^7; a = 3/2
// compresses to 0.04), the start values under 0.1 byte per row, the dense
// cells under 0.1 byte per cell.
const (
	bytesPerRun  = 1.8
	bytesPerRow  = 1.0     // start_values.parquet
	bytesPerCell = 0.5     // dense.parquet
	fileOverhead = 8 << 10 // a file's footer and the last page's slack
)

// Disk is the space a run needs on the filesystem of its table folder.
type Disk struct {
	Table      uint64 // the table's files
	Checkpoint uint64 // the checkpoint, while the run goes on (two while one is saved)
	Staged     uint64 // already in the staging folder (a resumed run)
}

// Need is what the run still has to write.
func (d Disk) Need() uint64 {
	return max(d.Table+d.Checkpoint, d.Staged) - d.Staged
}

// PlanDisk estimates the bytes a run writes. The breakpoint files are
// estimated from the number of runs they will hold (grundy.BreakpointRuns,
// within the pilot's budget of 2 s or 1/50 of the run's work: below 2^20
// rows counted by row sweeps on the table itself where that fits, else on
// smaller sizes and extrapolated; from 2^20 rows on taken from the memory
// estimate's pilot, which a run that planned its memory has already
// made); when even a generous bound (256 bytes a row, above every table
// measured; results/bench.md) fits in free, no runs are counted.
func PlanDisk(ctx context.Context, cfg *Config, free uint64) (Disk, error) {
	var d Disk
	N := uint64(cfg.N + 1)
	d.Table = uint64(float64(N)*bytesPerRow) + fileOverhead
	if denseN := cfg.denseN(); denseN >= 0 {
		cells := uint64(denseN+1) * uint64(denseN+2) / 2
		d.Table += uint64(float64(cells)*bytesPerCell) + fileOverhead
	}
	if cfg.Engine != EngineBreakpoint {
		return d, nil
	}
	d.Checkpoint = 2 * uint64(checkpointBytes(cfg.N))
	if !cfg.Breakpoints {
		return d, nil
	}
	if bound := d.Table + d.Checkpoint + 256*N; free > 0 && bound <= free {
		d.Table = bound - d.Checkpoint
		return d, nil
	}
	runs, values, err := grundy.BreakpointRuns(ctx, cfg.N, cfg.Mult)
	if err != nil {
		return d, err
	}
	d.Table += uint64(runs*bytesPerRun) + uint64(values+1)*fileOverhead
	return d, nil
}

// SpaceError is the error of a run that would not fit on its filesystem.
type SpaceError struct {
	Dir  string
	Disk Disk
	Free uint64
}

func (e *SpaceError) Error() string {
	what := fmt.Sprintf("the table about %s", human(e.Disk.Table))
	if e.Disk.Checkpoint > 0 {
		what += fmt.Sprintf(", its checkpoints %s while it runs", human(e.Disk.Checkpoint))
	}
	if e.Disk.Staged > 0 {
		what += fmt.Sprintf(", of which %s is already staged", human(e.Disk.Staged))
	}
	return fmt.Sprintf("%s: not enough disk space: the run needs about %s more (%s), and %s is free there", e.Dir, human(e.Disk.Need()), what, human(e.Free))
}

// human writes a size in bytes as KiB, MiB or GiB.
func human(b uint64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	}
	return fmt.Sprintf("%d KiB", (b+1023)>>10)
}

// the files the table will hold, for the never-less rule.
type outputs struct {
	N           int
	Breakpoints bool
	DenseN      int // -1: no dense.parquet
}

func (o outputs) String() string {
	s := fmt.Sprintf("N = %d", o.N)
	if o.Breakpoints {
		s += " with breakpoints"
	} else {
		s += ", start values only"
	}
	if o.DenseN >= 0 {
		s += fmt.Sprintf(", dense rows n <= %d", o.DenseN)
	}
	return s
}

// holdsMore reports whether a table with outputs o holds something that
// one with outputs p lacks: a larger N, breakpoint files, or more dense
// rows.
func (o outputs) holdsMore(p outputs) bool {
	return o.N > p.N || o.Breakpoints && !p.Breakpoints || o.DenseN > p.DenseN
}
