// Package conjectures checks the papers' theorems, tables and conjectures
// against computed data and reports what it finds.
//
// Every check returns a Result: the statement, the domain actually covered,
// the number of cases, a status (holds, fails, not run) and the smallest
// counterexamples. A disagreement with a paper is a finding, reported as
// such; no check is tuned to pass. A check with no case in its domain did
// not run (Settle: "not run", with the domain it had), whatever its code
// found on nothing. A check judges only what it recomputed: the n-times
// nim checks judge the recomputation of ntimes/, and FT-stored compares
// every cell of the stored files with it (ntimes_stored.go). Statistics
// are typed (stats.go: one type per check, read back with StatsOf).
//
// [Verify] (verify.go) runs every check whose data is under a results
// folder, reading the tables through [fibnim/table] (and the global game's
// through [fibnim/globalnim]); a table folder that does not
// validate is an error, not a smaller check. Each table is read once, in n
// order (stream.go, source.go), in one pass of [fibnim/table.Table.Scan]
// that, with Options.Decode, also reads and checks every other file of the
// table (the check of compute info -full), so that no file is decoded
// twice: the Zeckendorf or greedy parts are carried
// from n to n+1 (greedy.go), statements about n + ceil(n/a) are checked on
// the runs of G(n) at the end, and Whinihan's strategy looks back through
// a staircase of the rows that still reach n, so memory does not grow with
// N. The array functions (CheckLRS41 and the others) run the same code.
// A table without breakpoint files (compute grundy -breakpoints=false, the
// only kind past the 2^31 - 1 rows of a breakpoint file, up to N = 2^32 -
// 2) still runs every check: R_1..R_4 are recomputed by the engine's row
// sweeps (grundy.FirstLayers, one sweep each, constant memory) beside the
// start values read from the table (NewRecomputedSource), so the checks
// that read R test the recomputation, not files of the table. Options.Layers
// bounds the sweeps; a check left without its data is reported as not run,
// with the reason.
//
// # The registry
//
// Every statement is declared once, in a Check (registry.go) registered by
// the init function of its own file: its id, the theorem or source it
// tests and the statement as printed (Statement), the data it reads
// (Data: start values, R_1, R_1..R_4, cells, the n-times nim tables, the
// OEIS sequences, the global table), the scope of tables it runs on
// (Scope), its place in the report (Order) and how it streams. Verify, the
// atlas (package atlas) and the reports (package report) iterate the
// registry (Registry, Statements, Lookup); none of them names a check.
// Statements that share one read of their data share a file and a Check:
// the two halves of the closing conjecture (conjecture.go), their analogue
// for every a (step.go), the four cell theorems (lrs4.go), the n-times
// nim checks (ft.go), the OEIS entries (oeis.go) and the global game's
// checks (global.go; their data are read in global_data.go, the
// observations on R_1 checked in global_observations.go).
//
// To add a statement over the rows of a Grundy table:
//   - write a file with an init function that registers a Check: an Order
//     not taken (the report lists the checks of a scope by Order), its
//     Statements (scope Fibonacci for a = 2, EveryMultiplier for a
//     statement put for every a, or both), Reads and Streams, and a
//     stream function that returns its state;
//   - the state is a rowCheck: visit sees each row n in order, with the
//     cursor (stream.go) that carries n, whether n is a Fibonacci
//     number, its Zeckendorf parts (call cursor.zeckendorf when the state
//     starts), G(n-1) and the runs of G(n); results gives one Result per
//     statement of the scope asked, once the pass is over;
//   - give it a corruption in contract_test.go (corruptions: a small
//     input and a change that flips its verdict): the contract test
//     TestContractEveryCheckCanFail runs every registered statement on
//     both, and fails, naming the statement, for one without a corruption;
//   - name it in docs/checks.md, the readers' list of ids, which
//     cmd/compute's TestCheckIDsNameOneStatement holds to checks.json.
//
// Verify runs it on every table of its scope, reports it as not run
// (with the reason) where the data it Reads are missing, and report.md,
// checks.json and the LaTeX tables list it (Statement.TeX is its short
// form there). A statement put for every a reaches atlas.parquet only
// with no new column: the atlas (schema version 2) keeps one list entry per
// statement ([fibnim/atlas.AtlasRow]'s Checks), so the next atlas computed
// holds it, and the committed ones are not recomputed. Statements over other
// data set the function of their kind instead of stream (ntimes, oeis,
// global, cells), and are run where that data is read.
//
// What it owns: the statements, the transcriptions of the printed tables
// (lrs_table1.go, ft_table1.go), the comparisons, and the log fit
// G(n) ~ alpha ln n + beta (logfit.go: least squares weighted by 1/n, over
// the whole range and on each decade, from the runs of G(n); it describes
// a range and states no law). What it must not do:
// write files or render them ([fibnim/report] does), or compute the game
// itself except through [fibnim/grundy], [fibnim/ntimes], [fibnim/moves]
// (the winning moves) and [fibnim/globalnim] (the global checks build its
// Oracle, written straight from the definition, to check the table
// against).
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
