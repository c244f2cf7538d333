package table

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"fibnim/grundy"
)

// runEncoder turns R_g, given in consecutive pieces, into Breakpoint rows:
// the encoder of the layout that runDecoder reads, kept for the tests. The
// engine hands its runs over already made (grundy.Run, written by
// internal/tablewrite's RunFile), so only tests encode a whole column.
type runEncoder struct {
	g    int32
	n    int // table row of the next entry
	cur  Breakpoint
	open bool // cur is a run that the next entry may extend
}

// newRunEncoder starts the rows of value g at table row 0.
func newRunEncoder(g int) *runEncoder { return &runEncoder{g: int32(g)} }

// Add takes the next entries of R_g (grundy.Inf where G(n, n) < g) and
// appends to rows the rows they complete. A run still open at the end of
// R waits for the next call or for Flush.
func (e *runEncoder) Add(rows []Breakpoint, R []uint32) []Breakpoint {
	if len(R) == 0 {
		return rows
	}
	// An entry begins a row unless it is the previous one plus 1; so does
	// every grundy.Inf entry (the one after it would be 0), each its own
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
		// grundy.Inf one) and opens its own.
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
			open = r != grundy.Inf
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
func (e *runEncoder) Flush(rows []Breakpoint) []Breakpoint {
	if e.open {
		rows = append(rows, e.cur)
		e.open = false
	}
	return rows
}

// BenchmarkRunEncoder encodes an R_g shaped like the engine's at large N:
// runs of about 7, and G(n, n) < g at about 7% of rows, in stretches.
func BenchmarkRunEncoder(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	const N = 1 << 22
	R := make([]uint32, N)
	for n := 1; n < N; n++ {
		switch p := rng.IntN(100); {
		case R[n-1] == grundy.Inf && p < 70, R[n-1] != grundy.Inf && p < 1:
			R[n] = grundy.Inf
		case R[n-1] != grundy.Inf && p < 87:
			R[n] = R[n-1] + 1
		default:
			R[n] = 1 + uint32(rng.IntN(n))
		}
	}
	R[0] = grundy.Inf
	rows := make([]Breakpoint, 0, N)
	b.SetBytes(4 * N)
	for b.Loop() {
		enc := newRunEncoder(1)
		rows = rows[:0]
		for lo := 0; lo < N; lo += 1 << 16 {
			rows = enc.Add(rows, R[lo:lo+1<<16])
		}
		rows = enc.Flush(rows)
	}
	b.ReportMetric(float64(N)/float64(len(rows)), "entries/row")
}
