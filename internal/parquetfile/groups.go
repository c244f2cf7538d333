package parquetfile

import (
	"bytes"
	"context"
	"fmt"
	"sync"

	"github.com/parquet-go/parquet-go"

	"fibnim/internal/filehash"
)

// WriteGroups writes rows rows of T into a file at path (as Create and
// Close do), with the row groups made on workers goroutines at once: row
// group k (rows k*RowGroupRows onwards, RowGroupRows of them but the
// last) is filled by fill(first, rows), a piece of at most groupPiece
// rows at a time, encoded into memory by parquet-go's writer with the
// options of every file, and then copied into the file, in order, as
// encoded (parquet-go's verbatim row-group copy, Writer.WriteRowGroup).
// The file is the one Writer writes from the same rows, byte for byte
// (groups_test.go). At most workers+2 row groups are in memory, encoded or
// being encoded. It returns the file's size and SHA-256; on an error or a
// cancelled ctx the destination is left as it was.
func WriteGroups[T any](ctx context.Context, path string, meta map[string]string, rows, workers int, fill func(first int, rows []T)) (filehash.Sum, error) {
	w, err := Create[T](path, meta)
	if err != nil {
		return filehash.Sum{}, err
	}
	groups := (rows + RowGroupRows - 1) / RowGroupRows
	workers = max(1, min(workers, groups))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make([]chan []byte, groups) // group k, encoded
	for k := range done {
		done[k] = make(chan []byte, 1)
	}
	tokens := make(chan struct{}, workers+2) // groups in memory
	var (
		mu    sync.Mutex
		next  int
		first error
	)
	fail := func(err error) {
		mu.Lock()
		if first == nil {
			first = err
		}
		mu.Unlock()
		cancel()
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			buf := make([]T, min(groupPiece, rows))
			for {
				select {
				case tokens <- struct{}{}:
				case <-ctx.Done():
					return
				}
				mu.Lock()
				k := next
				next++
				mu.Unlock()
				if k >= groups {
					<-tokens
					return
				}
				b, err := encodeGroup(ctx, k, rows, buf, fill)
				if err != nil {
					fail(err)
					return
				}
				done[k] <- b
			}
		})
	}
	for k := 0; k < groups && err == nil; k++ {
		select {
		case b := <-done[k]:
			err = copyGroup(w.w, b)
			<-tokens
		case <-ctx.Done():
			err = ctx.Err()
		}
	}
	cancel()
	wg.Wait()
	if first != nil {
		err = first
	}
	return w.Finish(err)
}

// groupPiece is the rows that WriteGroups fills and hands to the encoder
// at a time.
const groupPiece = 1 << 16

// encodeGroup encodes row group k of a file of rows rows into a Parquet
// file in memory that holds it alone.
func encodeGroup[T any](ctx context.Context, k, rows int, buf []T, fill func(first int, rows []T)) ([]byte, error) {
	var out bytes.Buffer
	gw := parquet.NewGenericWriter[T](&out, options(nil)...)
	end := min(rows, (k+1)*RowGroupRows)
	for n := k * RowGroupRows; n < end; n += len(buf) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		piece := buf[:min(len(buf), end-n)]
		fill(n, piece)
		if _, err := gw.Write(piece); err != nil {
			return nil, err
		}
	}
	if err := gw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// copyGroup copies the one row group of the Parquet file b into w, as
// encoded.
func copyGroup[T any](w *parquet.GenericWriter[T], b []byte) error {
	f, err := parquet.OpenFile(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return err
	}
	if g := f.RowGroups(); len(g) != 1 {
		return fmt.Errorf("parquetfile: an encoded row group came back as %d", len(g))
	}
	_, err = w.WriteRowGroup(f.RowGroups()[0])
	return err
}
