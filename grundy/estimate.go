package grundy

import (
	"context"
	"math"
	"runtime"
	"sync"
)

// pilotRows is the largest pilot run of BreakpointBytes, and the least N
// that runs one (below it the estimate takes bounds instead).
const pilotRows = 1 << 20

// pilotMinRows is the first, smallest pilot run.
const pilotMinRows = 1 << 14

// pilotBudget bounds the pilot's work, in row steps (a segment of a run
// sweep counts as segmentSteps): the most it may do, whatever N, is
// pilotBudgetSteps, under 2 s on this machine (measured: 10 to 19 ns a
// step, with the machine shared: results/bench.md), and beyond that 1/50
// of what the run itself will do (pilotShare), which is at least the
// pilot's last size's work times N over that size.
const (
	pilotBudgetSteps = 100_000_000
	pilotShare       = 50
	segmentSteps     = 4
)

// pilotResult is what a pilot run at n rows measures, value by value: for
// the sweep of v (R_v to R_{v+1}), the most bytes a row sweep's records of
// waiting windows took, the most a run sweep's blocks took (both per row
// of the pilot; zero where the run sweep did not run), and the rows and
// runs of R_{v+1}.
type pilotResult struct {
	n          int // the pilot's rows - 1
	rowRecords []float64
	runBlocks  []float64
	rows, runs []int
	maxG       int // max G(n) over n <= N'
	halfMaxG   int // the same at half the rows (pilot sets it; 0: unknown)
	steps      int // row steps, and segments times segmentSteps
}

type pilotKey struct {
	a Multiplier
	n int
}

var pilots sync.Map // pilotKey -> *pilotResult

// pilotHook, if set (by tests), is called before each value's sweeps of
// a pilot run of n rows.
var pilotHook func(n, v int)

// pilot returns the pilot run for multiplier a and size N >= pilotRows: a
// table of N' rows, N' = 2^14, 2^15, ... up to 2^20, each size run while
// its work (predicted as 2.5 times the size before it: the work grows with
// the rows and with the values, G(n) ~ alpha ln n) keeps the total within
// the budget (pilotBudgetSteps, or 1/pilotShare of the run). So a = 2
// stops at 2^19 rows below N = 10^8 or so and runs all sizes above, and
// a = 1, whose values have runs of 1 to 8 rows and take both sweeps,
// stops at 2^17 at N = 3*10^6 and 2^19 at 10^8 (measured: 0.8 s and 3 s
// here, with the machine shared). Each size is kept once run. A
// cancelled ctx stops it within a block of rows (its error is returned).
func pilot(ctx context.Context, a Multiplier, N int) (*pilotResult, error) {
	var p *pilotResult
	spent := 0
	for n := pilotMinRows; n <= min(N, pilotRows); n *= 2 {
		if p != nil {
			run := float64(p.steps) * float64(N) / float64(p.n+1)
			budget := max(pilotBudgetSteps, run/pilotShare)
			if float64(spent)+2.5*float64(p.steps) > budget {
				break
			}
		}
		if v, ok := pilots.Load(pilotKey{a, n}); ok {
			p = v.(*pilotResult)
			spent += p.steps
			continue
		}
		q, err := pilotRun(ctx, a, n)
		if err != nil {
			return nil, err
		}
		if p != nil {
			q.halfMaxG = p.maxG
		}
		pilots.Store(pilotKey{a, n}, q)
		p = q
		spent += p.steps
	}
	return p, nil
}

// pilotRun runs every sweep for multiplier a at n rows: the row step for
// every value (the engine may sweep any value by rows), and the run step
// too, on the same input, for every value from the first whose runs have
// 2 rows on average (the chooser sweeps runs only from runs of 3 rows on,
// its guess for R_v from an earlier value; see chooser).
func pilotRun(ctx context.Context, a Multiplier, n int) (*pilotResult, error) {
	s := newSweeper(n, a)
	rs := newRunSweeper(n, a)
	in, out := make([]uint32, n+1), make([]uint32, n+1)
	p := &pilotResult{n: n}
	var runs, next []Run
	runsOn := false
	for v := 0; ; v++ {
		if pilotHook != nil {
			pilotHook(n, v)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if k := len(p.rows); v >= 1 && p.runs[k-1] > 0 && 2*p.runs[k-1] <= p.rows[k-1] {
			runsOn = true
		}
		blocks := 0.0
		if runsOn {
			runs = appendRuns(runs[:0], 0, in)
			rs.start(v, nil)
			next = next[:0]
			for i := 0; i < len(runs); i += 1024 {
				next = rs.feed(runs[i:min(i+1024, len(runs))], next)
				blocks = max(blocks, float64(rs.blockBytes()))
				if i&(64<<10-1) == 0 {
					if err := ctx.Err(); err != nil {
						return nil, err
					}
				}
			}
			next = rs.finish(next)
			blocks = max(blocks, float64(rs.blockBytes())) / float64(n+1)
			p.steps += segmentSteps * rs.segments
		}
		p.runBlocks = append(p.runBlocks, blocks)
		s.start(v, nil)
		most := 0
		for n0 := 0; n0 <= n; n0 += publishStride {
			n1 := min(n+1, n0+publishStride)
			s.run(in[n0:n1], out[n0:n1])
			most = max(most, int(s.recordBytes()))
			if n0&(64<<10-1) == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
		}
		p.steps += n + 1
		p.rowRecords = append(p.rowRecords, float64(most)/float64(n+1))
		rows, nr := countRuns(out, 0, 0)
		in, out = out, in
		p.rows, p.runs = append(p.rows, rows), append(p.runs, nr)
		if s.finite == 0 {
			p.maxG = v
			break
		}
	}
	return p, nil
}

// PendingBytes returns the memory a row sweep's records of windows that
// wait to start take at most, in bytes per row, over the values the
// engine with W workers may sweep by rows, from the pilot run (see pilot).
// Below 2^20 rows a pilot would cost as much as the run itself, so it
// gives the most there can be instead: one 12-byte record a row (a few
// MiB at most).
func PendingBytes(ctx context.Context, a Multiplier, N, W int) (float64, error) {
	if N < pilotRows {
		return 12, nil
	}
	p, err := pilot(ctx, a, N)
	if err != nil {
		return 0, err
	}
	return p.pendingBytes(W), nil
}

// switchValue is the first value from which the engine with W workers
// may sweep runs, by the chooser's rule on run lengths (switchRuns)
// applied to the pilot's; 0 if it never does. Past it the chooser may
// sweep any value by runs (the runs of a = 1 grow and shrink from value to
// value, and its choice rests on timings), so the estimate counts the
// largest list and blocks of every value from there on.
func (p *pilotResult) switchValue(W int) int {
	for v := 1; v < len(p.rows); v++ {
		u := v - W // the sweep of u made R_{u+1}
		if u < 0 || p.runs[u] == 0 {
			continue
		}
		ratio := float64(p.rows[u]) / float64(p.runs[u])
		for range W - 1 {
			ratio *= switchGrowth
		}
		if ratio >= switchRuns {
			return v
		}
	}
	return 0
}

// pendingBytes is the most bytes a row the records of a row sweep took
// over the values the engine with W workers may sweep by rows: every value
// whose R_{v-W+1} has runs shorter than runsSure on average (the chooser),
// with a margin of 2 for the pilot's smaller size.
func (p *pilotResult) pendingBytes(W int) float64 {
	most := 0.0
	for v, b := range p.rowRecords {
		if u := v - W; u >= 0 && p.runs[u] > 0 && float64(p.rows[u]) >= 2*runsSure*float64(p.runs[u]) {
			continue
		}
		most = max(most, b)
	}
	return most
}

// MayWiden reports whether a table of size N for multiplier a may reach a
// start value past 255, so that StartCounts widens to two bytes a row. It
// is an estimate: the pilot's max G(n) over n <= N' (the pilot's size),
// scaled by ln N / ln N' as for G(n) ~ alpha ln n, with a margin of 1.5,
// or as a power of n fitted to the pilot's last doubling, with a margin
// of 1.1, whichever is larger: a = 1 grows as a power (G(2^20) = 217, and
// 256 is first reached at n = 2,272,949). Below 2^20 rows, where the
// wide store costs at most 2 MiB, it runs no pilot and answers from the
// proved lower bound on the first n with G(n) >= 256
// (FirstWithValueBound).
func MayWiden(ctx context.Context, a Multiplier, N int) (bool, error) {
	if N < pilotRows {
		return int64(N) >= FirstWithValueBound(a, narrowMax+1), nil
	}
	p, err := pilot(ctx, a, N)
	if err != nil {
		return false, err
	}
	return p.mayWiden(N), nil
}

func (p *pilotResult) mayWiden(N int) bool {
	if p.maxG > narrowMax || N == p.n {
		return p.maxG > narrowMax
	}
	g := 1.5 * float64(p.maxG) * math.Log(float64(N+1)) / math.Log(float64(p.n+1))
	if p.halfMaxG > 0 && p.maxG > p.halfMaxG {
		// As a power of n, from the pilot's last doubling: a = 1 gains
		// a fifth a doubling (72, 89, 110, 130, 156, 187, 217 at 2^14 ..
		// 2^20), faster than any multiple of ln n.
		beta := math.Log2(float64(p.maxG) / float64(p.halfMaxG))
		g = max(g, 1.1*float64(p.maxG)*math.Pow(float64(N+1)/float64(p.n+1), beta))
	}
	return g > narrowMax
}

// topBlockShare and topBlockBytes bound the blocks that wait at once in
// one run sweep of a top value, as a share of the rows, and a block's
// bytes (block, and its key in the heap).
const (
	topBlockShare = 0.03
	topBlockBytes = 36
)

// runtimeBytes is what a process running the engine holds beside its
// structures: the Go runtime, the sweepers' zero rows, its stacks.
// Measured: 132.4 MiB peak RSS for 114.4 MiB of row array at N = 3*10^7
// with 1 worker (grundy.test, TestBreakpointBytesMatchesRSS).
const runtimeBytes = 8 << 20

// mayGoBack says whether the chooser may sweep a value by rows after the
// first it sweeps by runs: some value past the switch whose R_v covers at
// least a quarter of the pilot's rows has runs shorter than switchRuns on
// average (a = 1: 1.3 to 4.5 rows, up and down). For a = 2 the runs past
// the switch only grow, so its estimate keeps no margin.
func (p *pilotResult) mayGoBack(W int) bool {
	for v := p.switchValue(W); v > 0 && v < len(p.rows); v++ {
		if p.runs[v] > 0 && 4*p.rows[v] >= p.n+1 && float64(p.rows[v]) < switchRuns*float64(p.runs[v]) {
			return true
		}
	}
	return false
}

// backMargin is the share by which the phase that goes back from runs to
// rows is raised over its bound (see BreakpointBytesContext).
const backMargin = 1.25

// BreakpointBytes is BreakpointBytesContext that cannot be stopped.
func BreakpointBytes(N int, a Multiplier, workers int) uint64 {
	b, _ := BreakpointBytesContext(context.Background(), N, a, workers)
	return b
}

// BreakpointBytesContext estimates the peak memory of Breakpoints with its
// start-value counts (StartCounts) in bytes, not counting what the
// RunWriters hold. The engine's memory is the largest of its phases,
// plus the rings between its sweeps (two per worker, of rows and of runs):
//
//   - while it sweeps rows: the row array of the chains' ends (4 bytes a
//     row; its last chunk of 2^22 rows may still be held when the runs
//     take over) and per worker a row sweeper with its records of windows
//     that wait to start (PendingBytes). The counts are still almost all
//     untouched then: G(n, n) = v is written by the sweep of v, and the
//     switch comes at v = 10 for a = 2, which rows n < 100 or so have.
//   - once it sweeps runs: the counts (StartCountsBytes, as the values are
//     done), the whole layers at the chains' ends, at most one at a time
//     (the last row array or a list of runs of 12 bytes a run: each is
//     given back behind its readers while the next fills), and per worker
//     a run sweeper with its blocks.
//   - where it goes back from runs to rows (the engine decides value by
//     value, from what the sweeps cost): the counts, a list read while a
//     row array fills behind it (at row n, 4n bytes and 12 bytes a run
//     past n: at most the larger of 4 bytes a row and the list), and per
//     worker a row sweeper's records or a run sweeper's blocks.
//   - at the top values: the counts, and the blocks that wait in each run
//     sweep, which the pilot does not see (topBlockShare), both on the Go
//     heap, counted twice for its growth between collections.
//
// From 2^20 rows on, a pilot run (see pilot: at most 2^20 rows, and no
// more work than 2 s or 1/50 of the run's) measures the records, the
// blocks and the runs per row, value by value; below 2^20 rows the
// bounds are one record and one block a row, and a list a third of the
// row array. A cancelled ctx stops the pilot; its error is returned.
func BreakpointBytesContext(ctx context.Context, N int, a Multiplier, workers int) (uint64, error) {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	W := uint64(workers)
	rows := uint64(N + 1)
	rings := 2 * W * (4*ringRows + 12*ringRuns)
	if workers == 1 {
		rings = 0 // every layer is a chain's end: no ring
	}
	var p *pilotResult
	if N >= pilotRows {
		var err error
		if p, err = pilot(ctx, a, N); err != nil {
			return 0, err
		}
	}
	pending := 12.0
	counts := StartCountsBytes(N, a) // no pilot below 2^20 rows
	if p != nil {
		pending = p.pendingBytes(workers)
		counts = startCountsBytes(N, p.mayWiden(N))
	}
	// The last chunk of the row array may be held while the runs fill the
	// first list, when there is more than one.
	lastChunk := uint64(0)
	if rows > rowChunk {
		lastChunk = 4 * rowChunk
	}
	rowPhase := 4*rows + lastChunk + W*(sweeperBytes(N)+uint64(pending*float64(rows)))
	// Per row, the most that the list a run sweep writes and the blocks of
	// W run sweeps take at once, value by value; and the most a list and
	// the blocks take.
	list, blocks := 4.0, 24.0
	if p != nil {
		list, blocks = 0, 0
		for v := p.switchValue(workers); v > 0 && v < len(p.rows); v++ {
			if p.runBlocks[v] > 0 {
				list = max(list, 12*float64(p.runs[v])/float64(p.n+1))
				blocks = max(blocks, p.runBlocks[v])
			}
		}
	}
	perRow := list + float64(W)*blocks
	runPhase := counts + uint64(perRow*float64(rows)) + W*runSweeperBytes(N)
	backPhase := counts + uint64((max(4, list)+float64(W)*max(pending, blocks))*float64(rows)) + lastChunk + W*sweeperBytes(N)
	// Going back from runs to rows rests on timings, so the phases the
	// chooser mixes differ from run to run: on a loaded machine a = 1 at
	// N = 2.5*10^6 with 2 workers peaked at 60.1 MiB against 57.1 MiB
	// estimated (TestBreakpointBytesMatchesRSS, make test beside two busy
	// loops), and at 59.1 MiB idle. backMargin keeps the estimate an upper
	// bound where the chooser may go back (mayGoBack).
	if p != nil && p.mayGoBack(workers) {
		backPhase = uint64(backMargin * float64(backPhase))
	}
	// The top values, which the pilot does not reach (G(2^20) = 52 for
	// a = 2): R_v has rows only near N there, and its narrow families break
	// into blocks of a few rows that all wait at once. The most measured
	// (a = 2, N = 10^9, v = 78) is 2.5% of the rows per worker, 36 bytes a
	// block; the Go heap that holds them and the counts may then grow to
	// twice what is live before it is collected. With the share at 2.5% this
	// gave 5.2 GiB at 10^9 with 2 workers, where peaks of 4.6 to 5.65 GiB
	// were measured: topBlockShare is 3%.
	topPhase := 2 * (counts + uint64(topBlockShare*topBlockBytes*float64(rows))*W)
	return max(rowPhase, runPhase, backPhase, topPhase) + rings + runtimeBytes, nil
}

// BreakpointRuns estimates the runs of the breakpoint table of multiplier
// a to N (the rows of its files, one Run each) and its values (one file
// each), for the disk plan, within the pilot's budget (at most
// pilotBudgetSteps, 2 s here, or 1/50 of the run's work, whichever is
// larger):
//
//   - below 2^20 rows, where the memory estimate runs no pilot, row
//     sweeps alone count the runs (rowRuns): on 4096 rows, then on the
//     table itself where its work, foreseen from that, fits the budget,
//     exactly; else on 8192 rows, 16384, ... while they fit, extrapolated
//     as below;
//   - from 2^20 rows on, on the pilot of the memory estimate (pilot, whose
//     sizes are kept: a plan that estimated the memory makes no second
//     pilot), on its last size n and on n/2.
//
// Extrapolated, the runs per row grow linearly in the doublings from the
// last size to N (they grow with the number of values, which grows like
// ln N: a = 1 has 80 runs a row at 10^6 and 117 at 10^7; a = 2 has 8.0 at
// both), by as much as they grew over the last doubling, and the values
// as ln N. A cancelled ctx stops it; its error is returned.
func BreakpointRuns(ctx context.Context, N int, a Multiplier) (runs float64, values int, err error) {
	if N >= pilotRows {
		return pilotBreakpointRuns(ctx, N, a)
	}
	var prev, last float64 // runs per row at the sizes before
	lastN, spent := 0, 0
	for n := min(N, 1<<12); ; {
		r, v, steps, err := rowRuns(ctx, a, n)
		if err != nil {
			return 0, 0, err
		}
		if n == N {
			return float64(r), v, nil
		}
		spent += steps
		prev, last, lastN, values = last, float64(r)/float64(n+1), n, v
		// The work of a size m: the rows times the values, which grow by
		// a quarter a doubling at most (a = 1: 72, 89, 110, 130, 156, 187,
		// 217 at 2^14 .. 2^20 rows).
		work := func(m int) float64 {
			x := float64(m+1) / float64(n+1)
			return float64(steps) * x * math.Pow(1.25, math.Log2(x))
		}
		budget := max(pilotBudgetSteps, work(N)/pilotShare)
		switch {
		case float64(spent)+work(N) <= budget:
			n = N // the table itself fits: count it exactly
		case float64(spent)+work(2*n) <= budget && 2*n < N:
			n *= 2
		default:
			if prev == 0 { // one size: no growth seen
				prev = last
			}
			return extrapolateRuns(N, lastN, prev, last, values)
		}
	}
}

// pilotBreakpointRuns is BreakpointRuns from 2^20 rows on: from the
// memory estimate's pilot.
func pilotBreakpointRuns(ctx context.Context, N int, a Multiplier) (float64, int, error) {
	total := func(p *pilotResult) float64 {
		s := 0
		for _, r := range p.runs {
			s += r
		}
		return float64(s) / float64(p.n+1)
	}
	p, err := pilot(ctx, a, N)
	if err != nil {
		return 0, 0, err
	}
	var half *pilotResult
	if v, ok := pilots.Load(pilotKey{a, p.n / 2}); ok {
		half = v.(*pilotResult)
	} else if half, err = pilotRun(ctx, a, p.n/2); err != nil {
		return 0, 0, err
	}
	return extrapolateRuns(N, p.n, total(half), total(p), p.maxG)
}

// extrapolateRuns extrapolates runs per row r1 at (n+1)/2 rows and r2 at
// n+1 rows, and values at n+1 rows, to N+1 rows (BreakpointRuns).
func extrapolateRuns(N, n int, r1, r2 float64, values int) (float64, int, error) {
	grow := math.Log2(float64(N+1) / float64(n+1)) // doublings past the last size
	perRow := r2 + max(r2-r1, 0)*grow
	if N > n {
		values = int(math.Ceil(float64(values) * math.Log(float64(N+1)) / math.Log(float64(n+1))))
	}
	return perRow * float64(N+1), values, nil
}

// rowRuns sweeps every value of the table of multiplier a to n by rows
// (sweep.go) and counts the runs of each R_g, g >= 1: the rows its
// breakpoint files hold. It returns them, the largest value, and its work
// in row steps. A cancelled ctx stops it within a block of rows.
func rowRuns(ctx context.Context, a Multiplier, n int) (runs, maxG, steps int, err error) {
	s := newSweeper(n, a)
	in, out := make([]uint32, n+1), make([]uint32, n+1) // R_0 = 0
	for v := 0; ; v++ {
		if pilotHook != nil {
			pilotHook(n, v)
		}
		s.start(v, nil)
		for n0 := 0; n0 <= n; n0 += publishStride {
			if n0&(64<<10-1) == 0 {
				if err := ctx.Err(); err != nil {
					return 0, 0, 0, err
				}
			}
			n1 := min(n+1, n0+publishStride)
			s.run(in[n0:n1], out[n0:n1])
		}
		steps += n + 1
		_, r := countRuns(out, 0, 0)
		runs += r
		if s.finite == 0 {
			return runs, v, steps, nil
		}
		in, out = out, in
	}
}
