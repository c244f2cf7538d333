package grundy

import (
	"fmt"
	"iter"
	"sync"
	"sync/atomic"
)

// Layer is R_g for one value g, held whole over rows 0..N: as an array of
// 4 bytes a row while the engine sweeps rows (the low values), or as the
// list of its runs past the switch to runs (12 bytes a run; R_g has a run
// per 15 rows at g = 20 for a = 2, per 100 from g = 35).
//
// The engine keeps a layer whole only every Workers-th value, where a
// checkpoint can be taken (BreakpointConfig.Whole); a Layer is also what a
// resumed run starts from.
type Layer struct {
	N    int
	arr  *rowArray // rows, or nil
	list *runList  // runs, when arr is nil
}

// NewRowLayer returns a layer of N+1 rows to be filled with Fill.
func NewRowLayer(N int) *Layer { return &Layer{N: N, arr: newRowArray(N + 1)} }

// NewRunLayer returns a layer made of runs, which must be in increasing
// row order, not overlap and stay within 0..N.
func NewRunLayer(N int, runs []Run) (*Layer, error) {
	l := &Layer{N: N, list: newRunList(N)}
	next := uint64(0)
	for _, r := range runs {
		if r.Len == 0 || uint64(r.N) < next || uint64(r.N)+uint64(r.Len) > uint64(N)+1 || r.R < 1 || r.R > r.N {
			return nil, fmt.Errorf("grundy: bad run %+v in a layer of %d rows", r, N+1)
		}
		next = uint64(r.N) + uint64(r.Len)
	}
	l.list.append(runs)
	l.list.closeList()
	return l, nil
}

// IsRuns reports whether the layer is held as runs.
func (l *Layer) IsRuns() bool { return l.arr == nil }

// Fill copies rows r into the layer from row n0 on (row layers only).
func (l *Layer) Fill(n0 int, r []uint32) {
	for len(r) > 0 {
		c := l.arr.chunkOf(n0)
		k := copy(c, r)
		n0 += k
		r = r[k:]
	}
}

// Runs returns the number of runs of a run layer.
func (l *Layer) Runs() int {
	if l.list == nil {
		return 0
	}
	return int(l.list.n.Load())
}

// RunSlices yields the runs of a run layer in pieces, in row order.
func (l *Layer) RunSlices() iter.Seq[[]Run] {
	return func(yield func([]Run) bool) {
		if l.list == nil {
			return
		}
		n := int(l.list.n.Load())
		for i := 0; i < n; i += runChunk {
			if !yield(l.list.slice(i, min(n, i+runChunk))) {
				return
			}
		}
	}
}

// Rows yields R_g(n) for n = 0..N in pieces: (n0, rows of n0, n0+1, ...).
// A run layer is expanded a piece at a time (Inf where no run covers n).
func (l *Layer) Rows() iter.Seq2[int, []uint32] {
	return func(yield func(int, []uint32) bool) {
		if l.arr != nil {
			for n0 := 0; n0 <= l.N; n0 += rowChunk {
				c := l.arr.chunkOf(n0)
				if !yield(n0, c[:min(len(c), l.N+1-n0)]) {
					return
				}
			}
			return
		}
		buf := make([]uint32, min(l.N+1, 1<<16))
		var ex runExpander
		for n0 := 0; n0 <= l.N; n0 += len(buf) {
			b := buf[:min(len(buf), l.N+1-n0)]
			ex.fill(l.list, n0, b)
			if !yield(n0, b) {
				return
			}
		}
	}
}

// Free gives the layer's memory back; the layer must not be used after.
func (l *Layer) Free() {
	if l.arr != nil {
		l.arr.releaseBelow(l.N + 1)
	}
	if l.list != nil {
		l.list.free()
	}
}

// rowShift is log2 of the rows per chunk of a row array: 2^22 rows, 16
// MiB. A multiple of publishStride, so that no block of a sweep crosses
// a chunk.
const rowShift = 22

const rowChunk = 1 << rowShift

// rowArray holds N+1 rows of 4 bytes in chunks of 2^22 rows, allocated
// outside the Go heap (allocRows), so that the chunks a sweep has passed
// can be given back to the system at once while the rest is in use: the
// last array of the row sweeps is given back behind its readers while the
// first run sweeps fill their lists, and the peak stays one array, not one
// array and a list.
type rowArray struct {
	n      int
	chunks [][]uint32
	mu     sync.Mutex
	freed  int // chunks below freed are given back
}

func newRowArray(n int) *rowArray {
	a := &rowArray{n: n}
	for lo := 0; lo < n; lo += rowChunk {
		a.chunks = append(a.chunks, allocRows(min(rowChunk, n-lo)))
	}
	return a
}

// rows returns rows n0..n1-1, which must lie in one chunk.
func (a *rowArray) rows(n0, n1 int) []uint32 {
	c := a.chunks[n0>>rowShift]
	o := n0 & (rowChunk - 1)
	return c[o : o+n1-n0]
}

// chunkOf returns the chunk holding row n0, from n0 on.
func (a *rowArray) chunkOf(n0 int) []uint32 {
	return a.chunks[n0>>rowShift][n0&(rowChunk-1):]
}

// releaseBelow gives back every chunk that lies entirely below row n.
func (a *rowArray) releaseBelow(n int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	k := min(n>>rowShift, len(a.chunks))
	if n >= a.n {
		k = len(a.chunks)
	}
	for ; a.freed < k; a.freed++ {
		freeRows(a.chunks[a.freed])
		a.chunks[a.freed] = nil
	}
}

// runChunk is the number of runs in a chunk of a run list (768 KiB).
const runChunk = 1 << 16

// runList is a whole R_g as runs, written by one sweep while others read
// it: chunks of runChunk runs, whose pointers are set before the count
// that covers them is published, so readers need no lock.
type runList struct {
	chunks []atomic.Pointer[[runChunk]Run]
	n      atomic.Int64 // runs written
	closed atomic.Bool  // n is final
	mu     sync.Mutex
	freed  int // chunks below freed are given back
}

func newRunList(N int) *runList {
	// At most a run a row.
	return &runList{chunks: make([]atomic.Pointer[[runChunk]Run], (N+1)/runChunk+2)}
}

// append adds runs (one writer).
func (l *runList) append(runs []Run) {
	n := int(l.n.Load())
	for len(runs) > 0 {
		c := l.chunks[n/runChunk].Load()
		if c == nil {
			c = allocRunChunk()
			l.chunks[n/runChunk].Store(c)
		}
		k := copy(c[n%runChunk:], runs)
		n += k
		runs = runs[k:]
	}
	l.n.Store(int64(n))
}

func (l *runList) closeList() { l.closed.Store(true) }

// releaseBelow gives back the chunks that lie entirely below run i.
func (l *runList) releaseBelow(i int64) {
	k := min(int(i/runChunk), len(l.chunks))
	if l.closed.Load() && i >= l.n.Load() {
		k = len(l.chunks)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for ; l.freed < k; l.freed++ {
		if p := l.chunks[l.freed].Swap(nil); p != nil {
			freeRunChunk(p)
		}
	}
}

// free gives the chunks back; the list must not be read after.
func (l *runList) free() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i := range l.chunks {
		if c := l.chunks[i].Swap(nil); c != nil {
			freeRunChunk(c)
		}
	}
}

// slice returns runs i..j-1, which must lie in one chunk and be written.
func (l *runList) slice(i, j int) []Run {
	return l.chunks[i/runChunk].Load()[i%runChunk : i%runChunk+j-i]
}

// runExpander fills rows from a run list, reading the runs in order.
type runExpander struct {
	i int // the first run that may still cover a row to come
}

func (x *runExpander) fill(l *runList, n0 int, out []uint32) {
	for i := range out {
		out[i] = Inf
	}
	n1 := n0 + len(out)
	total := int(l.n.Load())
	for x.i < total {
		r := l.slice(x.i, x.i+1)[0]
		s, e := int(r.N), int(r.N)+int(r.Len)
		if s >= n1 {
			return
		}
		for n := max(s, n0); n < min(e, n1); n++ {
			out[n-n0] = r.R + uint32(n-s)
		}
		if e > n1 {
			return
		}
		x.i++
	}
}
