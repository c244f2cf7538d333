// Package table owns the on-disk format of the Grundy tables and reads
// it. It defines the Parquet files of a table folder (ROOT/grundy/mult=A),
// their rows ([StartValue], [DenseCell], [Breakpoint]), layout and metadata keys
// (layout.go), a table folder's [Manifest] (manifest.go), how a folder is
// validated (validate.go: [Open]), read (table.go, read.go, lookup.go),
// read and checked row by row in one pass over every file (scan.go:
// [Table.Scan], which [Table.Check] and compute verify run; check.go,
// checkall.go), and the one listing and
// ordering of the folders mult=A of a results folder (folders.go:
// [MultFolder], [Mults], [CompareMults], [SortMults]). The global game's
// files (ROOT/global/mult=A) are package [fibnim/globalnim]'s, which reads
// them through this package's reader. The generic Parquet reader lives
// beside its writer, in internal/parquetfile (read.go); table gives its
// names ([Reader], [OpenFile], [ReadFile], [ScanColumns]) to the packages
// that read the other files ([fibnim/globalnim], [fibnim/figures],
// [fibnim/conjectures]) and to programs outside this module. It writes
// any of the pipeline's files as CSV or JSON lines for readers without
// Parquet (export.go, [Export]).
//
// The files of a table folder are written by internal/tablewrite (through
// internal/parquetfile and internal/atomicfile), which package
// [fibnim/tablebuild] drives when it runs the engines and commits a table
// folder; the other outputs are written by the packages that own them.
// The table writer builds its rows from the types and names defined here,
// and the tests of this package read what the real writer writes, so
// writer and reader cannot drift apart.
//
// Reading a computed table:
//
//	t, err := table.Open("results/grundy/mult=2") // or table.Dir("results", a)
//	g, err := t.Value(n, r)                        // G(n, r)
//	bs, err := t.Row(n)                            // R_1(n) .. R_G(n)(n)
//	gs, err := t.Values(positions)                 // many G(n, r) in one pass
//	start, full, err := t.StartValues()            // G(n, n-1) and G(n, n), n = 0..N
//	for run, err := range t.Runs(g) { ... }        // file g in row order
//
// Guarantees:
//   - Open refuses a folder that is incomplete or foreign (a missing or
//     stray breakpoint file, a file of another N or multiplier, a folder
//     name that disagrees with its files), so no reader answers with a
//     silently smaller value. Rows are checked as they are read: a run out
//     of order, overlapping, past N, or with r_min outside 1..n is an error.
//   - Grundy values are 0..65535 (grundy.MaxStartValue): start values are
//     read into uint16 (2 bytes per row, as StartValues returns them, and
//     in the checkpoint), stored as INT32 columns, and read from value
//     columns of any integer type (a file written with uint16 columns reads
//     the same); a value outside 0..65535 is corrupt, never cut to 16 bits.
//   - Files are written to a temporary name in the destination folder,
//     synced, and renamed into place only when complete
//     (internal/atomicfile). A table folder written by package tablebuild holds
//     a manifest (every file's size and SHA-256): Open checks the sizes,
//     Table.CheckHashes the contents. A table written before manifests
//     opens and says it has none (Table.Manifest is nil).
//   - Rows are typed structs with parquet tags; the writer
//     (internal/parquetfile) uses zstd at its fastest level (literals not
//     Huffman-coded: standard frames every reader decodes), bounded row
//     groups, delta encoding for sorted integer columns, and records the
//     run's parameters and the source revision in the key-value metadata,
//     with no timestamps, so reruns reproduce the files byte for byte.
//     Breakpoint files are handed to it as whole columns
//     (parquetfile.Columns), which writes the bytes parquet-go's writer
//     of rows would. A corrupt file is an error, never a panic.
//
// breakpoints.go holds the layout of a breakpoint file: R_g(n), the least r
// with G(n, r) >= g (Larsson & Rubinstein-Salzedo's rows as step
// functions), stored as runs on which it rises by one from row to row, and
// the decoder that checks and expands them. The engine hands its runs over
// already made (internal/tablewrite's RunFile writes them); the tests keep
// an encoder of whole columns (runencoder_test.go).
//
// scan.go reads a table in one pass, in n order, a window of ScanRows
// rows at a time: the start values, then each breakpoint file's runs
// that meet the window, a page of each column at a time, each row checked
// as it is read and the runs checked against the start values, so that
// the deep check (Check) and a reader of R_1..R_k (compute verify's
// checks) share one decode of each file, in memory that does not grow
// with N.
//
// lookup.go answers positions (Value), rows (Row), batches (Values) and
// windows of a column (Column): each R_g(n) is one page of file g, found in
// the page index that Open reads once (pages.go), decoded column by column
// and checked, and kept in a cache of decoded pages bounded by
// DefaultCacheBytes (cache.go). Value stops at the first g with
// R_g(n) > r.
//
// What it must not do: write files (internal/tablewrite), compute Grundy
// values or sequences (packages [fibnim/grundy] and [fibnim/ntimes] do),
// run an engine or decide when a table is replaced ([fibnim/tablebuild]),
// check theorems ([fibnim/conjectures]) or render reports
// ([fibnim/report]).
//
// References:
//   - U. Larsson, S. Rubinstein-Salzedo, "Grundy values of Fibonacci nim",
//     Int. J. Game Theory 45(3), 2016: G(n, r) and the rows of Table 1 as
//     step functions of r (Section 4), whence the breakpoints R_g(n).
package table
