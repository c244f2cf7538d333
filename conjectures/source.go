package conjectures

import (
	"context"
	"fmt"

	"fibnim/grundy"
	"fibnim/table"
)

// sourceBatch is the number of rows a Source hands out at once: a window
// of the pass over a table (the recomputed rows are cut to match).
const sourceBatch = table.ScanRows

// arraySource streams rows from arrays in memory.
type arraySource struct {
	s   *Starts
	rs  [][]uint32
	n   int
	buf []Row
}

// NewArraySource streams the start values s and, for g = 1..len(R),
// R[g-1][n] = R_g(n) (len(R) is 0, 1 or 4; each as long as s).
func NewArraySource(s *Starts, R ...[]uint32) Source {
	return &arraySource{s: s, rs: R}
}

func (a *arraySource) N() int { return a.s.N() }
func (a *arraySource) R() int { return len(a.rs) }

func (a *arraySource) Next() ([]Row, error) {
	hi := min(a.n+sourceBatch, a.s.N()+1)
	a.buf = a.buf[:0]
	for n := a.n; n < hi; n++ {
		row := Row{Start: a.s.Start[n], Full: a.s.Full[n], R: [4]uint32{grundy.Inf, grundy.Inf, grundy.Inf, grundy.Inf}}
		for g, R := range a.rs {
			row.R[g] = R[n]
		}
		a.buf = append(a.buf, row)
	}
	a.n = hi
	return a.buf, nil
}

// tableSource streams a table from its files, in one pass
// (table.Table.Scan, on a goroutine of its own): the start values and
// R_1..R_g of the breakpoint files, window by window, or, where the table
// holds no breakpoint files, R_1..R_g from arrays in memory (low) or
// recomputed (rs). The rows are put together on the pass's goroutine, in
// batches that go round between it and Next (free), so that Next, on the
// checks' goroutine, only hands them on.
type tableSource struct {
	N0, g  int
	rows   chan []Row    // batches of rows, in n order
	free   chan []Row    // batches Next is done with
	cur    []Row         // the batch Next returned last
	low    [][]uint32    // R_1..R_g of every row, where given in memory
	rs     []chan rChunk // R_1..R_g recomputed, where neither
	errs   chan error
	cancel context.CancelFunc
	done   chan struct{} // closed once the scan has returned
}

type rChunk struct {
	lo int
	R  []uint32
}

// NewTableSource streams t with R_1..R_g (g = 0, 1 or 4): from its
// breakpoint files, or, where it holds none, recomputed (see
// NewRecomputedSource). It decodes the start values and breakpoint files
// 1..g once, in one pass (table.Table.Scan), checking every row it reads.
// Decoding stops when ctx is done; Close stops it early.
func NewTableSource(ctx context.Context, t *table.Table, g int) (*tableSource, error) {
	if g > 0 && !t.HasBreakpoints() {
		return NewRecomputedSource(ctx, t, g)
	}
	return newTableSource(ctx, t, sourceOptions{g: g, from: sourceFiles})
}

// NewRecomputedSource streams the start values of t with R_1..R_g (g =
// 0..4) recomputed by the engine's row sweeps, grundy.FirstLayers, on a
// goroutine of their own, whatever files t holds: g sweeps over 0..N in
// constant memory (a few MiB), for the checks that read R on a table of
// start values alone (compute grundy -breakpoints=false), which is the only
// kind of table past the 2^31 - 1 rows a breakpoint file holds. The checks
// that read R then test the engine's recomputation, not files of t.
func NewRecomputedSource(ctx context.Context, t *table.Table, g int) (*tableSource, error) {
	if g < 0 || g > 4 {
		panic(fmt.Sprintf("conjectures: %d layers", g))
	}
	if N := t.N(); N > grundy.MaxBreakpointN {
		return nil, fmt.Errorf("conjectures: %s: N = %d is past %d, the last row the engine's sweeps reach", t.Dir(), N, grundy.MaxBreakpointN)
	}
	return newTableSource(ctx, t, sourceOptions{g: g, from: sourceRecomputed})
}

// Where a tableSource takes R_1..R_g from.
const (
	sourceFiles      = iota // the breakpoint files
	sourceRecomputed        // the engine's row sweeps
	sourceArrays            // low, in memory
)

// sourceOptions say what a tableSource streams.
type sourceOptions struct {
	g    int // R_1..R_g
	from int // sourceFiles, sourceRecomputed or sourceArrays
	// every reads and checks every file of the table in the pass, as
	// table.Table.Check does, not only those it streams.
	every bool
	low   [][]uint32 // R_1..R_g of every row, for from = sourceArrays
	// window, if not nil, sees each window of the pass, on the pass's
	// goroutine, before its rows go to Next (the tally of winning first
	// moves reads R_1 there).
	window func(table.Window) error
}

// newTableSource streams the start values of t with R_1..R_g as o says.
func newTableSource(ctx context.Context, t *table.Table, o sourceOptions) (*tableSource, error) {
	N := t.N()
	ctx, cancel := context.WithCancel(ctx)
	src := &tableSource{N0: N, g: o.g, rows: make(chan []Row, 2), free: make(chan []Row, 4), errs: make(chan error, 2), cancel: cancel, done: make(chan struct{})}
	opt := table.ScanOptions{Every: o.every, Reuse: true}
	switch o.from {
	case sourceFiles:
		opt.R = o.g
	case sourceArrays:
		src.low = o.low
	case sourceRecomputed:
		for range o.g {
			src.rs = append(src.rs, make(chan rChunk, 2))
		}
		if o.g > 0 {
			go src.recompute(ctx, t.Mult())
		}
	}
	go func() {
		defer close(src.done)
		defer close(src.rows)
		err := t.Scan(ctx, opt, func(w table.Window) error {
			if o.window != nil {
				if err := o.window(w); err != nil {
					return err
				}
			}
			buf, err := src.put(w)
			if err != nil {
				return err
			}
			select {
			case src.rows <- buf:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		})
		if err != nil {
			src.errs <- err
		}
	}()
	return src, nil
}

// put puts the rows of window w together, in a batch Next is done with
// where there is one.
func (s *tableSource) put(w table.Window) ([]Row, error) {
	var buf []Row
	select {
	case buf = <-s.free:
	default:
	}
	buf = buf[:0]
	for i := range w.Full {
		buf = append(buf, Row{Start: w.Start[i], Full: w.Full[i], R: [4]uint32{grundy.Inf, grundy.Inf, grundy.Inf, grundy.Inf}})
	}
	for g, R := range w.R {
		for i, r := range R {
			buf[i].R[g] = r
		}
	}
	for g, R := range s.low {
		for i, r := range R[w.Lo : w.Lo+len(w.Full)] {
			buf[i].R[g] = r
		}
	}
	for g, c := range s.rs {
		rc, ok := <-c
		if !ok {
			if err := s.failed(); err != nil {
				return nil, err
			}
			return nil, fmt.Errorf("conjectures: the row sweeps of R_%d ended before n = %d", g+1, w.Lo)
		}
		if rc.lo != w.Lo || len(rc.R) != len(w.Full) {
			return nil, fmt.Errorf("conjectures: chunk of R_%d at %d (%d rows) beside start values at %d (%d rows)", g+1, rc.lo, len(rc.R), w.Lo, len(w.Full))
		}
		for i, r := range rc.R {
			buf[i].R[g] = r
		}
	}
	return buf, nil
}

// recompute sends R_1..R_g of every row in chunks of sourceBatch rows,
// chunk by chunk to the g channels in turn (the order Next reads them).
func (s *tableSource) recompute(ctx context.Context, a grundy.Multiplier) {
	defer func() {
		for _, c := range s.rs {
			close(c)
		}
	}()
	g, N := len(s.rs), s.N0
	chunks := make([]rChunk, g)
	next := 0 // the first row not yet in a chunk
	send := func() bool {
		for i, c := range s.rs {
			select {
			case c <- chunks[i]:
			case <-ctx.Done():
				return false
			}
		}
		return true
	}
	for n0, R := range grundy.FirstLayers(ctx, N, a, g) {
		if n0 != next {
			s.errs <- fmt.Errorf("conjectures: the row sweeps gave rows from %d, not %d", n0, next)
			return
		}
		// R is the sweeps' own buffer, valid until the next block: copied,
		// never changed.
		for off := 0; off < len(R[0]); {
			lo := next - next%sourceBatch
			if next == lo {
				for i := range chunks {
					// A new array each chunk: the one sent is Next's now.
					chunks[i] = rChunk{lo: lo, R: make([]uint32, 0, min(sourceBatch, N+1-lo))}
				}
			}
			m := min(len(R[0])-off, lo+sourceBatch-next)
			for i := range chunks {
				chunks[i].R = append(chunks[i].R, R[i][off:off+m]...)
			}
			off += m
			next += m
			if next%sourceBatch == 0 || next == N+1 {
				if !send() {
					return
				}
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return
	}
	if next != N+1 {
		s.errs <- fmt.Errorf("conjectures: the row sweeps stopped at row %d of 0..%d", next, N)
	}
}

func (s *tableSource) N() int { return s.N0 }
func (s *tableSource) R() int { return s.g }

// Close stops the decoding goroutines, and waits for the pass over the
// table to return, so that the table can be closed after it.
func (s *tableSource) Close() {
	s.cancel()
	<-s.done
}

// failed returns the first error a decoding goroutine reported, if any,
// and then stops the others.
func (s *tableSource) failed() error {
	select {
	case err := <-s.errs:
		s.cancel()
		return err
	default:
		return nil
	}
}

// Next returns the rows of the next window of the pass. The pass's checks
// that need the whole of a file come after its last window: past the last
// rows, Next returns the pass's error, if any.
func (s *tableSource) Next() ([]Row, error) {
	if s.cur != nil {
		select {
		case s.free <- s.cur:
		default:
		}
		s.cur = nil
	}
	if err := s.failed(); err != nil {
		return nil, err
	}
	buf, ok := <-s.rows
	if !ok {
		return nil, s.failed()
	}
	s.cur = buf
	return buf, nil
}
