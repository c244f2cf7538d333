package automatic

import (
	"math/big"
	"slices"
)

// Shortest returns a shortest accepted word of a, decoded as a tuple, or
// nil if a accepts nothing. Among the shortest words it returns the least
// in the order of symbols (track 0's digit weighs least in a symbol).
func Shortest(a *Automaton) []*big.Int {
	w := shortestWord(a)
	if w == nil {
		return nil
	}
	return a.ns.decode(a.k, w)
}

func shortestWord(a *Automaton) []uint32 {
	n := a.States()
	prev := make([]int32, n)
	via := make([]uint32, n)
	for i := range prev {
		prev[i] = -2
	}
	prev[0] = -1
	queue := []int32{0}
	for qi := 0; qi < len(queue); qi++ {
		s := queue[qi]
		if a.accept[s] {
			var w []uint32
			for t := s; prev[t] >= 0; t = prev[t] {
				w = append(w, via[t])
			}
			slices.Reverse(w)
			if w == nil {
				w = []uint32{}
			}
			return w
		}
		for sym := 0; sym < a.alphabet(); sym++ {
			if t := a.next[int(s)<<a.k|sym]; t >= 0 && prev[t] == -2 {
				prev[t] = s
				via[t] = uint32(sym)
				queue = append(queue, t)
			}
		}
	}
	return nil
}

// Equivalent reports whether a and b define the same relation; if not, it
// returns a shortest tuple accepted by exactly one of them.
func Equivalent(a, b *Automaton) (bool, []*big.Int) {
	d, _ := product(nil, a, b, differs)
	w := shortestWord(d)
	if w == nil {
		return true, nil
	}
	return false, a.ns.decode(a.k, w)
}

// Least returns the least tuple a accepts in the order that compares
// track 0 first, then track 1, and so on (numbers, not words), or nil if a
// accepts nothing. Greedy words of one length compare as their
// numbers, so it is the lexicographically least word of the shortest
// length at which a accepts, read track by track.
func Least(a *Automaton) []*big.Int {
	if IsEmpty(a) {
		return nil
	}
	k := a.k
	out := make([]*big.Int, k)
	cur := a
	for i := range k {
		// project away the later tracks, keep tracks 0..i
		p := cur
		for j := k - 1; j > i; j-- {
			p = Project(p, j)
		}
		// p is over tracks 0..i with tracks 0..i-1 fixed: its least
		// value on track i.
		x := leastOnTrack(p, i)
		out[i] = x
		cur = Intersect(cur, Remap(Const(a.ns, x), k, []int{i}))
	}
	return out
}

// leastOnTrack returns the least number on track i among the tuples of a,
// where a accepts for one value of the tracks before i only.
func leastOnTrack(a *Automaton, i int) *big.Int {
	// Shortest accepted length L, then the lexicographically least word
	// of length L on track i (other tracks are fixed numbers).
	n := a.States()
	// dist[s] = shortest distance to acceptance
	dist := make([]int, n)
	for s := range dist {
		dist[s] = -1
	}
	// reverse BFS
	rev := make([][]int32, n)
	for s := 0; s < n; s++ {
		for sym := 0; sym < a.alphabet(); sym++ {
			if t := a.next[s<<a.k|sym]; t >= 0 {
				rev[t] = append(rev[t], int32(s))
			}
		}
	}
	var queue []int32
	for s := 0; s < n; s++ {
		if a.accept[s] {
			dist[s] = 0
			queue = append(queue, int32(s))
		}
	}
	for qi := 0; qi < len(queue); qi++ {
		t := queue[qi]
		for _, s := range rev[t] {
			if dist[s] < 0 {
				dist[s] = dist[t] + 1
				queue = append(queue, s)
			}
		}
	}
	// The least number has the fewest digits; words of length dist[0]
	// exist. Greedy: at each step take the smallest digit on track i
	// (the other tracks may be anything) that keeps an accepting word of
	// exactly the remaining length. Exact-length reachability: since the
	// relation is closed under leading zeros, the shortest word has the
	// least length; a word of exactly L symbols from s exists iff some
	// path; we track sets of states.
	L := dist[0]
	cur := []int32{0}
	var digits []byte
	for step := range L {
		rem := L - step - 1
		chosen := false
		for bit := uint32(0); bit < 2 && !chosen; bit++ {
			var next []int32
			seen := map[int32]bool{}
			for _, s := range cur {
				for sym := uint32(0); sym < uint32(a.alphabet()); sym++ {
					if sym>>uint(i)&1 != bit {
						continue
					}
					if t := a.next[int(s)<<a.k|int(sym)]; t >= 0 && !seen[t] && canAccept(a, t, rem) {
						seen[t] = true
						next = append(next, t)
					}
				}
			}
			if len(next) > 0 {
				cur = next
				digits = append(digits, byte(bit))
				chosen = true
			}
		}
		if !chosen {
			panic("automatic: leastOnTrack lost its path")
		}
	}
	return a.ns.FromDigits(digits)
}

// canAccept reports whether a word of exactly l symbols leads from s to
// an accepting state.
func canAccept(a *Automaton, s int32, l int) bool {
	cur := map[int32]bool{s: true}
	for range l {
		nx := map[int32]bool{}
		for t := range cur {
			for sym := 0; sym < a.alphabet(); sym++ {
				if u := a.next[int(t)<<a.k|sym]; u >= 0 {
					nx[u] = true
				}
			}
		}
		cur = nx
	}
	for t := range cur {
		if a.accept[t] {
			return true
		}
	}
	return false
}

// Enumerate calls yield with every tuple a accepts whose numbers all have
// at most l digits (all below f_{l+1}), in word order, until
// yield returns false. The slice is reused between calls.
func (a *Automaton) Enumerate(l int, yield func(x []uint64) bool) {
	if l > a.ns.MaskDigits() {
		panic("automatic: Enumerate beyond the digits of a mask")
	}
	k := a.k
	x := make([]uint64, k)
	masks := make([]uint64, k)
	var rec func(s int32, depth int) bool
	rec = func(s int32, depth int) bool {
		if depth == l {
			if a.accept[s] {
				for i := range k {
					x[i] = a.ns.FromMask(masks[i])
				}
				return yield(x)
			}
			return true
		}
		for sym := 0; sym < a.alphabet(); sym++ {
			t := a.next[int(s)<<k|sym]
			if t < 0 {
				continue
			}
			for i := range k {
				masks[i] = masks[i]<<1 | uint64(sym>>uint(i)&1)
			}
			ok := rec(t, depth+1)
			for i := range k {
				masks[i] >>= 1
			}
			if !ok {
				return false
			}
		}
		return true
	}
	rec(0, 0)
}
