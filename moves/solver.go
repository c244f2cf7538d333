package moves

import (
	"context"
	"errors"
	"fmt"

	"fibnim/grundy"
	"fibnim/grundyproof"
	"fibnim/table"
)

// Move is one move of the game: removing Take tokens leads to To, a
// position of value Value.
type Move struct {
	Take  int
	To    grundy.Position
	Value int
}

// ErrNoCells is returned for a question a saved table cannot answer: its
// value needs a cell (n, r) that the table does not hold, or, for moves,
// the cells the moves lead to. A table of start values only holds (n, n-1)
// and (n, n).
var ErrNoCells = errors.New("moves: the table does not hold the cells this needs")

// Solver answers questions about the positions of one multiplier from one
// source of values. Like table.Table, it is not safe for concurrent use.
type Solver struct {
	a     grundy.Multiplier
	n     int           // the largest pile the source covers
	tab   *table.Table  // a saved table, or nil
	dense *grundy.Table // the dense engine's table, or nil

	// The proved automata, for the heaps beyond tab and dense
	// (automata.go): the results folder that holds them, loaded once.
	root      string
	opt       OpenOptions
	autoTried bool
	auto      *grundyproof.Folder
	cands     []grundyproof.Candidate
	autoErr   error
	mover     *grundyproof.Mover
}

// FromTable answers from a saved table: from its breakpoint files, or
// where the run wrote none, from dense.parquet up to its last row and from
// the start values for the starting positions above it. Close closes t.
func FromTable(t *table.Table) *Solver { return &Solver{a: t.Mult(), n: t.N(), tab: t} }

// FromDense answers from a table of the dense engine.
func FromDense(t *grundy.Table) *Solver { return &Solver{a: t.Mult, n: t.N, dense: t} }

// Mult is the multiplier a of the game.
func (s *Solver) Mult() grundy.Multiplier { return s.a }

// N is the largest pile size the source covers.
func (s *Solver) N() int { return s.n }

// Close closes the saved table, if the solver reads one.
func (s *Solver) Close() error {
	if s.tab != nil {
		return s.tab.Close()
	}
	return nil
}

// Source says where the answers come from, in a few words: the table
// or the dense table (and the proved automata beyond them, once loaded).
func (s *Solver) Source() string {
	src := s.finiteSource()
	if s.auto != nil {
		a := fmt.Sprintf("the proved automata of %s (values 0..%d)", s.auto.Dir, s.auto.Proved)
		if src == "" {
			return a
		}
		return src + "; beyond it, " + a
	}
	return src
}

func (s *Solver) finiteSource() string {
	switch {
	case !s.finite():
		return ""
	case s.dense != nil:
		return fmt.Sprintf("the dense engine, n <= %d", s.n)
	case s.tab.HasBreakpoints():
		return fmt.Sprintf("the breakpoint files of %s, n <= %d", s.tab.Dir(), s.n)
	case s.tab.DenseN() >= 0:
		return fmt.Sprintf("%s: dense.parquet for n <= %d, start values for n <= %d", s.tab.Dir(), s.tab.DenseN(), s.n)
	}
	return fmt.Sprintf("the start values of %s, n <= %d", s.tab.Dir(), s.n)
}

// CellsTo is the largest n such that the solver holds every cell (m, c)
// with m <= n: N for the dense engine and for a table with breakpoint
// files, the last row of dense.parquet for a table without, and -1 for a
// table of start values only. The moves from (n, r) need the rows below
// n.
func (s *Solver) CellsTo() int {
	if !s.finite() {
		return -1
	}
	if s.dense != nil || s.tab.HasBreakpoints() {
		return s.n
	}
	return s.tab.DenseN()
}

func (s *Solver) check(p grundy.Position) error {
	if !p.Valid() {
		return fmt.Errorf("moves: %v is not a position: want 0 <= r <= n", p)
	}
	if !s.finite() {
		return fmt.Errorf("moves: %v: the solver has neither a table nor a dense table (HeapValues asks its proved automata)", p)
	}
	if p.N > s.n {
		return fmt.Errorf("moves: n = %d is past the table, which covers n <= %d", p.N, s.n)
	}
	return nil
}

// Value returns G(p).
func (s *Solver) Value(p grundy.Position) (int, error) {
	if err := s.check(p); err != nil {
		return 0, err
	}
	if s.dense != nil {
		return s.dense.At(p.N, p.R), nil
	}
	g, err := s.tab.Value(p.N, p.R)
	if err != nil && p.N > s.CellsTo() {
		err = fmt.Errorf("%w: %v", ErrNoCells, err)
	}
	return g, err
}

// Values returns G(p) for every position of ps, in the order given: from
// a saved table in one pass over its files (table.Table.Values).
func (s *Solver) Values(ctx context.Context, ps []grundy.Position) ([]int, error) {
	for _, p := range ps {
		if err := s.check(p); err != nil {
			return nil, err
		}
	}
	if s.dense != nil {
		out := make([]int, len(ps))
		for i, p := range ps {
			out[i] = s.dense.At(p.N, p.R)
		}
		return out, nil
	}
	vs, err := s.tab.Values(ctx, ps)
	if err != nil && ctx.Err() == nil {
		for _, p := range ps {
			if p.N > s.CellsTo() {
				return nil, fmt.Errorf("%w: %v", ErrNoCells, err)
			}
		}
	}
	return vs, err
}

// Options returns every move from p, removing 1, 2, ..., p.R tokens, with
// the value of the position each leads to: p.R moves.
func (s *Solver) Options(ctx context.Context, p grundy.Position) ([]Move, error) {
	if err := s.check(p); err != nil {
		return nil, err
	}
	ms := make([]Move, p.R)
	ps := make([]grundy.Position, p.R)
	for k := 1; k <= p.R; k++ {
		ms[k-1] = Move{Take: k, To: p.After(s.a, k)}
		ps[k-1] = ms[k-1].To
	}
	vs, err := s.Values(ctx, ps)
	if err != nil {
		return nil, err
	}
	for i := range ms {
		ms[i].Value = vs[i]
	}
	return ms, nil
}

// WinningMoves returns every move from p to a position of value 0, by
// increasing Take: none where p is a second-player win (G(p) = 0).
func (s *Solver) WinningMoves(ctx context.Context, p grundy.Position) ([]Move, error) {
	return s.MovesTo(ctx, p, 0)
}

// window bounds the rows MovesTo reads from a saved table at once: two
// columns of 2^20 uint32, 8 MiB.
var window = 1 << 20

// MovesTo returns every move from p to a position of value g, by
// increasing Take. From a table with breakpoint files it reads R_g and
// R_{g+1} on the rows the moves reach, n-r..n-1, a window at a time: the
// move removing k reaches (m, c), m = n-k, of value g exactly when
// R_g(m) <= c < R_{g+1}(m). It stops when ctx is done, between windows.
func (s *Solver) MovesTo(ctx context.Context, p grundy.Position, g int) ([]Move, error) {
	if err := s.check(p); err != nil {
		return nil, err
	}
	if g < 0 || p.R == 0 {
		return nil, nil
	}
	var ms []Move
	switch {
	case s.dense != nil:
		for k := 1; k <= p.R; k++ {
			if q := p.After(s.a, k); s.dense.At(q.N, q.R) == g {
				ms = append(ms, Move{Take: k, To: q, Value: g})
			}
		}
	case s.tab.HasBreakpoints():
		for k0 := 1; k0 <= p.R; k0 += window {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			k1 := min(k0+window-1, p.R)
			lo, hi := p.N-k1, p.N-k0 // the rows that k in [k0, k1] reach
			var at []uint32          // R_0 = 0: nil for g = 0
			if g > 0 {
				var err error
				if at, err = s.tab.Column(g, lo, hi); err != nil {
					return nil, err
				}
			}
			above, err := s.tab.Column(g+1, lo, hi)
			if err != nil {
				return nil, err
			}
			for k := k0; k <= k1; k++ {
				q := p.After(s.a, k)
				c := uint32(q.R)
				if (at == nil || at[q.N-lo] <= c) && c < above[q.N-lo] {
					ms = append(ms, Move{Take: k, To: q, Value: g})
				}
			}
		}
	case p.N-1 <= s.tab.DenseN(): // every row below n is in dense.parquet
		for k := 1; k <= p.R; k++ {
			if k%window == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			q := p.After(s.a, k)
			v, err := s.tab.Value(q.N, q.R)
			if err != nil {
				return nil, err
			}
			if v == g {
				ms = append(ms, Move{Take: k, To: q, Value: g})
			}
		}
	default:
		return nil, fmt.Errorf("%w: the moves from %v lead to rows up to %d, but %s holds no breakpoint files and its cells stop at n = %d", ErrNoCells, p, p.N-1, s.tab.Dir(), s.tab.DenseN())
	}
	return ms, nil
}
