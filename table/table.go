package table

import (
	"errors"

	"fibnim/grundy"
)

// Table is a validated table folder: the start values of every n <= N and,
// where the run wrote them, the breakpoint files and the dense cells.
// Its methods read the files on demand; a Table is not safe for concurrent
// use. Close releases the open files.
type Table struct {
	dir    string
	n      int
	mult   grundy.Multiplier
	maxG   int // -1 until known (dense engine tables record none)
	engine string
	meta   map[string]string

	denseN int        // largest row of dense.parquet, -1 if absent
	dense  [][]uint16 // rows of dense.parquet, once read

	closed   bool
	manifest *Manifest // nil for a table written before manifests

	files []*Reader[Breakpoint] // files[g-1]; nil without breakpoints
	index []pageIndex           // index[g-1]: file g's pages (pages.go)
	cache *pageCache            // decoded pages (cache.go)
	// starts is start_values.parquet, opened by the first point read
	// (startAt) of a table without breakpoint files.
	starts *Reader[StartValue]
}

// ErrClosed is returned by the methods of a Table after Close.
var ErrClosed = errors.New("table: closed")

// Close closes the table's files. Methods that read called after it
// return ErrClosed.
func (t *Table) Close() error {
	var err error
	for _, f := range t.files {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if t.starts != nil {
		if cerr := t.starts.Close(); err == nil {
			err = cerr
		}
		t.starts = nil
	}
	t.closed = true
	return err
}

// Dir is the folder the table was opened from.
func (t *Table) Dir() string { return t.dir }

// N is the largest pile size n the table covers.
func (t *Table) N() int { return t.n }

// Mult is the multiplier a of the game.
func (t *Table) Mult() grundy.Multiplier { return t.mult }

// Meta is the key-value metadata of start_values.parquet: the run's
// parameters and the revision that wrote it.
func (t *Table) Meta() map[string]string { return t.meta }

// HasBreakpoints reports whether the table holds the breakpoint files, so
// that Value, Values, Row, Column and Runs answer for every n <= N.
func (t *Table) HasBreakpoints() bool { return t.files != nil }

// DenseN is the largest n of dense.parquet, or -1 if there is none.
func (t *Table) DenseN() int { return t.denseN }

// MaxValue is the largest G(n) for n <= N. A breakpoint run records it; for
// other tables it is read from the start values.
func (t *Table) MaxValue() (int, error) {
	if t.maxG >= 0 {
		return t.maxG, nil
	}
	_, full, err := t.StartValues()
	if err != nil {
		return 0, err
	}
	m := 0
	for _, g := range full {
		m = max(m, int(g))
	}
	t.maxG = m
	return m, nil
}
