package grundy

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
)

// ErrOverflow is returned when a Grundy value does not fit the table's
// storage type.
var ErrOverflow = errors.New("grundy: value does not fit in the table's uint16 storage")

// MaxValue is the largest Grundy value a Table can store.
const MaxValue = math.MaxUint16

// Table holds G(n, r) for 0 <= r <= n <= N in a triangular array, row n
// starting at offset n(n+1)/2.
type Table struct {
	N     int
	Mult  Multiplier
	cells []uint16
}

func rowStart(n int) int { return n * (n + 1) / 2 }

// DenseBytes is the memory, in bytes, that Dense needs for a table of size N.
func DenseBytes(N int) uint64 {
	n := uint64(N)
	return (n+1)*(n+2)/2*2 + (n+1)*8
}

// At returns G(n, r). It panics if (n, r) is outside the table.
func (t *Table) At(n, r int) int {
	if n < 0 || n > t.N || r < 0 || r > n {
		panic(fmt.Sprintf("grundy: (%d, %d) outside table of size %d", n, r, t.N))
	}
	return int(t.cells[rowStart(n)+r])
}

// Row returns row n, G(n, 0..n). The slice aliases the table.
func (t *Table) Row(n int) []uint16 {
	s := rowStart(n)
	return t.cells[s : s+n+1 : s+n+1]
}

// Full returns G(n) = G(n, n).
func (t *Table) Full(n int) int { return t.At(n, n) }

// Start returns G(n, n-1), the value of a starting pile of n, with G(0, 0)
// for n = 0.
func (t *Table) Start(n int) int { return t.At(n, max(n-1, 0)) }

// publishEvery is how many cells a worker computes before it publishes its
// progress on a row. A power of two keeps the test cheap; 256 cells keep the
// other workers' waits short without sharing the progress line too often.
const publishEvery = 256

// Dense fills the table G(n, r), 0 <= r <= n <= N, with the given number of
// worker goroutines (workers < 1 means GOMAXPROCS).
//
// Rows are handed out in increasing order. Cell (n, r) adds the option
// G(n-r, min(floor(a*r), n-r)) to the row's set and takes its mex
// incrementally, so a row costs O(n). A worker that needs a cell of an
// earlier row that is still being filled waits for that row's published
// progress: a wavefront. Every cell has one writer and is a function of
// earlier cells only, so the table is the same for any number of workers.
func Dense(N int, a Multiplier, workers int) (*Table, error) {
	return DenseContext(context.Background(), N, a, workers)
}

// cancelRows is how many rows a worker fills between two looks at the
// context: at N = 30000 a row takes about 0.1 ms, at 10^5 under 1 ms.
const cancelRows = 64

// DenseContext is Dense that stops when ctx is done, within a few rows of
// work (well under a second at any N whose table fits in memory), and then
// returns ctx's error.
func DenseContext(ctx context.Context, N int, a Multiplier, workers int) (*Table, error) {
	return DenseRows(ctx, N, a, workers, nil)
}

// DenseRows is DenseContext that counts in rows, if not nil, the rows it
// has filled, up to N+1: for a progress line while it runs.
func DenseRows(ctx context.Context, N int, a Multiplier, workers int, rows *atomic.Int64) (*Table, error) {
	if N < 0 {
		return nil, fmt.Errorf("grundy: negative size %d", N)
	}
	if a.P < a.Q || a.Q == 0 {
		return nil, fmt.Errorf("grundy: multiplier %s below 1", a)
	}
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	t := &Table{N: N, Mult: a, cells: make([]uint16, rowStart(N+1))}
	// done[n] is the number of leading cells of row n already written.
	done := make([]atomic.Int64, N+1)
	var next atomic.Int64
	var failed atomic.Bool
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			seen := make([]int32, N+2) // seen[v] == n+1: value v is an option of row n
			for !failed.Load() {
				n := int(next.Add(1) - 1)
				if n > N {
					return
				}
				if n%cancelRows == 0 && ctx.Err() != nil {
					failed.Store(true)
				}
				if !t.fillRow(n, seen, done) {
					failed.Store(true)
					done[n].Store(int64(n + 1)) // release waiters; the result is discarded
					return
				}
				if rows != nil {
					rows.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if failed.Load() {
		return nil, ErrOverflow
	}
	return t, nil
}

// fillRow computes row n. It returns false on overflow.
func (t *Table) fillRow(n int, seen []int32, done []atomic.Int64) bool {
	row := t.Row(n)
	stamp := int32(n + 1)
	mex := 0
	row[0] = 0
	for r := 1; r <= n; r++ {
		m := n - r
		c := min(t.Mult.Quota(r), m)
		if done[m].Load() <= int64(c) {
			waitFor(&done[m], int64(c))
		}
		v := t.cells[rowStart(m)+c]
		seen[v] = stamp
		for seen[mex] == stamp {
			mex++
		}
		if mex > MaxValue {
			return false
		}
		row[r] = uint16(mex)
		if r&(publishEvery-1) == 0 {
			done[n].Store(int64(r + 1))
		}
	}
	done[n].Store(int64(n + 1))
	return true
}

func waitFor(p *atomic.Int64, c int64) {
	for i := 0; p.Load() <= c; i++ {
		if i > 64 {
			runtime.Gosched()
		}
	}
}
