package parquetfile

// The reader of the files this package writes: typed rows (Scan,
// ReadFile), random access by row (Reader, OpenFile) and integer columns
// read page by page (ScanColumns). Writer and reader sit side by side so
// that they cannot drift apart; package table, which defines the rows of
// a table folder, reads through them and re-exports them (table.Reader,
// table.OpenFile, table.ReadFile, table.ScanColumns) for programs outside
// this module. A damaged file is an error wrapping ErrCorrupt, never a
// panic or an allocation of what a damaged footer claims.

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// ErrCorrupt wraps every failure to decode a Parquet file.
var ErrCorrupt = errors.New("not a readable Parquet file")

// Scan reads the rows of path in batches of at most batch rows and calls fn
// on each batch (the slice is reused). It returns the file's key-value
// metadata. A corrupt file gives an error wrapping ErrCorrupt.
func Scan[T any](path string, batch int, fn func([]T) error) (meta map[string]string, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: %w (%v)", path, ErrCorrupt, p)
		}
	}()
	pf, err := openParquet(f, st.Size())
	if err != nil {
		return nil, fmt.Errorf("%s: %w (%v)", path, ErrCorrupt, err)
	}
	meta = map[string]string{}
	for _, kv := range pf.Metadata().KeyValueMetadata {
		meta[kv.Key] = kv.Value
	}
	r := parquet.NewGenericReader[T](pf)
	defer r.Close()
	buf := make([]T, batch)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			if ferr := fn(buf[:n]); ferr != nil {
				return meta, ferr
			}
		}
		if err == io.EOF {
			return meta, nil
		}
		if err != nil {
			return meta, fmt.Errorf("%s: %w (%v)", path, ErrCorrupt, err)
		}
	}
}

// openParquet opens f, of size bytes, with parquet-go once the numbers
// parquet-go trusts are checked against the file: the footer's length,
// the lengths and offsets of the page indexes, and the codecs
// (checkCodecs). parquet-go allocates what they claim before it reads a
// byte (a footer length of 2 GiB in a file of 20 KiB made it allocate
// 2 GiB: found by atlas's FuzzRead, issue 33). Bloom filters, which no
// fibnim file has and no reader uses, are not read.
func openParquet(f *os.File, size int64) (*parquet.File, error) {
	if size < 12 {
		return nil, fmt.Errorf("%d bytes: too short for a Parquet file", size)
	}
	var tail [8]byte
	if _, err := f.ReadAt(tail[:], size-8); err != nil {
		return nil, err
	}
	if n := int64(binary.LittleEndian.Uint32(tail[:4])); n+12 > size {
		return nil, fmt.Errorf("its footer claims %d bytes in a file of %d", n, size)
	}
	// The footer alone first, to check what the page indexes claim.
	pf, err := parquet.OpenFile(f, size, parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return nil, err
	}
	if err := checkCodecs(pf); err != nil {
		return nil, err
	}
	var total int64
	for i, rg := range pf.Metadata().RowGroups {
		for j, c := range rg.Columns {
			for _, x := range [][2]int64{{c.ColumnIndexOffset, int64(c.ColumnIndexLength)}, {c.OffsetIndexOffset, int64(c.OffsetIndexLength)}} {
				if x[0] < 0 || x[1] < 0 || x[0]+x[1] > size {
					return nil, fmt.Errorf("row group %d, column %d: a page index of %d bytes at %d in a file of %d", i, j, x[1], x[0], size)
				}
				total += x[1]
			}
		}
	}
	if total > size {
		return nil, fmt.Errorf("its page indexes claim %d bytes in a file of %d", total, size)
	}
	return parquet.OpenFile(f, size, parquet.SkipBloomFilters(true))
}

// checkCodecs refuses a file with a column chunk compressed by a codec
// other than zstd, which this package writes, and none: a damaged
// footer that named lz4 sent parquet-go's lz4 decoder into an allocation
// that killed the process (found by atlas's FuzzRead, issue 33), so the
// codecs are checked before a page is read.
func checkCodecs(pf *parquet.File) error {
	for i, rg := range pf.Metadata().RowGroups {
		for j, c := range rg.Columns {
			switch c.MetaData.Codec {
			case format.Uncompressed, format.Zstd:
			default:
				return fmt.Errorf("row group %d, column %d is compressed with %s, which fibnim does not write", i, j, c.MetaData.Codec)
			}
		}
	}
	return nil
}

// ReadFile reads every row of path.
func ReadFile[T any](path string) ([]T, map[string]string, error) {
	var rows []T
	meta, err := Scan(path, 1<<16, func(b []T) error {
		rows = append(rows, b...)
		return nil
	})
	return rows, meta, err
}

// Reader gives random access by row index to a Parquet file of T.
type Reader[T any] struct {
	f    *os.File
	pf   *parquet.File
	r    *parquet.GenericReader[T]
	Meta map[string]string
	rows int64
	buf  []T
}

// OpenFile opens the Parquet file path for random access.
func OpenFile[T any](path string) (rd *Reader[T], err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer func() {
		if p := recover(); p != nil {
			f.Close()
			rd, err = nil, fmt.Errorf("%s: %w (%v)", path, ErrCorrupt, p)
		}
	}()
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	pf, err := openParquet(f, st.Size())
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w (%v)", path, ErrCorrupt, err)
	}
	meta := map[string]string{}
	for _, kv := range pf.Metadata().KeyValueMetadata {
		meta[kv.Key] = kv.Value
	}
	return &Reader[T]{f: f, pf: pf, r: parquet.NewGenericReader[T](pf), Meta: meta, rows: pf.NumRows(), buf: make([]T, 1)}, nil
}

// Schema is the file's schema, for a reader that checks the columns are
// those it expects before it reads a row.
func (r *Reader[T]) Schema() *parquet.Schema { return r.pf.Schema() }

// File is the open parquet-go file, for a reader that reads pages by the
// page index (package table's lookups).
func (r *Reader[T]) File() *parquet.File { return r.pf }

// NumRows is the number of rows in the file.
func (r *Reader[T]) NumRows() int64 { return r.rows }

// Row returns row i.
func (r *Reader[T]) Row(i int64) (row T, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%w (%v)", ErrCorrupt, p)
		}
	}()
	if err := r.r.SeekToRow(i); err != nil {
		return row, err
	}
	n, err := r.r.Read(r.buf)
	if n == 1 {
		return r.buf[0], nil
	}
	if err == nil || err == io.EOF {
		err = fmt.Errorf("row %d: %w", i, ErrCorrupt)
	}
	return row, err
}

// Rows calls fn on rows from index i on, in batches, until fn returns false.
func (r *Reader[T]) Rows(i int64, fn func([]T) bool) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%w (%v)", ErrCorrupt, p)
		}
	}()
	if err := r.r.SeekToRow(i); err != nil {
		return fmt.Errorf("%w (%v)", ErrCorrupt, err)
	}
	buf := make([]T, 1024)
	for {
		n, err := r.r.Read(buf)
		if n > 0 && !fn(buf[:n]) {
			return nil
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%w (%v)", ErrCorrupt, err)
		}
	}
}

// Close closes the file.
func (r *Reader[T]) Close() error {
	r.r.Close()
	return r.f.Close()
}

// ScanColumns reads the integer columns cols of the Parquet file path, a
// row group at a time, and calls fn with the index of the group's first
// row and one slice per column (reused by the next call). It reads pages
// of values directly, without building rows: several times faster than a
// row reader for the long files of a table, with memory for one row group
// (RowGroupRows rows) per column. A corrupt file gives an error wrapping
// ErrCorrupt.
func ScanColumns(path string, cols []string, fn func(lo int64, vals [][]int64) bool) (err error) {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: %w (%v)", path, ErrCorrupt, p)
		}
	}()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	pf, err := parquet.OpenFile(f, st.Size())
	if err != nil {
		return fmt.Errorf("%s: %w (%v)", path, ErrCorrupt, err)
	}
	return ScanColumnsOf(pf, path, cols, fn)
}

// ScanColumnsOf is ScanColumns on a file already open (Reader.File), so
// that a reader that holds it open does not open it again; path names it
// in errors.
func ScanColumnsOf(pf *parquet.File, path string, cols []string, fn func(lo int64, vals [][]int64) bool) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: %w (%v)", path, ErrCorrupt, p)
		}
	}()
	idx := make([]int, len(cols))
	for i, name := range cols {
		c, ok := pf.Schema().Lookup(name)
		if !ok {
			return fmt.Errorf("%s: %w (no column %s)", path, ErrCorrupt, name)
		}
		idx[i] = c.ColumnIndex
	}
	vals := make([][]int64, len(cols))
	var buf32 []int32
	var bufV []parquet.Value
	lo := int64(0)
	for _, rg := range pf.RowGroups() {
		rows := rg.NumRows()
		for i, ci := range idx {
			v := vals[i][:0]
			if int64(cap(v)) < rows {
				v = make([]int64, 0, rows)
			}
			pages := rg.ColumnChunks()[ci].Pages()
			for {
				p, err := pages.ReadPage()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					pages.Close()
					return fmt.Errorf("%s: %w (%v)", path, ErrCorrupt, err)
				}
				pv := p.Values()
				switch r := pv.(type) {
				case parquet.Int64Reader:
					v = readAll64(r, v)
				case parquet.Int32Reader:
					if buf32 == nil {
						buf32 = make([]int32, 1<<12)
					}
					for {
						n, err := r.ReadInt32s(buf32)
						for _, x := range buf32[:n] {
							v = append(v, int64(x))
						}
						if err != nil {
							break
						}
					}
				default:
					if bufV == nil {
						bufV = make([]parquet.Value, 1<<12)
					}
					for {
						n, err := pv.ReadValues(bufV)
						for _, x := range bufV[:n] {
							v = append(v, x.Int64())
						}
						if err != nil {
							break
						}
					}
				}
				parquet.Release(p)
			}
			pages.Close()
			if int64(len(v)) != rows {
				return fmt.Errorf("%s: %w (column %s holds %d values in a row group of %d rows)", path, ErrCorrupt, cols[i], len(v), rows)
			}
			vals[i] = v
		}
		if !fn(lo, vals) {
			return nil
		}
		lo += rows
	}
	return nil
}

func readAll64(r parquet.Int64Reader, v []int64) []int64 {
	var buf [1 << 10]int64
	for {
		n, err := r.ReadInt64s(buf[:])
		v = append(v, buf[:n]...)
		if err != nil {
			return v
		}
	}
}
