package conjectures

import (
	"fmt"
	"math/big"
	"slices"

	"fibnim/grundy"
)

// The checks stream over n = 0..N once per table, in n order. What they
// keep grows with the number of times G(n) changes (once per value where
// G(n) is non-decreasing, as Theorem 5.2 says for a = 2: 345 times for
// a = 1 at N = 10^7), not with N: a row n is seen once, the Zeckendorf (or
// greedy) parts are carried from n to n+1 (Greedy), the checks that look ahead
// from n to n + ceil(n/a) run at the end on the runs of G(n), and
// Whinihan's strategy looks back through a staircase of the rows that can
// still reach n. So verify's memory is a few buffers at any N.
//
// The pass keeps what several checks share in a cursor: n, whether n is
// a Fibonacci number, its Zeckendorf parts (where a check asks for them),
// G(n-1) and the runs of G(n), which the log fit is made from (logfit.go).
// Each check keeps
// the rest in a state of its own (rowCheck, in its file).

// Row is what the checks see of one n: the start values and, where the
// source has them, R_g(n), the least r with G(n, r) >= g (grundy.Inf if none),
// for g = 1..4.
type Row struct {
	Start, Full uint16
	R           [4]uint32
}

// Source yields the rows n = 0..N in order, in batches: Next returns the
// next batch (reusable by the caller only until the following call), and
// an empty batch at the end.
type Source interface {
	N() int
	// R is how many of R_1..R_4 the rows carry: 0, 1 or 4.
	R() int
	Next() ([]Row, error)
}

// Pass says which checks a streaming pass runs.
type Pass struct {
	Mult  grundy.Multiplier
	Paper bool // the statements of scope Fibonacci (a = 2): LRS, Whinihan, Brilliant
	Mults bool // the statements of scope EveryMultiplier, put for Mult
	// NoRows says why the source carries fewer of R_1..R_4 than a check
	// reads; it is the note of the checks that do not run ("" : "no
	// breakpoint or dense table").
	NoRows string
	// Progress, if not nil, is called after each batch of rows with the
	// rows done so far and N+1.
	Progress func(done, total int64)
}

// gRun is a maximal run of n on which G(n) is constant.
type gRun struct {
	from int64
	g    uint16
}

// visitBatch is how many rows every check visits in turn, each in a loop
// of its own: the rows (20 bytes each) and their Zeckendorf parts stay in
// the L1 cache, and the calls through the rowCheck interface do not
// count. BenchmarkStream measured 256 and 1024 alike, 4096 2% slower, and
// one row at a time (an interface call per check and row) 15% slower.
const visitBatch = 256

// maxRuns bounds the runs of G(n) a pass keeps: true data has one per
// value; corrupt data with more is reported instead of exhausting memory.
const maxRuns = 1 << 22

// cursor is what the checks of a pass share about the rows they visit,
// a batch at a time: rows n0, n0+1, ... of the batch are rows[0], rows[1],
// ... of visit.
type cursor struct {
	p    *Pass
	N    int64
	hasR int
	n    int64 // the last row visited

	// The batch being visited.
	n0   int64  // its first row
	prev uint16 // G(n0 - 1); 0 for n0 = 0
	// fibs lists the i (increasing) whose n0 + i >= 1 is a Fibonacci
	// number (1, 2, 3, 5, ...).
	fibs []int
	// z[i] are z_1..z_3(n0 + i), the smallest Zeckendorf parts, -1 where
	// absent (all -1 at n = 0), and z_1 = f_z1part[i] (f_1 = 1, f_2 = 2,
	// f_3 = 3, f_4 = 5, ...): only where a check called zeckendorf.
	z      [][3]int64
	z1part []int

	// zc carries the Zeckendorf parts of n (nil unless a check called
	// zeckendorf).
	zc *Greedy
	// fib is the least Fibonacci number >= n (1, 2, 3, 5, ...).
	fib, fibNext int64

	// prevFull is G(n) of the last row visited: G(N) once the pass is over.
	prevFull uint16
	runs     []gRun
	tooMany  bool
}

func newCursor(N int, p *Pass, hasR int) *cursor {
	return &cursor{p: p, N: int64(N), hasR: hasR, n: -1, fib: 1, fibNext: 2}
}

// zeckendorf asks the cursor to carry the Zeckendorf parts of n.
func (c *cursor) zeckendorf() {
	if c.zc == nil {
		c.zc = NewGreedy(big.NewRat(2, 1), c.N)
	}
}

// advance moves the cursor over a batch of rows: it finds their
// Fibonacci numbers and (where asked) Zeckendorf parts, and extends the
// runs of G(n).
func (c *cursor) advance(rows []Row) {
	c.n0, c.prev = c.n+1, c.prevFull
	c.fibs = c.fibs[:0]
	for c.fib <= c.n+int64(len(rows)) {
		if c.fib >= c.n0 {
			c.fibs = append(c.fibs, int(c.fib-c.n0))
		}
		c.fib, c.fibNext = c.fibNext, c.fib+c.fibNext
	}
	if c.zc != nil {
		c.z = slices.Grow(c.z[:0], len(rows))[:len(rows)]
		c.z1part = slices.Grow(c.z1part[:0], len(rows))[:len(rows)]
	}
	for i := range rows {
		c.n++
		n := c.n
		if c.zc != nil {
			c.z[i], c.z1part[i] = [3]int64{-1, -1, -1}, 0
			if n > 0 {
				c.zc.Inc()
				c.z[i] = c.zc.Smallest(3)
				c.z1part[i] = c.zc.part[len(c.zc.part)-1]
			}
		}
		full := rows[i].Full
		// The runs of G(n).
		if n == 0 || full != c.prevFull {
			if len(c.runs) < maxRuns {
				c.runs = append(c.runs, gRun{from: n, g: full})
			} else {
				c.tooMany = true
			}
		}
		c.prevFull = full
	}
}

// passCheck is a check that runs in a pass, with its state, or the reason
// it does not.
type passCheck struct {
	c     *Check
	state rowCheck // nil: not run
	why   string
}

// newPass starts the checks p names for a source with hasR of R_1..R_4.
func newPass(N int, p *Pass, hasR int) (*cursor, []passCheck) {
	cur := newCursor(N, p, hasR)
	var checks []passCheck
	for _, c := range Registry() {
		if c.stream == nil || !c.For(p.Mult) || !(p.Paper && c.has(Fibonacci) || p.Mults && c.has(EveryMultiplier)) {
			continue
		}
		pc := passCheck{c: c}
		if c.Reads.Rows() > hasR {
			pc.why = "no breakpoint or dense table"
			if p.NoRows != "" {
				pc.why = p.NoRows + "; it reads " + c.Reads.String()
			}
		} else {
			pc.state = c.stream(p, cur)
		}
		checks = append(checks, pc)
	}
	return cur, checks
}

// Stream runs the checks p names over src and returns their results in the
// order Verify reports them: the statements of scope Fibonacci (if
// p.Paper), then those of scope EveryMultiplier (if p.Mults), each scope
// in the order of the registry.
func Stream(src Source, p Pass) ([]Result, error) {
	N := src.N()
	cur, checks := newPass(N, &p, src.R())
	var active []rowCheck
	for _, pc := range checks {
		if pc.state != nil {
			active = append(active, pc.state)
		}
	}
	for {
		rows, err := src.Next()
		if err != nil {
			return nil, err
		}
		if len(rows) == 0 {
			break
		}
		// A few rows at a time, so that they and their rowInfo stay in
		// the cache while every check visits them.
		for lo := 0; lo < len(rows); lo += visitBatch {
			b := rows[lo:min(lo+visitBatch, len(rows))]
			cur.advance(b)
			for _, c := range active {
				c.visit(cur, b)
			}
		}
		if p.Progress != nil {
			p.Progress(cur.n+1, int64(N)+1)
		}
	}
	if cur.n != int64(N) {
		return nil, fmt.Errorf("conjectures: the source gave rows 0..%d, not 0..%d", cur.n, N)
	}
	var out []Result
	for _, scope := range []Scope{Fibonacci, EveryMultiplier} {
		if scope == Fibonacci && !p.Paper || scope == EveryMultiplier && !p.Mults {
			continue
		}
		for _, pc := range checks {
			if !pc.c.has(scope) {
				continue
			}
			if pc.state == nil {
				out = append(out, pc.c.notRunAll(scope, p.Mult, pc.why)...)
				continue
			}
			out = append(out, pc.state.results(cur, scope)...)
		}
	}
	Settle(out)
	return out, nil
}

// pieces are the runs of G(n) over 1 <= n <= N, for the log fit (nil
// if the pass kept too many to hold them, or N < 1).
func (c *cursor) pieces() []Piece {
	if c.N < 1 || c.tooMany {
		return nil
	}
	p := make([]Piece, 0, len(c.runs))
	for i, r := range c.runs {
		end := c.N
		if i+1 < len(c.runs) {
			end = c.runs[i+1].from - 1
		}
		p = append(p, Piece{From: max(r.from, 1), To: end, G: float64(r.g)})
	}
	return p
}

// fitLog is the log fit (FitPieces: least squares weighted by 1/n) over
// 1 <= n <= N, from the runs of G(n); all zero if N < 2 or the pass kept
// too many runs.
func (c *cursor) fitLog() LogFit {
	return FitPieces(c.pieces())
}
