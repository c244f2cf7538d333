package table

import (
	"errors"
	"fmt"
	"math"
)

// Breakpoint is one row of grundy/mult=A/breakpoints/g=XXXX.parquet. It
// stands for Run consecutive rows of the table: for 0 <= i < Run,
//
//	R_g(N+i) = RMin + i,
//
// where R_g(n) is the least r with G(n, r) >= g. Rows n with G(n, n) < g
// appear in no row of file g. Breakpoints mostly come in such runs (at
// N = 10^7 a row of the file stands for 7 rows of the table on average),
// so the files hold several times fewer rows than the table has
// breakpoints, and Parquet's per-value cost shrinks with them.
//
// int32 holds every column up to n = 2^31 - 1 (MaxBreakpointFileN; the
// engine goes further, to 2^32 - 2, for start values only); int32 columns
// write in half the time of int64 ones. Each file
// holds one g, so the g column is constant, hence sorted, and
// delta-encoded: its deltas are all zero and pack to nothing. (A
// dictionary gives as small a file but costs a hash probe per row.)
type Breakpoint struct {
	N    int32 `parquet:"n,delta"`
	G    int32 `parquet:"g,delta"`
	RMin int32 `parquet:"r_min,delta"`
	Run  int32 `parquet:"run,delta"`
}

// MaxBreakpointFileN is the largest row a breakpoint file can hold: its
// columns are int32. Start values (int64 n) reach grundy.MaxBreakpointN.
const MaxBreakpointFileN = math.MaxInt32

// ErrOldBreakpoints is what the error of reading a breakpoint file
// written by an older fibnim, without the run column, matches
// (errors.Is): this version does not read that layout.
var ErrOldBreakpoints = errors.New("written by an older fibnim, whose breakpoint layout this one does not read")

// openBreakpointFile opens a breakpoint file for reading, and refuses one
// without the run column: files written before it existed hold a row per
// n and would read as runs of length 0.
func openBreakpointFile(path string) (*Reader[Breakpoint], error) {
	r, err := OpenFile[Breakpoint](path)
	if err != nil {
		return nil, err
	}
	for _, col := range []string{"n", "g", "r_min", "run"} {
		if _, ok := r.Schema().Lookup(col); !ok {
			r.Close()
			return nil, fmt.Errorf("%s: no %s column: %w", path, col, ErrOldBreakpoints)
		}
	}
	return r, nil
}

// runDecoder turns Breakpoint rows back into R_g. It checks the layout as
// it goes: rows in increasing n, runs that do not overlap, runs of at
// least 1, and 1 <= r_min <= n.
type runDecoder struct {
	next int64 // least n at which the next row may begin
}

// fill writes R_g(n) into out[n-lo] for every n in [lo, lo+len(out)) that
// rows cover, and leaves the rest of out alone. It reports whether a row
// began at or past lo+len(out): the rows after it cannot matter.
func (d *runDecoder) fill(out []uint32, lo int, rows []Breakpoint) (past bool, err error) {
	hi := int64(lo) + int64(len(out)) // exclusive
	for _, b := range rows {
		n, r, run := int64(b.N), int64(b.RMin), int64(b.Run)
		if run < 1 || n < d.next || r < 1 || r > n {
			return false, fmt.Errorf("bad breakpoint row n=%d g=%d r_min=%d run=%d", b.N, b.G, b.RMin, b.Run)
		}
		d.next = n + run
		if n >= hi {
			return true, nil
		}
		for m := max(n, int64(lo)); m < min(n+run, hi); m++ {
			out[m-int64(lo)] = uint32(r + m - n)
		}
	}
	return false, nil
}

// end is one past the last n covered by the rows decoded so far.
func (d *runDecoder) end() int64 { return d.next }

// readRuns fills out[n-lo] with R_g(n) for every n in [lo, lo+len(out))
// covered by the rows of rd from row index from on (the rest of out is
// left alone), reading until a row begins past the window. It returns one
// past the last n covered by the rows it read: beyond lo+len(out) if the
// file goes on past the window.
func readRuns(rd *Reader[Breakpoint], from int64, lo int, out []uint32) (end int64, err error) {
	var dec runDecoder
	var ferr error
	err = rd.Rows(from, func(rows []Breakpoint) bool {
		var past bool
		past, ferr = dec.fill(out, lo, rows)
		return !past && ferr == nil
	})
	if err == nil {
		err = ferr
	}
	return dec.end(), err
}
