package automatic

import (
	"fmt"
	"math/big"
)

// Automaton is a deterministic finite automaton over k tracks of digits of
// one numeration system ([Numeration]), read most significant digit first,
// all tracks padded with leading zeros to one length. A symbol is a k-bit
// number: bit i is the digit of track i. State 0 is the start; a missing
// transition (-1) goes to the dead state, which is not stored.
//
// Every Automaton this package returns keeps two invariants, so that it
// stands for a relation on N^k rather than for a set of words ([Sound]
// checks them):
//   - it accepts only valid words: every track is a greedy word of its
//     numeration ([Numeration.Recogniser]);
//   - it is closed under leading zeros: it accepts w iff it accepts 0w.
//
// Under them, two automata accept the same words iff they define the same
// relation, and the minimal automaton ([Minimize]) is unique up to the
// numbering of its states, which Minimize fixes (breadth-first from the
// start, symbols in increasing order).
type Automaton struct {
	ns     *Numeration
	k      int
	next   []int32 // next[s<<k|sym]; -1 is the dead state
	accept []bool
}

// Numeration returns the system the automaton's tracks are written in.
func (a *Automaton) Numeration() *Numeration { return a.ns }

// Tracks returns the number of tracks k.
func (a *Automaton) Tracks() int { return a.k }

// States returns the number of states, the dead state not counted.
func (a *Automaton) States() int { return len(a.accept) }

// Next returns the state after reading sym in state s, or -1 (dead).
func (a *Automaton) Next(s int, sym uint32) int {
	if s < 0 {
		return -1
	}
	return int(a.next[s<<a.k|int(sym)])
}

// Accepting reports whether state s is accepting.
func (a *Automaton) Accepting(s int) bool { return s >= 0 && a.accept[s] }

func (a *Automaton) alphabet() int { return 1 << a.k }

// MaxTracks is the most tracks an automaton may have.
const MaxTracks = 12

func newAutomaton(ns *Numeration, k, states int) *Automaton {
	if k < 0 || k > MaxTracks {
		panic(fmt.Sprintf("automatic: %d tracks", k))
	}
	a := &Automaton{ns: ns, k: k, next: make([]int32, states<<k), accept: make([]bool, states)}
	for i := range a.next {
		a.next[i] = -1
	}
	return a
}

func (a *Automaton) addState(acc bool) int {
	s := len(a.accept)
	a.accept = append(a.accept, acc)
	for range a.alphabet() {
		a.next = append(a.next, -1)
	}
	return s
}

// Builder makes an automaton state by state, for code outside this package
// that has its own construction (a learner): states are numbered in the
// order AddState returns them, 0 the start. What it builds enters a proof
// only through [Sound].
type Builder struct{ a *Automaton }

// NewBuilder starts an automaton with no states over k tracks of ns.
func NewBuilder(ns *Numeration, k int) *Builder { return &Builder{newAutomaton(ns, k, 0)} }

// AddState adds a state and returns its number.
func (b *Builder) AddState(accept bool) int { return b.a.addState(accept) }

// SetNext sets the transition of state s on sym (t = -1: dead).
func (b *Builder) SetNext(s int, sym uint32, t int) { b.a.next[s<<b.a.k|int(sym)] = int32(t) }

// Automaton returns the minimal automaton of what was built.
func (b *Builder) Automaton() *Automaton { return Minimize(b.a) }

// explore builds the automaton whose states are the values of S reachable
// from start, breadth first: step gives the state after a symbol (ok false:
// dead). It is how every base automaton is built from a rule, never typed in.
func explore[S comparable](ns *Numeration, k int, start S, step func(S, uint32) (S, bool), accept func(S) bool) *Automaton {
	a, _ := exploreLimit(nil, ns, k, start, step, accept)
	return a
}

// exploreLimit is explore under a limit (nil: none).
func exploreLimit[S comparable](lim *limits, ns *Numeration, k int, start S, step func(S, uint32) (S, bool), accept func(S) bool) (*Automaton, error) {
	ids := map[S]int{start: 0}
	queue := []S{start}
	a := newAutomaton(ns, k, 0)
	a.addState(accept(start))
	for i := 0; i < len(queue); i++ {
		if err := lim.check(len(queue), k); err != nil {
			return nil, err
		}
		s := queue[i]
		for sym := uint32(0); sym < uint32(a.alphabet()); sym++ {
			t, ok := step(s, sym)
			if !ok {
				continue
			}
			id, seen := ids[t]
			if !seen {
				id = a.addState(accept(t))
				ids[t] = id
				queue = append(queue, t)
			}
			a.next[i<<k|int(sym)] = int32(id)
		}
	}
	lim.record(a.States(), k)
	return a, nil
}

// Run returns the state reached from the start on word (symbols), or -1.
func (a *Automaton) Run(word []uint32) int {
	s := 0
	for _, sym := range word {
		if s = a.Next(s, sym); s < 0 {
			return -1
		}
	}
	return s
}

// Accepts reports whether the automaton accepts the tuple x (one number per
// track, x[i] >= 0), each written in the automaton's numeration and padded
// to one length.
func (a *Automaton) Accepts(x ...*big.Int) bool {
	if len(x) != a.k {
		panic(fmt.Sprintf("automatic: Accepts with %d numbers on %d tracks", len(x), a.k))
	}
	return a.Accepting(a.Run(a.ns.Word(x...)))
}

// AcceptsUint is Accepts for numbers below the numeration's Top64.
func (a *Automaton) AcceptsUint(x ...uint64) bool {
	if len(x) != a.k {
		panic(fmt.Sprintf("automatic: AcceptsUint with %d numbers on %d tracks", len(x), a.k))
	}
	var masks [MaxTracks]uint64
	l := 0
	for i, v := range x {
		masks[i] = a.ns.Mask(v)
		l = max(l, maskLen(masks[i]))
	}
	s := 0
	for j := l - 1; j >= 0 && s >= 0; j-- {
		var sym uint32
		for i := range x {
			sym |= uint32(masks[i]>>uint(j)&1) << uint(i)
		}
		s = a.Next(s, sym)
	}
	return a.Accepting(s)
}

// Clone returns a copy of a.
func (a *Automaton) Clone() *Automaton {
	return &Automaton{ns: a.ns, k: a.k, next: append([]int32(nil), a.next...), accept: append([]bool(nil), a.accept...)}
}

// Transitions returns the number of transitions to live states.
func (a *Automaton) Transitions() int {
	c := 0
	for _, t := range a.next {
		if t >= 0 {
			c++
		}
	}
	return c
}

// Equal reports whether a and b are the same automaton, state by state, over
// the same numeration. For minimal automata (Minimize) this is equality of
// the relations.
func (a *Automaton) Equal(b *Automaton) bool {
	if a.k != b.k || len(a.accept) != len(b.accept) || !a.ns.Equal(b.ns) {
		return false
	}
	for i := range a.accept {
		if a.accept[i] != b.accept[i] {
			return false
		}
	}
	for i := range a.next {
		if a.next[i] != b.next[i] {
			return false
		}
	}
	return true
}

// sameSystem panics when a and b are over different numerations: a
// programmer's mistake.
func sameSystem(a, b *Automaton) {
	if a.ns != b.ns && !a.ns.Equal(b.ns) {
		panic(fmt.Sprintf("automatic: automata over %s and %s", a.ns, b.ns))
	}
}

func maskLen(m uint64) int {
	l := 0
	for m != 0 {
		l++
		m >>= 1
	}
	return l
}
