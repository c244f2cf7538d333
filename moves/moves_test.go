package moves

import (
	"context"
	"errors"
	"fibnim/tablebuild"
	"math/rand/v2"
	"reflect"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"fibnim/grundy"
	"fibnim/internal/tablewrite"
	"fibnim/table"
)

// testMults are the multipliers the exactness tests run on.
var testMults = []string{"2", "3/2", "5/2", "3", "7/2"}

// saved writes a table folder of multiplier a to N under a fresh root:
// with its breakpoint files (and dense.parquet to 100), or, with
// breakpoints false, start values and dense.parquet to denseMax (none if
// denseMax < 0).
func saved(t *testing.T, N int, a grundy.Multiplier, breakpoints bool, denseMax int) *table.Table {
	t.Helper()
	root := t.TempDir()
	dir := table.Dir(root, a)
	if breakpoints {
		if _, err := tablebuild.Run(context.Background(), tablebuild.Config{Root: root, N: N, Mult: a, Engine: tablebuild.EngineBreakpoint, Workers: 2, Breakpoints: true, DenseMax: 100, Revision: "test"}); err != nil {
			t.Fatal(err)
		}
	} else {
		tab, _ := grundy.Dense(N, a, 2)
		cells := tab
		if denseMax < 0 {
			cells = nil
		}
		if err := tablewrite.WriteDenseTable(context.Background(), dir, tablewrite.Meta("dense", N, a, denseMax, "test"), N, tab.Start, tab.Full, cells, denseMax); err != nil {
			t.Fatal(err)
		}
	}
	tb, err := table.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tb.Close() })
	return tb
}

// bruteMoves lists the moves from p to value g by the oracle's values.
func bruteMoves(brute [][]int, a grundy.Multiplier, p grundy.Position, g int) []int {
	var ks []int
	for k := 1; k <= p.R; k++ {
		if q := p.After(a, k); brute[q.N][q.R] == g {
			ks = append(ks, k)
		}
	}
	return ks
}

func takes(ms []Move) []int {
	var ks []int
	for _, m := range ms {
		ks = append(ks, m.Take)
	}
	return ks
}

// Every answer of a solver, from the dense engine, from breakpoint files
// (read a few rows at a time), from dense.parquet, equals the brute-force
// oracle on every position n <= 80, for every multiplier of testMults.
func TestSolversEqualBrute(t *testing.T) {
	const N = 80
	defer func(w int) { window = w }(window)
	window = 7 // several windows per move list
	ctx := context.Background()
	for _, mult := range testMults {
		a, _ := grundy.ParseMultiplier(mult)
		brute := grundy.Brute(N, a.Rat())
		tab, _ := grundy.Dense(N, a, 2)
		solvers := map[string]*Solver{
			"dense engine":     FromDense(tab),
			"breakpoints":      FromTable(saved(t, N, a, true, 0)),
			"dense.parquet":    FromTable(saved(t, N, a, false, N)),
			"dense by Dense()": nil,
		}
		s, err := Dense(ctx, N, a, 1)
		if err != nil {
			t.Fatal(err)
		}
		solvers["dense by Dense()"] = s
		for name, s := range solvers {
			if s.CellsTo() != N || s.N() != N || s.Mult() != a {
				t.Fatalf("a=%s %s: CellsTo %d, N %d, Mult %s", a, name, s.CellsTo(), s.N(), s.Mult())
			}
			for n := 0; n <= N; n++ {
				for r := 0; r <= n; r++ {
					p := grundy.Position{N: n, R: r}
					v, err := s.Value(p)
					if err != nil || v != brute[n][r] {
						t.Fatalf("a=%s %s: G%v = %d, %v; brute force %d", a, name, p, v, err, brute[n][r])
					}
					for g := 0; g <= v+1; g++ {
						ms, err := s.MovesTo(ctx, p, g)
						if err != nil {
							t.Fatal(err)
						}
						if want := bruteMoves(brute, a, p, g); !slices.Equal(takes(ms), want) {
							t.Fatalf("a=%s %s: moves from %v to value %d: %v; brute force %v", a, name, p, g, takes(ms), want)
						}
						for _, m := range ms {
							if m.To != p.After(a, m.Take) || m.Value != g {
								t.Fatalf("a=%s %s: move %+v from %v", a, name, m, p)
							}
						}
						if g < v && len(ms) == 0 {
							t.Fatalf("a=%s %s: G%v = %d but no move to %d", a, name, p, v, g)
						}
					}
					if n%9 == 0 {
						opts, err := s.Options(ctx, p)
						if err != nil || len(opts) != r {
							t.Fatalf("a=%s %s: %d options of %v, %v", a, name, len(opts), p, err)
						}
						for _, o := range opts {
							if o.To != p.After(a, o.Take) || o.Value != brute[o.To.N][o.To.R] {
								t.Fatalf("a=%s %s: option %+v of %v; brute force value %d", a, name, o, p, brute[o.To.N][o.To.R])
							}
						}
					}
				}
			}
		}
	}
}

// In a sum of local piles, the nim-sum is the XOR of the piles' values,
// and SumMoves finds exactly the moves after which the brute-force nim-sum
// is 0, from each source.
func TestSumMovesEqualBrute(t *testing.T) {
	const N = 60
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(24, 27))
	for _, mult := range testMults {
		a, _ := grundy.ParseMultiplier(mult)
		brute := grundy.Brute(N, a.Rat())
		tab, _ := grundy.Dense(N, a, 2)
		for _, s := range []*Solver{FromDense(tab), FromTable(saved(t, N, a, true, 0))} {
			for range 300 {
				ps := make([]grundy.Position, 1+rng.IntN(4))
				want := 0
				for i := range ps {
					n := rng.IntN(N + 1)
					ps[i] = grundy.Position{N: n, R: rng.IntN(n + 1)}
					want ^= brute[ps[i].N][ps[i].R]
				}
				values, sum, err := s.NimSum(ctx, ps)
				if err != nil || sum != want {
					t.Fatalf("a=%s: nim-sum of %v = %d, %v; brute force %d", a, ps, sum, err, want)
				}
				got, err := s.SumMoves(ctx, ps, values)
				if err != nil {
					t.Fatal(err)
				}
				var all []SumMove // every move of every pile that zeroes the sum
				for i, p := range ps {
					for k := 1; k <= p.R; k++ {
						q := p.After(a, k)
						if want^brute[p.N][p.R]^brute[q.N][q.R] == 0 {
							all = append(all, SumMove{Pile: i, Move: Move{Take: k, To: q, Value: brute[q.N][q.R]}})
						}
					}
				}
				if !reflect.DeepEqual(got, all) && len(got)+len(all) > 0 {
					t.Fatalf("a=%s: moves that zero %v: %v; brute force %v", a, ps, got, all)
				}
				if (sum == 0) != (len(got) == 0) {
					t.Fatalf("a=%s: nim-sum %d with %d zeroing moves", a, sum, len(got))
				}
				one, ok, err := s.SumMove(ctx, ps, values)
				if err != nil || ok != (sum != 0) || (ok && !slices.Contains(got, one)) {
					t.Fatalf("a=%s: SumMove gives %v, %v, %v; all: %v", a, one, ok, err, got)
				}
				if ok && one.Value >= values[one.Pile] {
					t.Fatalf("a=%s: SumMove %v does not lower its pile's value %d", a, one, values[one.Pile])
				}
			}
		}
	}
}

// Project Euler, problem 366 ("Stone Game III",
// https://projecteuler.net/problem=366), on Fibonacci nim from (n, n-1):
// "E.g. when n=17 the first player can remove one or four stones", and
// "5 is a losing position for the first player".
func TestProjectEuler366Examples(t *testing.T) {
	ctx := context.Background()
	tab, _ := grundy.Dense(100, grundy.Fibonacci, 2)
	for _, s := range []*Solver{FromDense(tab), FromTable(saved(t, 100, grundy.Fibonacci, true, 0))} {
		ms, err := s.WinningMoves(ctx, grundy.Start(17))
		if err != nil || !slices.Equal(takes(ms), []int{1, 4}) {
			t.Errorf("%s: winning moves from (17, 16): %v, %v; Project Euler 366: remove one or four", s.Source(), takes(ms), err)
		}
		if ms, err := s.WinningMoves(ctx, grundy.Start(5)); err != nil || len(ms) != 0 {
			t.Errorf("%s: winning moves from (5, 4): %v, %v; Project Euler 366: a losing position", s.Source(), takes(ms), err)
		}
	}
}

// The winning first moves of every starting pile, listed from a table's
// breakpoint files (R_1 read once), equal those the dense engine's cells
// give, move by move, for every multiplier of testMults.
func TestStartMovesEqualDense(t *testing.T) {
	const N = 1500
	ctx := context.Background()
	for _, mult := range testMults {
		a, _ := grundy.ParseMultiplier(mult)
		tab, _ := grundy.Dense(N, a, 2)
		want, err := FromDense(tab).StartMoves(ctx, N)
		if err != nil {
			t.Fatal(err)
		}
		got, err := FromTable(saved(t, N, a, true, 0)).StartMoves(ctx, N)
		if err != nil {
			t.Fatal(err)
		}
		for n := range want {
			if !slices.Equal(got[n], want[n]) {
				t.Fatalf("a = %s: the winning first moves from (%d, %d): %v from the table, %v from the dense engine", a, n, n-1, got[n], want[n])
			}
		}
	}
}

// The tally of winning first moves from R_1 alone equals the moves
// StartMoves finds from every cell, for every starting pile and every
// multiplier of testMults, from breakpoint files and from dense.parquet.
func TestTallyEqualsStartMoves(t *testing.T) {
	ctx := context.Background()
	for _, mult := range testMults {
		a, _ := grundy.ParseMultiplier(mult)
		for _, tb := range []*table.Table{saved(t, 3000, a, true, 0), saved(t, 700, a, false, 700)} {
			s := FromTable(tb)
			N := s.CellsTo()
			all, err := s.StartMoves(ctx, N)
			if err != nil {
				t.Fatal(err)
			}
			seen := 0
			decades, top, err := TallyStartMoves(ctx, tb, func(n, c int) {
				if c != len(all[n]) {
					t.Fatalf("a=%s: the tally gives %d winning first moves from (%d, %d); StartMoves %v", a, c, n, n-1, takes(all[n]))
				}
				seen++
			})
			if err != nil || top != N || seen != N {
				t.Fatalf("a=%s: tallied %d of %d rows to %d, %v", a, seen, N, top, err)
			}
			var piles, wins, multiple int64
			for n := 1; n <= N; n++ {
				piles++
				if len(all[n]) > 0 {
					wins++
				}
				if len(all[n]) > 1 {
					multiple++
				}
			}
			var dp, dw, dm int64
			for i, d := range decades {
				dp, dw, dm = dp+d.Piles, dw+d.Wins, dm+d.Multiple
				if d.Piles != d.To-d.From+1 || (i > 0 && d.From != decades[i-1].To+1) {
					t.Fatalf("a=%s: decade %+v", a, d)
				}
				if d.Most > 0 && len(all[d.MostAt]) != d.Most {
					t.Fatalf("a=%s: decade %+v, but n = %d has %d winning moves", a, d, d.MostAt, len(all[d.MostAt]))
				}
			}
			if dp != piles || dw != wins || dm != multiple {
				t.Fatalf("a=%s: decades sum to %d, %d, %d; want %d, %d, %d", a, dp, dw, dm, piles, wins, multiple)
			}
		}
	}
}

// A table of start values only answers the value of a starting pile, and
// says that it cannot answer its moves.
func TestStartValuesOnly(t *testing.T) {
	const N = 500
	ctx := context.Background()
	tab, _ := grundy.Dense(N, grundy.Fibonacci, 2)
	s := FromTable(saved(t, N, grundy.Fibonacci, false, -1))
	for n := 1; n <= N; n++ {
		if v, err := s.Value(grundy.Start(n)); err != nil || v != tab.Start(n) {
			t.Fatalf("G(%d, %d) = %d, %v; dense engine %d", n, n-1, v, err, tab.Start(n))
		}
	}
	if _, err := s.WinningMoves(ctx, grundy.Start(N)); !errors.Is(err, ErrNoCells) {
		t.Errorf("moves from a table of start values: %v", err)
	}
	if _, err := s.Value(grundy.Position{N: N, R: 3}); !errors.Is(err, ErrNoCells) {
		t.Errorf("a cell of a table of start values: %v", err)
	}
	if _, _, err := TallyStartMoves(ctx, s.tab, nil); !errors.Is(err, ErrNoCells) {
		t.Errorf("a tally without R_1: %v", err)
	}
}

// Dense returns as soon as its context is done, before the engine ends.
func TestDenseStopsWhenCancelled(t *testing.T) {
	ended := make(chan struct{})
	denseDone = func() { close(ended) }
	defer func() { denseDone = nil }()
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(20 * time.Millisecond); cancel() }()
	_, err := Dense(ctx, 12000, grundy.Fibonacci, 1) // about a second of work on one core
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Dense: %v, want context.Canceled", err)
	}
	select {
	case <-ended:
		t.Skip("the engine ended before the cancellation was seen; this machine is too fast for the test")
	default: // returned while the engine still ran
	}
	<-ended // let the engine finish before the next test
}

// OpenWith tells of the dense table it fills: its last row, as the
// engine starts, and the rows filled, N+1 once it is done.
func TestOpenWithCountsDenseRows(t *testing.T) {
	ctx := context.Background()
	var N int
	var rows *atomic.Int64
	s, err := OpenWith(ctx, t.TempDir(), grundy.Fibonacci, []grundy.Position{grundy.Start(700), {N: 300, R: 5}}, OpenOptions{
		Dense: func(n int, r *atomic.Int64) { N, rows = n, r },
	})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if N != 700 || rows == nil || rows.Load() != 701 {
		t.Errorf("dense table told: N = %d, rows %v; want 700 and 701 rows", N, rows)
	}
}
