package table

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
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

// OpenBreakpoints opens a breakpoint file for reading, and refuses one
// without the run column: files written before it existed hold a row per
// n and would read as runs of length 0.
func OpenBreakpoints(path string) (*Reader[Breakpoint], error) {
	r, err := OpenFile[Breakpoint](path)
	if err != nil {
		return nil, err
	}
	for _, col := range []string{"n", "g", "r_min", "run"} {
		if _, ok := r.pf.Schema().Lookup(col); !ok {
			r.Close()
			return nil, fmt.Errorf("%s: no %s column: written by an older fibnim, whose breakpoint layout this one does not read; run compute grundy again", path, col)
		}
	}
	return r, nil
}

// noBreakpoint is R_g(n) for rows with G(n, n) < g (grundy.Inf).
const noBreakpoint = math.MaxUint32

// RunEncoder turns R_g, given in consecutive pieces, into Breakpoint rows.
type RunEncoder struct {
	g    int32
	n    int // table row of the next entry
	cur  Breakpoint
	open bool // cur is a run that the next entry may extend
}

// NewRunEncoder starts the rows of value g at table row 0.
func NewRunEncoder(g int) *RunEncoder { return &RunEncoder{g: int32(g)} }

// Add takes the next entries of R_g (noBreakpoint, that is grundy.Inf,
// where G(n, n) < g) and appends to rows the rows they complete. A run
// still open at the end of R waits for the next call or for Flush.
func (e *RunEncoder) Add(rows []Breakpoint, R []uint32) []Breakpoint {
	if len(R) == 0 {
		return rows
	}
	// An entry begins a row unless it is the previous one plus 1; so does
	// every noBreakpoint entry (the one after it would be 0), each its own
	// row, not written. A run ends after about 7 entries at no predictable
	// place, so a branch per entry would be mispredicted once a row (it
	// took as long as the sweep that made R); instead the entries that
	// begin a row are marked in a 64-bit mask per 64 entries, with no
	// branch, and only the marked ones are visited.
	prev := ^R[0] - 1 // not open: R[0] begins a row
	if e.open {
		prev = uint32(e.cur.RMin + e.cur.Run - 1)
	}
	for i0 := 0; i0 < len(R); i0 += 64 {
		var m uint64
		if i0+64 <= len(R) {
			m = runStarts(prev, (*[64]uint32)(R[i0:i0+64]))
			prev = R[i0+63]
		} else { // the last, shorter piece: marked the same way, padded
			var last [64]uint32
			k := copy(last[:], R[i0:])
			m = runStarts(prev, &last) & (1<<k - 1)
			prev = R[i0+k-1]
		}
		if m == 0 {
			continue
		}
		// Each marked entry closes the open row (written unless it was a
		// noBreakpoint one) and opens its own.
		o := len(rows)
		rows = slices.Grow(rows, bits.OnesCount64(m))[:o+bits.OnesCount64(m)]
		cur, open := e.cur, e.open
		for ; m != 0; m &= m - 1 {
			i := i0 + bits.TrailingZeros64(m)
			n := int32(e.n + i)
			cur.Run = n - cur.N
			rows[o] = cur
			o += b2i(open)
			r := R[i]
			cur = Breakpoint{N: n, G: e.g, RMin: int32(r)}
			open = r != noBreakpoint
		}
		rows = rows[:o]
		e.cur, e.open = cur, open
	}
	e.n += len(R)
	e.cur.Run = int32(e.n) - e.cur.N
	return rows
}

// runStarts marks the entries of r that begin a row, given the entry
// before r[0]. It is not inlined: in Add, the compiler kept m on the stack.
//
//go:noinline
func runStarts(prev uint32, r *[64]uint32) uint64 {
	var m uint64
	for j := 0; j < 64; j += 4 {
		x := (*[4]uint32)(r[j : j+4])
		b := b2i(x[0] != prev+1) | b2i(x[1] != x[0]+1)<<1 | b2i(x[2] != x[1]+1)<<2 | b2i(x[3] != x[2]+1)<<3
		m |= uint64(b) << j
		prev = x[3]
	}
	return m
}

// b2i is 1 for true and 0 for false, compiled without a branch.
func b2i(b bool) int {
	var i int
	if b {
		i = 1
	}
	return i
}

// Flush appends the open run, if any.
func (e *RunEncoder) Flush(rows []Breakpoint) []Breakpoint {
	if e.open {
		rows = append(rows, e.cur)
		e.open = false
	}
	return rows
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

// ReadRuns fills out[n-lo] with R_g(n) for every n in [lo, lo+len(out))
// covered by the rows of rd from row index from on (the rest of out is
// left alone), reading until a row begins past the window. It returns one
// past the last n covered by the rows it read: beyond lo+len(out) if the
// file goes on past the window.
func ReadRuns(rd *Reader[Breakpoint], from int64, lo int, out []uint32) (end int64, err error) {
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
