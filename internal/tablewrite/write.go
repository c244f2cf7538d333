package tablewrite

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"sync/atomic"

	"fibnim/grundy"
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
// take two cores.
func WriteRows[T any](ctx context.Context, path string, meta map[string]string, groups iter.Seq[[]T]) error {
	w, err := parquetfile.Create[T](path, meta)
	if err != nil {
		return err
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
	if err != nil {
		w.Abort()
		return err
	}
	return w.Close()
}

// errWriteFailed stands for the writer's own error until it is collected.
var errWriteFailed = errors.New("write failed")

// WriteStartValues streams rows n = 0..N with g_start = start(n) and
// g_full = full(n) into path.
func WriteStartValues(ctx context.Context, path string, meta map[string]string, N int, start, full func(int) int) error {
	return WriteRows(ctx, path, meta, func(yield func([]table.StartValue) bool) {
		var row [1]table.StartValue // writeRows copies it: no allocation per row
		for n := 0; n <= N; n++ {
			row[0] = table.StartValue{N: int64(n), GStart: int32(start(n)), GFull: int32(full(n))}
			if !yield(row[:]) {
				return
			}
		}
	})
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
	if err := WriteStartValues(ctx, filepath.Join(dir, table.StartValuesFile), meta, N, start, full); err != nil {
		return err
	}
	if tab == nil {
		if err := os.Remove(filepath.Join(dir, table.DenseFile)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	} else if err := WriteDense(ctx, filepath.Join(dir, table.DenseFile), meta, tab, min(N, denseMax)); err != nil {
		return err
	}
	return os.RemoveAll(filepath.Join(dir, table.BreakpointsDir))
}

// WriteDense writes every cell of rows 0..upto of tab into path.
func WriteDense(ctx context.Context, path string, meta map[string]string, tab *grundy.Table, upto int) error {
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
