// Package globalnim computes exact Grundy values of global Fibonacci nim and
// of its generalisation to any rational multiplier a >= 1: two piles and
// one move limit shared by both.
//
// A position is (x, y, r): piles of x and y tokens and a limit r. A move
// takes k tokens, 1 <= k <= min(r, pile), from either pile, and the next
// limit is floor(a*k); the player who takes the last token wins. a = 2 is
// global Fibonacci nim. Since no move takes more than the larger pile, a
// limit above max(x, y) acts as max(x, y), and G(x, y, r) is
// non-decreasing in r (more moves, and the mex of a larger set is not
// smaller), so a position's row r -> G(x, y, r) is described, as in
// package grundy, by its breakpoints R_g(x, y), the least r with
// G(x, y, r) >= g, for g = 1..G(x, y, max(x, y)).
//
// The starting convention ([StartLimit]): r = x + y - 1, capped at the
// larger pile, so the first player may take anything but every token of
// the game: with both piles non-empty an unrestricted first move, with one
// empty the single pile's start (n, n-1). The tables hold every r, so the
// value at any other convention is read from the same table.
//
// Guarantees:
//   - [Oracle] is memoised mex straight from the definition, for any number
//     of piles; it neither sorts the piles nor caps the limit, computes
//     floor(a*k) as k*P/Q in int64, and shares no code with the engine.
//     The tests run it on two piles to 60 and three piles to 15.
//   - [Sweep] computes R_g(x, y) for every 0 <= x <= y <= M, one sweep per
//     value g: the single-pile engine's windows carry over line by line
//     (sweep.go says how). It equals the oracle on every cell for
//     x, y <= 60 and a = 1, 3/2, 2, 5/2, 3, 7/2, and what it emits does not
//     depend on the number of workers (tested with 1, 2 and 8).
//   - [Table] holds a computed table in memory and answers G(x, y, r), the
//     options of a position and its winning moves (query.go).
//   - Memory and time: 2 bytes a position for each array R_g in flight
//     (workers + 2), about 5 more a worker for waiting windows
//     ([SweepBytes]); one pass over the positions per value, so time grows
//     as (M^2/2) * G_max (measurements in results/global.md).
//
// It owns the game, its engine and the format of its tables (files.go,
// manifest.go): their rows ([GlobalPosition], [GlobalBreakpoint]), file names,
// the manifest ([Manifest]: every file's size and SHA-256, written last) and
// the reader that validates a table folder and loads it ([Open]; [Footers]
// from the footers alone; [CheckHashes] against the manifest), on package
// table's Parquet reader and metadata keys. Package tablebuild writes the
// tables ([fibnim/tablebuild.Global]), under the protocol of Grundy tables:
// lock, staging folder, manifest last, one swap.
//
// References:
//   - Wikipedia, "Fibonacci nim" (revision of 22 March 2021, in the
//     project's sources): "A different multiple-pile variant of the game
//     that has also been studied limits the number of stones in each move
//     to twice the number from the previous move, regardless of whether
//     that previous move was to the same pile", citing
//   - U. Larsson, S. Rubinstein-Salzedo, "Global Fibonacci nim", Int. J.
//     Game Theory 47(2), 2018, 595-611, which solves the two-pile game's
//     outcomes. That paper was not available to this project, so nothing
//     here restates or checks its theorem.
//   - U. Larsson, S. Rubinstein-Salzedo, "Grundy values of Fibonacci nim",
//     Int. J. Game Theory 45(3), 2016: the single pile, G(n, r), and its
//     rows as step functions of r, which is what the breakpoints carry over.
package globalnim
