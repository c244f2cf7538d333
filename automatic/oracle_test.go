package automatic

// The brute-force oracles of this package's tests, written straight from
// the definitions and sharing no code with the fast paths: weights from
// the rule f_{k+1} = f_k + f_{k-c}, greedy digits by taking the largest
// weight that fits again and again, and membership by running an
// automaton's transitions (Automaton.Next) on the words they make. Every
// relation check compares a whole box of tuples with a predicate and has a
// negative control: the same check on a copy of the automaton with one
// tuple flipped (xorPoint, built here from the automaton's transitions)
// must fail at exactly that tuple and name it.

import (
	"fmt"
	"math/big"
	"sync"
	"testing"
)

// system is one of the four numerations every test covers, with the
// facts the issues quote about it (issue 45: "for a = 3 the recogniser has
// 5 states"; the minimal adders of 268 and 5,281 states that Walnut's
// experiment built for c = 2 and c = 3).
type system struct {
	name        string
	init        []uint64 // the given weights f_1..f_K
	c           int
	ns          *Numeration
	recStates   int // states of the recogniser (issue 45)
	adderStates int // states of the minimal adder (issue 45; 2 and 16 for base 2 and Zeckendorf)
	w           []uint64
	wbOnce      sync.Once
	wb          []*big.Int
}

// bigWeights returns the first 1200 weights (past 10^100 in every system).
func (s *system) bigWeights() []*big.Int {
	s.wbOnce.Do(func() { s.wb = oracleWeightsBig(s.init, s.c, 1200) })
	return s.wb
}

var systemsOnce = sync.OnceValue(func() []*system {
	out := []*system{
		{name: "bin", init: []uint64{1, 2}, c: 0, ns: Binary(), recStates: 1, adderStates: 2},
		{name: "fib", init: []uint64{1, 2}, c: 1, ns: Zeckendorf(), recStates: 2, adderStates: 16},
		// OEIS A003410, the second-player-win start piles of n-times nim for a in [5/2, 3).
		{name: "a003410", init: []uint64{1, 2, 3, 5}, c: 2, recStates: 4, adderStates: 268},
		// OEIS A003411, for a in [3, 7/2).
		{name: "a003411", init: []uint64{1, 2, 3, 4, 6}, c: 3, recStates: 5, adderStates: 5281},
	}
	for _, s := range out {
		if s.ns == nil {
			s.ns = mustNumeration(s.name, toInt64(s.init), s.c)
		}
		s.w = oracleWeights(s.init, s.c, 90)
	}
	return out
})

// systems returns the four numerations: base 2, Zeckendorf, A003410 and
// A003411, built once for the whole test binary.
func systems() []*system { return systemsOnce() }

func toInt64(x []uint64) []int64 {
	out := make([]int64, len(x))
	for i, v := range x {
		out[i] = int64(v)
	}
	return out
}

// oracleWeights returns the weights f_1, f_2, ... that fit in a uint64 (at
// most n of them): the given ones, then f_{k+1} = f_k + f_{k-c}.
func oracleWeights(init []uint64, c, n int) []uint64 {
	w := append([]uint64(nil), init...)
	for len(w) < n {
		k := len(w) // f_{k+1} = f_k + f_{k-c}: w[k] = w[k-1] + w[k-1-c]
		s := w[k-1] + w[k-1-c]
		if s < w[k-1] {
			break // overflow
		}
		w = append(w, s)
	}
	return w
}

// oracleWeightsBig is oracleWeights in big integers, n weights.
func oracleWeightsBig(init []uint64, c, n int) []*big.Int {
	var w []*big.Int
	for _, x := range init {
		w = append(w, new(big.Int).SetUint64(x))
	}
	for len(w) < n {
		k := len(w)
		w = append(w, new(big.Int).Add(w[k-1], w[k-1-c]))
	}
	return w
}

// greedy returns the greedy digits of x over the weights w, most
// significant first, without leading zeros: the largest weight that fits,
// then the largest that fits in the rest, and so on (from the top down, a
// weight taken as often as it fits; a digit above 1 would panic).
func greedy(w []uint64, x uint64) []byte {
	if x == 0 {
		return []byte{}
	}
	top := len(w) - 1
	for w[top] > x {
		top--
	}
	d := make([]byte, top+1)
	for i := top; i >= 0; i-- {
		for w[i] <= x {
			d[top-i]++
			x -= w[i]
		}
		if d[top-i] > 1 {
			panic("oracle: a digit above 1")
		}
	}
	return d
}

// greedyBig is greedy in big integers.
func greedyBig(w []*big.Int, x *big.Int) []byte {
	if x.Sign() == 0 {
		return []byte{}
	}
	top := len(w) - 1
	if w[top].Cmp(x) <= 0 {
		panic("oracle: too few weights")
	}
	for w[top].Cmp(x) > 0 {
		top--
	}
	r := new(big.Int).Set(x)
	d := make([]byte, top+1)
	for i := top; i >= 0; i-- {
		for w[i].Cmp(r) <= 0 {
			d[top-i]++
			r.Sub(r, w[i])
		}
		if d[top-i] > 1 {
			panic("oracle: a digit above 1")
		}
	}
	return d
}

// value is the number with digits d over the weights w.
func value(w []uint64, d []byte) uint64 {
	var x uint64
	for i, b := range d {
		if b == 1 {
			x += w[len(d)-1-i]
		}
	}
	return x
}

// word returns the word of the tuple x in s: each number's greedy digits,
// padded with leading zeros to one length; bit i of a symbol is track i.
func (s *system) word(x []uint64) []uint32 {
	ds := make([][]byte, len(x))
	l := 0
	for i, v := range x {
		ds[i] = greedy(s.w, v)
		l = max(l, len(ds[i]))
	}
	return pack(ds, l)
}

func (s *system) wordBig(x []*big.Int) []uint32 {
	wb := s.bigWeights()
	ds := make([][]byte, len(x))
	l := 0
	for i, v := range x {
		ds[i] = greedyBig(wb, v)
		l = max(l, len(ds[i]))
	}
	return pack(ds, l)
}

func pack(ds [][]byte, l int) []uint32 {
	w := make([]uint32, l)
	for i, d := range ds {
		off := l - len(d)
		for j, b := range d {
			w[off+j] |= uint32(b) << uint(i)
		}
	}
	return w
}

// member reports whether a accepts the tuple x, by running its
// transitions on the oracle's word of x.
func member(s *system, a *Automaton, x []uint64) bool {
	return acceptsWord(a, s.word(x))
}

func acceptsWord(a *Automaton, w []uint32) bool {
	q := 0
	for _, sym := range w {
		q = a.Next(q, sym)
		if q < 0 {
			return false
		}
	}
	return a.Accepting(q)
}

// box calls f with every tuple of [0, bound)^k (the slice is reused), in
// increasing lexicographic order, track 0 first; f returns false to stop.
func box(k int, bound uint64, f func(x []uint64) bool) {
	x := make([]uint64, k)
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == k {
			return f(x)
		}
		for v := range bound {
			x[i] = v
			if !rec(i + 1) {
				return false
			}
		}
		return true
	}
	rec(0)
}

// mismatch is the outcome of a box check: how many tuples disagree and
// the first (least) few.
type mismatch struct {
	cases, count int
	first        []string
}

func (m mismatch) String() string {
	return fmt.Sprintf("%d of %d tuples disagree, the least %v", m.count, m.cases, m.first)
}

// compare checks got against want on every tuple of [0, bound)^k.
func compare(k int, bound uint64, got, want func(x []uint64) bool) mismatch {
	var m mismatch
	box(k, bound, func(x []uint64) bool {
		m.cases++
		if g, w := got(x), want(x); g != w {
			m.count++
			if len(m.first) < 3 {
				m.first = append(m.first, fmt.Sprintf("%v (automaton %v, brute force %v)", x, g, w))
			}
		}
		return true
	})
	return m
}

// checkRel compares the relation of a with want on the box [0, bound)^k,
// and, as a negative control, checks that the same comparison of a copy of
// a with one tuple flipped fails at that tuple alone and names it.
func checkRel(t *testing.T, s *system, name string, a *Automaton, bound uint64, want func(x []uint64) bool) {
	t.Helper()
	if a.Tracks() == 0 {
		t.Fatalf("%s %s: checkRel of a 0-track automaton", s.name, name)
	}
	m := compare(a.Tracks(), bound, func(x []uint64) bool { return member(s, a, x) }, want)
	if m.count > 0 {
		t.Errorf("%s %s: %s", s.name, name, m)
		return
	}
	if m.cases == 0 {
		t.Errorf("%s %s: no case in the box", s.name, name)
		return
	}
	x0 := make([]uint64, a.Tracks())
	for i := range x0 {
		x0[i] = bound * uint64(i+1) / uint64(a.Tracks()+2)
	}
	bad := xorPoint(a, s.word(x0))
	c := compare(a.Tracks(), bound, func(x []uint64) bool { return member(s, bad, x) }, want)
	if c.count != 1 || len(c.first) != 1 || !hasPrefix(c.first[0], fmt.Sprint(x0)) {
		t.Errorf("%s %s: negative control: one tuple %v flipped, the check reported %s", s.name, name, x0, c)
	}
}

// shortOr returns small under -short, full otherwise.
func shortOr[T any](full, small T) T {
	if testing.Short() {
		return small
	}
	return full
}

func hasPrefix(s, p string) bool { return len(s) >= len(p) && s[:len(p)] == p }

// xorPoint returns an automaton that accepts what a accepts, with the word
// w (and w with leading zeros) flipped: a one-element corruption of the
// relation. It is the product of a with the chain of w, built here from
// a's transitions; it keeps a's invariants when w is a valid word.
func xorPoint(a *Automaton, w []uint32) *Automaton {
	for len(w) > 0 && w[0] == 0 {
		w = w[1:]
	}
	k := a.Tracks()
	chain := func(i int, sym uint32) int { // -1: off the chain
		switch {
		case i < 0 || i == len(w):
			if i == len(w) && len(w) == 0 && sym == 0 {
				return 0
			}
			return -1
		case i == 0 && sym == 0:
			return 0
		case sym == w[i]:
			return i + 1
		}
		return -1
	}
	type pq struct{ p, q int }
	ids := map[pq]int{{0, 0}: 0}
	queue := []pq{{0, 0}}
	out := &Automaton{ns: a.ns, k: k}
	acc := func(x pq) bool { return a.Accepting(x.p) != (x.q == len(w)) }
	out.accept = append(out.accept, acc(pq{0, 0}))
	for qi := 0; qi < len(queue); qi++ {
		x := queue[qi]
		for sym := uint32(0); sym < 1<<uint(k); sym++ {
			y := pq{a.Next(x.p, sym), chain(x.q, sym)}
			t := -1
			if y.p >= 0 || y.q >= 0 {
				id, ok := ids[y]
				if !ok {
					id = len(queue)
					ids[y] = id
					queue = append(queue, y)
					out.accept = append(out.accept, acc(y))
				}
				t = id
			}
			out.next = append(out.next, int32(t))
		}
	}
	return out
}

// TestCheckerCatchesCorruption: the checker itself can fail, and names the
// tuple: Less with (3, 5) flipped, in every system.
func TestCheckerCatchesCorruption(t *testing.T) {
	for _, s := range systems() {
		bad := xorPoint(Less(s.ns), s.word([]uint64{3, 5}))
		m := compare(2, 20, func(x []uint64) bool { return member(s, bad, x) }, func(x []uint64) bool { return x[0] < x[1] })
		if m.count != 1 || !hasPrefix(m.first[0], "[3 5]") {
			t.Fatalf("%s: corrupted Less: %s", s.name, m)
		}
		// and (0, 0), the empty word
		bad = xorPoint(Less(s.ns), s.word([]uint64{0, 0}))
		m = compare(2, 20, func(x []uint64) bool { return member(s, bad, x) }, func(x []uint64) bool { return x[0] < x[1] })
		if m.count != 1 || !hasPrefix(m.first[0], "[0 0]") {
			t.Fatalf("%s: corrupted Less at (0, 0): %s", s.name, m)
		}
	}
}

// The oracle's weights are those the issues quote: OEIS A003410 and
// A003411 (their first terms, as printed in OEIS), the Fibonacci numbers
// and the powers of 2.
func TestOracleWeights(t *testing.T) {
	want := map[string][]uint64{
		"bin":     {1, 2, 4, 8, 16, 32, 64, 128, 256, 512},
		"fib":     {1, 2, 3, 5, 8, 13, 21, 34, 55, 89},
		"a003410": {1, 2, 3, 5, 7, 10, 15, 22, 32, 47, 69, 101, 148, 217, 318, 466},
		"a003411": {1, 2, 3, 4, 6, 8, 11, 15, 21, 29, 40, 55, 76, 105, 145, 200},
	}
	for _, s := range systems() {
		for i, x := range want[s.name] {
			if s.w[i] != x {
				t.Fatalf("%s: oracle f_%d = %d, want %d", s.name, i+1, s.w[i], x)
			}
		}
	}
}
