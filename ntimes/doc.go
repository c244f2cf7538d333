// Package ntimes computes the second-player-win pile sizes of n-times nim
// exactly, for any rational multiplier a >= 1 (the paper's n; here n is kept
// for pile sizes, as in package grundy).
//
// F(a) = f_1 < f_2 < ... are the pile sizes from which the second player
// wins when the first player may take any number but not all, and each
// player may then take at most a times the previous removal. Sequence
// computes F(a) with the recurrence of Theorem 1 (i)-(ii),
//
//	f_1 = 1,  f_{k+1} = f_k + f_{r(k)},  r(k) = min{r : a*f_r >= f_k},
//
// in math/big integers (a = p/q is compared as p*f_r >= q*f_k). Brute solves
// the game from its rules alone on piles up to a bound, independently, so
// that the two can be tested against each other. Eventual computes c(a), the
// eventual value of k - r(k), with the index k_0 after which it holds, and
// L and U of Theorem 2 (vii) exactly. Thresholds finds, with exact rational
// arithmetic, every real a at which the first K terms of F(a) change, and
// the points at which c changes. SolveAll solves many multipliers on
// worker goroutines, in input order.
//
// It owns the mathematics of F(a) and the rows its results become in the
// Parquet files of ROOT/ntimes, with their names (rows.go: CRow, SeqRow,
// RealCRow, RealRow), and must not touch files: package ntimesrun writes
// them ([fibnim/ntimesrun.Run], what compute ntimes runs), and package
// table's reader reads them.
//
// References:
//   - P. Frankl, N. Tokushige, "The game of n-times nim", Discrete Math. 260
//     (2003) 205-209: Theorem 1 (i)-(v), Theorem 2 (vi)-(viii), Table 1.
//   - M. J. Whinihan, "Fibonacci Nim", Fibonacci Quarterly 1(4), 1963: a = 2
//     gives the Fibonacci numbers; the closing question on other orders.
//   - A. J. Schwenk, "Take-away games", Fibonacci Quart. 8 (1970): existence
//     of c and k_0 (cited by Frankl & Tokushige).
package ntimes
