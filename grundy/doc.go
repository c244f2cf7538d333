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
//     workers (breakpoint.go, activeset.go, pipeline.go); its output does not
//     depend on the number of workers and equals Dense on every cell tested.
//     StartCounts gathers G(n, n) and G(n, n-1) from it, as uint16 too: a
//     value past MaxStartValue (65535) is ErrOverflow.
//   - FirstWithValueBound (a lower bound on the first n with G(n) >= g)
//     says below which N no value can pass 65535, and NimPrefix (G(n) = n
//     up to floor(a) + 1) where one must; both proved in bound.go.
//   - Zeckendorf gives the parts z_1(n) < z_2(n) < ... of n.
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
