// Package store writes and reads the pipeline's Parquet files.
//
// Files are written to a temporary name in the destination folder and
// renamed into place only when complete, so an interrupted or failed run
// never leaves a half-written file where a good one was. Rows are typed
// structs with parquet tags; the writer uses zstd compression, bounded row
// groups, and records the run's parameters and source revision in the file's
// key-value metadata. Reading a corrupt file returns an error, never panics.
//
// breakpoints.go holds the layout of a breakpoint file: R_g(n), the least r
// with G(n, r) >= g (Larsson & Rubinstein-Salzedo's rows as step
// functions), stored as runs on which it rises by one from row to row, with
// the encoder that makes them and the decoder that checks and expands them.
//
// The mathematics lives in grundy/ and ntimes/; this package knows only rows.
package table
