package conjectures

import (
	"context"
	"fmt"

	"fibnim/grundy"
	"fibnim/table"
)

// sourceBatch is the number of rows a Source hands out at once.
const sourceBatch = 1 << 16

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

// tableSource streams a table from its files: the start values and R_1..R_g
// of the breakpoint files, each decoded on a goroutine of its own into
// chunks of rows, which Next puts together.
type tableSource struct {
	N0, g  int
	starts chan startChunk
	rs     []chan rChunk
	errs   chan error
	cancel context.CancelFunc
	buf    []Row
	lo     int
}

type startChunk struct {
	lo          int
	start, full []uint16
}

type rChunk struct {
	lo int
	R  []uint32
}

// NewTableSource streams t with R_1..R_g (g = 0, 1 or 4): from its
// breakpoint files, or, where it holds none, recomputed (see
// NewRecomputedSource). Decoding stops when ctx is done; Close stops it
// early.
func NewTableSource(ctx context.Context, t *table.Table, g int) (*tableSource, error) {
	if g > 0 && !t.HasBreakpoints() {
		return NewRecomputedSource(ctx, t, g)
	}
	return newTableSource(ctx, t, g, false)
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
	return newTableSource(ctx, t, g, true)
}

func newTableSource(ctx context.Context, t *table.Table, g int, recompute bool) (*tableSource, error) {
	N := t.N()
	ctx, cancel := context.WithCancel(ctx)
	src := &tableSource{N0: N, g: g, starts: make(chan startChunk, 2), errs: make(chan error, g+1), cancel: cancel}
	go func() {
		defer close(src.starts)
		err := t.ScanStartValues(func(lo int, start, full []uint16) bool {
			for i := 0; i < len(start); i += sourceBatch {
				hi := min(i+sourceBatch, len(start))
				ch := startChunk{lo: lo + i, start: append([]uint16(nil), start[i:hi]...), full: append([]uint16(nil), full[i:hi]...)}
				select {
				case src.starts <- ch:
				case <-ctx.Done():
					return false
				}
			}
			return true
		})
		if err != nil {
			src.errs <- err
		}
	}()
	if recompute {
		for range g {
			src.rs = append(src.rs, make(chan rChunk, 2))
		}
		if g > 0 {
			go src.recompute(ctx, t.Mult())
		}
		return src, nil
	}
	for gg := 1; gg <= g; gg++ {
		c := make(chan rChunk, 2)
		src.rs = append(src.rs, c)
		go func(gg int, c chan rChunk) {
			defer close(c)
			lo := 0
			cur := newInfChunk(0, N)
			send := func() bool {
				select {
				case c <- cur:
				case <-ctx.Done():
					return false
				}
				lo += sourceBatch
				if lo <= N {
					cur = newInfChunk(lo, N)
				}
				return true
			}
			for b, err := range t.Runs(gg) {
				if err != nil {
					src.errs <- err
					return
				}
				for m := int(b.N); m < int(b.N)+int(b.Run); m++ {
					for m >= lo+sourceBatch {
						if !send() {
							return
						}
					}
					cur.R[m-lo] = uint32(int(b.RMin) + m - int(b.N))
				}
			}
			for lo <= N {
				if !send() {
					return
				}
			}
		}(gg, c)
	}
	return src, nil
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

func newInfChunk(lo, N int) rChunk {
	R := make([]uint32, min(sourceBatch, N+1-lo))
	for i := range R {
		R[i] = grundy.Inf
	}
	return rChunk{lo: lo, R: R}
}

func (s *tableSource) N() int { return s.N0 }
func (s *tableSource) R() int { return s.g }

// Close stops the decoding goroutines.
func (s *tableSource) Close() { s.cancel() }

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

func (s *tableSource) Next() ([]Row, error) {
	if err := s.failed(); err != nil {
		return nil, err
	}
	sc, ok := <-s.starts
	if !ok {
		return nil, s.failed()
	}
	s.buf = s.buf[:0]
	for i := range sc.start {
		s.buf = append(s.buf, Row{Start: sc.start[i], Full: sc.full[i], R: [4]uint32{grundy.Inf, grundy.Inf, grundy.Inf, grundy.Inf}})
	}
	for g, c := range s.rs {
		rc, ok := <-c
		if !ok {
			if err := s.failed(); err != nil {
				return nil, err
			}
			return nil, fmt.Errorf("conjectures: breakpoint file g = %d ended before n = %d", g+1, sc.lo)
		}
		if rc.lo != sc.lo || len(rc.R) != len(sc.start) {
			return nil, fmt.Errorf("conjectures: chunk of R_%d at %d (%d rows) beside start values at %d (%d rows)", g+1, rc.lo, len(rc.R), sc.lo, len(sc.start))
		}
		for i, r := range rc.R {
			s.buf[i].R[g] = r
		}
	}
	s.lo += len(sc.start)
	return s.buf, nil
}
