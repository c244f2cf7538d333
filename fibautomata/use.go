package fibautomata

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"math/bits"
	"os"
	"path/filepath"

	"fibnim/grundy"
)

// ReadClasses reads S_0, S_1, ... from dir/g0.txt, dir/g1.txt, ... (Walnut's
// format, as Write writes them) up to the first missing file.
func ReadClasses(dir string) ([]*Automaton, error) {
	var S []*Automaton
	for g := 0; ; g++ {
		f, err := os.Open(filepath.Join(dir, fmt.Sprintf("g%d.txt", g)))
		if errors.Is(err, fs.ErrNotExist) {
			break
		}
		if err != nil {
			return nil, err
		}
		a, err := ReadWalnut(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("g%d.txt: %w", g, err)
		}
		if a.Tracks() != 2 {
			return nil, fmt.Errorf("g%d.txt: %d tracks, want 2 (n, r)", g, a.Tracks())
		}
		S = append(S, a)
	}
	if len(S) == 0 {
		return nil, fmt.Errorf("no g0.txt in %s", dir)
	}
	return S, nil
}

// LoadProved reads the classes of dir (ReadClasses) and proves them again
// (ProveMex): it returns S_0..S_g for the largest g whose statements 0..g
// all hold, so that what it returns is proved whatever the files are.
func LoadProved(ctx context.Context, dir string) ([]*Automaton, []Statement, error) {
	S, err := ReadClasses(dir)
	if err != nil {
		return nil, nil, err
	}
	st, err := ProveMex(ctx, &Positions{S: S})
	if err != nil {
		return nil, nil, err
	}
	k := 0
	for k < len(st) && st[k].Holds {
		k++
	}
	if k == 0 {
		return nil, st, fmt.Errorf("%s: the statement for S_0 fails at %v", dir, st[0].Counter)
	}
	return S[:k], st, nil
}

// Value returns G(n, r) (r above n counts as n) when it is at most
// len(S)-1, from proved classes S_0..S_K; ok is false when G(n, r) > K.
func Value(S []*Automaton, n, r *big.Int) (g int, ok bool) {
	if n.Sign() < 0 || r.Sign() < 0 {
		panic("fibautomata: Value of a negative position")
	}
	if r.Cmp(n) > 0 {
		r = n
	}
	for g, s := range S {
		if s.Accepts(n, r) {
			return g, true
		}
	}
	return 0, false
}

// TableCheck is what CheckTable compared.
type TableCheck struct {
	N         int   // rows n = 0..N
	K         int   // R'_1..R'_{K+1} checked against S_0..S_K
	Cases     int64 // (n, g) pairs checked
	Steps     int64 // automaton steps taken (the prefix reuse makes them few)
	FirstBad  int   // the least n where the engine and the automata disagree, or -1
	BadG      int   // its g
	Engine    uint32
	Automaton string
}

// ThresholdsOf returns the automata of T_g = {(n, R'_g(n))}, g = 1..len(S),
// derived in the logic from S_0..S_{len(S)-1}: R'_g(n) is the least r <= n
// outside S_0 u ... u S_{g-1}, or n+1.
func ThresholdsOf(S []*Automaton) ([]*Automaton, error) {
	e := NewEnv()
	var T []*Automaton
	union := Empty(2)
	for g := 1; g <= len(S); g++ {
		union = Union(union, S[g-1])
		name := fmt.Sprintf("U%d", g)
		e.Define(name, union)
		n, y, r := V("n"), V("y"), V("r")
		t, err := e.DefineFormula(fmt.Sprintf("T%d", g), []string{"n", "y"}, And(
			Le(y, Plus(n, N(1))),
			ForAll("r", Implies(Lt(r, y), Pred(name, n, r))),
			Implies(Le(y, n), Not(Pred(name, n, y)))))
		if err != nil {
			return nil, err
		}
		T = append(T, t)
	}
	return T, nil
}

// CheckTable streams R_1..R_{K+1} (K = len(S)-1) of the breakpoint engine
// (grundy.FirstLayers) for n = 0..N and checks that (n, R'_g(n)) is
// accepted by the threshold automaton derived from S (ThresholdsOf) at
// every n and g. Consecutive words share their leading digits, so it keeps
// the states of the previous word and starts each word from the first
// digit that changed.
func CheckTable(ctx context.Context, S []*Automaton, N int) (TableCheck, error) {
	K := len(S) - 1
	c := TableCheck{N: N, K: K, FirstBad: -1}
	T, err := ThresholdsOf(S)
	if err != nil {
		return c, err
	}
	ws := make([]*pairWalker, len(T))
	for g := range ws {
		ws[g] = newPairWalker(T[g], uint64(N)+1)
	}
	for n0, R := range grundy.FirstLayers(ctx, N, grundy.Fibonacci, K+1) {
		for g := range T {
			w := ws[g]
			for i, r := range R[g] {
				n := n0 + i
				y := min(r, uint32(n+1))
				c.Cases++
				if !w.accepts(ZeckendorfMask(uint64(n)), ZeckendorfMask(uint64(y))) && c.FirstBad < 0 {
					c.FirstBad, c.BadG, c.Engine = n, g+1, y
				}
			}
		}
	}
	for _, w := range ws {
		c.Steps += w.steps
	}
	if err := ctx.Err(); err != nil {
		return c, err
	}
	return c, nil
}

// pairWalker runs a 2-track automaton over the words of consecutive pairs
// (n, y), all padded to D digits, keeping the states after each digit of
// the last word so that the next word starts from its first changed digit.
type pairWalker struct {
	a      *Automaton
	d      int
	states []int32 // states[i]: after i digits
	mn, my uint64
	fresh  bool
	steps  int64
}

// newPairWalker returns a walker for pairs whose numbers are at most max.
func newPairWalker(a *Automaton, max uint64) *pairWalker {
	d := 1
	for fib64[d+2] <= max {
		d++
	}
	return &pairWalker{a: a, d: d, states: make([]int32, d+1), fresh: true}
}

// accepts reports whether a accepts the pair with digits mn, my.
func (w *pairWalker) accepts(mn, my uint64) bool {
	start := 0
	if !w.fresh {
		start = w.d - bits.Len64((mn^w.mn)|(my^w.my))
		if start < 0 {
			start = 0
		}
	}
	w.fresh = false
	s := w.states[start]
	for j := start; j < w.d; j++ {
		if s >= 0 {
			bit := uint(w.d - 1 - j)
			s = int32(w.a.Next(int(s), uint32(mn>>bit&1)|uint32(my>>bit&1)<<1))
			w.steps++
		}
		w.states[j+1] = s
	}
	w.mn, w.my = mn, my
	return w.a.Accepting(int(s))
}
