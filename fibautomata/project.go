package fibautomata

import (
	"encoding/binary"
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
	return exists(a, i, true)
}

func exists(a *Automaton, i int, saturate bool) *Automaton {
	k := a.k
	if i < 0 || i >= k {
		panic(fmt.Sprintf("fibautomata: Exists on track %d of %d", i, k))
	}
	low := uint32(1)<<uint(i) - 1
	widen := func(sym uint32, b uint32) uint32 { // insert bit b at track i
		return sym&low | b<<uint(i) | (sym&^low)<<1
	}
	// start set
	startSet := []int32{0}
	if saturate {
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
	}
	key := func(set []int32) string {
		buf := make([]byte, 4*len(set))
		for j, s := range set {
			binary.LittleEndian.PutUint32(buf[4*j:], uint32(s))
		}
		return string(buf)
	}
	k2 := k - 1
	out := newAutomaton(k2, 0)
	accepting := func(set []int32) bool {
		for _, s := range set {
			if a.accept[s] {
				return true
			}
		}
		return false
	}
	ids := map[string]int32{key(startSet): 0}
	queue := [][]int32{startSet}
	out.addState(accepting(startSet))
	mark := make([]uint32, a.States())
	epoch := uint32(0)
	var buf []int32
	for qi := 0; qi < len(queue); qi++ {
		set := queue[qi]
		for sym := uint32(0); sym < 1<<uint(k2); sym++ {
			epoch++
			buf = buf[:0]
			for _, s := range set {
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
			kk := key(buf)
			id, ok := ids[kk]
			if !ok {
				set2 := slices.Clone(buf)
				id = int32(out.addState(accepting(set2)))
				ids[kk] = id
				queue = append(queue, set2)
			}
			out.next[qi<<uint(k2)|int(sym)] = id
		}
	}
	return Minimize(out)
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
	if len(to) != a.k {
		panic(fmt.Sprintf("fibautomata: Remap of %d tracks with %d targets", a.k, len(to)))
	}
	used := uint32(0)
	for _, t := range to {
		if t < 0 || t >= k2 {
			panic(fmt.Sprintf("fibautomata: Remap target %d of %d tracks", t, k2))
		}
		used |= 1 << uint(t)
	}
	free := ^used & (1<<uint(k2) - 1)
	// oldSym[sym] is what a reads when the result reads sym.
	oldSym := make([]int32, 1<<uint(k2))
	for sym := range oldSym {
		o := int32(0)
		for i, t := range to {
			o |= int32(sym>>uint(t)&1) << uint(i)
		}
		oldSym[sym] = o
	}
	type st struct {
		s    int32
		last uint32
	}
	out := explore(k2, st{0, 0}, func(x st, sym uint32) (st, bool) {
		o := oldSym[sym]
		if sym&free&x.last != 0 {
			return st{}, false
		}
		t := a.next[int(x.s)<<a.k|int(o)]
		if t < 0 {
			return st{}, false
		}
		return st{t, sym & free}, true
	}, func(x st) bool { return a.accept[x.s] })
	return Minimize(out)
}
