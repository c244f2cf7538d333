package conjectures

import (
	"context"
	"fmt"

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
		row := Row{Start: a.s.Start[n], Full: a.s.Full[n], R: [4]uint32{Inf, Inf, Inf, Inf}}
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

// NewTableSource streams t with R_1..R_g (g = 0, 1 or 4; t must hold
// breakpoint files for g > 0). Decoding stops when ctx is done; Close
// stops it early.
func NewTableSource(ctx context.Context, t *table.Table, g int) (*tableSource, error) {
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

func newInfChunk(lo, N int) rChunk {
	R := make([]uint32, min(sourceBatch, N+1-lo))
	for i := range R {
		R[i] = Inf
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
		s.buf = append(s.buf, Row{Start: sc.start[i], Full: sc.full[i], R: [4]uint32{Inf, Inf, Inf, Inf}})
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
