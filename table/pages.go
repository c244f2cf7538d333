package table

import (
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/parquet-go/parquet-go"

	"fibnim/grundy"
)

// A breakpoint file is read a page at a time. Its page index (the column
// index and offset index that the writer puts in the footer) gives, for
// every page of the n column, its first row and its least n. The runs are
// sorted by n and do not overlap, so the run covering a row m, if any,
// lies in the last page whose least n is <= m: one page per file answers
// R_g(m), found by binary search in memory, and decoded alone.

// pageIndex is the index of one breakpoint file, read once by Open:
// 16 bytes per page, plus 8 per row group.
type pageIndex struct {
	first []int64 // first[p]: the file's row index of page p's first row; first[len] = the file's rows
	minN  []int64 // minN[p]: the least n in page p, its first row's n
	group []int32 // group[p]: the row group of page p
	base  []int64 // base[i]: the file's row index of row group i's first row
	cols  [3]int  // leaf column indexes of n, r_min and run
}

// pages is the number of pages.
func (ix *pageIndex) pages() int { return len(ix.minN) }

// page returns the page that holds the run covering row m, if any: the
// last page whose least n is <= m, or -1 if m is below every run.
func (ix *pageIndex) page(m int64) int {
	return sort.Search(len(ix.minN), func(p int) bool { return ix.minN[p] > m }) - 1
}

// readPageIndex reads the page index of the n column of rd, and checks that
// the file has the columns a breakpoint file needs.
func readPageIndex(rd *Reader[Breakpoint]) (ix pageIndex, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%w (%v)", ErrCorrupt, p)
		}
	}()
	for i, name := range []string{"n", "r_min", "run"} {
		c, ok := rd.File().Schema().Lookup(name)
		if !ok {
			return ix, fmt.Errorf("%w (no column %s)", ErrCorrupt, name)
		}
		ix.cols[i] = c.ColumnIndex
	}
	row := int64(0)
	for i, rg := range rd.File().RowGroups() {
		cc := rg.ColumnChunks()[ix.cols[0]]
		ci, err := cc.ColumnIndex()
		if err != nil {
			return ix, fmt.Errorf("%w (no column index: %v)", ErrCorrupt, err)
		}
		oi, err := cc.OffsetIndex()
		if err != nil {
			return ix, fmt.Errorf("%w (no offset index: %v)", ErrCorrupt, err)
		}
		if ci.NumPages() != oi.NumPages() {
			return ix, fmt.Errorf("%w (row group %d: %d pages in the column index, %d in the offset index)", ErrCorrupt, i, ci.NumPages(), oi.NumPages())
		}
		ix.base = append(ix.base, row)
		for p := 0; p < oi.NumPages(); p++ {
			f := row + oi.FirstRowIndex(p)
			if n := len(ix.first); (n > 0 && f <= ix.first[n-1]) || (n == 0 && f != 0) || (p == 0 && f != row) {
				return ix, fmt.Errorf("%w (row group %d, page %d: first row %d out of order)", ErrCorrupt, i, p, f)
			}
			ix.first = append(ix.first, f)
			ix.minN = append(ix.minN, ci.MinValue(p).Int64())
			ix.group = append(ix.group, int32(i))
		}
		row += rg.NumRows()
	}
	if row != rd.NumRows() {
		return ix, fmt.Errorf("%w (row groups hold %d rows, the file %d)", ErrCorrupt, row, rd.NumRows())
	}
	ix.first = append(ix.first, row)
	return ix, nil
}

// block is one decoded page of a breakpoint file: its runs, as in
// Breakpoint (R_g(n[i]+j) = rmin[i]+j for 0 <= j < run[i]), 12 bytes a row.
type block struct {
	n, rmin, run []int32
}

// bytes is the memory the block holds, for the cache's bound.
func (b *block) bytes() int64 { return int64(cap(b.n)+cap(b.rmin)+cap(b.run))*4 + 64 }

// at returns R_g(m) for a row m of the block's range: the run covering m,
// or grundy.Inf where none does.
func (b *block) at(m int64) uint32 {
	i := sort.Search(len(b.n), func(i int) bool { return int64(b.n[i]) > m }) - 1
	if i < 0 || m >= int64(b.n[i])+int64(b.run[i]) {
		return grundy.Inf
	}
	return uint32(int64(b.rmin[i]) + m - int64(b.n[i]))
}

// decodePage reads page p of the breakpoint file rd and checks its rows
// against the layout and the page index: the first row's n is the page's
// least n, rows in increasing n, runs of at least 1 that do not overlap
// and end before the next page's least n and by N+1, and 1 <= r_min <= n.
// A bad page is an error wrapping ErrCorrupt, never a wrong value.
func decodePage(rd *Reader[Breakpoint], ix *pageIndex, p int, N int) (b *block, err error) {
	defer func() {
		if x := recover(); x != nil {
			b, err = nil, fmt.Errorf("%w (%v)", ErrCorrupt, x)
		}
	}()
	rows := ix.first[p+1] - ix.first[p]
	rg := rd.File().RowGroups()[ix.group[p]]
	at := ix.first[p] - ix.base[ix.group[p]] // row index inside the row group
	b = &block{}
	for i, dst := range []*[]int32{&b.n, &b.rmin, &b.run} {
		v, err := readColumn32(rg.ColumnChunks()[ix.cols[i]], at, int(rows))
		if err != nil {
			return nil, err
		}
		*dst = v
	}
	limit := int64(N) + 1
	if p+1 < ix.pages() {
		limit = min(limit, ix.minN[p+1])
	}
	next := ix.minN[p]
	if len(b.n) > 0 && int64(b.n[0]) != next {
		return nil, fmt.Errorf("%w (page %d begins at n = %d, but the page index says %d)", ErrCorrupt, p, b.n[0], next)
	}
	for i := range b.n {
		n, r, run := int64(b.n[i]), int64(b.rmin[i]), int64(b.run[i])
		if run < 1 || n < next || r < 1 || r > n || n+run > limit {
			return nil, fmt.Errorf("%w: bad breakpoint row n=%d r_min=%d run=%d (page %d)", ErrCorrupt, n, r, run, p)
		}
		next = n + run
	}
	return b, nil
}

// readColumn32 reads rows values of an integer column chunk from row index
// at (inside its row group) on, whatever pages they lie in.
func readColumn32(cc parquet.ColumnChunk, at int64, rows int) ([]int32, error) {
	pages := cc.Pages()
	defer pages.Close()
	if err := pages.SeekToRow(at); err != nil {
		return nil, fmt.Errorf("%w (%v)", ErrCorrupt, err)
	}
	out := make([]int32, 0, rows)
	var vbuf []parquet.Value
	for len(out) < rows {
		pg, err := pages.ReadPage()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%w (%v)", ErrCorrupt, err)
		}
		want := min(int64(rows-len(out)), pg.NumRows())
		if ir, ok := pg.Values().(parquet.Int32Reader); ok && pg.Type().Kind() == parquet.Int32 {
			for int64(len(out)) < int64(cap(out)) {
				n, err := ir.ReadInt32s(out[len(out):cap(out)])
				out = out[:len(out)+n]
				if err != nil || n == 0 {
					break
				}
			}
			out = out[:min(len(out), rows)]
		} else { // another integer type: through parquet.Value
			if vbuf == nil {
				vbuf = make([]parquet.Value, 1024)
			}
			vr := pg.Values()
			for got := int64(0); got < want; {
				n, err := vr.ReadValues(vbuf[:min(int64(len(vbuf)), want-got)])
				for _, x := range vbuf[:n] {
					v := x.Int64()
					if x.IsNull() || v < -1<<31 || v >= 1<<31 {
						parquet.Release(pg)
						return nil, fmt.Errorf("%w (value %v does not fit an int32)", ErrCorrupt, x)
					}
					out = append(out, int32(v))
				}
				got += int64(n)
				if err != nil || n == 0 {
					break
				}
			}
		}
		parquet.Release(pg)
	}
	if len(out) != rows {
		return nil, fmt.Errorf("%w (a column holds %d of a page's %d rows)", ErrCorrupt, len(out), rows)
	}
	return out, nil
}

// readColumn64 reads rows values of an integer column chunk of any width
// from row index at (inside its row group) on.
func readColumn64(cc parquet.ColumnChunk, at int64, rows int) (out []int64, err error) {
	defer func() {
		if x := recover(); x != nil {
			out, err = nil, fmt.Errorf("%w (%v)", ErrCorrupt, x)
		}
	}()
	pages := cc.Pages()
	defer pages.Close()
	if err := pages.SeekToRow(at); err != nil {
		return nil, fmt.Errorf("%w (%v)", ErrCorrupt, err)
	}
	vbuf := make([]parquet.Value, min(rows, 1024))
	for len(out) < rows {
		pg, err := pages.ReadPage()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%w (%v)", ErrCorrupt, err)
		}
		vr := pg.Values()
		for len(out) < rows {
			n, err := vr.ReadValues(vbuf[:min(len(vbuf), rows-len(out))])
			for _, x := range vbuf[:n] {
				if x.IsNull() {
					parquet.Release(pg)
					return nil, fmt.Errorf("%w (a null value)", ErrCorrupt)
				}
				out = append(out, x.Int64())
			}
			if err != nil || n == 0 {
				break
			}
		}
		parquet.Release(pg)
	}
	if len(out) != rows {
		return nil, fmt.Errorf("%w (a column holds %d of %d rows)", ErrCorrupt, len(out), rows)
	}
	return out, nil
}
