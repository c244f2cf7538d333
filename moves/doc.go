// Package moves answers what a player asks of a position of Fibonacci nim
// or n-times nim: its options, its value, its winning moves, and in a sum
// of local piles, the moves that bring the nim-sum to zero.
//
// A [Solver] answers from one source of Grundy values: a saved table
// ([FromTable]; its breakpoint files, dense.parquet, or for starting piles
// only its start values) or the dense engine ([FromDense], [Dense]). [Open] picks
// the source a set of positions needs.
//
// Beyond them, the proved automata (package grundyproof: the classes
// S_0..S_K, the positions of values 0..K for all n) answer heaps of any
// size ([Heap]: *big.Int n and r): [OpenHeaps], as compute query uses it,
// takes the table or the dense engine for the heaps they reach and the
// automata of the results folder for the rest (and for the moves a table
// of start values lacks); [FromAutomata] answers from a folder alone.
// [Solver.HeapValues] gives a value where it is at most K and "G >= K+1"
// otherwise, never a value the automata do not prove;
// [Solver.HeapMovesTo] finds the least moves into S_t in the logic
// (grundyproof.Mover); [Solver.HeapSum] decides a sum where every value is
// known, or where the only heap above K exceeds the others' nim-sum, and
// says otherwise that it cannot. The int API (Value, MovesTo, NimSum, ...)
// reads the table or the dense table only.
//
// Guarantees:
//   - Exact: every answer is read from the source, never estimated. A move
//     from (n, r) removes k, 1 <= k <= r, and leads to (n-k,
//     min(floor(a*k), n-k)) (grundy.Position.After). It reaches value g
//     exactly when R_g(m) <= c < R_{g+1}(m) at (m, c), so moves on a
//     saved table read two columns of R over the rows n-r..n-1, a window
//     at a time, not a value per move.
//   - A source that lacks the cells a question needs says so (ErrNoCells
//     for a table of start values only), never answers from less.
//   - Every answer is checked in the tests against the dense engine and
//     the brute-force oracle grundy.Brute on every position of a small
//     range, for a = 2, 3/2, 5/2, 3 and 7/2; the automata's answers
//     against the dense engine cell by cell and sum by sum, and on heaps
//     of 101 digits against the definition (the mex of the options'
//     values, each asked too).
//
// start.go holds the winning first moves of the starting piles (n, n-1):
// all of them for the n of a range ([Solver.StartMoves]), and their number for
// every n of a table from R_1 alone ([TallyStartMoves], or [StartTally] for
// a reader that already streams R_1): removing k from
// (n, n-1) wins exactly when floor(a*k) < R_1(n-k), so each row m = n-k
// offers a winning move to the n in [m+1, m+ceil(R_1(m)/a)-1].
//
// What it must not do: compute the table itself (package grundy does, and
// Dense only drives it), read or write Parquet except through package
// table, or check the papers' statements (package conjectures does).
//
// References:
//   - M. J. Whinihan, "Fibonacci Nim", Fibonacci Quarterly 1(4), 1963:
//     winning moves, and safe and unsafe positions.
//   - U. Larsson, S. Rubinstein-Salzedo, "Grundy values of Fibonacci nim",
//     Int. J. Game Theory 45(3), 2016: sums of piles with a local move
//     dynamic, the disjunctive sum whose value is the nim-sum (Introduction
//     and Section 2), and Theorem 4.1 (a winning move is to remove z_1(n);
//     "there may be other winning moves as well").
//   - Wikipedia, "Fibonacci nim" (revision of 22 March 2021): the local
//     multi-pile game, and "in general there may be multiple possible
//     winning moves", citing C. Allen, V. Ponomarenko, "Fibonacci Nim and a
//     full characterization of winning moves", Involve 7(6), 2014.
//   - Project Euler, problem 366 "Stone Game III"
//     (https://projecteuler.net/problem=366): from n = 17 the first player
//     wins by removing one or four stones.
package moves
