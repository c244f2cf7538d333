// Package parquetfile writes the Parquet files of fibnim: typed rows
// (structs with parquet tags) through parquet-go's generic writer
// (Writer), or, for files whose columns are all int32 with delta
// encoding (the breakpoint files), whole columns (Columns, columns.go),
// which writes the file Writer writes from the same rows, byte for byte,
// with about 40% less CPU. Both use the options every file shares, into a
// file that appears at its path only when complete (package atomicfile).
// The options are zstd at its fastest level with literals not
// Huffman-coded (zstd.go: standard frames every reader decodes), row
// groups of at most RowGroupRows rows, and the key-value metadata in
// sorted key order with no timestamps, so that reruns reproduce a file
// byte for byte.
//
// It knows no schema: the packages that own the files define the rows.
// Package internal/tablewrite writes a table folder with it, and packages
// atlas and ntimesrun their own files. The reader beside it (read.go) is
// what every file is read through: package table uses it directly and
// re-exports it (table.Reader, table.OpenFile, table.ReadFile,
// table.ScanColumns) to the others (globalnim, figures, conjectures) and
// to programs outside this module.
package parquetfile

import (
	"io"
	"sort"

	"github.com/parquet-go/parquet-go"

	"fibnim/internal/atomicfile"
	"fibnim/internal/filehash"
)

// RowGroupRows bounds the rows in one row group, and so the memory the
// writer buffers: 1<<20 rows of a few int columns is a few tens of MB.
const RowGroupRows = 1 << 20

// Writer streams rows of type T into a Parquet file that appears at its
// final path only when Close succeeds.
type Writer[T any] struct {
	f   *atomicfile.File
	sum *filehash.Writer // what went to f, hashed
	w   *parquet.GenericWriter[T]
}

// Create starts a Parquet file at path (its folder must exist). meta is
// written as key-value metadata, in sorted key order so that files
// reproduce byte for byte.
func Create[T any](path string, meta map[string]string) (*Writer[T], error) {
	f, err := atomicfile.Create(path)
	if err != nil {
		return nil, err
	}
	sum := filehash.NewWriter()
	return &Writer[T]{f: f, sum: sum, w: parquet.NewGenericWriter[T](io.MultiWriter(f, sum), options(meta)...)}, nil
}

// options are the writer options of every file: meta is written as
// key-value metadata in sorted key order.
func options(meta map[string]string) []parquet.WriterOption {
	opts := []parquet.WriterOption{
		// zstd's fastest level: at 10^8 breakpoint rows per file it writes
		// 1.5 times as fast as the default level, for files about 8% larger
		// (see fastZstd).
		parquet.Compression(codec),
		parquet.MaxRowsPerRowGroup(RowGroupRows),
		parquet.CreatedBy("fibnim", "", ""),
	}
	keys := make([]string, 0, len(meta))
	for k := range meta {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		opts = append(opts, parquet.KeyValueMetadata(k, meta[k]))
	}
	return opts
}

// Write appends rows.
func (w *Writer[T]) Write(rows []T) error {
	_, err := w.w.Write(rows)
	return err
}

// Close finishes the file, syncs it, renames it into place and syncs the
// folder, so that the file survives a crash once Close returns.
func (w *Writer[T]) Close() error {
	if err := w.w.Close(); err != nil {
		w.f.Abort()
		return err
	}
	return w.f.Commit()
}

// Abort discards the file; the destination is left as it was.
func (w *Writer[T]) Abort() { w.f.Abort() }

// Sum is the size and SHA-256 of the file, hashed as it was written (the
// file is not read back): valid once Close has succeeded.
func (w *Writer[T]) Sum() filehash.Sum { return w.sum.Sum() }

// Finish ends a write that err says failed or not: it aborts the file and
// returns err when err is not nil, else closes the file and returns its
// Sum.
func (w *Writer[T]) Finish(err error) (filehash.Sum, error) {
	if err != nil {
		w.Abort()
		return filehash.Sum{}, err
	}
	if err := w.Close(); err != nil {
		return filehash.Sum{}, err
	}
	return w.Sum(), nil
}

// WriteFile writes all rows at once through a Writer.
func WriteFile[T any](path string, meta map[string]string, rows []T) error {
	w, err := Create[T](path, meta)
	if err != nil {
		return err
	}
	for i := 0; i < len(rows); i += RowGroupRows {
		if err := w.Write(rows[i:min(i+RowGroupRows, len(rows))]); err != nil {
			w.Abort()
			return err
		}
	}
	return w.Close()
}
