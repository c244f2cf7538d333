// Package ntimesrun runs the n-times nim pipeline that compute ntimes is
// the flags around. It solves F(a) for a list of multipliers, finds the
// exact real thresholds of c and of the first K terms, re-solves each
// piece at its ends, and writes the four Parquet files of ROOT/ntimes and
// Frankl & Tokushige's Table 1 beside the computation in ROOT/tables (Run).
// A Go program calls Run to get the same files as the command.
//
// It is a package of its own, beside package ntimes, because it needs
// package report (the FT tables), which imports ntimes: Run in ntimes
// would make a cycle. The mathematics stays in ntimes; the rendering in
// report; this package owns only the order of the steps, the files'
// metadata and the commit of the outputs as one set.
//
// Guarantees: the outputs do not depend on the number of workers
// (ntimes.SolveAll returns its results in input order); they are
// replaced as one set (internal/atomicfile.FileSet), so a run stopped at
// any point leaves the earlier set or, once it has begun replacing them,
// a journal from which the next run completes the new one; ctx stops
// every phase, the big-integer loops included.
//
// References:
//   - P. Frankl, N. Tokushige, "The game of n-times nim", Discrete Math. 260
//     (2003) 205-209: Theorem 1, Theorem 2 and Table 1, which the files and
//     the report hold beside the computation.
package ntimesrun
