package table

import "fibnim/internal/parquetfile"

// The generic Parquet reader lives beside its writer, in package
// internal/parquetfile (read.go); these are its names for programs that
// read the pipeline's other files (atlas.parquet, the n-times nim tables)
// from outside this module, which cannot import an internal package.

// ErrCorrupt wraps every failure to decode a Parquet file
// (parquetfile.ErrCorrupt).
var ErrCorrupt = parquetfile.ErrCorrupt

// Reader gives random access by row index to a Parquet file of T
// (parquetfile.Reader).
type Reader[T any] = parquetfile.Reader[T]

// OpenFile opens the Parquet file path for random access.
func OpenFile[T any](path string) (*Reader[T], error) { return parquetfile.OpenFile[T](path) }

// ReadFile reads every row of path, and returns them with the file's
// key-value metadata.
func ReadFile[T any](path string) ([]T, map[string]string, error) {
	return parquetfile.ReadFile[T](path)
}

// ScanColumns reads the integer columns cols of the Parquet file path, a
// row group at a time, and calls fn with the index of the group's first
// row and one slice per column (reused by the next call); fn returns
// false to stop. See parquetfile.ScanColumns.
func ScanColumns(path string, cols []string, fn func(lo int64, vals [][]int64) bool) error {
	return parquetfile.ScanColumns(path, cols, fn)
}

// scan reads the rows of path in batches (parquetfile.Scan).
func scan[T any](path string, batch int, fn func([]T) error) (map[string]string, error) {
	return parquetfile.Scan(path, batch, fn)
}
