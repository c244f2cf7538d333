package automatic

import (
	"context"
	"fmt"
	"slices"
)

// Project returns the minimal automaton of the tuples on the other tracks
// for which some value on track i makes a accept: the existential
// projection. A witness may need more digits than the other tracks have,
// so the projection is saturated under leading zeros: its start is the set
// of states a reaches from its start on the words whose other tracks are
// all 0 (any digits on track i). The subset construction does the rest.
func Project(a *Automaton, i int) *Automaton {
	p, _ := project(nil, a, i)
	return p
}

// ProjectContext is Project that stops when ctx is done or when the subset
// construction passes budget states (0: no budget), with ctx's error or a
// [*BudgetError].
func ProjectContext(ctx context.Context, a *Automaton, i, budget int) (*Automaton, error) {
	return project(&limits{ctx: ctx, budget: budget, op: "projection"}, a, i)
}

// subsets stores the sets of states of a subset construction, each once:
// the sets lie end to end in one arena, and an open-addressing table maps a
// set's hash to its number.
type subsets struct {
	arena []int32
	start []int // set j is arena[start[j]:start[j+1]]
	table []int32
	mask  uint64
}

func newSubsets() *subsets {
	s := &subsets{start: []int{0}, table: make([]int32, 1024), mask: 1023}
	for i := range s.table {
		s.table[i] = -1
	}
	return s
}

func (s *subsets) set(j int32) []int32 { return s.arena[s.start[j]:s.start[j+1]] }
func (s *subsets) len() int            { return len(s.start) - 1 }

func hashSet(set []int32) uint64 {
	h := uint64(len(set)) * 0x9E3779B97F4A7C15
	for _, x := range set {
		h = (h ^ uint64(uint32(x))) * 0xBF58476D1CE4E5B9
		h ^= h >> 29
	}
	return h
}

// add returns the number of set (sorted), adding it if new.
func (s *subsets) add(set []int32) (int32, bool) {
	h := hashSet(set)
	for i := h & s.mask; ; i = (i + 1) & s.mask {
		j := s.table[i]
		if j < 0 {
			id := int32(s.len())
			s.arena = append(s.arena, set...)
			s.start = append(s.start, len(s.arena))
			s.table[i] = id
			if uint64(s.len())*2 > s.mask {
				s.grow()
			}
			return id, true
		}
		if slices.Equal(s.set(j), set) {
			return j, false
		}
	}
}

func (s *subsets) grow() {
	n := len(s.table) * 2
	s.table = make([]int32, n)
	s.mask = uint64(n - 1)
	for i := range s.table {
		s.table[i] = -1
	}
	for j := int32(0); int(j) < s.len(); j++ {
		for i := hashSet(s.set(j)) & s.mask; ; i = (i + 1) & s.mask {
			if s.table[i] < 0 {
				s.table[i] = j
				break
			}
		}
	}
}

func project(lim *limits, a *Automaton, i int) (*Automaton, error) {
	k := a.k
	if i < 0 || i >= k {
		panic(fmt.Sprintf("automatic: projection of track %d of %d", i, k))
	}
	low := uint32(1)<<uint(i) - 1
	widen := func(sym uint32, b uint32) uint32 { // insert bit b at track i
		return sym&low | b<<uint(i) | (sym&^low)<<1
	}
	// The start set: what the start reaches on words that are 0 but on track i.
	startSet := []int32{0}
	seen := map[int32]bool{0: true}
	for j := 0; j < len(startSet); j++ {
		s := startSet[j]
		for b := uint32(0); b < 2; b++ {
			if t := a.next[int(s)<<k|int(b<<uint(i))]; t >= 0 && !seen[t] {
				seen[t] = true
				startSet = append(startSet, t)
			}
		}
	}
	slices.Sort(startSet)
	k2 := k - 1
	out := newAutomaton(a.ns, k2, 0)
	accepting := func(set []int32) bool {
		for _, s := range set {
			if a.accept[s] {
				return true
			}
		}
		return false
	}
	sets := newSubsets()
	sets.add(startSet)
	out.addState(accepting(startSet))
	mark := make([]uint32, a.States())
	epoch := uint32(0)
	var buf []int32
	for qi := 0; qi < sets.len(); qi++ {
		if err := lim.check(sets.len(), k2); err != nil {
			return nil, err
		}
		for sym := uint32(0); sym < 1<<uint(k2); sym++ {
			epoch++
			buf = buf[:0]
			for _, s := range sets.set(int32(qi)) {
				for b := uint32(0); b < 2; b++ {
					if t := a.next[int(s)<<k|int(widen(sym, b))]; t >= 0 && mark[t] != epoch {
						mark[t] = epoch
						buf = append(buf, t)
					}
				}
			}
			if len(buf) == 0 {
				continue
			}
			slices.Sort(buf)
			id, isNew := sets.add(buf)
			if isNew {
				out.addState(accepting(buf))
			}
			out.next[qi<<uint(k2)|int(sym)] = id
		}
	}
	lim.record(out.States(), k2)
	return minimize(lim, out)
}

// ProjectAll returns the minimal automaton of the tuples on the other tracks
// for which every value on track i makes a accept: not Project(not a).
func ProjectAll(a *Automaton, i int) *Automaton {
	return Complement(Project(Complement(a), i))
}

// Remap returns a over k2 tracks: track i of a becomes track to[i] of the
// result; tracks that no track of a maps to are free (any valid digits),
// and tracks of a mapped to one track are read equal (the diagonal).
func Remap(a *Automaton, k2 int, to []int) *Automaton {
	r, _ := remap(nil, a, k2, to)
	return r
}

func remap(lim *limits, a *Automaton, k2 int, to []int) (*Automaton, error) {
	if len(to) != a.k {
		panic(fmt.Sprintf("automatic: Remap of %d tracks with %d targets", a.k, len(to)))
	}
	used := uint32(0)
	for _, t := range to {
		if t < 0 || t >= k2 {
			panic(fmt.Sprintf("automatic: Remap target %d of %d tracks", t, k2))
		}
		used |= 1 << uint(t)
	}
	var free []int
	for t := range k2 {
		if used>>uint(t)&1 == 0 {
			free = append(free, t)
		}
	}
	// oldSym[sym] is what a reads when the result reads sym.
	oldSym := make([]int32, 1<<uint(k2))
	for sym := range oldSym {
		o := int32(0)
		for i, t := range to {
			o |= int32(sym>>uint(t)&1) << uint(i)
		}
		oldSym[sym] = o
	}
	tu := a.ns.tuple(free)
	type st struct {
		s    int32
		free uint64 // the recogniser's states of the free tracks
	}
	out, err := exploreLimit(lim, a.ns, k2, st{0, 0}, func(x st, sym uint32) (st, bool) {
		t := a.next[int(x.s)<<a.k|int(oldSym[sym])]
		if t < 0 {
			return st{}, false
		}
		f, ok := tu.step(x.free, sym)
		if !ok {
			return st{}, false
		}
		return st{t, f}, true
	}, func(x st) bool { return a.accept[x.s] && tu.accepting(x.free) })
	if err != nil {
		return nil, err
	}
	return minimize(lim, out)
}
