package table

import (
	"errors"
	"fmt"
	"io"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/encoding"
)

// colCursor reads the values of an integer column chunk in order, page by
// page (ReadPage checks each page's checksum): vals are the values of the
// current page not taken yet, valid until the next call of next, end or
// close. Where the page holds plain values of type T they are the page's
// own (no copy); a dictionary page's values are looked up into own, and
// those of another integer type converted into it, refusing one that does
// not fit T. Scan reads the breakpoint files with it (int32 columns), and
// ScanStartValues the start values (int64 n, int32 values in a
// dictionary).
type colCursor[T int32 | int64] struct {
	pages parquet.Pages
	page  parquet.Page
	vals  []T
	own   []T
	vbuf  []parquet.Value
}

func (c *colCursor[T]) open(cc parquet.ColumnChunk) { c.pages = cc.Pages() }

// next makes vals hold at least one value, reading the next page where
// the current one is taken; io.EOF past the chunk's last page.
func (c *colCursor[T]) next() error {
	for len(c.vals) == 0 {
		c.release()
		p, err := c.pages.ReadPage()
		if err != nil {
			return err
		}
		c.page = p
		if c.vals, err = c.values(p); err != nil {
			return err
		}
	}
	return nil
}

// plain gives the values d holds as []T, if they are of type T.
func plain[T int32 | int64](d encoding.Values, kind parquet.Kind) []T {
	var v []T
	switch x := any(&v).(type) {
	case *[]int32:
		if kind == parquet.Int32 {
			*x = d.Int32()
		}
	case *[]int64:
		if kind == parquet.Int64 {
			*x = d.Int64()
		}
	}
	return v
}

// values gives the values of page p.
func (c *colCursor[T]) values(p parquet.Page) ([]T, error) {
	if p.NumNulls() == 0 {
		if dict := p.Dictionary(); dict == nil {
			if v := plain[T](p.Data(), p.Type().Kind()); v != nil && int64(len(v)) == p.NumValues() {
				return v, nil
			}
		} else if dv := plain[T](dict.Page().Data(), dict.Type().Kind()); dv != nil {
			d := p.Data()
			if idx := d.Int32(); int64(len(idx)) == p.NumValues() {
				c.own = c.own[:0]
				for _, i := range idx {
					if i < 0 || int(i) >= len(dv) {
						return nil, fmt.Errorf("dictionary index %d of %d values", i, len(dv))
					}
					c.own = append(c.own, dv[i])
				}
				return c.own, nil
			}
		}
	}
	if c.vbuf == nil {
		c.vbuf = make([]parquet.Value, 1024)
	}
	c.own = c.own[:0]
	r := p.Values()
	for {
		n, err := r.ReadValues(c.vbuf)
		for _, x := range c.vbuf[:n] {
			v := x.Int64()
			if x.IsNull() || int64(T(v)) != v {
				return nil, fmt.Errorf("value %v does not fit an %T", x, T(0))
			}
			c.own = append(c.own, T(v))
		}
		if errors.Is(err, io.EOF) || (err == nil && n == 0) {
			return c.own, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// end checks that the chunk holds no value past those taken.
func (c *colCursor[T]) end() error {
	err := c.next()
	if err == nil {
		return errors.New("a column holds more values than its row group has rows")
	}
	if errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

func (c *colCursor[T]) release() {
	if c.page != nil {
		parquet.Release(c.page)
		c.page, c.vals = nil, nil
	}
}

func (c *colCursor[T]) close() {
	c.release()
	if c.pages != nil {
		c.pages.Close()
		c.pages = nil
	}
}
