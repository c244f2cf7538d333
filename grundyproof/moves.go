package grundyproof

import (
	"context"
	"fmt"
	"math/big"

	au "fibnim/automatic"
)

// Mover finds the moves of a position (n, r) of any size that land in a
// proved class S_t: the k with 1 <= k <= r such that removing k leads to
// (n-k, min(floor(a k), n-k)) in S_t. It is decided in the logic, with the
// relation v_t(n, k) of [MoveSteps] (w_t, then v_t, over [Cap]) and n and
// r as constants:
//
//	moves(k) := 1 <= k & k <= r & v_t(n, k)
//
// one track, whose least element is automatic.Least's. The relations v_t
// are built once per t and kept. A Mover is not safe for concurrent use.
type Mover struct {
	sys     *System
	classes []*au.Automaton
	env     *au.Env
	capDone bool
	defined map[int]bool
}

// NewMover returns a Mover over the proved classes S_0..S_K (classes)
// of system sys: the positions of values 0..K for all n (Folder.Classes).
func NewMover(sys *System, classes []*au.Automaton) *Mover {
	return &Mover{sys: sys, classes: classes, env: au.NewEnv(sys.NS), defined: map[int]bool{}}
}

// Mover returns a Mover over the folder's proved classes.
func (f *Folder) Mover() *Mover { return NewMover(f.System, f.Classes()) }

// K is the largest value whose class the Mover holds.
func (m *Mover) K() int { return len(m.classes) - 1 }

// SetBudget caps the states of every automaton the Mover builds from
// now on (0: none); past it, MovesTo returns an error that
// automatic.IsBudget recognises.
func (m *Mover) SetBudget(states int) { m.env.Budget = states }

// define builds cap, w_t and v_t, once.
func (m *Mover) define(ctx context.Context, t int) error {
	if m.defined[t] {
		return nil
	}
	if !m.capDone {
		if _, err := m.env.RunStep(ctx, Cap(m.sys.A)); err != nil {
			return err
		}
		m.capDone = true
	}
	if err := m.env.Define(ClassName(t), m.classes[t]); err != nil {
		return fmt.Errorf("class S_%d: %w", t, err)
	}
	for _, st := range MoveSteps(ClassName(t), t)[:2] { // w_t, v_t
		if _, err := m.env.RunStep(ctx, st); err != nil {
			return err
		}
	}
	m.defined[t] = true
	return nil
}

// MovesTo returns the moves from (n, r), 0 <= r <= n, that land in S_t,
// 0 <= t <= K. It stops with ctx's error when ctx is done.
func (m *Mover) MovesTo(ctx context.Context, n, r *big.Int, t int) (*MoveSet, error) {
	if n.Sign() < 0 || r.Sign() < 0 || r.Cmp(n) > 0 {
		return nil, fmt.Errorf("grundyproof: (%s, %s) is not a position: want 0 <= r <= n", n, r)
	}
	if t < 0 || t > m.K() {
		return nil, fmt.Errorf("grundyproof: moves to S_%d, but the classes proved are S_0..S_%d", t, m.K())
	}
	ms := &MoveSet{N: new(big.Int).Set(n), R: new(big.Int).Set(r), T: t, ns: m.sys.NS}
	if r.Sign() == 0 {
		return ms, nil // no move
	}
	if err := m.define(ctx, t); err != nil {
		return nil, err
	}
	k := au.V("k")
	rel, err := m.env.Eval(ctx, au.And(au.Le(au.N(1), k), au.Le(k, au.C(r)), au.Pred(fmt.Sprintf("v%d", t), au.C(n), k)))
	if err != nil {
		return nil, err
	}
	if len(rel.Vars) != 1 || rel.Vars[0] != "k" {
		return nil, fmt.Errorf("grundyproof: the moves to S_%d are a relation of %v, not of k", t, rel.Vars)
	}
	// The relation enters the answer: the same check as every automaton
	// that enters a proof (valid words only, closed under leading zeros),
	// on which Count and First rely.
	if err := au.Sound(rel.A, 1); err != nil {
		return nil, fmt.Errorf("grundyproof: the moves to S_%d: %w", t, err)
	}
	ms.a = rel.A
	return ms, nil
}

// MoveSet is the set of the k, 1 <= k <= R, whose move from (N, R) lands
// in S_T: a one-track automaton.
type MoveSet struct {
	N, R *big.Int
	T    int
	ns   *au.Numeration
	a    *au.Automaton // nil: no move (R = 0)
}

// Least returns the least k of the set (automatic.Least), or nil if it is
// empty.
func (s *MoveSet) Least() *big.Int {
	if s.a == nil {
		return nil
	}
	if x := au.Least(s.a); x != nil {
		return x[0]
	}
	return nil
}

// length is the number of digits of R: every k <= R has exactly one valid
// word of that length (its greedy digits after leading zeros).
func (s *MoveSet) length() int { return len(s.ns.Digits(s.R)) }

// alive returns, for d = 0..L, which states lead to acceptance in exactly
// d more symbols.
func (s *MoveSet) alive(L int) [][]bool {
	a := s.a
	out := make([][]bool, L+1)
	out[0] = make([]bool, a.States())
	for q := range out[0] {
		out[0][q] = a.Accepting(q)
	}
	for d := 1; d <= L; d++ {
		out[d] = make([]bool, a.States())
		for q := range out[d] {
			for sym := uint32(0); sym < 2; sym++ {
				if u := a.Next(q, sym); u >= 0 && out[d-1][u] {
					out[d][q] = true
					break
				}
			}
		}
	}
	return out
}

// Count returns the number of k in the set: the accepted words of R's
// length (every k <= R has one word of that length, and the automaton,
// sound, accepts valid words only and each number in every length).
func (s *MoveSet) Count() *big.Int {
	total := new(big.Int)
	if s.a == nil {
		return total
	}
	a := s.a
	cur := make([]*big.Int, a.States())
	cur[0] = big.NewInt(1)
	for range s.length() {
		next := make([]*big.Int, a.States())
		for q, c := range cur {
			if c == nil {
				continue
			}
			for sym := uint32(0); sym < 2; sym++ {
				if u := a.Next(q, sym); u >= 0 {
					if next[u] == nil {
						next[u] = new(big.Int)
					}
					next[u].Add(next[u], c)
				}
			}
		}
		cur = next
	}
	for q, c := range cur {
		if c != nil && a.Accepting(q) {
			total.Add(total, c)
		}
	}
	return total
}

// First returns the least limit elements of the set (all, if fewer), in
// increasing order: the accepted words of R's length in lexicographic
// order, which for greedy words of one length is the order of their
// numbers.
func (s *MoveSet) First(limit int) []*big.Int {
	if s.a == nil || limit <= 0 {
		return nil
	}
	L := s.length()
	alive := s.alive(L)
	var out []*big.Int
	digits := make([]byte, L)
	var walk func(q, i int) bool // false: stop
	walk = func(q, i int) bool {
		if i == L {
			out = append(out, s.ns.FromDigits(digits))
			return len(out) < limit
		}
		for sym := uint32(0); sym < 2; sym++ {
			if u := s.a.Next(q, sym); u >= 0 && alive[L-i-1][u] {
				digits[i] = byte(sym)
				if !walk(u, i+1) {
					return false
				}
			}
		}
		return true
	}
	if alive[L][0] {
		walk(0, 0)
	}
	return out
}
