package grundy

import (
	"math"
	"runtime"
	"sync"
)

// pilotRows is the size of the pilot run of BreakpointBytes.
const pilotRows = 1 << 20

// pilotResult is what a pilot run measures, value by value: for the sweep
// of v (R_v to R_{v+1}), the most bytes a row sweep's records of waiting
// windows took, the most a run sweep's blocks took (both per row of the
// table), and the rows and runs of R_{v+1}.
type pilotResult struct {
	rowRecords []float64
	runBlocks  []float64
	rows, runs []int
	maxG       int // max G(n) over n <= N'
}

var pilots sync.Map // Multiplier -> *pilotResult, for N >= pilotRows

// pilot runs every sweep for multiplier a at N' = min(N, 2^20) (a tenth
// of a second for a = 2, once per multiplier: the result at 2^20 is kept):
// the row step up to a few values past the first whose runs have 3 rows
// on average (where the engine switches, give or take the values its
// workers look back), and the run step from the first whose runs have 2
// rows on average, on the row step's output while both run.
func pilot(a Multiplier, N int) *pilotResult {
	n := min(N, pilotRows)
	if n == pilotRows {
		if v, ok := pilots.Load(a); ok {
			return v.(*pilotResult)
		}
	}
	s := newSweeper(n, a)
	rs := newRunSweeper(n, a)
	in, out := make([]uint32, n+1), make([]uint32, n+1)
	p := &pilotResult{}
	var runs, next []Run
	rowsLeft := -1 // row steps still to run once runs reach 3 rows (-1: not yet)
	for v := 0; ; v++ {
		byRuns := rowsLeft == 0
		blocks := 0.0
		if k := len(p.rows); v >= 1 && p.runs[k-1] > 0 && 2*p.runs[k-1] <= p.rows[k-1] {
			if !byRuns || runs == nil {
				runs = appendRuns(runs[:0], 0, in)
			}
			rs.start(v, nil)
			next = next[:0]
			for i := 0; i < len(runs); i += 1024 {
				next = rs.feed(runs[i:min(i+1024, len(runs))], next)
				blocks = max(blocks, float64(rs.blockBytes()))
			}
			next = rs.finish(next)
			blocks = max(blocks, float64(rs.blockBytes())) / float64(n+1)
		}
		p.runBlocks = append(p.runBlocks, blocks)
		rows, nr, finite := 0, 0, 0
		if byRuns {
			p.rowRecords = append(p.rowRecords, 0)
			for _, r := range next {
				rows += int(r.Len)
			}
			nr, finite = len(next), rows
			runs, next = next, runs
		} else {
			s.start(v, nil)
			most := 0
			for n0 := 0; n0 <= n; n0 += publishStride {
				n1 := min(n+1, n0+publishStride)
				s.run(in[n0:n1], out[n0:n1])
				most = max(most, int(s.recordBytes()))
			}
			p.rowRecords = append(p.rowRecords, float64(most)/float64(n+1))
			rows, nr = countRuns(out, 0, 0)
			finite = s.finite
			in, out = out, in
			switch {
			case rowsLeft > 0:
				rowsLeft--
			case rowsLeft < 0 && nr > 0 && float64(rows) >= switchRuns*float64(nr):
				rowsLeft = 4
			}
			if rowsLeft == 0 {
				runs = nil // made from the last row output next time
			}
		}
		p.rows, p.runs = append(p.rows, rows), append(p.runs, nr)
		if finite == 0 {
			p.maxG = v
			break
		}
	}
	if n == pilotRows {
		pilots.Store(a, p)
	}
	return p
}

// switchValue is the value from which the engine with W workers sweeps
// runs, as Breakpoints chooses it, from the pilot's run lengths; 0 if it
// never does.
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

// PendingBytes returns the memory a row sweep's records of windows that
// wait to start take at most, in bytes per row, over the values the
// engine sweeps by rows with W workers, from the pilot run at 2^20 rows.
// Below 2^20 rows a pilot would cost as much as the run itself, so it
// gives the most there can be instead: one 12-byte record a row (a few
// MiB at most).
func PendingBytes(a Multiplier, N, W int) float64 {
	if N < pilotRows {
		return 12
	}
	p := pilot(a, N)
	v0 := p.switchValue(W)
	if v0 == 0 {
		v0 = len(p.rowRecords)
	}
	most := 0.0
	for _, b := range p.rowRecords[:v0] {
		most = max(most, b)
	}
	return most
}

// MayWiden reports whether a table of size N for multiplier a may reach a
// start value past 255, so that StartCounts widens to two bytes a row. It
// is an estimate: the pilot's max G(n) over n <= N' = min(N, 2^20), scaled
// by ln N / ln N' as for G(n) ~ alpha ln n, and by a margin of 1.5 for the
// multipliers near 1, where G grows faster (a = 1: G(2^20) = 217, and 256
// is first reached at n = 2,272,949). Below 2^20 rows, where the wide store
// costs at most 2 MiB, it runs no pilot and answers from the proved lower
// bound on the first n with G(n) >= 256 (FirstWithValueBound).
func MayWiden(a Multiplier, N int) bool {
	if N < pilotRows {
		return int64(N) >= FirstWithValueBound(a, narrowMax+1)
	}
	p := pilot(a, N)
	if p.maxG > narrowMax || N == pilotRows {
		return p.maxG > narrowMax
	}
	return 1.5*float64(p.maxG)*math.Log(float64(N+1))/math.Log(float64(pilotRows+1)) > narrowMax
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

// BreakpointBytes estimates the peak memory of Breakpoints with its
// start-value counts (StartCounts) in bytes, not counting what the
// RunWriters hold. The engine's memory is the larger of its two phases,
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
//   - at the top values: the counts, and the blocks that wait in each run
//     sweep, which the pilot does not see (topBlockShare), both on the Go
//     heap, counted twice for its growth between collections.
//
// The pilot run at 2^20 rows measures the records, the blocks and the
// runs per row, value by value; below 2^20 rows the bounds are one record
// and one block a row, and a list a third of the row array.
func BreakpointBytes(N int, a Multiplier, workers int) uint64 {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	W := uint64(workers)
	rows := uint64(N + 1)
	rings := 2 * W * (4*ringRows + 12*ringRuns)
	if workers == 1 {
		rings = 0 // every layer is a chain's end: no ring
	}
	rowPhase := 4*rows + 4*rowChunk + W*(sweeperBytes(N)+uint64(PendingBytes(a, N, workers)*float64(rows)))
	// Per row, the most that the list a run sweep writes and the blocks of
	// W run sweeps take at once, value by value.
	perRow := 4 + 24*float64(W)
	if N >= pilotRows {
		p := pilot(a, N)
		perRow = 0
		if v0 := p.switchValue(workers); v0 > 0 {
			for v := v0; v < len(p.rows); v++ {
				perRow = max(perRow, 12*float64(p.runs[v])/float64(pilotRows+1)+float64(W)*p.runBlocks[v])
			}
		}
	}
	runPhase := StartCountsBytes(N, a) + uint64(perRow*float64(rows)) + W*runSweeperBytes(N)
	// The top values, which the pilot does not reach (G(2^20) = 52 for
	// a = 2): R_v has rows only near N there, and its narrow families break
	// into blocks of a few rows that all wait at once. The most measured
	// (a = 2, N = 10^9, v = 78) is 2.5% of the rows per worker, 36 bytes a
	// block; the Go heap that holds them and the counts may then grow to
	// twice what is live before it is collected. With the share at 2.5% this
	// gave 5.2 GiB at 10^9 with 2 workers, where peaks of 4.6 to 5.65 GiB
	// were measured: topBlockShare is 3%.
	topPhase := 2 * (StartCountsBytes(N, a) + uint64(topBlockShare*topBlockBytes*float64(rows))*W)
	return max(rowPhase, runPhase, topPhase) + rings + runtimeBytes
}
