package moves

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync/atomic"
	"syscall"

	"fibnim/grundy"
	"fibnim/table"
)

// MaxDenseN is the largest n for which Open fills a table with the dense
// engine when no saved table holds the cells: 4*10^4 rows are 1.6 GB
// (grundy.DenseBytes).
const MaxDenseN = 40000

// Open returns a solver for the positions ps of multiplier a and the moves
// from them, which read the rows below each:
//   - the saved table table.Dir(root, a), where it holds those cells: its
//     breakpoint files, or dense.parquet up to its last row;
//   - else the saved table's start values, when they cover every
//     position and each is a starting pile (n, n-1), or (n, n) (the
//     file's g_full), or (n, 0): they answer the values at once, at any
//     n, and the moves give ErrNoCells;
//   - else the dense engine, when no position passes MaxDenseN; notify,
//     if not nil, is told before it starts;
//   - else a [*NoSourceError], in one line, that says which table would
//     answer.
//
// A saved table that is there but does not validate is an error
// (table.Open), never a smaller answer. The solver of a saved table must
// be closed. Beyond the table and the dense engine, [OpenHeaps] answers
// heaps of any size from the proved automata.
func Open(ctx context.Context, root string, a grundy.Multiplier, ps []grundy.Position, notify func(string)) (*Solver, error) {
	return OpenWith(ctx, root, a, ps, OpenOptions{Notify: notify})
}

// OpenOptions say what [OpenWith] and [OpenHeaps] tell of the work they
// start.
type OpenOptions struct {
	// Notify, if not nil, is told before the dense engine starts, in a
	// line, why it runs.
	Notify func(msg string)
	// Dense, if not nil, is called as the dense engine starts: N is the
	// table's last row, and rows counts the rows filled so far, up to
	// N+1, as the engine fills them (for a progress line).
	Dense func(N int, rows *atomic.Int64)
	// Step, if not nil, is called as a step of the proved automata that
	// may take a while starts ([OpenHeaps]: loading them, which proves a
	// folder again where its proof.json does not match; building the
	// moves of a heap into a class): status says what it does now, in a
	// few words, and may be called from another goroutine until the step
	// ends; the function Step returns, if not nil, is called then.
	Step func(status func() string) (done func())
}

// OpenWith is [Open], with what it tells of a dense table in opt.
func OpenWith(ctx context.Context, root string, a grundy.Multiplier, ps []grundy.Position, opt OpenOptions) (*Solver, error) {
	notify := opt.Notify
	maxN := 0
	startsOnly := true
	for _, p := range ps {
		if !p.Valid() {
			return nil, fmt.Errorf("moves: %v is not a position: want 0 <= r <= n", p)
		}
		maxN = max(maxN, p.N)
		startsOnly = startsOnly && (p.IsStart() || p.R == p.N || p.R == 0)
	}
	dir := table.Dir(root, a)
	t, err := table.Open(dir)
	// A root that is a file, not a folder, holds no table either.
	if err != nil && !errors.Is(err, os.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
		return nil, err
	}
	if t != nil {
		if t.N() >= maxN && (t.HasBreakpoints() || t.DenseN() >= maxN) {
			return FromTable(t), nil
		}
		// The values are in the file: a dense table would take a minute
		// and a gigabyte at n = 30000 to say the same.
		if t.N() >= maxN && startsOnly {
			return FromTable(t), nil
		}
	}
	if maxN <= MaxDenseN {
		if t != nil {
			t.Close()
		}
		if notify != nil {
			notify(fmt.Sprintf("no table under %s covers n = %d for a = %s; computing one (dense engine, n <= %d)", root, maxN, a, maxN))
		}
		var rows *atomic.Int64
		if opt.Dense != nil {
			rows = new(atomic.Int64)
			opt.Dense(maxN, rows)
		}
		return DenseRows(ctx, maxN, a, 0, rows)
	}
	// No source: say which table would answer, never one smaller than
	// the table already there.
	have := -1
	if t != nil {
		have = t.N()
		t.Close()
	}
	e := &NoSourceError{Dir: dir, Root: root, Mult: a, N: maxN, Have: have, Beyond: maxN > table.MaxBreakpointFileN}
	switch {
	case t == nil:
		e.Fact = fmt.Sprintf("n=%d is above the dense query limit %d and %s holds no table", maxN, MaxDenseN, dir)
	case have < maxN:
		e.Fact = fmt.Sprintf("%s covers n <= %d", dir, have)
	default:
		e.Fact = fmt.Sprintf("n=%d is above the dense query limit %d and %s holds no breakpoint files: its start values answer starting piles (n, n-1) only", maxN, MaxDenseN, dir)
	}
	return nil, e
}

// ErrNoSource is what the error of Open matches (errors.Is) when no saved
// table and no dense run can answer the positions: they are valid, but too
// far out. Other errors (a damaged table) do not match it.
var ErrNoSource = errors.New("moves: no table or dense run answers these positions")

// NoSourceError is the error of [Open] when no saved table and no dense
// run answers the positions; it matches [ErrNoSource]. It states the
// fact; the table that would answer is the one of multiplier Mult up to
// max(N, Have) under Root, unless Beyond.
type NoSourceError struct {
	Dir, Root string // the table folder, and the results folder it is in
	Mult      grundy.Multiplier
	N         int    // the largest n of the positions
	Have      int    // the n of the table in Dir; -1 if there is none
	Beyond    bool   // N is past table.MaxBreakpointFileN: no table can answer
	Fact      string // why no source answers
}

func (e *NoSourceError) Error() string {
	if e.Beyond {
		return fmt.Sprintf("%s; no table can answer it: the engine stops at n = %d for breakpoint files, which a query needs (start values reach further, and answer starting piles)", e.Fact, table.MaxBreakpointFileN)
	}
	return e.Fact
}

// Is reports whether target is [ErrNoSource].
func (e *NoSourceError) Is(target error) bool { return target == ErrNoSource }

// denseDone, if not nil, is called when a dense engine run of Dense ends,
// whether or not its caller still waits: for the tests.
var denseDone func()

// Dense fills the table G(n, r), n <= N, with the dense engine
// (grundy.Dense; workers < 1 means GOMAXPROCS) and returns a solver that
// answers from it. It returns as soon as ctx is done, with ctx's error:
// the engine then finishes in the background and its table is dropped.
func Dense(ctx context.Context, N int, a grundy.Multiplier, workers int) (*Solver, error) {
	return DenseRows(ctx, N, a, workers, nil)
}

// DenseRows is [Dense] that counts in rows, if not nil, the rows the
// engine has filled, up to N+1 (grundy.DenseRows).
func DenseRows(ctx context.Context, N int, a grundy.Multiplier, workers int, rows *atomic.Int64) (*Solver, error) {
	type result struct {
		t   *grundy.Table
		err error
	}
	done := make(chan result, 1)
	go func() {
		t, err := grundy.DenseRows(context.Background(), N, a, workers, rows)
		done <- result{t, err}
		if denseDone != nil {
			denseDone()
		}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			return nil, r.err
		}
		return FromDense(r.t), nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
