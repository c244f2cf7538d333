package moves

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"sync/atomic"

	"fibnim/grundy"
	"fibnim/grundyproof"
	"fibnim/table"
)

// The proved automata as a source beside the tables and the dense engine:
// the classes S_0..S_K of a results folder (package grundyproof), which
// hold the positions of values 0..K for all n. A heap that no table and
// no dense run reaches is answered from them when its value is at most K,
// and otherwise as "G >= K+1"; never with a value they do not prove.

// OpenHeaps returns a solver for the heaps hs of multiplier a, of any
// size. The saved table under root and the dense engine answer the heaps
// they reach, as [OpenWith] picks them: all of hs where it answers them
// all; else those up to the larger of the saved table's N and MaxDenseN
// (the dense engine); else those up to the smaller. The other heaps are
// answered by the proved automata of root ([grundyproof.LoadBest]: of
// ROOT/automata/mult=A, ROOT/multipliers/automata/mult=A and
// ROOT/heavy/automata/mult=A, the folder that proves the most values),
// loaded now; so are the moves that the table does not hold (a table of
// start values), the automata then loaded when first asked. opt.Step, if
// not nil, is told of each step that may take a while (loading the
// automata, building the moves into a class). A heap whose value is above
// the proved K is answered as such ([Answer]), never with a value.
// Errors: a damaged table (table.Open), and where some heap needs the
// automata, a [*BeyondError]: why they do not load, after the fact that
// no table answers. The solver must be closed.
func OpenHeaps(ctx context.Context, root string, a grundy.Multiplier, hs []Heap, opt OpenOptions) (*Solver, error) {
	var ps []grundy.Position
	for _, h := range hs {
		if !h.Valid() {
			return nil, fmt.Errorf("moves: %v is not a position: want 0 <= r <= n", h)
		}
		if p, ok := h.Position(); ok {
			ps = append(ps, p)
		}
	}
	tableN := -1
	if t, err := table.Open(table.Dir(root, a)); err == nil {
		tableN = t.N()
		t.Close()
	}
	// The heaps that fit an int: all of them, else those up to the larger
	// of the table's N and MaxDenseN, else those up to the smaller (sets
	// that shrink with the limit: one of the size of the last tried is
	// the same set).
	var noSource error
	tried := -1
	var s *Solver
	for _, limit := range []int{math.MaxInt, max(tableN, MaxDenseN), min(tableN, MaxDenseN)} {
		var sub []grundy.Position
		for _, p := range ps {
			if p.N <= limit {
				sub = append(sub, p)
			}
		}
		if len(sub) == 0 || len(sub) == tried {
			continue
		}
		tried = len(sub)
		var err error
		s, err = OpenWith(ctx, root, a, sub, opt)
		if err == nil {
			break
		}
		if !errors.Is(err, ErrNoSource) {
			return nil, err
		}
		if noSource == nil {
			noSource = err
		}
	}
	if s == nil {
		s = &Solver{a: a, n: -1}
	}
	s.root, s.opt = root, opt
	for _, h := range hs {
		if _, ok := s.finiteValue(h); ok {
			continue
		}
		// This heap needs the automata: load them now, and say why.
		if _, err := s.automata(ctx); err != nil {
			s.Close()
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			e := &BeyondError{Automata: err}
			e.Fact = fmt.Sprintf("n = %s is beyond any table", shortNumber(h.N))
			var ns *NoSourceError
			if errors.As(noSource, &ns) {
				e.NoSource, e.Fact = ns, ns.Error()
			}
			return nil, e
		}
		break
	}
	return s, nil
}

// BeyondError is the error of [OpenHeaps] when a heap is beyond the table
// and the dense engine, and the proved automata do not load. It wraps
// both errors (errors.As finds the *NoSourceError, when an int heap had
// none, and the automata's, a *grundyproof.NoFolderError when the results
// folder holds none).
type BeyondError struct {
	Fact     string         // why no table answers
	NoSource *NoSourceError // nil where no heap fits a table
	Automata error
}

func (e *BeyondError) Error() string { return fmt.Sprintf("%s, and %v", e.Fact, e.Automata) }

// Unwrap gives the *NoSourceError (if any) and the automata's error.
func (e *BeyondError) Unwrap() []error {
	if e.NoSource == nil {
		return []error{e.Automata}
	}
	return []error{e.NoSource, e.Automata}
}

// FromAutomata answers every heap of multiplier f.System.A from the proved
// classes of the loaded folder f (grundyproof.Load, LoadBest): neither a
// table nor the dense engine, so the int API (Value, MovesTo, ...) has
// nothing to read; the heap API (HeapValues, HeapMovesTo, HeapSum)
// answers.
func FromAutomata(f *grundyproof.Folder) *Solver {
	return &Solver{a: f.System.A, n: -1, autoTried: true, auto: f, mover: f.Mover()}
}

// finite reports whether the solver has a table or a dense table.
func (s *Solver) finite() bool { return s.tab != nil || s.dense != nil }

// finiteValue returns h as a position, and whether the table or the
// dense table holds its value.
func (s *Solver) finiteValue(h Heap) (grundy.Position, bool) {
	p, ok := h.Position()
	if !ok || !s.finite() || p.N > s.n {
		return p, false
	}
	if p.N <= s.CellsTo() {
		return p, true
	}
	// A table of start values: (n, n-1), (n, n), and (n, 0) of value 0.
	return p, p.IsStart() || p.R == p.N || p.R == 0
}

// finiteMoves returns h as a position, and whether the table or the dense
// table holds the rows its moves reach.
func (s *Solver) finiteMoves(h Heap) (grundy.Position, bool) {
	p, ok := h.Position()
	return p, ok && s.finite() && p.N <= s.n && p.N-1 <= s.CellsTo()
}

// step tells opt.Step of a step that may take a while; call the result
// when it ends.
func (s *Solver) step(status func() string) func() {
	if s.opt.Step != nil {
		if done := s.opt.Step(status); done != nil {
			return done
		}
	}
	return func() {}
}

// automata loads the proved automata of the solver's results folder,
// once.
func (s *Solver) automata(ctx context.Context) (*grundyproof.Folder, error) {
	if s.autoTried {
		return s.auto, s.autoErr
	}
	if s.root == "" {
		return nil, errors.New("moves: the solver has no results folder whose automata would answer")
	}
	var status atomic.Pointer[string]
	say := func(format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		status.Store(&msg)
	}
	say("loading the proved automata of %s", s.root)
	done := s.step(func() string { return *status.Load() })
	f, cands, err := grundyproof.LoadBest(ctx, s.root, s.a, grundyproof.BestOptions{
		Progress: func(dir string, step, steps int) {
			if step == 0 {
				say("loading the proved automata of %s", dir)
			} else {
				say("proving the automata of %s again (its proof.json does not match its files): step %d of %d", dir, step, steps)
			}
		},
	})
	done()
	if ctx.Err() != nil {
		return nil, ctx.Err() // not kept: a later call may load them
	}
	s.autoTried, s.auto, s.cands, s.autoErr = true, f, cands, err
	if err == nil {
		s.mover = f.Mover()
	}
	return f, err
}

// Automata returns the proved automata the solver loaded and what it
// found in each folder it looked at (grundyproof.LoadBest): nil when no
// question needed them, or they did not load.
func (s *Solver) Automata() (*grundyproof.Folder, []grundyproof.Candidate) {
	return s.auto, s.cands
}

// Answer is what a solver knows of the value of one heap.
type Answer struct {
	// G is the value; with AtLeast, a lower bound.
	G int
	// AtLeast: the heap is in none of the proved classes S_0..S_K, so
	// only G(h) >= G = K+1 is known.
	AtLeast bool
	// Automata: the answer comes from the proved automata (Solver.Automata),
	// not from the table or the dense engine.
	Automata bool
}

// HeapValues answers the value of every heap of hs, in the order given:
// from the table or the dense table where they hold it (one pass over a
// saved table's files), else from the proved automata.
func (s *Solver) HeapValues(ctx context.Context, hs []Heap) ([]Answer, error) {
	out := make([]Answer, len(hs))
	var ps []grundy.Position
	var at []int
	for i, h := range hs {
		if !h.Valid() {
			return nil, fmt.Errorf("moves: %v is not a position: want 0 <= r <= n", h)
		}
		if p, ok := s.finiteValue(h); ok {
			ps = append(ps, p)
			at = append(at, i)
			continue
		}
		f, err := s.automata(ctx)
		if err != nil {
			return nil, err
		}
		out[i].Automata = true
		if g, ok := f.Query(h.N, h.R); ok {
			out[i].G = g
		} else {
			out[i].G, out[i].AtLeast = f.Proved+1, true
		}
	}
	if len(ps) > 0 {
		vs, err := s.Values(ctx, ps)
		if err != nil {
			return nil, err
		}
		for j, i := range at {
			out[i].G = vs[j]
		}
	}
	return out, nil
}

// HeapMove is a move of a heap: removing Take leads to To, of value Value.
type HeapMove struct {
	Take  *big.Int
	To    Heap
	Value int
}

// HeapMoves are the moves from a heap to a value: the first of them by
// increasing Take, and how many there are.
type HeapMoves struct {
	Value int
	Moves []HeapMove
	Count *big.Int
	// Automata: found by the proved automata (Solver.Automata).
	Automata bool
}

// HeapMovesTo returns the moves from h to a position of value g: the
// first limit of them by increasing Take, and their number. Where the
// table or the dense table holds the rows they reach, it reads them
// (MovesTo); else the proved automata find them (grundyproof.Mover: the k
// with 1 <= k <= r and v_g(n, k)), for g <= K; a value above K is an
// error. Without the automata, a table of start values gives ErrNoCells.
func (s *Solver) HeapMovesTo(ctx context.Context, h Heap, g, limit int) (HeapMoves, error) {
	out := HeapMoves{Value: g, Count: new(big.Int)}
	if !h.Valid() {
		return out, fmt.Errorf("moves: %v is not a position: want 0 <= r <= n", h)
	}
	if p, ok := s.finiteMoves(h); ok {
		ms, err := s.MovesTo(ctx, p, g)
		if err != nil {
			return out, err
		}
		out.Count.SetInt64(int64(len(ms)))
		for _, m := range ms[:min(len(ms), max(limit, 0))] {
			out.Moves = append(out.Moves, HeapMove{Take: big.NewInt(int64(m.Take)), To: HeapOf(m.To), Value: m.Value})
		}
		return out, nil
	}
	f, err := s.automata(ctx)
	if err != nil {
		if p, ok := h.Position(); ok && s.finite() && p.N <= s.n {
			// The table's own word on what it lacks (ErrNoCells).
			if _, merr := s.MovesTo(ctx, p, g); merr != nil {
				return out, fmt.Errorf("%w; and %v", merr, err)
			}
		}
		return out, err
	}
	if g < 0 || g > f.Proved {
		return out, fmt.Errorf("moves: the moves from %v to value %d: the proved automata of %s hold values 0..%d only", h, g, f.Dir, f.Proved)
	}
	what := fmt.Sprintf("the moves from a heap of %d digits into S_%d (automata)", len(h.N.String()), g)
	done := s.step(func() string { return what })
	set, err := s.mover.MovesTo(ctx, h.N, h.R, g)
	done()
	if err != nil {
		return out, err
	}
	out.Automata = true
	out.Count = set.Count()
	for _, k := range set.First(limit) {
		out.Moves = append(out.Moves, HeapMove{Take: k, To: h.After(s.a, k), Value: g})
	}
	return out, nil
}

// HeapSumAnswer is what a solver knows of a sum of heaps.
type HeapSumAnswer struct {
	Values []Answer
	// Decided: who wins is known. Every value is known (Unknown empty),
	// or exactly one heap's value is bounded, G >= K+1, above the nim-sum
	// x <= K of the others: the sum's nim-sum is then G XOR x != 0.
	Decided bool
	// NimSum is the nim-sum, where every value is known; -1 otherwise.
	NimSum int
	// Unknown are the heaps (indices) whose value is only bounded.
	Unknown []int
	// Win: the first player wins (Decided and the nim-sum is not 0).
	Win bool
	// Move is a winning move (Win): in the first heap whose value it
	// lowers, the fewest tokens; where one heap's value is only bounded,
	// in that heap, to the value x. Nil when the sum is not won, or not
	// decided.
	Move *HeapSumMove
}

// HeapSumMove is a move in heap Heap (an index) of a sum.
type HeapSumMove struct {
	Heap int
	HeapMove
}

// HeapSum answers the sum of the heaps hs (a move is a move in one
// heap; its value is the nim-sum of theirs): the values, the nim-sum, who
// wins and a winning move. A heap of value above the proved K leaves the
// sum undecided unless it is the only one and the others' nim-sum x is at
// most K: the heap's value then differs from x, so the sum is won, by the
// move of that heap to a position of value x (there is one: its value,
// above x, is the mex of its options). Where the moves are not to be had
// (a table of start values without automata), the answer comes with
// Move nil and the error (ErrNoCells).
func (s *Solver) HeapSum(ctx context.Context, hs []Heap) (HeapSumAnswer, error) {
	ans := HeapSumAnswer{NimSum: -1}
	vals, err := s.HeapValues(ctx, hs)
	if err != nil {
		return ans, err
	}
	ans.Values = vals
	x := 0
	for i, v := range vals {
		if v.AtLeast {
			ans.Unknown = append(ans.Unknown, i)
		} else {
			x ^= v.G
		}
	}
	move := func(i, target int) error {
		ms, err := s.HeapMovesTo(ctx, hs[i], target, 1)
		if err != nil {
			return err
		}
		if len(ms.Moves) == 0 {
			return fmt.Errorf("moves: heap %d %v has value %s but no move to value %d: the source is not a Grundy table", i+1, hs[i], valueString(vals[i]), target)
		}
		ans.Move = &HeapSumMove{Heap: i, HeapMove: ms.Moves[0]}
		return nil
	}
	switch len(ans.Unknown) {
	case 0:
		ans.Decided, ans.NimSum, ans.Win = true, x, x != 0
		if x == 0 {
			return ans, nil
		}
		for i, v := range vals {
			if target := v.G ^ x; target < v.G {
				return ans, move(i, target)
			}
		}
		return ans, fmt.Errorf("moves: nim-sum %d, but no heap's value has its highest bit", x)
	case 1:
		u := ans.Unknown[0]
		if x >= vals[u].G { // G(h_u) >= K+1 may equal x
			return ans, nil
		}
		ans.Decided, ans.Win = true, true
		return ans, move(u, x)
	}
	return ans, nil
}

func valueString(v Answer) string {
	if v.AtLeast {
		return fmt.Sprintf(">= %d", v.G)
	}
	return fmt.Sprint(v.G)
}

// shortNumber writes x, or for more than 24 digits, its first digits and
// how many there are.
func shortNumber(x *big.Int) string {
	d := x.String()
	if len(d) <= 24 {
		return d
	}
	return fmt.Sprintf("%s... (%d digits)", d[:12], len(d))
}
