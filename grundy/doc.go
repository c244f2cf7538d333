// Package grundy computes exact Grundy values of Fibonacci nim and of its
// generalisation with any rational multiplier a >= 1 (n-times nim).
//
// A position is (n, r): n tokens, at most r of which may be removed now.
// Removing k tokens (1 <= k <= r) leads to (n-k, min(floor(a*k), n-k)).
// Fibonacci nim is a = 2. A pile of n starts at (n, n-1), and G(n) means
// G(n, n), as in Larsson & Rubinstein-Salzedo.
//
// Guarantees:
//   - Multipliers are exact rationals (Multiplier); floor(a*k) is computed in
//     integers, never in floating point.
//   - Dense fills the whole table G(n, r), 0 <= r <= n <= N, with worker
//     goroutines in a row-parallel wavefront; its output does not depend on
//     the number of workers. Values are stored as uint16 and a value that
//     would not fit is reported as ErrOverflow, never wrapped.
//   - Brute is an oracle written straight from the definition (memoised mex
//     over the move set, with big.Rat arithmetic). It shares no code with
//     the engines and exists to test them.
//   - Breakpoints computes the table as breakpoints R_g(n), the least r
//     with G(n, r) >= g, one sweep over n per value g, sweeps pipelined
//     across workers (engine v3: breakpoint.go, sweep.go, runsweep.go,
//     pipeline*.go, layer.go). Its output does not depend on the number of
//     workers or on where it switches from rows to runs; it equals Dense
//     on every cell for n <= 5000, the oracle for n <= 300, and the first
//     engine (kept in v1_sweep_test.go) on every R_g to 3*10^5, for
//     several multipliers; the run step equals the row step value by value
//     (runsweep_test.go). StartCounts gathers G(n, n) and G(n, n-1) from
//     it. Rows run to 2^32 - 2 (MaxBreakpointN) and values to 65535
//     (MaxStartValue); a value beyond is ErrOverflow, reported by the
//     sweep that finds it.
//   - FirstWithValueBound (a lower bound on the first n with G(n) >= g)
//     says below which N no value can pass 65535, and NimPrefix (G(n) = n
//     up to floor(a) + 1) where one must; both proved in bound.go.
//   - Zeckendorf gives the parts z_1(n) < z_2(n) < ... of n.
//   - Multiplier.FolderName ("mult=2", "mult=5_2") is the one spelling of
//     the name of a multiplier's folder in a results folder, which every
//     package that writes or reads one uses (FolderGlob, FolderPrefix,
//     ParseFolderName; folder_test.go fails on another).
//
// Engine v3. A sweep turns R_v into R_{v+1} in one pass over n. The low
// values are swept row by row (sweep.go): their R_v rises by one from row
// to row only for 1 to 3 rows at a time. From the first value whose R_v
// has runs of 3 rows on average (v = 10 for a = 2, 12 for a = 3 and 5/2)
// the sweeps may go over those runs instead (runsweep.go): a few events
// per run, and runs of 15 rows at v = 20, over 100 from v = 35. Which one
// is chosen value by value (chooser, pipeline_schedule.go) from the run lengths and
// from what the sweeps before cost: for a = 1, whose runs stay 1 to 4 rows
// long and whose run sweep costs 60 to 120 ns a run against 10 ns a row,
// it goes back to rows, so that no multiplier runs much slower than over
// rows alone; a row sweep then reads the runs before it, expanded.
//
// The W sweeps in flight form a chain: each reads the output of the one
// before as it is made, through a ring (2^20 rows, or 2^16 runs), and the
// last of each W writes a whole layer (layer.go), which the next chain
// reads: rows in an array that each chain's end writes over in place, or,
// past the switch, a list of runs. The whole layers are where a
// checkpoint can be taken (BreakpointConfig.Whole). Every R_g that is
// wanted (BreakpointConfig.Runs) is read from its stream as it is made by
// a goroutine of its own (the tap), which hands its maximal runs to a
// RunWriter (a breakpoint file): a complete table holds no more arrays
// than start values do.
//
// What each byte is for (N+1 rows, W workers), for a = 2:
//   - The row array of the chains' ends: 4 bytes a row (uint32, Inf =
//     2^32-1), mapped from the system in chunks of 2^22 rows (16 MiB), so
//     that once the runs take over, the chunks its last readers have passed
//     are given back at once: the first list of runs fills while the
//     array empties.
//   - Lists of runs: 12 bytes a run (row, R, length as uint32), in chunks
//     of 2^16 runs, mapped and given back the same way, behind their
//     readers, so one whole layer is held at a time.
//   - Rings: 4 MiB (rows) and 768 KiB (runs), two per worker at most.
//   - Start values, 1 byte a row (StartCounts, counts.go) while every
//     value is below 256, which holds for a = 2 far past 10^9; the first
//     sweep for 256 waits for the sweeps before it and widens the store to
//     2 bytes a row (a = 1 from n = 2,272,949). Plus a map of the few rows
//     with G(n, n-1) != G(n, n) and a bit per 256 rows. G(n, n) = v is
//     written by the sweep of v, so the store's pages are touched as the
//     values are done: late, when the row array is gone.
//   - Per row sweep, the windows that have not started yet (sweep.go). A
//     window that starts in the current block of 2^14 rows or the next goes
//     to a ring of slots, 12 bytes a row of two blocks (384 KiB, in cache):
//     the first window starting at a row inline, the rare others in small
//     list records. A window that starts later is a 10-byte far record
//     (row, end, start offset) appended to its block's bucket. For the
//     values swept by rows (the low ones) windows start soon and the far
//     records are few (a pilot measures them on tables of 2^14 rows and up,
//     at most 2^20, within its budget: PendingBytes, docs/engine.md).
//   - Per run sweep, the blocks that wait to start (28 bytes each, and a
//     key of 8 bytes in a binary heap) and the staircase. They are few,
//     except at the top values, where R_v has rows only near N and its
//     narrow families break into blocks that all wait at once: on the Go
//     heap, they can then outweigh the rest (BreakpointBytes bounds them).
//
// So a start-values run of a = 2 holds about 4 bytes a row while it
// sweeps rows, then the start values (1 byte a row) with shrinking lists,
// then the counts and the top values' blocks. BreakpointBytesContext,
// from the pilot, is the estimate the memory guard uses; the pilot costs
// at most 10^8 row steps (under 2 s here) or 1/50 of the run's, whichever
// is larger, for every multiplier, and a cancelled context stops it. The
// measured phases are in results/bench-engine-v3.md.
//
// It owns the game and its engines, and must not touch files: a table
// folder is written by internal/tablewrite, driven by package
// [fibnim/tablebuild], and read by package [fibnim/table].
//
// References:
//   - U. Larsson, S. Rubinstein-Salzedo, "Grundy values of Fibonacci nim",
//     Int. J. Game Theory 45(3), 2016: Table 1 (G(n, r) for n, r <= 20),
//     Theorem 3.1 (Zeckendorf), Theorems 4.1-4.7, 5.1-5.3.
//   - M. J. Whinihan, "Fibonacci Nim", Fibonacci Quarterly 1(4), 1963:
//     the rules and the Zeckendorf strategy.
//   - P. Frankl, N. Tokushige, "The game of n-times nim", Discrete Math. 260,
//     2003: the rules for real multipliers n >= 1 (called a here).
package grundy
