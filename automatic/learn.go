package automatic

import (
	"context"
	"errors"
	"fmt"
)

// LearnStats describes one run of LearnFunction.
type LearnStats struct {
	N         uint64 // the function was known on 0..N
	Digits    int    // D: every n < f_{D+1} was used (f_{D+1} - 1 <= N)
	Suffix    int    // m: prefixes were told apart by suffixes of 0..m digits
	MaxPrefix int    // L = D - m: the longest prefix classified
	// ClassesPerLength[l] is the number of classes among the live
	// prefixes of length l (0..L); a learner that has converged shows it
	// level off.
	ClassesPerLength []int
	Classes          int  // distinct classes over all lengths
	NewAtLast        int  // classes first seen at length L (then the hypothesis is not closed)
	Conflicts        int  // classes whose prefixes disagree on a transition
	Converged        bool // closed and consistent: a hypothesis automaton was built
	States           int  // states of the minimal hypothesis (0 if none)
}

// ErrNotConverged is returned by LearnFunction when the classes of
// prefixes do not close up at the lengths the data allows.
var ErrNotConverged = errors.New("automatic: the learner did not converge")

// LearnFunction guesses the minimal automaton of the graph {(n, f(n))} of
// a function known on n = 0..N (f(n) must be at most n+1, as a threshold
// capped at n+1 is), tracks (n, f(n)). It classifies the live prefixes of
// each length l <= L = D - m by their residuals: the set of suffixes of
// 0..m digits (an n-suffix and an f-suffix) that complete them to a word
// of the graph (Myhill-Nerode, truncated). Classes are compared by a
// 64-bit hash of that set; the result is a guess, to be proved, never
// trusted.
//
// maxPrefix > 0 caps L: the longest prefixes are the learner's cost in time
// and memory (f_{L+1} of them), and a threshold whose classes level off
// does so at a length well below the cap.
func LearnFunction(ctx context.Context, ns *Numeration, f []uint32, m, maxPrefix int) (*Automaton, LearnStats, error) {
	N := uint64(len(f) - 1)
	st := LearnStats{N: N, Digits: ns.DigitsFor(N), Suffix: m}
	D := st.Digits
	L := D - m
	if maxPrefix > 0 {
		L = min(L, maxPrefix)
	}
	st.MaxPrefix = L
	if L < 2 {
		return nil, st, fmt.Errorf("automatic: N = %d allows %d digits, too few for suffixes of %d", N, D, m)
	}
	top := ns.Count(D)        // n < top
	ym := make([]uint64, top) // n's digits are made on the fly (Numeration.Next)
	for n := range top {
		ym[n] = ns.Mask(uint64(f[n]))
	}
	type key struct{ pn, py uint64 }
	type sig struct {
		h   uint64
		acc bool
	}
	classOf := map[sig]int32{}
	var classAcc []bool
	var trans [][4]int32 // per class; -2 unknown, -1 dead
	// level returns the signature of every live prefix of length l. For
	// one suffix length j, n's prefix pn does not decrease as n grows
	// (greedy words of one length compare as their numbers), and the
	// valid prefixes of length l are numbered by their values
	// (FromMask(pn) < f_{l+1}), so the prefixes go to buckets by that
	// number: no hashing in the loop over n, which is the learner's cost
	// (7N steps over all lengths).
	type ent struct {
		pn, py, h uint64
		acc       bool
		next      int32
	}
	level := func(l int) (map[key]sig, error) {
		head := make([]int32, ns.Count(l))
		for i := range head {
			head[i] = -1
		}
		var ents []ent
		for j := 0; j <= m; j++ {
			lim := ns.Count(l + j)
			lowMask := uint64(1)<<uint(j) - 1
			prevPn, idx := ^uint64(0), uint64(0)
			mn := uint64(0) // the digits of n
			for n := uint64(0); n < lim; n, mn = n+1, ns.Next(mn) {
				if n&(1<<20-1) == 0 && ctx.Err() != nil {
					return nil, ctx.Err()
				}
				if uint64(f[n]) >= lim {
					continue
				}
				pn, py := mn>>uint(j), ym[n]>>uint(j)
				if pn != prevPn {
					prevPn, idx = pn, ns.FromMask(pn)
				}
				e := head[idx]
				for e >= 0 && ents[e].py != py {
					e = ents[e].next
				}
				if e < 0 {
					ents = append(ents, ent{pn: pn, py: py, next: head[idx]})
					e = int32(len(ents) - 1)
					head[idx] = e
				}
				ents[e].h += mix(uint64(j), mn&lowMask, ym[n]&lowMask)
				if j == 0 {
					ents[e].acc = true
				}
			}
		}
		sigs := make(map[key]sig, len(ents))
		for _, e := range ents {
			sigs[key{e.pn, e.py}] = sig{e.h, e.acc}
		}
		return sigs, nil
	}
	classify := func(sigs map[key]sig) map[key]int32 {
		ids := make(map[key]int32, len(sigs))
		seen := map[int32]bool{}
		for k, s := range sigs {
			c, ok := classOf[s]
			if !ok {
				c = int32(len(classAcc))
				classOf[s] = c
				classAcc = append(classAcc, s.acc)
				trans = append(trans, [4]int32{-2, -2, -2, -2})
			}
			ids[k] = c
			seen[c] = true
		}
		st.ClassesPerLength = append(st.ClassesPerLength, len(seen))
		return ids
	}
	sigs, err := level(0)
	if err != nil {
		return nil, st, err
	}
	cur := classify(sigs)
	firstSeen := map[int32]int{}
	for _, c := range cur {
		firstSeen[c] = 0
	}
	conflict := map[int32]bool{}
	for l := 1; l <= L; l++ {
		sigs, err := level(l)
		if err != nil {
			return nil, st, err
		}
		nxt := classify(sigs)
		for _, c := range nxt {
			if _, ok := firstSeen[c]; !ok {
				firstSeen[c] = l
			}
		}
		for k, c := range cur {
			for sym := range 4 {
				ck := key{k.pn<<1 | uint64(sym&1), k.py<<1 | uint64(sym>>1)}
				t := int32(-1)
				if d, ok := nxt[ck]; ok {
					t = d
				}
				switch trans[c][sym] {
				case -2:
					trans[c][sym] = t
				case t:
				default:
					conflict[c] = true
				}
			}
		}
		cur = nxt
	}
	st.Classes = len(classAcc)
	st.Conflicts = len(conflict)
	for _, l := range firstSeen {
		if l == L {
			st.NewAtLast++
		}
	}
	if _, ok := cur[key{}]; !ok {
		return nil, st, fmt.Errorf("automatic: the empty prefix is dead")
	}
	if st.Conflicts > 0 || st.NewAtLast > 0 {
		return nil, st, ErrNotConverged
	}
	// Build from the class of the empty prefix (length 0).
	startClass := int32(-1)
	for c, l := range firstSeen {
		if l == 0 {
			startClass = c
		}
	}
	id := map[int32]int32{startClass: 0}
	order := []int32{startClass}
	a := newAutomaton(ns, 2, 0)
	a.addState(classAcc[startClass])
	for i := 0; i < len(order); i++ {
		c := order[i]
		for sym := range 4 {
			t := trans[c][sym]
			if t == -2 {
				return nil, st, ErrNotConverged
			}
			if t < 0 {
				continue
			}
			j, ok := id[t]
			if !ok {
				j = int32(len(order))
				id[t] = j
				order = append(order, t)
				a.addState(classAcc[t])
			}
			a.next[i<<2|sym] = j
		}
	}
	a = Minimize(a)
	st.Converged = true
	st.States = a.States()
	// The guess must at least reproduce its data, and stand for a relation.
	if err := Sound(a, 2); err != nil {
		st.Converged = false
		return nil, st, fmt.Errorf("%w: %v", ErrNotConverged, err)
	}
	for n := range top {
		if !a.AcceptsUint(n, uint64(f[n])) {
			st.Converged = false
			return nil, st, fmt.Errorf("%w: the hypothesis rejects (%d, %d)", ErrNotConverged, n, f[n])
		}
	}
	return a, st, nil
}

// mix hashes one (suffix length, n-suffix, f-suffix) triple.
func mix(j, a, b uint64) uint64 {
	return splitmix(j ^ splitmix(a^splitmix(b+0x632BE59BD9B4E019)))
}

// splitmix is the finaliser of SplitMix64 (Steele, Lea & Flood 2014).
func splitmix(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}
