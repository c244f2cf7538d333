package conjectures

import (
	"context"
	"fmt"

	"fibnim/grundy"
	"fibnim/moves"
	"fibnim/table"
)

// pe366Source names the problem; its text is not in ../shared/papers.
const pe366Source = `Project Euler, problem 366 "Stone Game III" (https://projecteuler.net/problem=366; an outside regression value, not in ../shared/papers)`

// PE366PublishedSum is the sum that Project Euler problem 366 publishes in
// its statement: "∑M(n) for n≤100 is 728", where M(n) is "the maximum
// number of stones the first player can take from a winning position at
// his first turn and M(n)=0 for any other position". Its game is Fibonacci
// nim from the starting pile (n, n-1): "The first player may remove any
// positive number of stones, but not the whole pile. Thereafter, each
// player may remove at most twice the number of stones his opponent took
// on the previous move." Transcribed from the problem page.
const PE366PublishedSum = 728

// Project Euler 366 from the winning first moves of a = 2.
func init() {
	register(&Check{
		Order:      800,
		Statements: []Statement{{ID: "PE366", Scope: Fibonacci, Source: pe366Source, Text: pe366Statement()}},
		Reads:      Cells,
		Streams:    "not streamed: the winning first moves of the starting piles n <= 100 (package moves, from the cells of the table of a = 2)",
		cells:      func(sm *StartMoves) Result { return CheckPE366(sm.Moves) },
	})
}

// pe366N is the last pile of the published sum.
const pe366N = 100

// CheckPE366 sums M(n), the largest winning first move from (n, n-1) (0
// where there is none), over 1 <= n <= 100, from the winning first moves
// the pipeline computed (start[n], as moves.Solver.StartMoves gives them,
// for n up to at least 100), and compares the sum with the published one.
func CheckPE366(start [][]moves.Move) Result {
	st := statement("PE366", Fibonacci)
	if len(start) <= pe366N {
		return st.notRun(grundy.Multiplier{}, fmt.Sprintf("needs the winning moves of the starting piles up to n = %d; data covers n <= %d", pe366N, len(start)-1))
	}
	r := st.result(grundy.Multiplier{})
	r.Domain = Domain{From: 1, To: pe366N, Cells: "every starting pile (n, n-1)"}
	M := make([]int, pe366N)
	sum := 0
	for n := 1; n <= pe366N; n++ {
		r.Cases++
		for _, m := range start[n] {
			M[n-1] = max(M[n-1], m.Take)
		}
		sum += M[n-1]
	}
	M64 := make([]int64, len(M))
	for i, m := range M {
		M64[i] = int64(m)
	}
	r.setStats(PE366Stats{Sum: int64(sum), M: M64})
	if sum != PE366PublishedSum {
		r.fail(Counterexample{N: pe366N, Computed: fmt.Sprintf("sum of M(n), n <= %d: %d", pe366N, sum), Predicted: fmt.Sprint(PE366PublishedSum)})
	}
	return *r
}

// startMovesN is the last starting pile whose winning first moves Verify
// lists (tables/winning_moves.csv).
const startMovesN = 10000

// StartMoves is what Verify found about the winning first moves of the
// starting piles (n, n-1) of a = 2.
type StartMoves struct {
	// Moves[n] lists every winning move from (n, n-1), by increasing
	// Take, for n <= min(10^4, N of the table).
	Moves [][]moves.Move
	// Decades counts them for every n <= TallyN (the table's N, or the
	// last row of dense.parquet), from R_1 alone.
	Decades []moves.Decade
	TallyN  int
	Source  string // the table folder
}

// listStartMoves lists the winning first moves of the starting piles
// n <= min(10^4, N) of the open table t (a = 2) from its cells. It returns
// nil where the table holds no cells (start values only).
func listStartMoves(ctx context.Context, t *table.Table) (*StartMoves, error) {
	s := moves.FromTable(t)
	top := min(startMovesN, s.CellsTo())
	if top < 1 {
		return nil, nil
	}
	sm := &StartMoves{Source: t.Dir()}
	var err error
	if sm.Moves, err = s.StartMoves(ctx, top); err != nil {
		return nil, err
	}
	return sm, nil
}

// listBeside runs listStartMoves on t. For a table with breakpoint files,
// whose page lookups read the files beside the pass over them (each
// lookup its own pages, in a cache of its own: no state shared with the
// pass), it runs on a goroutine of its own from now on; otherwise when
// list is called. list gives the moves; stop, deferred by the caller,
// ends the goroutine before the table is closed.
func listBeside(ctx context.Context, t *table.Table) (list func() (*StartMoves, error), stop func()) {
	if !t.HasBreakpoints() {
		return func() (*StartMoves, error) { return listStartMoves(ctx, t) }, func() {}
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	var sm *StartMoves
	var err error
	go func() {
		defer close(done)
		sm, err = listStartMoves(ctx, t)
	}()
	return func() (*StartMoves, error) { <-done; return sm, err }, func() { cancel(); <-done }
}

// countStartMoves counts the winning first moves of the starting piles of
// t by decade into sm (listStartMoves's; nil: nothing to do), and checks
// that the counts agree with the moves sm lists. The counts come from
// tally where the pass over the table fed it R_1 (a table with breakpoint
// files), and are otherwise read from the table (moves.TallyStartMoves).
func countStartMoves(ctx context.Context, t *table.Table, sm *StartMoves, tally *startTally) error {
	if sm == nil {
		return nil
	}
	dir := t.Dir()
	top := len(sm.Moves) - 1
	var differ error
	visit := func(n, c int) {
		if n <= top && c != len(sm.Moves[n]) && differ == nil {
			differ = fmt.Errorf("%s: the winning first moves from (%d, %d) number %d from the cells but %d from R_1: the table is inconsistent", dir, n, n-1, len(sm.Moves[n]), c)
		}
	}
	var err error
	if tally != nil {
		sm.Decades, sm.TallyN, err = tally.Result()
		if err != nil {
			err = fmt.Errorf("%s: %w", dir, err)
		}
		for n := 1; n < len(tally.counts) && err == nil; n++ {
			visit(n, tally.counts[n])
		}
	} else {
		sm.Decades, sm.TallyN, err = moves.TallyStartMoves(ctx, t, visit)
	}
	if err == nil {
		err = differ
	}
	return err
}

// startTally counts the winning first moves of the starting piles of a
// table from R_1 as the pass over it reads R_1 from breakpoint file 1
// (moves.StartTally; window is the pass's hook), so that the tally does
// not read the file again. It keeps the counts of n <= startMovesN, for
// countStartMoves to compare with the moves it lists from the cells.
type startTally struct {
	*moves.StartTally
	counts []int // counts[n] for n <= min(startMovesN, N)
	dir    string
}

// newStartTally counts the winning first moves of multiplier a from R_1
// of rows 1..N of the table folder dir.
func newStartTally(a grundy.Multiplier, N int, dir string) *startTally {
	st := &startTally{counts: make([]int, min(startMovesN, N)+1), dir: dir}
	st.StartTally = moves.NewStartTally(a, N, func(n, c int) {
		if n < len(st.counts) {
			st.counts[n] = c
		}
	})
	return st
}

// window takes R_1 of the rows of w (w.R[0]).
func (st *startTally) window(w table.Window) error {
	for i, r := range w.R[0] {
		if m := w.Lo + i; m >= 1 {
			if err := st.Row(m, r); err != nil {
				return fmt.Errorf("%s: %w", st.dir, err)
			}
		}
	}
	return nil
}

func pe366Statement() string {
	return fmt.Sprintf("the sum over 1 <= n <= %d of M(n), the largest winning first move from (n, n-1) (0 where there is none), is %d", pe366N, PE366PublishedSum)
}
