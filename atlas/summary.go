package atlas

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"unsafe"

	"fibnim/conjectures"
	"fibnim/grundy"
	"fibnim/internal/pool"
)

// Options tune Summarize; none of them changes its result.
type Options struct {
	// Workers is the breakpoint engine's number of concurrent sweeps (< 1:
	// GOMAXPROCS).
	Workers int
	// Progress, if not nil, is called from the engine's goroutine when
	// value g is complete, for g = 1, 2, ...
	Progress func(g int)
}

// overheadBytes is what a summary needs beside its arrays: the Go
// runtime, the checks' batches of rows, the Parquet writer. Measured peak
// RSS stays within it at N = 10^5..10^7 (docs/atlas.md, "Memory").
const overheadBytes = 64 << 20

// Bytes is the estimated peak memory of Summarize for multiplier a at
// size N with the given workers: the larger of its two phases, plus
// overheadBytes. While the engine runs it holds the engine's memory
// (grundy.BreakpointBytesContext, the estimate tablebuild.PlanMemory uses,
// which from 2^20 rows on runs a pilot of at most 2 s or 1/50 of the
// run's work per multiplier), the start-value counts and a copy of R_1;
// then the counts, R_1 and the start values in the checks' own arrays
// (conjectures.Starts). Summarize returns the engine's memory to the
// system between the two.
func Bytes(N int, a grundy.Multiplier, workers int) uint64 {
	b, _ := BytesContext(context.Background(), N, a, workers)
	return b
}

// BytesContext is Bytes whose pilot a cancelled ctx stops; it then
// returns ctx's error.
func BytesContext(ctx context.Context, N int, a grundy.Multiplier, workers int) (uint64, error) {
	var s conjectures.Starts
	rows := uint64(N + 1)
	counts, err := grundy.StartCountsBytesContext(ctx, N, a)
	if err != nil {
		return 0, err
	}
	engine, err := grundy.BreakpointBytesContext(ctx, N, a, workers)
	if err != nil {
		return 0, err
	}
	engine += 4 * rows
	checks := counts + 4*rows + uint64(unsafe.Sizeof(s.Full[0])+unsafe.Sizeof(s.Start[0]))*rows
	return max(engine, checks) + overheadBytes, nil
}

// BoundBytes bounds Bytes(N, a, workers) for every a without a pilot run
// per multiplier: Bytes for a = 2, plus the engine's records as if every
// row had a window waiting to start (16 bytes a row and worker, the most
// there can be, one window per row; grundy.BreakpointBytes counts
// PendingBytes of them), and two bytes a row for start values past 255
// (grundy.MayWiden). It is what a shard's memory guard checks first;
// the pilots run only if the bound does not fit.
func BoundBytes(N, workers int) uint64 {
	b, _ := boundBytes(context.Background(), N, workers)
	return b
}

func boundBytes(ctx context.Context, N, workers int) (uint64, error) {
	b, err := BytesContext(ctx, N, grundy.Fibonacci, workers)
	return b + 16*uint64(max(workers, 1))*uint64(N+1) + 2*uint64(N+1), err
}

// Guard is a shard's memory guard: the bound (BoundBytes) if it fits in
// limit (0: no limit), else the largest Bytes over mults, which needs a
// pilot per multiplier. fits reports whether need <= limit; neediest is
// set only when the pilots ran.
func Guard(ctx context.Context, N int, mults []grundy.Multiplier, workers int, limit uint64) (need uint64, neediest grundy.Multiplier, fits bool, err error) {
	if need, err = boundBytes(ctx, N, workers); err != nil {
		return 0, neediest, false, err
	}
	if limit == 0 || need <= limit {
		return need, neediest, true, nil
	}
	need, neediest, err = MaxBytes(ctx, N, mults, workers)
	return need, neediest, err == nil && need <= limit, err
}

// MaxBytes is the largest Bytes over mults, and the multiplier that needs
// it: what one shard, or every task of a Slurm array, must be given. The
// engine's pilots run on GOMAXPROCS goroutines; when ctx is done it hands
// out no more of them, stops those running, and returns ctx's error,
// leaving no goroutine behind.
func MaxBytes(ctx context.Context, N int, mults []grundy.Multiplier, workers int) (uint64, grundy.Multiplier, error) {
	need := make([]uint64, len(mults))
	err := pool.Each(ctx, len(mults), 0, func(i int) error {
		var err error
		need[i], err = BytesContext(ctx, N, mults[i], workers)
		return err
	})
	if err != nil {
		return 0, grundy.Multiplier{}, err
	}
	var most uint64
	var neediest grundy.Multiplier
	for i, b := range need {
		if b > most || b == most && Less(mults[i], neediest) {
			most, neediest = b, mults[i]
		}
	}
	return most, neediest, nil
}

// Summarize computes multiplier a's atlas row to size N: it runs the
// breakpoint engine, keeping the start values and R_1 (the least r with
// G(n, r) >= 1) in memory, then streams them once through the statements
// package conjectures puts for every multiplier (FT-P-positions,
// SCHWENK-strategy, LRS-5.2, LRS-5.3-step and LRS-conj-upper, each "(a)"),
// and fits G(n) ~ alpha ln n + beta (conjectures.FitLog).
//
// The checks put for every a read R_1 and nothing above it; the files
// g = 2..4 that the a = 2 cell theorems (LRS-4.5 to 4.7) read are the work
// of compute grundy and verify, and the atlas writes no table. A value
// that overflows the engine's or the checks' store gives a row with status
// Overflow, not an error, so one multiplier cannot stop an
// atlas. It stops, with ctx's error, within about a second of ctx being
// done.
func Summarize(ctx context.Context, a grundy.Multiplier, N int, opt Options) (AtlasRow, error) {
	row := newRow(a, N)
	counts := grundy.NewStartCounts(N)
	R1 := make([]uint32, N+1)
	for i := range R1 {
		R1[i] = grundy.Inf // if no n has G(n) >= 1 (N = 0), no R_1 is emitted
	}
	maxG, err := grundy.Breakpoints(ctx, grundy.BreakpointConfig{N: N, Mult: a, Workers: opt.Workers, Counts: counts,
		Runs: func(g int) (grundy.RunWriter, error) {
			if g == 1 {
				return rowsOf{R1}, nil
			}
			return nil, nil
		},
		Done: func(g, _ int) {
			if opt.Progress != nil {
				opt.Progress(g)
			}
		}})
	if ctx.Err() != nil {
		return row, ctx.Err()
	}
	if errors.Is(err, grundy.ErrOverflow) {
		row.Status, row.Note = Overflow, firstLine(err.Error())
		row.GN, row.MaxG = -1, -1
		return row, nil
	}
	if err != nil {
		return row, err
	}
	// The engine's arrays are garbage now: give them back before the
	// checks allocate theirs, so that the peak is the larger phase (Bytes).
	debug.FreeOSMemory()
	return summarizeCounts(ctx, a, N, maxG, counts, R1)
}

// summarizeCounts is Summarize from the engine's output on: the start
// values in counts, R_1, and the largest value.
func summarizeCounts(ctx context.Context, a grundy.Multiplier, N, maxG int, counts *grundy.StartCounts, R1 []uint32) (AtlasRow, error) {
	row := newRow(a, N)
	row.MaxG = int32(maxG)
	row.GN = int32(counts.G(N))
	row.H = firstReach(N, counts.G)
	s := &conjectures.Starts{}
	if n, v := fill(&s.Full, N, counts.G); n >= 0 {
		row.Status = Overflow
		row.Note = fmt.Sprintf("G(%d) = %d does not fit the checks' start values (at most %d); the checks did not run", n, v, maxOf(s.Full))
		return row, nil
	}
	if n, v := fill(&s.Start, N, counts.StartValue); n >= 0 {
		row.Status = Overflow
		row.Note = fmt.Sprintf("G(%d, %d) = %d does not fit the checks' start values (at most %d); the checks did not run", n, n-1, v, maxOf(s.Start))
		return row, nil
	}
	return summarizeStarts(ctx, row, a, s, R1)
}

// summarizeStarts fills row's fit and checks from the start values s and
// R_1.
func summarizeStarts(ctx context.Context, row AtlasRow, a grundy.Multiplier, s *conjectures.Starts, R1 []uint32) (AtlasRow, error) {
	// The fit is a pass of its own over the start values: run it beside
	// the checks.
	type fit struct {
		alpha, beta, rms, maxRes float64
		maxAt                    int64
	}
	fitDone := make(chan fit, 1)
	go func() {
		var f fit
		f.alpha, f.beta, f.rms, f.maxRes, f.maxAt = conjectures.FitLog(s)
		fitDone <- f
	}()
	res, err := conjectures.Stream(ctxSource{ctx, conjectures.NewArraySource(s, R1)}, conjectures.Pass{Mult: a, Mults: true})
	if ctx.Err() != nil {
		return row, ctx.Err()
	}
	if err != nil {
		return row, err
	}
	if err := fillChecks(&row, a, res); err != nil {
		return row, err
	}
	select {
	case f := <-fitDone:
		row.Alpha, row.Beta, row.RMS, row.MaxResidual, row.MaxResAt = f.alpha, f.beta, f.rms, f.maxRes, f.maxAt
	case <-ctx.Done():
		return row, ctx.Err()
	}
	return row, nil
}

// newRow is a's row with nothing computed yet.
func newRow(a grundy.Multiplier, N int) AtlasRow {
	row := AtlasRow{Multiplier: a.String(), ANum: int64(a.P), ADen: int64(a.Q), A: float64(a.P) / float64(a.Q),
		N: int64(N), Status: Complete, StepLastOutside: -1}
	for _, s := range conjectures.Statements(conjectures.EveryMultiplier) {
		row.Checks = append(row.Checks, CheckResult{ID: s.ID, Status: conjectures.NotRun, FirstN: -1, LastN: -1})
	}
	return row
}

// fillChecks copies the results of the statements the registry puts for
// every multiplier into row's Checks (one entry each, newRow), and the
// distribution of differences of LRS-conj-upper(a) into its step columns.
// A statement without a result is an error.
func fillChecks(row *AtlasRow, a grundy.Multiplier, res []conjectures.Result) error {
	byID := map[string]conjectures.Result{}
	for _, r := range res {
		byID[r.ID] = r
	}
	for i := range row.Checks {
		c := &row.Checks[i]
		id := conjectures.MultID(c.ID, a.String())
		r, ok := byID[id]
		if !ok {
			return fmt.Errorf("atlas: the checks gave no result %s", id)
		}
		c.Status, c.Cases, c.Failures = r.Status, r.Cases, r.Failures
		if len(r.Counterexamples) > 0 {
			c.FirstN, c.First = r.Counterexamples[0].N, describe(r.Counterexamples[0])
		}
		if r.Largest != nil {
			c.LastN, c.Last = r.Largest.N, describe(*r.Largest)
		}
	}
	up := byID[conjectures.MultID(conjectures.IDConjUpper, a.String())]
	row.StepTop = up.Domain.To
	st, ok, err := conjectures.StatsOf[conjectures.StepStats](up)
	if err != nil {
		return fmt.Errorf("atlas: %v", err)
	}
	if !ok && up.Status != conjectures.NotRun {
		return fmt.Errorf("atlas: %s has no distribution of differences", up.ID)
	}
	for _, d := range st.Differences {
		row.StepDiffs = append(row.StepDiffs, d.Difference)
		row.StepCounts = append(row.StepCounts, d.Count)
	}
	row.StepLastOutside = -1
	for _, id := range []string{IDStep, IDUpper} {
		if c := row.Check(id); c != nil {
			row.StepLastOutside = max(row.StepLastOutside, c.LastN)
		}
	}
	return nil
}

// describe writes a counterexample on one line.
func describe(c conjectures.Counterexample) string {
	return c.Computed + "; predicted " + c.Predicted
}

// firstReach is h(g), the least n <= N with G(n) >= g, for g = 0..max G.
func firstReach(N int, G func(int) int) []int64 {
	var h []int64
	for n := 0; n <= N; n++ {
		for g := G(n); len(h) <= g; {
			h = append(h, int64(n))
		}
	}
	return h
}

// fill sets (*dst)[n] = f(n) for n = 0..N in a new slice. If a value does
// not fit E it stops and returns that n and value; else n = -1. (E is the
// checks' element type, which this package does not fix.)
func fill[E ~uint8 | ~uint16 | ~uint32](dst *[]E, N int, f func(int) int) (n, v int) {
	top := int(^E(0))
	*dst = make([]E, N+1)
	for n := range *dst {
		v := f(n)
		if v < 0 || v > top {
			return n, v
		}
		(*dst)[n] = E(v)
	}
	return -1, 0
}

func maxOf[E ~uint8 | ~uint16 | ~uint32](_ []E) int { return int(^E(0)) }

// ctxSource stops a stream of rows when ctx is done.
type ctxSource struct {
	ctx context.Context
	conjectures.Source
}

func (c ctxSource) Next() ([]conjectures.Row, error) {
	if err := c.ctx.Err(); err != nil {
		return nil, err
	}
	return c.Source.Next()
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// rowsOf writes the runs of R_g into the array R (grundy.RunWriter).
type rowsOf struct{ R []uint32 }

func (w rowsOf) Write(runs []grundy.Run) error {
	for _, r := range runs {
		for i := uint32(0); i < r.Len; i++ {
			w.R[r.N+i] = r.R + i
		}
	}
	return nil
}

func (rowsOf) Close() error { return nil }
func (rowsOf) Abort()       {}
