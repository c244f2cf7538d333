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
//   - Breakpoints computes the table as breakpoints R_g(n), the least r with
//     G(n, r) >= g, one sweep over n per value g, sweeps pipelined across
//     workers (breakpoint.go, sweep.go, pipeline.go); its output does not
//     depend on the number of workers and equals Dense on every cell for
//     n <= 5000, the oracle for n <= 300, and the first engine (kept in
//     v1_sweep_test.go) on every R_g to 3*10^5, for several multipliers.
//     StartCounts gathers G(n, n) and G(n, n-1) from it. Rows run to
//     2^32 - 2 (MaxBreakpointN) and values to 65535 (MaxStartValue); a
//     value beyond is ErrOverflow, reported by the sweep that finds it.
//   - FirstWithValueBound (a lower bound on the first n with G(n) >= g)
//     says below which N no value can pass 65535, and NimPrefix (G(n) = n
//     up to floor(a) + 1) where one must; both proved in bound.go.
//   - Zeckendorf gives the parts z_1(n) < z_2(n) < ... of n.
//
// Engine v2, what each byte per row is for (W workers, N+1 rows):
//   - R arrays, 4 bytes a row each (uint32, Inf = 2^32-1). A start-values
//     run (Sparse) keeps one: a chain of W sweeps reads R_g from it, hands
//     R_{g+1}..R_{g+W-1} on through rings of 2^20 rows (4 MiB each), and the
//     last sweep writes R_{g+W} over R_g behind the first. A run that
//     writes every R_g keeps W+1 arrays and one per file being written.
//   - Start values, 1 byte a row (StartCounts, counts.go) while every
//     value is below 256, which holds for a = 2 far past 10^9; the first
//     sweep for 256 waits for the sweeps before it and widens the store to
//     2 bytes a row (a = 1 from n = 2,272,949). Plus a map of the few rows
//     with G(n, n-1) != G(n, n) and a bit per 256 rows.
//   - Per sweep, the windows that have not started yet (sweep.go). A
//     window that starts in the current block of 2^14 rows or the next goes
//     to a ring of slots, 12 bytes a row of two blocks (384 KiB, in cache):
//     the first window starting at a row inline, the rare others in small
//     list records. A window that starts later is a 10-byte far record
//     (row, end, start offset) appended to its block's bucket, chunks of 204
//     records filled in order, and read back in order when its block is
//     next: each far record is written once and read once, sequentially.
//     At most 15-25% of the rows wait at once (a = 2: 15.6% at N = 10^7;
//     PendingBytes measures the bytes with a pilot run), so about 2 bytes a
//     row a sweep; 10 bytes per block for the buckets. Rows that offer
//     nothing (77% for a = 2) cost nothing.
//   - The staircase of open windows: at most ten entries seen.
//
// So a = 2 with W = 2 needs about 4 + 1 + 2*2 = 9 bytes a row, against
// 4(W+1) + 4W + 1 = 21 for the first engine; BreakpointBytes (with
// StartCountsBytes) is the estimate that the memory guard uses.
//
// It owns the game and its engines, and must not touch files: tables are
// written and read by package table.
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
