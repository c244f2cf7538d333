package parquetfile

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding/delta"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"

	"fibnim/internal/atomicfile"
)

// Columns writes a Parquet file of T, a struct whose fields are all int32
// columns with delta encoding (table.Breakpoint), from whole columns
// rather than rows: the file Writer[T] would write from the same rows,
// byte for byte, with about 40% less CPU (results/bench.md, "The
// breakpoint writer").
//
// Writer[T] hands each row's fields to parquet-go, which gathers them
// into columns 64 rows at a time; at 10^8 that gather was about half of
// the time of writing a breakpoint file, the delta encoding and the zstd
// of the pages the rest (results/bench.md). Columns takes the columns
// whole and does what parquet-go's writer does with them, with
// parquet-go's own parts: the same pages (as many rows as parquet-go puts
// in one, pageRows, and row groups of RowGroupRows rows), encoded by its
// delta encoder and compressed by the same codec, with the same page
// headers, statistics, page index and footer, encoded by its thrift
// encoder. What does not depend on the rows (the schema, the metadata,
// the fields of a page header and of a column chunk that parquet-go sets
// the same in every file) is copied from a one-row file that parquet-go
// writes in memory, once per type, so the two cannot disagree on it. The
// buffers of a file (about 1 MiB of values, and a row group's compressed
// pages) go back to a pool when it is closed, for the next file. A page
// that repeats the page before it in the same column (the constant g
// column of a breakpoint file) is not encoded again.
//
// The tests compare the bytes of both writers' files, from 0 rows to
// several row groups (columns_test.go), and those of the breakpoint files
// of whole tables (internal/tablewrite).
type Columns[T any] struct {
	f    *atomicfile.File
	out  *bufio.Writer
	off  int64 // bytes written to out
	tmpl *format.FileMetaData
	meta []format.KeyValue
	buf  *scratch
	cols []*column
	page int // rows in the page being filled (every column has as many)
	room [][]int32
	last int // rows the last Grow handed out, for Bound
	rows int // rows in the row group being filled, its pages done included

	groups    []format.RowGroup
	colIndex  [][]format.ColumnIndex
	offIndex  [][]format.OffsetIndex
	numRows   int64
	hdr       bytes.Buffer
	thriftEnc *thrift.Encoder
	err       error
}

// scratch is the memory a file's writer needs beside its column states,
// and the columns' values and chunks, reused from file to file (buffers),
// so that a table's hundred files do not each grow their own.
type scratch struct {
	enc  []byte // a page delta-encoded
	comp []byte // the page compressed
	cols []columnBuffers
}

type columnBuffers struct {
	vals  []int32
	chunk []byte
}

// buffers holds the scratch of closed files for the next ones. A
// sync.Pool loses them at a garbage collection, and then a file grows its
// buffers afresh (BenchmarkRunFile allocates about 5 MB a file); a list
// the collector leaves alone (kept by d05c6bf) allocated 0.2 MB a file,
// but held the buffers of closed files: the complete table at 10^8 peaked
// at 545 MiB with it, 515 and 518 MiB with the pool, 483 to 503 MiB with
// the writer of rows (results/bench.md).
var buffers = sync.Pool{New: func() any { return new(scratch) }}

// release gives the buffers back for the next file.
func (w *Columns[T]) release() {
	if w.buf == nil {
		return
	}
	for i, c := range w.cols {
		w.buf.cols[i] = columnBuffers{vals: c.vals[:0], chunk: c.chunk[:0]}
		c.vals, c.chunk = nil, nil
	}
	buffers.Put(w.buf)
	w.buf = nil
}

// column is one column's state: its page in the making and the pages of
// its chunk of the row group, encoded and compressed.
type column struct {
	vals []int32
	// bounded is how many rows of the page in the making Bound has
	// bounded, within [lo, hi]; when all of them, the page's statistics
	// need no pass over its values.
	bounded int
	lo, hi  int32
	chunk   []byte // the row group's pages, headers included
	meta    format.ColumnMetaData
	index   parquet.ColumnIndexer
	offsets []format.PageLocation
	min     int32
	max     int32
	// last is the page written before, to be written again as it was if
	// the next page holds the same values (a constant column).
	last struct {
		n          int
		v          int32
		constant   bool
		page       []byte // header and data
		headerSize int
		size       int // uncompressed data
	}
}

// pageRows is the number of rows in a page of int32 columns that
// parquet-go's writer makes: it flushes a column's page once its values
// take at least 98% of the page buffer (PageBufferSize of 256 KiB), and it
// looks after every 64 rows it is handed (writer.go: bufferSize and
// maxRowsPerWrite). The tests check it against parquet-go's pages.
var pageRows = func() int {
	pageBuffer := float64(parquet.DefaultPageBufferSize)
	bufferSize := int(int32(pageBuffer * 0.98))
	values := (bufferSize + 3) / 4 // int32 values to reach it
	return (values + 63) / 64 * 64
}()

// CreateColumns starts a Parquet file of T at path (its folder must
// exist), with meta as key-value metadata, as Create does. It panics if a
// field of T is not a required int32 column with delta encoding.
func CreateColumns[T any](path string, meta map[string]string) (*Columns[T], error) {
	tmpl, err := template[T]()
	if err != nil {
		return nil, err
	}
	fields := parquet.SchemaOf(new(T)).Fields()
	cols := tmpl.RowGroups[0].Columns
	var indexes []parquet.ColumnIndexer
	for i, c := range cols {
		m := c.MetaData
		if m.Type != format.Int32 || !slices.Equal(m.Encoding, []format.Encoding{format.DeltaBinaryPacked}) || len(fields) != len(cols) || !fields[i].Required() {
			panic(fmt.Sprintf("parquetfile: column %s of %T is not a required int32 column with delta encoding", m.PathInSchema, *new(T)))
		}
		indexes = append(indexes, fields[i].Type().NewColumnIndexer(parquet.DefaultColumnIndexSizeLimit))
	}
	f, err := atomicfile.Create(path)
	if err != nil {
		return nil, err
	}
	w := &Columns[T]{f: f, out: bufio.NewWriterSize(f, 1<<16), tmpl: tmpl, meta: keyValues(meta), buf: buffers.Get().(*scratch)}
	w.thriftEnc = thrift.NewEncoder(new(thrift.CompactProtocol).NewWriter(&w.hdr))
	for i, index := range indexes {
		if i == len(w.buf.cols) {
			w.buf.cols = append(w.buf.cols, columnBuffers{vals: make([]int32, 0, pageRows)})
		}
		b := &w.buf.cols[i]
		w.cols = append(w.cols, &column{vals: b.vals[:0], chunk: b.chunk[:0], index: index})
	}
	w.room = make([][]int32, len(w.cols))
	w.resetGroup()
	w.write([]byte("PAR1"))
	return w, nil
}

// templates holds template's answer for each type T, as a
// *format.FileMetaData: it does not depend on the metadata.
var templates sync.Map

// template is what parquet-go writes for one row T{} with the options of
// every file and no key-value metadata: its footer, and in its first row
// group the column chunks whose fields that do not depend on the rows are
// copied. It is made once per type.
func template[T any]() (*format.FileMetaData, error) {
	key := reflect.TypeFor[T]()
	if t, ok := templates.Load(key); ok {
		return t.(*format.FileMetaData), nil
	}
	var buf bytes.Buffer
	w := parquet.NewGenericWriter[T](&buf, options(nil)...)
	if _, err := w.Write(make([]T, 1)); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	b := buf.Bytes()
	n := int(binary.LittleEndian.Uint32(b[len(b)-8:]))
	tmpl := new(format.FileMetaData)
	if err := thrift.Unmarshal(new(thrift.CompactProtocol), b[len(b)-8-n:len(b)-8], tmpl); err != nil {
		return nil, err
	}
	templates.Store(key, tmpl)
	return tmpl, nil
}

// keyValues is meta as parquet-go's writer puts it in the footer: sorted
// by key, and an empty list rather than none when meta is empty.
func keyValues(meta map[string]string) []format.KeyValue {
	kv := make([]format.KeyValue, 0, len(meta))
	for k, v := range meta {
		kv = append(kv, format.KeyValue{Key: k, Value: v})
	}
	slices.SortFunc(kv, func(a, b format.KeyValue) int { return strings.Compare(a.Key, b.Key) })
	return kv
}

// Write appends rows given as columns: cols[i] holds column i of
// len(cols[0]) rows; every column has as many. The slices are not kept.
func (w *Columns[T]) Write(cols [][]int32) error {
	if len(cols) != len(w.cols) {
		panic(fmt.Sprintf("parquetfile: %d columns written to a file of %d", len(cols), len(w.cols)))
	}
	n := len(cols[0])
	for _, c := range cols {
		if len(c) != n {
			panic("parquetfile: columns of different lengths")
		}
	}
	for done := 0; done < n; {
		room, err := w.Grow(n - done)
		if err != nil {
			return err
		}
		for i, c := range room {
			copy(c, cols[i][done:])
		}
		done += len(room[0])
	}
	return nil
}

// Grow appends up to n > 0 rows and returns them, one slice per column,
// for the caller to fill in before the next call of Grow, Write or
// Close: as many rows as the page being made has room for, at least one.
// The slices are the writer's; their values until filled are undefined.
func (w *Columns[T]) Grow(n int) ([][]int32, error) {
	if w.page == pageRows || w.rows+w.page == RowGroupRows {
		w.flushPage()
	}
	if w.rows == RowGroupRows {
		w.flushGroup()
	}
	if w.err != nil {
		return nil, w.err
	}
	k := min(n, pageRows-w.page, RowGroupRows-w.rows-w.page)
	for i, c := range w.cols {
		c.vals = c.vals[:w.page+k]
		w.room[i] = c.vals[w.page:]
	}
	w.page += k
	w.last = k
	return w.room, nil
}

// Bound says that, once filled, the rows the last Grow returned lie
// within [lo[i], hi[i]] in column i, as the caller found while filling
// them. A page whose rows were all bounded this way takes its statistics
// (min and max, in the page header and the column index) from the bounds
// instead of a pass over its values, which, made after the page was
// filled, read it from memory again: at N = 10^8, 4% of a complete
// table's CPU. The bounds must be the least and the greatest values
// written: wider ones would be written into the file as its statistics.
func (w *Columns[T]) Bound(lo, hi []int32) {
	for i, c := range w.cols {
		if c.bounded == 0 {
			c.lo, c.hi = lo[i], hi[i]
		} else {
			c.lo, c.hi = min(c.lo, lo[i]), max(c.hi, hi[i])
		}
		c.bounded += w.last
	}
	w.last = 0
}

// flushPage encodes, compresses and keeps the page of every column.
func (w *Columns[T]) flushPage() {
	if w.page == 0 || w.err != nil {
		return
	}
	for _, c := range w.cols {
		if w.err = w.encodePage(c); w.err != nil {
			return
		}
		c.vals = c.vals[:0]
		c.bounded = 0
	}
	w.rows += w.page
	w.page = 0
}

// encodePage does what parquet-go's ColumnWriter.writeDataPage and
// recordPageStats do for a page of a required column in data page v2.
func (w *Columns[T]) encodePage(c *column) error {
	vals := c.vals
	lo, hi := c.lo, c.hi
	if c.bounded != len(vals) {
		lo, hi = bounds(vals)
	}
	constant := lo == hi
	offset := len(c.chunk)
	var headerSize, size, compressed int
	if constant && c.last.constant && c.last.n == len(vals) && c.last.v == lo {
		c.chunk = append(c.chunk, c.last.page...)
		headerSize, size = c.last.headerSize, c.last.size
		compressed = len(c.last.page) - headerSize
	} else {
		var err error
		w.buf.enc, err = new(delta.BinaryPackedEncoding).EncodeInt32(w.buf.enc[:0], vals)
		if err != nil {
			return err
		}
		size = len(w.buf.enc)
		w.buf.comp, err = codec.Encode(w.buf.comp[:0], w.buf.enc)
		if err != nil {
			return err
		}
		data := w.buf.comp
		compressed = len(data)
		loB, hiB := le32(lo), le32(hi)
		h := format.PageHeader{
			Type:                 format.DataPageV2,
			UncompressedPageSize: int32(size),
			CompressedPageSize:   int32(compressed),
			CRC:                  int32(crc32.ChecksumIEEE(data)),
		}
		h.DataPageHeaderV2 = thrift.New(format.DataPageHeaderV2{
			NumValues:    int32(len(vals)),
			NumRows:      int32(len(vals)),
			Encoding:     format.DeltaBinaryPacked,
			IsCompressed: thrift.New(true),
			Statistics:   format.Statistics{Min: loB, Max: hiB, MinValue: loB, MaxValue: hiB},
		})
		w.hdr.Reset()
		if err := w.thriftEnc.Encode(&h); err != nil {
			return err
		}
		headerSize = w.hdr.Len()
		c.chunk = append(c.chunk, w.hdr.Bytes()...)
		c.chunk = append(c.chunk, data...)
		c.last.constant = constant
		if constant {
			c.last.n, c.last.v = len(vals), lo
			c.last.page = append(c.last.page[:0], c.chunk[offset:]...)
			c.last.headerSize, c.last.size = headerSize, size
		}
	}
	c.index.IndexPage(int64(len(vals)), 0, parquet.Int32Value(lo), parquet.Int32Value(hi))
	if c.meta.NumValues == 0 || lo < c.min {
		c.min = lo
	}
	if c.meta.NumValues == 0 || hi > c.max {
		c.max = hi
	}
	c.meta.NumValues += int64(len(vals))
	c.offsets = append(c.offsets, format.PageLocation{
		Offset:             c.meta.TotalCompressedSize,
		CompressedPageSize: int32(headerSize + compressed),
		FirstRowIndex:      int64(w.rows),
	})
	c.meta.TotalUncompressedSize += int64(headerSize + size)
	c.meta.TotalCompressedSize += int64(headerSize + compressed)
	c.meta.EncodingStats[0].Count++
	return nil
}

// bounds returns the least and the greatest of vals (not empty). (Four
// chains of comparisons measured no faster than this one.)
func bounds(vals []int32) (lo, hi int32) {
	lo, hi = vals[0], vals[0]
	for _, v := range vals[1:] {
		lo, hi = min(lo, v), max(hi, v)
	}
	return lo, hi
}

func le32(v int32) []byte { return binary.LittleEndian.AppendUint32(nil, uint32(v)) }

// resetGroup starts a row group: every column's chunk is empty.
func (w *Columns[T]) resetGroup() {
	w.rows = 0
	for i, c := range w.cols {
		t := w.tmpl.RowGroups[0].Columns[i].MetaData
		c.meta = format.ColumnMetaData{
			Type:             t.Type,
			Encoding:         t.Encoding,
			PathInSchema:     t.PathInSchema,
			Codec:            t.Codec,
			KeyValueMetadata: t.KeyValueMetadata,
			EncodingStats:    []format.PageEncodingStats{{PageType: format.DataPageV2, Encoding: format.DeltaBinaryPacked}},
		}
		c.chunk = c.chunk[:0]
		c.offsets = nil
		c.index.Reset()
	}
}

// flushGroup writes the row group's pages, column by column, as
// parquet-go's writer.writeRowGroup does.
func (w *Columns[T]) flushGroup() {
	w.flushPage()
	if w.rows == 0 || w.err != nil {
		return
	}
	rg := format.RowGroup{NumRows: int64(w.rows), FileOffset: w.off, Ordinal: int16(len(w.groups)),
		SortingColumns: w.tmpl.RowGroups[0].SortingColumns} // empty, and written as an empty list
	var ci []format.ColumnIndex
	var oi []format.OffsetIndex
	for _, c := range w.cols {
		c.meta.DataPageOffset = w.off
		for j := range c.offsets {
			c.offsets[j].Offset += w.off
		}
		c.meta.Statistics = format.Statistics{MinValue: le32(c.min), MaxValue: le32(c.max)}
		w.write(c.chunk)
		rg.Columns = append(rg.Columns, format.ColumnChunk{MetaData: c.meta})
		rg.TotalByteSize += c.meta.TotalUncompressedSize
		rg.TotalCompressedSize += c.meta.TotalCompressedSize
		ci = append(ci, c.index.ColumnIndex())
		oi = append(oi, format.OffsetIndex{PageLocations: c.offsets})
	}
	w.groups = append(w.groups, rg)
	w.colIndex = append(w.colIndex, ci)
	w.offIndex = append(w.offIndex, oi)
	w.numRows += int64(w.rows)
	w.resetGroup()
}

func (w *Columns[T]) write(b []byte) {
	if w.err != nil {
		return
	}
	n, err := w.out.Write(b)
	w.off += int64(n)
	w.err = err
}

// encode writes v in thrift's compact protocol.
func (w *Columns[T]) encode(v any) {
	if w.err != nil {
		return
	}
	w.hdr.Reset()
	if w.err = w.thriftEnc.Encode(v); w.err == nil {
		w.write(w.hdr.Bytes())
	}
}

// Close writes what is left, the page index and the footer, and moves the
// file into place (as Writer.Close does).
func (w *Columns[T]) Close() error {
	w.flushGroup()
	for i := range w.colIndex {
		for j := range w.colIndex[i] {
			c := &w.groups[i].Columns[j]
			c.ColumnIndexOffset = w.off
			w.encode(&w.colIndex[i][j])
			c.ColumnIndexLength = int32(w.off - c.ColumnIndexOffset)
		}
	}
	for i := range w.offIndex {
		for j := range w.offIndex[i] {
			c := &w.groups[i].Columns[j]
			c.OffsetIndexOffset = w.off
			w.encode(&w.offIndex[i][j])
			c.OffsetIndexLength = int32(w.off - c.OffsetIndexOffset)
		}
	}
	footer := format.FileMetaData{
		Version:          w.tmpl.Version,
		Schema:           w.tmpl.Schema,
		NumRows:          w.numRows,
		RowGroups:        w.groups,
		KeyValueMetadata: w.meta,
		CreatedBy:        w.tmpl.CreatedBy,
		ColumnOrders:     w.tmpl.ColumnOrders,
	}
	start := w.off
	w.encode(&footer)
	w.write(binary.LittleEndian.AppendUint32(nil, uint32(w.off-start)))
	w.write([]byte("PAR1"))
	if w.err == nil {
		w.err = w.out.Flush()
	}
	w.release()
	if w.err != nil {
		w.f.Abort()
		return w.err
	}
	return w.f.Commit()
}

// Abort discards the file; the destination is left as it was.
func (w *Columns[T]) Abort() {
	w.release()
	w.f.Abort()
}
