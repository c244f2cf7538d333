// Package conjectures checks the papers' theorems, tables and conjectures
// against computed data and reports what it finds.
//
// Every check returns a Result: the statement, the domain actually covered,
// the number of cases, a status (holds, fails, not run) and the smallest
// counterexamples. A disagreement with a paper is a finding, reported as
// such; no check is tuned to pass.
//
// Verify (verify.go) runs every check whose data is under a results folder,
// reading the tables through package table; a table folder that does not
// validate is an error, not a smaller check. Each table is read once, in n
// order (stream.go, source.go): the Zeckendorf or greedy parts are carried
// from n to n+1 (greedy.go), statements about n + ceil(n/a) are checked on
// the runs of G(n) at the end, and Whinihan's strategy looks back through
// a staircase of the rows that still reach n, so memory does not grow with
// N. The array functions (CheckLRS41 and the others) run the same code.
//
// What it owns: the statements, the transcriptions of the printed tables
// (lrs_table1.go, ft_table1.go) and the comparisons. What it must not do:
// write files or render them (package report does), or compute the game
// itself except through packages grundy and ntimes.
//
// References:
//   - U. Larsson, S. Rubinstein-Salzedo, "Grundy values of Fibonacci nim",
//     Int. J. Game Theory 45(3), 2016: Table 1; Theorems 4.1, 4.5, 4.6, 4.7,
//     5.1, 5.2, 5.3; the closing conjecture G(n)+1 <= G(ceil(3n/2)) <= G(n)+2.
//   - M. J. Whinihan, "Fibonacci Nim", Fibonacci Quarterly 1(4), 1963:
//     the Zeckendorf strategy.
//   - P. Frankl, N. Tokushige, "The game of n-times nim", Discrete Math. 260,
//     2003: Theorems 1 and 2 and Table 1.
//   - Project Euler, problem 366 "Stone Game III"
//     (https://projecteuler.net/problem=366): the published sum of the
//     largest winning first moves, n <= 100 (pe366.go; an outside
//     regression value, like the Brilliant count, and not in
//     ../shared/papers). pe366.go also lists the winning first moves of
//     a = 2 and counts them by decade (package moves).
package conjectures
