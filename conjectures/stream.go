package conjectures

import (
	"container/heap"
	"fmt"
	"maps"
	"math"
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

// Row is what the checks see of one n: the start values and, where the
// source has them, R_g(n), the least r with G(n, r) >= g (Inf if none),
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
	Paper bool // the papers' checks (a = 2): LRS, Whinihan, Brilliant
	Mults bool // the statements put for multiplier a
	// Progress, if not nil, is called after each batch of rows with the
	// rows done so far and N+1.
	Progress func(done, total int64)
}

// gRun is a maximal run of n on which G(n) is constant.
type gRun struct {
	from int64
	g    uint16
	// For the log fit: the sums of ln n and ln^2 n over the run (n >= 1).
	sx, sxx float64
}

// maxRuns bounds the runs of G(n) a pass keeps: true data has one per
// value; corrupt data with more is reported instead of exhausting memory.
const maxRuns = 1 << 22

// Stream runs the checks p names over src and returns their results in the
// order Verify reports them.
func Stream(src Source, p Pass) ([]Result, error) {
	N := src.N()
	st := newStreamState(N, p, src.R())
	for {
		rows, err := src.Next()
		if err != nil {
			return nil, err
		}
		if len(rows) == 0 {
			break
		}
		for i := range rows {
			st.visit(&rows[i])
		}
		if p.Progress != nil {
			p.Progress(st.n, int64(N)+1)
		}
	}
	if st.n != int64(N)+1 {
		return nil, fmt.Errorf("conjectures: the source gave rows 0..%d, not 0..%d", st.n-1, N)
	}
	return st.finish(), nil
}

type streamState struct {
	p    Pass
	N    int64
	hasR int
	n    int64 // the next row's n

	zc *Greedy // Zeckendorf parts of n (a = 2), for the paper's checks
	gc *Greedy // greedy parts by F(a), for SCHWENK(a)
	F  []int64 // F(a) up to N
	fi int     // F[fi] is the least term >= n
	// fib is the least Fibonacci number >= n (1, 2, 3, 5, ...).
	fib, fibNext int64

	runs     []gRun
	tooMany  bool
	prevFull uint16
	prevG    int64 // the n of prevFull

	cell           [4]*Result
	whi            *Result
	whiPending     pendingHeap
	stair          []stairRow
	lrs51          *Result
	prev51, prevN  int
	lrs52          *Result
	lrs53lo        *Result
	bound          []int64
	leastC         float64
	leastAt        int64
	lrs53up        *Result
	sqrtM          int64
	whiStart       *Result
	brilliant      *Result
	brilliantCount int
	fit            struct{ sx, sy, sxx, sxy, syy float64 }
	ftp            *Result
	schwenk        *Result
}

// stairRow is a row m whose R_1 still reaches later n: e is the last n it
// reaches.
type stairRow struct{ m, e int64 }

// pendingFailure is a failure of Whinihan's first clause found at m for
// the later n = m + z_1(n).
type pendingFailure struct {
	n int64
	c Counterexample
}

type pendingHeap []pendingFailure

func (h pendingHeap) Len() int           { return len(h) }
func (h pendingHeap) Less(i, j int) bool { return h[i].n < h[j].n }
func (h pendingHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *pendingHeap) Push(x any)        { *h = append(*h, x.(pendingFailure)) }
func (h *pendingHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func newStreamState(N int, p Pass, hasR int) *streamState {
	st := &streamState{p: p, N: int64(N), hasR: hasR, fib: 1, fibNext: 2, leastC: math.Inf(-1)}
	if p.Paper {
		st.zc = NewGreedy(big.NewRat(2, 1), int64(N))
		if hasR == 4 {
			ids := [4]string{"LRS-4.1", "LRS-4.5", "LRS-4.6", "LRS-4.7"}
			stmts := [4]string{
				"G(n, r) = 0 if and only if r < z_1(n)",
				"G(n, r) = 1 if and only if z_1(n) = 1 and 1 <= r < z_2(n)",
				"G(n, r) = 2 if and only if z_1(n) = 2 and 2 <= r < z_2(n)",
				"G(n, r) = 3 if and only if (z_1 = 1, z_2 = 3 and 3 <= r < z_3) or (z_1 = 3 and 3 <= r < z_2 - 1)",
			}
			for g := range st.cell {
				st.cell[g] = newResult(ids[g], lrsSource+", Theorem "+ids[g][4:], stmts[g])
				st.cell[g].Domain = Domain{From: 0, To: int64(N), Cells: "every (n, r) with 0 <= r <= n"}
			}
		}
		if hasR >= 1 {
			st.whi = newResult("WHI-strategy", whiSource, "from (n, r) with r >= z_1(n), removing z_1(n) leads to value 0; from (n, r) with r < z_1(n), no move leads to value 0")
			st.whi.Domain = Domain{From: 1, To: int64(N), Cells: "every (n, r) with 0 <= r <= n"}
		}
		st.lrs51 = newResult("LRS-5.1", lrsSource+", Theorem 5.1", "ignoring Fibonacci n, G(n, n-1) is non-decreasing in n and increases by one when it increases")
		st.lrs51.Domain = Domain{From: 1, To: int64(N), Cells: "every non-Fibonacci n (consecutive pairs)"}
		st.prev51 = -1
		st.lrs53lo = newResult("LRS-5.3-log-lower", lrsSource+", Theorem 5.3", "log_{3/2}(n) <= G(n) for n >= 1")
		st.lrs53lo.Domain = Domain{From: 1, To: int64(N), Cells: "every n"}
		st.bound = lowerBounds()
		st.lrs53up = newResult("LRS-5.3-sqrt-upper", lrsSource+", Theorem 5.3", "G(n) <= ceil(2 sqrt(n)) + 1")
		st.lrs53up.Domain = Domain{From: 0, To: int64(N), Cells: "every n"}
		st.whiStart = newResult("WHI-start", whiSource, "(n, n-1) has value 0 exactly when n is a Fibonacci number (n >= 1)")
		st.whiStart.Domain = Domain{From: 1, To: int64(N), Cells: "every n"}
		st.brilliant = newResult("BRILLIANT-count", "Brilliant problem, community solutions", fmt.Sprintf("the number of starting piles 2..1000 that are first-player wins is %d", BrilliantClaimedAnswer))
		st.brilliant.Domain = Domain{From: 2, To: 1000, Cells: "every starting pile"}
	}
	st.lrs52 = newResult("LRS-5.2", lrsSource+", Theorem 5.2", "G(n) <= G(n+1) <= G(n) + 1 for all n >= 0")
	st.lrs52.Domain = Domain{From: 0, To: int64(N - 1), Cells: "every n with n+1 in range"}
	if p.Mults {
		st.F = FPositions(p.Mult, N)
		st.ftp = newResult(multID("FT-P-positions", p.Mult), ftSource+", Theorem 1, against the Grundy table",
			"G(n, n-1) = 0 exactly when n is in F(a), the second-player-win pile sizes of the recurrence f_{k+1} = f_k + f_{r(k)}")
		st.ftp.Domain = Domain{From: 1, To: int64(N), Cells: "every n"}
		if hasR >= 1 {
			st.gc = NewGreedy(p.Mult.Rat(), int64(N))
			st.schwenk = newResult(multID("SCHWENK-strategy", p.Mult), schwenkSource,
				"G(n, r) = 0 exactly when r < z_1(n), the smallest part of n's greedy representation by F(a)")
			st.schwenk.Domain = Domain{From: 1, To: int64(N), Cells: "every (n, r) with 0 <= r <= n"}
		}
	}
	return st
}

// lowerBounds is bound[g] = floor((3/2)^g) for the g where it fits an
// int64: n <= (3/2)^g iff n <= bound[g], and every n is below (3/2)^g for
// larger g (lowerBound).
func lowerBounds() []int64 {
	var bound []int64
	for g := 0; ; g++ {
		p3 := new(big.Int).Exp(big.NewInt(3), big.NewInt(int64(g)), nil)
		p2 := new(big.Int).Exp(big.NewInt(2), big.NewInt(int64(g)), nil)
		q := new(big.Int).Quo(p3, p2)
		if !q.IsInt64() {
			return bound
		}
		bound = append(bound, q.Int64())
	}
}

// lowerBound is floor((3/2)^g), or MaxInt64 where that does not fit.
func (st *streamState) lowerBound(g uint16) int64 {
	if int(g) < len(st.bound) {
		return st.bound[g]
	}
	return math.MaxInt64
}

func (st *streamState) visit(row *Row) {
	n := st.n
	st.n++
	if n > 0 {
		if st.zc != nil {
			st.zc.Inc()
		}
		if st.gc != nil {
			st.gc.Inc()
		}
		for st.fib < n {
			st.fib, st.fibNext = st.fibNext, st.fib+st.fibNext
		}
	}
	isFib := n > 0 && st.fib == n
	full := row.Full

	// The runs of G(n), and the log fit's sums.
	if n == 0 || full != st.prevFull {
		if st.p.Paper && n > 1 {
			st.closeLeastC(n - 1)
		}
		if len(st.runs) < maxRuns {
			st.runs = append(st.runs, gRun{from: n, g: full})
		} else {
			st.tooMany = true
		}
	}
	if n >= 1 && !st.tooMany {
		x := math.Log(float64(n))
		r := &st.runs[len(st.runs)-1]
		r.sx += x
		r.sxx += x * x
		y := float64(full)
		st.fit.sx += x
		st.fit.sy += y
		st.fit.sxx += x * x
		st.fit.sxy += x * y
		st.fit.syy += y * y
	}

	// LRS-5.2 (and so LRS-5.2(a)): G(n-1) <= G(n) <= G(n-1) + 1.
	if n > 0 {
		st.lrs52.Cases++
		a, b := int(st.prevFull), int(full)
		if b < a || b > a+1 {
			st.lrs52.fail(Counterexample{N: n - 1, Computed: fmt.Sprintf("G(%d) = %d, G(%d) = %d", n-1, a, n, b), Predicted: fmt.Sprintf("G(%d) in [%d, %d]", n, a, a+1)})
		}
	}
	st.prevFull = full

	if st.p.Paper {
		st.visitPaper(n, row, isFib)
	}
	if st.p.Mults && n > 0 {
		st.ftp.Cases++
		inF := st.fi < len(st.F) && st.F[st.fi] == n
		if inF {
			st.fi++
		}
		if (row.Start == 0) != inF {
			st.ftp.fail(Counterexample{N: n, Computed: fmt.Sprintf("G(%d,%d) = %d", n, n-1, row.Start),
				Predicted: map[bool]string{true: "0 (n is in F(a))", false: "nonzero (n is not in F(a))"}[inF]})
		}
		if st.schwenk != nil {
			st.schwenk.Cases += n + 1
			z1 := st.gc.Smallest(1)[0]
			if R1 := int64(row.R[0]); R1 != z1 {
				st.schwenk.fail(Counterexample{N: n, R: min(R1, z1),
					Computed:  fmt.Sprintf("G(%d, r) = 0 exactly for r < %d", n, R1),
					Predicted: fmt.Sprintf("r < z_1 = %d", z1)})
			}
		}
	}
}

func (st *streamState) visitPaper(n int64, row *Row, isFib bool) {
	st.upperVisit(n, row.Full)
	var z [3]int64
	if n > 0 {
		z = st.zc.Smallest(3)
	} else {
		z = [3]int64{-1, -1, -1}
	}
	if st.cell[0] != nil {
		for g := range st.cell {
			st.cellVisit(g, n, row, z)
		}
	}
	if st.whi != nil {
		st.whiVisit(n, row, z[0])
	}
	if n == 0 {
		return
	}
	// LRS-5.1: start values of non-Fibonacci n.
	if !isFib {
		g := int(row.Start)
		if st.prev51 >= 0 {
			st.lrs51.Cases++
			if g < st.prev51 || g > st.prev51+1 {
				st.lrs51.fail(Counterexample{N: n, Computed: fmt.Sprintf("G(%d,%d) = %d after G(%d,%d) = %d", n, n-1, g, st.prevN, st.prevN-1, st.prev51), Predicted: fmt.Sprintf("%d or %d", st.prev51, st.prev51+1)})
			}
		}
		st.prev51, st.prevN = g, int(n)
	}
	// LRS-5.3, both bounds.
	g := row.Full
	st.lrs53lo.Cases++
	if n > st.lowerBound(g) {
		st.lrs53lo.fail(Counterexample{N: n, Computed: fmt.Sprintf("G(%d) = %d", n, g), Predicted: fmt.Sprintf(">= log_1.5(%d) = %.4f", n, math.Log(float64(n))/math.Log(1.5))})
	}
	// WHI-start and BRILLIANT.
	st.whiStart.Cases++
	if (row.Start == 0) != isFib {
		st.whiStart.fail(Counterexample{N: n, Computed: fmt.Sprintf("G(%d,%d) = %d", n, n-1, row.Start), Predicted: map[bool]string{true: "0 (Fibonacci)", false: "nonzero (not Fibonacci)"}[isFib]})
	}
	if n >= 2 && n <= 1000 {
		st.brilliant.Cases++
		if row.Start != 0 {
			st.brilliantCount++
		}
	}
}

// upperVisit is LRS-5.3-sqrt-upper at n, n = 0 included: ceil(2 sqrt n) is
// carried from n to n+1 as the least m with m*m >= 4n.
func (st *streamState) upperVisit(n int64, full uint16) {
	st.lrs53up.Cases++
	for st.sqrtM*st.sqrtM < 4*n {
		st.sqrtM++
	}
	if int64(full) > st.sqrtM+1 {
		st.lrs53up.fail(Counterexample{N: n, Computed: fmt.Sprintf("G(%d) = %d", n, full), Predicted: fmt.Sprintf("<= %d", st.sqrtM+1)})
	}
}

// closeLeastC evaluates log_{3/2}(n) - G(n) at the last n of a run of G:
// within a run it is largest there.
func (st *streamState) closeLeastC(n int64) {
	if n < 1 {
		return
	}
	if c := math.Log(float64(n))/math.Log(1.5) - float64(st.prevFull); c > st.leastC {
		st.leastC, st.leastAt = c, n
	}
}

// cellVisit compares the computed interval of r with G(n, r) = g with the
// predicted one (Theorems 4.1, 4.5, 4.6, 4.7); a failing row reports its
// smallest r where membership differs.
func (st *streamState) cellVisit(g int, n int64, row *Row, z [3]int64) {
	res := st.cell[g]
	res.Cases += n + 1
	var clo int64
	if g > 0 {
		clo = min(int64(row.R[g-1]), n+1)
	}
	chi := max(clo, min(int64(row.R[g]), n+1))
	plo, phi := lowTheorems[g](z)
	plo, phi = max(plo, 0), min(phi, n+1)
	if phi <= plo {
		plo, phi = 0, 0
	}
	if chi <= clo {
		clo, chi = 0, 0
	}
	if clo == plo && chi == phi {
		return
	}
	r := int64(math.MaxInt64)
	for _, c := range []int64{clo, chi, plo, phi} {
		if c <= n && (c >= clo && c < chi) != (c >= plo && c < phi) {
			r = min(r, c)
		}
	}
	in := r >= clo && r < chi
	res.fail(Counterexample{N: n, R: r,
		Computed:  fmt.Sprintf("G(%d,%d) %s %d (value-%d cells: r in [%d,%d))", n, r, map[bool]string{true: "=", false: "!="}[in], g, g, clo, chi),
		Predicted: fmt.Sprintf("value-%d cells: r in [%d,%d)", g, plo, phi)})
}

// whiVisit checks Whinihan's strategy at n from R_1 alone, G(m, c) = 0 iff
// c < R_1(m), and projects its first clause forward from n as m:
//
//   - removing z_1(n) leads to (m, min(2 z_1, m)), m = n - z_1(n), of
//     value 0. The n with n - z_1(n) = m are m + f for the Fibonacci f
//     that may stand below z_1(m) in a Zeckendorf representation (every f
//     for m = 0), so this clause is checked at m, for all of them at once,
//     and its failures wait in a heap for their n;
//   - no k < z_1(n) leads to value 0: that fails iff some m in
//     [n - z_1 + 1, n - 1] has R_1(m) > min(2(n-m), m), that is iff the
//     latest row m < n that still "reaches" n, n <= e(m) = m +
//     ceil(R_1(m)/2) - 1 (every n if R_1(m) > m), lies in that window. The
//     staircase keeps the rows that may still be the latest to reach some
//     later n: increasing m, decreasing e.
func (st *streamState) whiVisit(n int64, row *Row, z1 int64) {
	R1 := int64(row.R[0])
	if n > 0 {
		st.whi.Cases += n + 1
		failed := false
		for st.whiPending.Len() > 0 && st.whiPending[0].n <= n {
			pf := heap.Pop(&st.whiPending).(pendingFailure)
			if pf.n == n && !failed {
				st.whi.fail(pf.c)
				failed = true
			}
		}
		if !failed {
			for len(st.stair) > 0 && st.stair[len(st.stair)-1].e < n {
				st.stair = st.stair[:len(st.stair)-1]
			}
			if len(st.stair) > 0 {
				if m := st.stair[len(st.stair)-1].m; m >= n-z1+1 {
					k := n - m
					st.whi.fail(Counterexample{N: n, R: k, Computed: fmt.Sprintf("removing %d < z_1 = %d leads to (%d,%d), value 0", k, z1, m, min(2*k, m)), Predicted: "no move to value 0 when r < z_1(n)"})
				}
			}
		}
	}
	// Row n (as m) projects the first clause forward.
	m := n
	fs := st.belowParts(m) // the f that may stand below z_1(m)
	for i := len(fs) - 1; i >= 0; i-- {
		f := fs[i]
		if c := min(2*f, m); c < R1 {
			break // and so for every smaller f
		} else if m+f <= st.N {
			heap.Push(&st.whiPending, pendingFailure{n: m + f, c: Counterexample{N: m + f, R: f,
				Computed:  fmt.Sprintf("removing z_1 = %d leads to (%d,%d), value != 0", f, m, c),
				Predicted: "value 0"}})
		}
	}
	// Row n joins the staircase for the rows after it.
	if n > 0 {
		e := int64(math.MaxInt64)
		if R1 <= n {
			e = n + (R1+1)/2 - 1
		}
		for len(st.stair) > 0 && st.stair[len(st.stair)-1].e <= e {
			st.stair = st.stair[:len(st.stair)-1]
		}
		st.stair = append(st.stair, stairRow{m: n, e: e})
	}
}

// belowParts lists, in increasing order, the Fibonacci numbers f (1, 2, 3,
// 5, ...) that may be added below the parts of m as a new smallest
// Zeckendorf part: all of them for m = 0, else those up to f_{j-2} where
// z_1(m) = f_j. Only the largest few are ever looked at.
func (st *streamState) belowParts(m int64) []int64 {
	zc := st.zc
	top := len(zc.f)
	if m > 0 {
		top = zc.part[len(zc.part)-1] - 2
	}
	return zc.f[:max(top, 0)]
}

func (st *streamState) finish() []Result {
	var out []Result
	N := st.N
	if st.p.Paper {
		st.closeLeastC(N)
		if st.cell[0] != nil {
			for _, r := range st.cell {
				r.closeRange()
			}
			out = append(out, *st.cell[0], *st.cell[1], *st.cell[2], *st.cell[3])
		} else {
			for _, id := range []string{"LRS-4.1", "LRS-4.5", "LRS-4.6", "LRS-4.7"} {
				out = append(out, Result{ID: id, Status: NotRun, Note: "no breakpoint or dense table"})
			}
		}
		st.lrs51.closeRange()
		out = append(out, *st.lrs51)
	}
	st.lrs52.closeRange()
	if st.p.Paper {
		out = append(out, *st.lrs52)
		if N >= 1 {
			st.lrs53lo.Stats = map[string]any{"least_C": math.Max(st.leastC, 0), "least_C_attained_at_n": st.leastAt,
				"least_C_meaning": fmt.Sprintf("log_{3/2}(n) - C <= G(n) for every 1 <= n <= %d, and C is the least such constant (0 if the bound holds as printed)", N)}
		}
		st.lrs53lo.closeRange()
		st.lrs53up.closeRange()
		out = append(out, *st.lrs53lo, *st.lrs53up)
		lo, up := st.growth(grundy.Fibonacci, "LRS-conj-lower", "LRS-conj-upper", lrsSource+", closing conjecture", lrsSource+", closing conjecture",
			"G(n) + 1 <= G(ceil(3n/2)) for n >= 1", "G(ceil(3n/2)) <= G(n) + 2 for n >= 1", "every n with ceil(3n/2) <= N")
		if lo.Status != NotRun {
			st.conjStats(&lo)
			lo.Stats["differences"] = up.Stats["differences"]
		}
		out = append(out, lo, up)
		if st.whi != nil {
			st.whi.closeRange()
			out = append(out, *st.whi)
		} else {
			out = append(out, Result{ID: "WHI-strategy", Status: NotRun, Note: "no table"})
		}
		st.whiStart.closeRange()
		out = append(out, *st.whiStart)
		if N < 1000 {
			out = append(out, notRun(st.brilliant.ID, st.brilliant.Source, st.brilliant.Statement, fmt.Sprintf("needs start values up to n = 1000; data covers n <= %d", N)))
		} else {
			st.brilliant.Stats = map[string]any{"first_player_wins": st.brilliantCount}
			if st.brilliantCount != BrilliantClaimedAnswer {
				st.brilliant.fail(Counterexample{N: 1000, Computed: fmt.Sprint(st.brilliantCount), Predicted: fmt.Sprint(BrilliantClaimedAnswer)})
			}
			out = append(out, *st.brilliant)
		}
	}
	if st.p.Mults {
		a := st.p.Mult
		var mo []Result
		st.ftp.closeRange()
		mo = append(mo, *st.ftp)
		if st.schwenk != nil {
			st.schwenk.closeRange()
			mo = append(mo, *st.schwenk)
		} else {
			mo = append(mo, notRun(multID("SCHWENK-strategy", a), schwenkSource, "", "no breakpoint or dense table"))
		}
		r52 := *st.lrs52
		r52.ID = multID("LRS-5.2", a)
		r52.Source = lrsSource + ", Theorem 5.2, put for multiplier a"
		mo = append(mo, r52)
		lo, up := st.growth(a, multID("LRS-5.3-step", a), multID("LRS-conj-upper", a),
			lrsSource+", Theorem 5.3 (its proof's step), put for multiplier a", lrsSource+", closing conjecture, put for multiplier a",
			"G(n + ceil(n/a)) >= G(n) + 1 for n >= 1", "G(n + ceil(n/a)) <= G(n) + 2 for n >= 1", "every n with n + ceil(n/a) <= N")
		mo = append(mo, lo, up)
		for i := range mo {
			mo[i].Mult = a.String()
		}
		out = append(out, mo...)
	}
	return out
}

// growth checks G(m) >= G(n) + 1 and G(m) <= G(n) + 2, m = n + ceil(n/a),
// for every n >= 1 with m <= N, on the runs of G, with the distribution of
// G(m) - G(n) overall and by decade. Both n and m move forward, so each
// finds its run by moving a pointer.
func (st *streamState) growth(a grundy.Multiplier, loID, upID, loSrc, upSrc, loStmt, upStmt, cells string) (Result, Result) {
	lo := newResult(loID, loSrc, loStmt)
	up := newResult(upID, upSrc, upStmt)
	if st.tooMany {
		why := fmt.Sprintf("G(n) changes more than %d times on 0..%d (Theorem 5.2 would allow one change per value, at most %d)", maxRuns, st.N, grundy.MaxStartValue)
		return notRun(loID, loSrc, loStmt, why), notRun(upID, upSrc, upStmt, why)
	}
	N := st.N
	top := lastStep(a, 0, N, N)
	d := Domain{From: 1, To: top, Cells: cells}
	lo.Domain, up.Domain = d, d
	// dist and first by difference G(m) - G(n), which may be anything
	// in -65535..65535 on corrupt data.
	dist := map[int]int64{}
	first := map[int]int64{}
	var decades decadeTable
	runs := st.runs
	i, j := 0, 0 // runs[i] holds n, runs[j] holds m
	for n := int64(1); n <= top; {
		for i+1 < len(runs) && runs[i+1].from <= n {
			i++
		}
		m := n + int64(a.MinRemoval(int(n)))
		for j+1 < len(runs) && runs[j+1].from <= m {
			j++
		}
		// Every n up to the end of runs[i] whose m stays in runs[j] has
		// the same difference: count them at once.
		nEnd := top
		if i+1 < len(runs) {
			nEnd = min(nEnd, runs[i+1].from-1)
		}
		if j+1 < len(runs) {
			nEnd = lastStep(a, n, nEnd, runs[j+1].from-1)
		}
		gn, gm := runs[i].g, runs[j].g
		diff := int(gm) - int(gn)
		count := nEnd - n + 1
		if dist[diff] == 0 {
			first[diff] = n
		}
		dist[diff] += count
		decades.addRange(n, nEnd, diff)
		lo.Cases += count
		up.Cases += count
		if diff < 1 || diff > 2 {
			mk := func(k int64) Counterexample {
				m := k + int64(a.MinRemoval(int(k)))
				c := Counterexample{N: k, Computed: fmt.Sprintf("G(%d) = %d, G(%d) = %d", k, gn, m, gm)}
				if diff < 1 {
					c.Predicted = fmt.Sprintf("G(%d) >= %d", m, int(gn)+1)
				} else {
					c.Predicted = fmt.Sprintf("G(%d) <= %d", m, int(gn)+2)
				}
				return c
			}
			if diff < 1 {
				lo.failRange(mk, n, nEnd)
			} else {
				up.failRange(mk, n, nEnd)
			}
		}
		n = nEnd + 1
	}
	var diffs []map[string]int64
	for _, k := range slices.Sorted(maps.Keys(dist)) {
		diffs = append(diffs, map[string]int64{"difference": int64(k), "count": dist[k], "first_n": first[k]})
	}
	up.Stats = map[string]any{"differences": diffs, "by_decade": decades.rows()}
	lo.closeRange()
	up.closeRange()
	return *lo, *up
}

// lastStep is the largest n in [lo, hi] with n + ceil(n/a) <= lim, or lo
// if there is none; n + ceil(n/a) increases with n.
func lastStep(a grundy.Multiplier, lo, hi, lim int64) int64 {
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if mid+int64(a.MinRemoval(int(mid))) <= lim {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// conjStats adds to the conjecture's lower half the statistics of the
// start values: the distribution (as up.Stats has it), h(g) and its
// ratios, and the log fit.
func (st *streamState) conjStats(lo *Result) {
	var h []int64
	for _, r := range st.runs {
		if int(r.g) == len(h) {
			h = append(h, r.from)
		}
	}
	ratios := make([]float64, 0, len(h))
	for g := 1; g+1 < len(h); g++ {
		ratios = append(ratios, float64(h[g+1])/float64(h[g]))
	}
	alpha, beta, rms, maxRes, maxAt := st.fitLog()
	lo.Stats = map[string]any{
		"h":                h,
		"h_ratio":          ratios,
		"fit_alpha":        alpha,
		"fit_beta":         beta,
		"fit_rms_residual": rms,
		"fit_max_residual": maxRes,
		"fit_max_at_n":     maxAt,
		"fit_range":        fmt.Sprintf("1 <= n <= %d", st.N),
	}
}

// fitLog is the least-squares fit G(n) ~ alpha ln n + beta over
// 1 <= n <= N from the pass's sums; the largest residual is at an end of a
// run of G, where it is evaluated.
func (st *streamState) fitLog() (alpha, beta, rms, maxRes float64, maxAt int64) {
	N := st.N
	if N < 2 || st.tooMany {
		return 0, 0, 0, 0, 0
	}
	f := st.fit
	m := float64(N)
	alpha = (m*f.sxy - f.sx*f.sy) / (m*f.sxx - f.sx*f.sx)
	beta = (f.sy - alpha*f.sx) / m
	ss := f.syy - 2*alpha*f.sxy - 2*beta*f.sy + alpha*alpha*f.sxx + 2*alpha*beta*f.sx + beta*beta*m
	rms = math.Sqrt(max(ss, 0) / m)
	for i, r := range st.runs {
		end := N
		if i+1 < len(st.runs) {
			end = st.runs[i+1].from - 1
		}
		for _, n := range []int64{max(r.from, 1), end} {
			if n < 1 || n > end {
				continue
			}
			res := float64(r.g) - (alpha*math.Log(float64(n)) + beta)
			if math.Abs(res) > math.Abs(maxRes) || (math.Abs(res) == math.Abs(maxRes) && n < maxAt) {
				maxRes, maxAt = res, n
			}
		}
	}
	return alpha, beta, rms, maxRes, maxAt
}
