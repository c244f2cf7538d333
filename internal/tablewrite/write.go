package tablewrite

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"fibnim/grundy"
	"fibnim/internal/filehash"
	"fibnim/internal/parquetfile"
	"fibnim/table"
)

// ErrInterrupted is returned, wrapped, when a write stops because its
// context was cancelled; the file at the destination is left as it was.
var ErrInterrupted = errors.New("interrupted")

// WriteRows writes the groups of rows that groups yields into path,
// handing them to the Parquet writer in batches of whole groups (of at
// least 1<<16 rows but the last) and looking at ctx between batches; on an
// error or an interrupt the destination is left as it was. The writer
// encodes one batch on its own goroutine while the next is made, so that
// making the rows (for start values, reading the counts) and encoding them
// take two cores. It returns the file's size and SHA-256, hashed as it
// was written.
func WriteRows[T any](ctx context.Context, path string, meta map[string]string, groups iter.Seq[[]T]) (filehash.Sum, error) {
	w, err := parquetfile.Create[T](path, meta)
	if err != nil {
		return filehash.Sum{}, err
	}
	free := make(chan []T, 2)
	free <- make([]T, 0, 1<<16)
	free <- make([]T, 0, 1<<16)
	batches := make(chan []T)
	var failed atomic.Bool
	done := make(chan error, 1)
	go func() {
		var werr error
		for b := range batches {
			if werr == nil {
				if werr = w.Write(b); werr != nil {
					failed.Store(true)
				}
			}
			free <- b[:0]
		}
		done <- werr
	}()
	buf := <-free
	send := func() error {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("%w; %s left as it was", ErrInterrupted, path)
		}
		if failed.Load() {
			return errWriteFailed
		}
		batches <- buf
		buf = <-free
		return nil
	}
	for g := range groups {
		buf = append(buf, g...)
		if len(buf) >= 1<<16 {
			if err = send(); err != nil {
				break
			}
		}
	}
	if err == nil {
		err = send()
	}
	close(batches)
	if werr := <-done; werr != nil && (err == nil || err == errWriteFailed) {
		err = werr
	}
	return w.Finish(err)
}

// errWriteFailed stands for the writer's own error until it is collected.
var errWriteFailed = errors.New("write failed")

// WriteStartValues writes rows n = 0..N into path, with g_start and
// g_full as values gives them for a block of rows at a time (rows first,
// first+1, ...: g_start = G(n, n-1) into start, g_full = G(n, n) into
// full, as grundy.StartCounts.Values does; PerRow makes one from functions
// of n). It works on workers goroutines, so values must be safe to call
// from several at once, and returns the file's size and SHA-256. Its row
// groups are made at once and copied into the file in order
// (parquetfile.WriteGroups): the file is the one a single writer writes,
// byte for byte.
func WriteStartValues(ctx context.Context, path string, meta map[string]string, N, workers int, values func(first int, start, full []int32)) (filehash.Sum, error) {
	scratch := sync.Pool{New: func() any { return new([2][]int32) }}
	sum, err := parquetfile.WriteGroups(ctx, path, meta, N+1, workers, func(first int, rows []table.StartValue) {
		b := scratch.Get().(*[2][]int32)
		defer scratch.Put(b)
		if cap(b[0]) < len(rows) {
			b[0], b[1] = make([]int32, len(rows)), make([]int32, len(rows))
		}
		start, full := b[0][:len(rows)], b[1][:len(rows)]
		values(first, start, full)
		for i := range rows {
			rows[i] = table.StartValue{N: int64(first + i), GStart: start[i], GFull: full[i]}
		}
	})
	if err != nil && ctx.Err() != nil {
		return sum, fmt.Errorf("%w; %s left as it was", ErrInterrupted, path)
	}
	return sum, err
}

// PerRow is the values of WriteStartValues from start(n) = G(n, n-1) and
// full(n) = G(n, n), one row at a time.
func PerRow(start, full func(n int) int) func(first int, s, f []int32) {
	return func(first int, s, f []int32) {
		for i := range s {
			s[i], f[i] = int32(start(first+i)), int32(full(first+i))
		}
	}
}

// WriteDenseTable writes the table folder dir from a table filled by the
// dense engine (or the oracle): start values for n = 0..N from start and
// full, and dense.parquet for n <= denseMax when tab is not nil. An earlier
// run's breakpoint files (and its dense.parquet, when tab is nil) are
// removed, since they would not match.
func WriteDenseTable(ctx context.Context, dir string, meta map[string]string, N int, start, full func(int) int, tab *grundy.Table, denseMax int) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if _, err := WriteStartValues(ctx, filepath.Join(dir, table.StartValuesFile), meta, N, 1, PerRow(start, full)); err != nil {
		return err
	}
	if tab == nil {
		if err := os.Remove(filepath.Join(dir, table.DenseFile)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	} else if _, err := WriteDense(ctx, filepath.Join(dir, table.DenseFile), meta, tab, min(N, denseMax)); err != nil {
		return err
	}
	return os.RemoveAll(filepath.Join(dir, table.BreakpointsDir))
}

// WriteDense writes every cell of rows 0..upto of tab into path, and
// returns the file's size and SHA-256.
func WriteDense(ctx context.Context, path string, meta map[string]string, tab *grundy.Table, upto int) (filehash.Sum, error) {
	var row []table.DenseCell
	return WriteRows(ctx, path, meta, func(yield func([]table.DenseCell) bool) {
		for n := 0; n <= upto; n++ {
			row = row[:0]
			for r, g := range tab.Row(n) {
				row = append(row, table.DenseCell{N: int32(n), R: int32(r), G: int32(g)})
			}
			if !yield(row) {
				return
			}
		}
	})
}
