package atlas

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"fibnim/grundy"
	"fibnim/table"
)

// Config describes one shard's run.
type Config struct {
	Root     string              // results folder; the atlas is Root/atlas/
	List     string              // the LIST as given, for the plan
	Mults    []grundy.Multiplier // the list, sorted (ParseList)
	N        int                 // every table covers 0..N
	Shard    Shard
	Workers  int    // the engine's sweeps per multiplier
	Revision string // the source revision, in every file's metadata

	// Done, if not nil, is called after each multiplier of the shard,
	// computed or found complete.
	Done func(Event)
	// Progress, if not nil, is called while a multiplier's engine runs,
	// when value g is complete.
	Progress func(a grundy.Multiplier, g int)
}

// Event is one multiplier of a shard, done.
type Event struct {
	A            grundy.Multiplier
	Index, Total int  // the multiplier's place in the shard: 1..Total
	Skipped      bool // its summary was already there: nothing computed
	Row          AtlasRow
	Elapsed      time.Duration // for a computed one
}

// SummaryError is the error of [Run] for a summary of multiplier A that
// is there but does not read (Err): Run computes no summary over it.
type SummaryError struct {
	A   grundy.Multiplier
	Err error
}

func (e *SummaryError) Error() string { return e.Err.Error() }

func (e *SummaryError) Unwrap() error { return e.Err }

// Run computes the summary of every multiplier of cfg.Shard that has
// none yet, in list order, each written to SummaryPath when complete.
// Before the first it checks that an atlas already under Root has the same
// list and N (else an error wrapping ErrOtherPlan); it records the plan
// (PlanFile) with the first summary it writes, or at its end, so that a
// shard stopped before its first summary leaves nothing. A summary already there is validated (ReadSummary) and
// skipped, so a killed shard started again resumes with the multiplier it
// was working on; one that does not validate is an error, never
// overwritten. When ctx is done Run stops within about a second; the
// summaries written so far stay.
func Run(ctx context.Context, cfg Config) (computed, skipped int, err error) {
	if err := cfg.Shard.Valid(); err != nil {
		return 0, 0, err
	}
	if len(cfg.Mults) == 0 {
		return 0, 0, errors.New("atlas: empty list")
	}
	plan := NewPlan(cfg.List, cfg.Mults, cfg.N)
	if err := checkPlan(cfg.Root, plan); err != nil {
		return 0, 0, err
	}
	planned := false
	mine := cfg.Shard.Pick(cfg.Mults)
	for i, a := range mine {
		if err := ctx.Err(); err != nil {
			return computed, skipped, err
		}
		ev := Event{A: a, Index: i + 1, Total: len(mine)}
		path := SummaryPath(cfg.Root, a)
		row, err := ReadSummary(path, a, cfg.N)
		switch {
		case err == nil:
			ev.Skipped = true
			skipped++
		case errors.Is(err, os.ErrNotExist):
			t0 := time.Now()
			var prog func(int)
			if cfg.Progress != nil {
				prog = func(g int) { cfg.Progress(a, g) }
			}
			row, err = Summarize(ctx, a, cfg.N, Options{Workers: cfg.Workers, Progress: prog})
			if err != nil {
				return computed, skipped, err
			}
			if !planned {
				if err := writePlan(cfg.Root, plan); err != nil {
					return computed, skipped, err
				}
				planned = true
			}
			if err := writeSummary(path, row, cfg); err != nil {
				return computed, skipped, err
			}
			ev.Elapsed = time.Since(t0)
			computed++
			debug.FreeOSMemory() // the next multiplier starts from a small heap
		default:
			return computed, skipped, &SummaryError{A: a, Err: err}
		}
		ev.Row = row
		if cfg.Done != nil {
			cfg.Done(ev)
		}
	}
	if !planned {
		if err := writePlan(cfg.Root, plan); err != nil {
			return computed, skipped, err
		}
	}
	return computed, skipped, nil
}

// writeSummary writes a's row, through a temporary file and a rename.
func writeSummary(path string, row AtlasRow, cfg Config) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	meta := fileMeta(SummaryKind, cfg.N, cfg.Revision, map[string]string{table.MetaMult: row.Multiplier})
	return writeRows(path, meta, []AtlasRow{row})
}

// ReadSummary reads multiplier a's summary at path and checks that it is
// one row, for a and N. A missing file gives an error satisfying
// errors.Is(err, os.ErrNotExist).
func ReadSummary(path string, a grundy.Multiplier, N int) (AtlasRow, error) {
	rows, meta, err := readFile(path, SummaryKind)
	if err != nil {
		return AtlasRow{}, err
	}
	switch {
	case len(rows) != 1:
		return AtlasRow{}, fmt.Errorf("%s: %w: %d rows, want 1", path, ErrInvalid, len(rows))
	case meta[table.MetaMult] != a.String() || rows[0].Multiplier != a.String():
		return AtlasRow{}, fmt.Errorf("%s: %w: it is the summary of a = %s, not %s", path, ErrInvalid, rows[0].Multiplier, a)
	case rows[0].N != int64(N):
		return AtlasRow{}, fmt.Errorf("%s: %w: it is for N = %d, not %d", path, ErrInvalid, rows[0].N, N)
	}
	return rows[0], nil
}
