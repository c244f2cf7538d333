package automatic

import (
	"encoding/binary"
	"slices"
)

// Recogniser returns the 1-track automaton of the valid words of ns: the
// greedy words, in which every two consecutive 1s at positions i > j have
// j < r(i) (see [Numeration]), with leading zeros allowed.
//
// It is built from that rule, never typed in: read least significant digit
// first, a word needs only its position i (exact below the index P from
// which r(i) = i - c, capped at P above it) and its distance to the last 1
// (capped above the largest i - r(i)); the automaton that reads most
// significant digit first is the reversal of that one, made deterministic
// (subset construction) and minimal.
func (ns *Numeration) Recogniser() *Automaton {
	ns.recOnce.Do(ns.buildRecogniser)
	return ns.rec.Clone()
}

func (ns *Numeration) buildRecogniser() {
	// P: the least index with r(i) = i - c for every i >= P.
	ns.mu.Lock()
	K := len(ns.r) + 2
	ns.extend(K + 1)
	r := slices.Clone(ns.r[:K]) // r[i-1] = r(i)
	ns.mu.Unlock()
	P := 1
	cmax := 0
	for i := 1; i <= K; i++ {
		if r[i-1] != i-ns.c {
			P = i + 1
		}
		cmax = max(cmax, i-r[i-1])
	}
	D := cmax + 1 // distances >= D pass every test
	const none = 0
	type st struct{ pos, dist int } // dist 0: no 1 read yet
	step := func(x st, d uint32) (st, bool) {
		i := x.pos
		if d == 1 {
			if x.dist != none && !(x.dist > i-r[i-1]) {
				return st{}, false
			}
			return st{min(i+1, P), 1}, true
		}
		nd := x.dist
		if nd != none {
			nd = min(nd+1, D)
		}
		return st{min(i+1, P), nd}, true
	}
	// The least-significant-first automaton, as explicit states.
	ids := map[st]int{{1, none}: 0}
	states := []st{{1, none}}
	var edges [][2]int // edges[s][d]: target or -1
	for q := 0; q < len(states); q++ {
		edges = append(edges, [2]int{-1, -1})
		for d := uint32(0); d < 2; d++ {
			t, ok := step(states[q], d)
			if !ok {
				continue
			}
			id, seen := ids[t]
			if !seen {
				id = len(states)
				ids[t] = id
				states = append(states, t)
			}
			edges[q][d] = id
		}
	}
	// Reverse: read most significant first; a word is valid iff the
	// least-significant-first run from the start ends anywhere (every
	// state accepts), so the reversed run starts at every state and must
	// end at the start.
	rev := make([][2][]int, len(states))
	for s, e := range edges {
		for d := range 2 {
			if t := e[d]; t >= 0 {
				rev[t][d] = append(rev[t][d], s)
			}
		}
	}
	key := func(set []int) string {
		b := make([]byte, 4*len(set))
		for i, s := range set {
			binary.LittleEndian.PutUint32(b[4*i:], uint32(s))
		}
		return string(b)
	}
	all := make([]int, len(states))
	for i := range all {
		all[i] = i
	}
	a := newAutomaton(ns, 1, 0)
	sets := [][]int{all}
	setID := map[string]int{key(all): 0}
	a.addState(true) // the full set holds the start
	for q := 0; q < len(sets); q++ {
		for d := range 2 {
			var nx []int
			for _, s := range sets[q] {
				nx = append(nx, rev[s][d]...)
			}
			if len(nx) == 0 {
				continue
			}
			slices.Sort(nx)
			nx = slices.Compact(nx)
			k := key(nx)
			id, ok := setID[k]
			if !ok {
				id = a.addState(slices.Contains(nx, 0))
				setID[k] = id
				sets = append(sets, nx)
			}
			a.next[q<<1|d] = int32(id)
		}
	}
	ns.rec = Minimize(a)
	ns.recNext = make([][2]int8, ns.rec.States())
	ns.recAcc = make([]bool, ns.rec.States())
	if ns.rec.States() > 127 {
		panic("automatic: a recogniser of more than 127 states")
	}
	for s := range ns.recNext {
		for d := range 2 {
			ns.recNext[s][d] = int8(ns.rec.next[s<<1|d])
		}
		ns.recAcc[s] = ns.rec.accept[s]
	}
}

// recTable returns the recogniser as a table, its states in a few bits.
func (ns *Numeration) recTable() ([][2]int8, []bool, uint) {
	ns.recOnce.Do(ns.buildRecogniser)
	b := uint(1)
	for 1<<b < len(ns.recNext) {
		b++
	}
	return ns.recNext, ns.recAcc, b
}

// tuple steps the recogniser on several tracks at once: a state is the
// recogniser's states of the tracks, packed in bits per track.
type tuple struct {
	next   [][2]int8
	acc    []bool
	bits   uint
	tracks []int // which bits of a symbol are the tracks followed
}

func (ns *Numeration) tuple(tracks []int) tuple {
	next, acc, b := ns.recTable()
	if uint(len(tracks))*b > 64 {
		panic("automatic: too many tracks to follow")
	}
	return tuple{next, acc, b, tracks}
}

// step returns the packed state after sym, or false when a track is no
// longer valid.
func (t tuple) step(s uint64, sym uint32) (uint64, bool) {
	var out uint64
	mask := uint64(1)<<t.bits - 1
	for i, tr := range t.tracks {
		q := s >> (uint(i) * t.bits) & mask
		n := t.next[q][sym>>uint(tr)&1]
		if n < 0 {
			return 0, false
		}
		out |= uint64(n) << (uint(i) * t.bits)
	}
	return out, true
}

// accepting reports whether every track followed ends valid.
func (t tuple) accepting(s uint64) bool {
	mask := uint64(1)<<t.bits - 1
	for i := range t.tracks {
		if !t.acc[s>>(uint(i)*t.bits)&mask] {
			return false
		}
	}
	return true
}

// Valid returns the automaton of all valid words on k tracks: every track
// a valid word of ns. It is the universe of every complement.
func (ns *Numeration) Valid(k int) *Automaton {
	ns.validMu.Lock()
	defer ns.validMu.Unlock()
	if a, ok := ns.valid[k]; ok {
		return a
	}
	tracks := make([]int, k)
	for i := range tracks {
		tracks[i] = i
	}
	t := ns.tuple(tracks)
	a := Minimize(explore(ns, k, uint64(0), t.step, t.accepting))
	ns.valid[k] = a
	return a
}
