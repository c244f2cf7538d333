package automatic

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// The boxes of the relation checks: every tuple below b1 (one track), b2
// (two) and b3 (three).
const (
	b1 = 600
	b2 = 40
	b3 = 14
)

// randomDFA returns an automaton of n states over k tracks with random
// transitions (a fraction pDead to the dead state) and accepting states:
// any words, not a relation.
func randomDFA(rng *rand.Rand, ns *Numeration, k, n int, pDead float64) *Automaton {
	a := newAutomaton(ns, k, n)
	for s := range n {
		a.accept[s] = rng.Float64() < 0.4
		for sym := range 1 << uint(k) {
			if rng.Float64() >= pDead {
				a.next[s<<uint(k)|sym] = int32(rng.IntN(n))
			}
		}
	}
	return a
}

// randomRelation returns a random relation of s on k tracks: a random
// automaton whose start loops on the zero symbol (so closed under leading
// zeros), cut to the valid words.
func randomRelation(t *testing.T, rng *rand.Rand, s *system, k, n int) *Automaton {
	t.Helper()
	for range 100 {
		a := randomDFA(rng, s.ns, k, n, 0.2)
		a.next[0] = 0
		r := Intersect(a, s.ns.Valid(k))
		if err := Sound(r, k); err != nil {
			t.Fatalf("%s: a random relation is not sound: %v", s.name, err)
		}
		if !IsEmpty(r) {
			return r
		}
	}
	t.Fatal("no nonempty random relation in 100 tries")
	return nil
}

// randBig returns a random number below 2^bits.
func randBig(rng *rand.Rand, bits int) *big.Int {
	x := new(big.Int)
	for i := 0; i < bits; i += 64 {
		x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(rng.Uint64()))
	}
	return x.Rsh(x, uint((bits+63)/64*64-bits))
}

func u64(x ...*big.Int) []uint64 {
	out := make([]uint64, len(x))
	for i, v := range x {
		out[i] = v.Uint64()
	}
	return out
}

// Const, Equal2, Less and LessEq on their boxes, AcceptsUint and Accepts
// beside the oracle's words, and seeded random samples of big numbers.
func TestBaseRelations(t *testing.T) {
	const seed = 1
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	googol := new(big.Int).Exp(big.NewInt(10), big.NewInt(100), nil)
	for _, s := range systems() {
		ns := s.ns
		cs := []uint64{0, 1, 2, 3, 4, 5, 6, 7, b1 - 1}
		for range 8 {
			cs = append(cs, rng.Uint64N(b1))
		}
		for _, c := range cs {
			a := Const(ns, new(big.Int).SetUint64(c))
			checkRel(t, s, fmt.Sprint("Const ", c), a, b1, func(x []uint64) bool { return x[0] == c })
		}
		g := Const(ns, googol)
		for d := int64(-1); d <= 1; d++ {
			x := new(big.Int).Add(googol, big.NewInt(d))
			if got := acceptsWord(g, s.wordBig([]*big.Int{x})); got != (d == 0) || g.Accepts(x) != (d == 0) {
				t.Errorf("%s: Const(10^100) at 10^100%+d: %v", s.name, d, got)
			}
		}
		checkRel(t, s, "Equal2", Equal2(ns), b2, func(x []uint64) bool { return x[0] == x[1] })
		checkRel(t, s, "Less", Less(ns), b2, func(x []uint64) bool { return x[0] < x[1] })
		checkRel(t, s, "LessEq", LessEq(ns), b2, func(x []uint64) bool { return x[0] <= x[1] })
		// Seeded random pairs of numbers up to 2^300, near each other too.
		for range shortOr(300, 100) {
			x := randBig(rng, rng.IntN(300)+1)
			y := new(big.Int).Set(x)
			switch rng.IntN(3) {
			case 0:
				y.Add(y, big.NewInt(int64(rng.IntN(5))-2))
			case 1:
				y = randBig(rng, 300)
			}
			if y.Sign() < 0 {
				y.SetInt64(0)
			}
			w := s.wordBig([]*big.Int{x, y})
			cmp := x.Cmp(y)
			for _, c := range []struct {
				name string
				a    *Automaton
				want bool
			}{{"Equal2", Equal2(ns), cmp == 0}, {"Less", Less(ns), cmp < 0}, {"LessEq", LessEq(ns), cmp <= 0}} {
				if acceptsWord(c.a, w) != c.want || c.a.Accepts(x, y) != c.want {
					t.Fatalf("%s %s at (%s, %s): want %v", s.name, c.name, x, y, c.want)
				}
			}
		}
		// AcceptsUint and Accepts read the same words as the oracle.
		less := Less(ns)
		for range shortOr(2000, 500) {
			x, y := rng.Uint64N(ns.Top64()), rng.Uint64N(1<<uint(rng.IntN(63)+1))
			y = min(y, ns.Top64()-1)
			want := acceptsWord(less, s.word([]uint64{x, y}))
			if less.AcceptsUint(x, y) != want || less.Accepts(new(big.Int).SetUint64(x), new(big.Int).SetUint64(y)) != want || want != (x < y) {
				t.Fatalf("%s: AcceptsUint/Accepts(%d, %d) disagree with the oracle's word", s.name, x, y)
			}
		}
	}
}

// Intersect, Union, Difference, Complement and SymmetricDifference of
// seeded random relations (and of Less and Equal2), on the boxes of one,
// two and three tracks.
func TestBooleanOperations(t *testing.T) {
	const seed = 2
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	for _, s := range systems() {
		for _, c := range []struct {
			k     int
			bound uint64
		}{{1, b1}, {2, b2}, {3, b3}} {
			for trial := range shortOr(3, 2) {
				a := randomRelation(t, rng, s, c.k, 3+trial)
				b := randomRelation(t, rng, s, c.k, 4+trial)
				ma := func(x []uint64) bool { return member(s, a, x) }
				mb := func(x []uint64) bool { return member(s, b, x) }
				name := fmt.Sprintf("k=%d trial %d", c.k, trial)
				checkRel(t, s, "Intersect "+name, Intersect(a, b), c.bound, func(x []uint64) bool { return ma(x) && mb(x) })
				checkRel(t, s, "Union "+name, Union(a, b), c.bound, func(x []uint64) bool { return ma(x) || mb(x) })
				checkRel(t, s, "Difference "+name, Difference(a, b), c.bound, func(x []uint64) bool { return ma(x) && !mb(x) })
				checkRel(t, s, "SymmetricDifference "+name, SymmetricDifference(a, b), c.bound, func(x []uint64) bool { return ma(x) != mb(x) })
				checkRel(t, s, "Complement "+name, Complement(a), c.bound, func(x []uint64) bool { return !ma(x) })
				for _, r := range []*Automaton{Intersect(a, b), Union(a, b), Difference(a, b), SymmetricDifference(a, b), Complement(a)} {
					if err := Sound(r, c.k); err != nil {
						t.Errorf("%s %s: %v", s.name, name, err)
					}
				}
			}
		}
		lt, eq := Less(s.ns), Equal2(s.ns)
		checkRel(t, s, "Union(Less, Equal2)", Union(lt, eq), b2, func(x []uint64) bool { return x[0] <= x[1] })
		checkRel(t, s, "Complement(Less)", Complement(lt), b2, func(x []uint64) bool { return x[0] >= x[1] })
		checkRel(t, s, "Difference(LessEq, Equal2)", Difference(LessEq(s.ns), eq), b2, func(x []uint64) bool { return x[0] < x[1] })
		if !Union(lt, eq).Equal(LessEq(s.ns)) {
			t.Errorf("%s: Union(Less, Equal2) is not LessEq state by state", s.name)
		}
	}
}

// boundTrack returns the relation on k tracks whose track i is below W
// (the other tracks any valid numbers).
func boundTrack(ns *Numeration, k, i int, W uint64) *Automaton {
	lt := Intersect(Less(ns), Remap(Const(ns, new(big.Int).SetUint64(W)), 2, []int{1}))
	below := Project(lt, 1) // x < W
	return Remap(below, k, []int{i})
}

// insert returns x with w inserted at position i.
func insert(x []uint64, i int, w uint64) []uint64 {
	return slices.Insert(slices.Clone(x), i, w)
}

// Project and ProjectAll of seeded random relations against brute force:
// the witness is made bounded (track i below W, or above it for
// ProjectAll), so that trying every w < W is the definition. W is larger
// than the box: witnesses longer than the free tracks are needed.
func TestProject(t *testing.T) {
	const seed = 3
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	for _, s := range systems() {
		for _, c := range []struct {
			k        int
			bound, W uint64
		}{{2, 100, 400}, {3, 12, 60}} {
			for trial := range 2 {
				a := randomRelation(t, rng, s, c.k, 4+trial)
				for i := range c.k {
					in := Intersect(a, boundTrack(s.ns, c.k, i, c.W))
					name := fmt.Sprintf("Project k=%d track %d trial %d", c.k, i, trial)
					p := Project(in, i)
					checkRel(t, s, name, p, c.bound, func(x []uint64) bool {
						for w := range c.W {
							if member(s, in, insert(x, i, w)) {
								return true
							}
						}
						return false
					})
					if err := Sound(p, c.k-1); err != nil {
						t.Errorf("%s %s: %v", s.name, name, err)
					}
					all := Union(a, Complement(boundTrack(s.ns, c.k, i, c.W)))
					checkRel(t, s, "ProjectAll"+name[7:], ProjectAll(all, i), c.bound, func(x []uint64) bool {
						for w := range c.W {
							if !member(s, a, insert(x, i, w)) {
								return false
							}
						}
						return true
					})
				}
			}
		}
	}
}

// projectUnsaturated is the existential projection without the
// leading-zero saturation: the subset construction from {start}, so that
// a witness can have no more digits than the other tracks. It is the
// negative control of the saturation (the same check must fail).
func projectUnsaturated(a *Automaton, i int) *Automaton {
	k := a.Tracks()
	k2 := k - 1
	widen := func(sym, b uint32) uint32 {
		low := uint32(1)<<uint(i) - 1
		return sym&low | b<<uint(i) | (sym&^low)<<1
	}
	out := &Automaton{ns: a.ns, k: k2}
	key := func(set []int) string { return fmt.Sprint(set) }
	sets := [][]int{{0}}
	ids := map[string]int{key(sets[0]): 0}
	acc := func(set []int) bool {
		return slices.ContainsFunc(set, a.Accepting)
	}
	out.accept = append(out.accept, acc(sets[0]))
	for q := 0; q < len(sets); q++ {
		for sym := uint32(0); sym < 1<<uint(k2); sym++ {
			var nx []int
			for _, st := range sets[q] {
				for b := uint32(0); b < 2; b++ {
					if u := a.Next(st, widen(sym, b)); u >= 0 && !slices.Contains(nx, u) {
						nx = append(nx, u)
					}
				}
			}
			t := -1
			if len(nx) > 0 {
				slices.Sort(nx)
				id, ok := ids[key(nx)]
				if !ok {
					id = len(sets)
					ids[key(nx)] = id
					sets = append(sets, nx)
					out.accept = append(out.accept, acc(nx))
				}
				t = id
			}
			out.next = append(out.next, int32(t))
		}
	}
	return out
}

// The leading-zero saturation: y = x + f_16 needs a witness y longer
// than x, so exists y: y = x + f_16 holds for every x; the unsaturated
// projection (projectUnsaturated) fails the same check.
func TestProjectSaturation(t *testing.T) {
	for _, s := range systems() {
		fM := s.w[15] // f_16
		bound := min(uint64(b1), fM/2)
		e := NewEnv(s.ns)
		shift := mustEval(t, e, []string{"x", "y"}, Eq(V("y"), Plus(V("x"), N(int64(fM)))))
		for x := range bound {
			for d := uint64(0); d <= 4; d++ {
				y := x + fM + d - 2
				if member(s, shift, []uint64{x, y}) != (d == 2) {
					t.Fatalf("%s: y = x + %d at (%d, %d)", s.name, fM, x, y)
				}
			}
		}
		if len(s.word([]uint64{bound - 1})) >= len(s.word([]uint64{fM})) {
			t.Fatalf("%s: the witness is not longer than x", s.name)
		}
		p := Project(shift, 1)
		checkRel(t, s, "exists y: y = x + f_16", p, bound, func([]uint64) bool { return true })
		if !IsUniversal(p) {
			t.Errorf("%s: exists y: y = x + f_16 is not universal", s.name)
		}
		u := projectUnsaturated(shift, 1)
		m := compare(1, bound, func(x []uint64) bool { return member(s, u, x) }, func([]uint64) bool { return true })
		if m.count == 0 {
			t.Errorf("%s: the unsaturated projection passed the same check: the check cannot fail", s.name)
		} else {
			t.Logf("%s: negative control: the unsaturated projection: %s", s.name, m)
		}
	}
}

// Remap: permutations, free tracks (any valid number) and diagonals (two
// tracks of a read from one).
func TestRemap(t *testing.T) {
	const seed = 4
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	for _, s := range systems() {
		a := randomRelation(t, rng, s, 2, 5)
		m := func(x ...uint64) bool { return member(s, a, x) }
		for _, c := range []struct {
			k2    int
			to    []int
			bound uint64
			want  func(x []uint64) bool
		}{
			{2, []int{0, 1}, b2, func(x []uint64) bool { return m(x[0], x[1]) }},
			{2, []int{1, 0}, b2, func(x []uint64) bool { return m(x[1], x[0]) }},
			{1, []int{0, 0}, b1, func(x []uint64) bool { return m(x[0], x[0]) }},
			{3, []int{0, 2}, b3, func(x []uint64) bool { return m(x[0], x[2]) }},
			{3, []int{2, 1}, b3, func(x []uint64) bool { return m(x[2], x[1]) }},
			{3, []int{1, 1}, b3, func(x []uint64) bool { return m(x[1], x[1]) }},
		} {
			r := Remap(a, c.k2, c.to)
			checkRel(t, s, fmt.Sprintf("Remap to %v of %d", c.to, c.k2), r, c.bound, c.want)
			if err := Sound(r, c.k2); err != nil {
				t.Errorf("%s Remap %v: %v", s.name, c.to, err)
			}
		}
		// A 1-track relation widened: track 0 free.
		one := randomRelation(t, rng, s, 1, 4)
		checkRel(t, s, "Remap 1 to [1] of 2", Remap(one, 2, []int{1}), b2, func(x []uint64) bool { return member(s, one, x[1:]) })
		// 0 tracks to 2: the universe or the empty relation.
		if !IsUniversal(Remap(s.ns.Valid(0), 2, nil)) || !IsEmpty(Remap(Empty(s.ns, 0), 2, nil)) {
			t.Errorf("%s: Remap of a 0-track relation", s.name)
		}
	}
}

// bruteShortest returns the least word (in the order of symbols) among the
// shortest that a accepts, trying every word of length 0, 1, ..., up to
// the number of states (a shortest accepted word is no longer), or nil.
func bruteShortest(a *Automaton) []uint32 {
	k := a.Tracks()
	for l := 0; l < max(a.States(), 1); l++ {
		n := 1 << uint(k*l)
		w := make([]uint32, l)
		for code := range n {
			for i := range w {
				w[i] = uint32(code>>uint(k*(l-1-i))) & (1<<uint(k) - 1)
			}
			if acceptsWord(a, w) {
				return w
			}
		}
	}
	return nil
}

// decodeWord returns the numbers on the tracks of w, by the oracle's weights.
func (s *system) decodeWord(k int, w []uint32) []uint64 {
	out := make([]uint64, k)
	for i := range k {
		d := make([]byte, len(w))
		for j, sym := range w {
			d[j] = byte(sym >> uint(i) & 1)
		}
		out[i] = value(s.w, d)
	}
	return out
}

// IsEmpty, Shortest, Least and Equivalent against brute force: the
// shortest words by trying every word up to the number of states, the
// least tuple of a relation cut to a box by trying the box in order.
func TestSearch(t *testing.T) {
	const seed = 5
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	for _, s := range systems() {
		var cases []*Automaton
		for _, k := range []int{1, 1, 2, 2, 3} {
			a := randomRelation(t, rng, s, k, 3+rng.IntN(3))
			cases = append(cases, a, Complement(a), Difference(a, a), Empty(s.ns, k))
		}
		cases = append(cases, Less(s.ns), Equal2(s.ns), s.ns.Valid(2), Const(s.ns, big.NewInt(100)))
		ran := 0
		for ci, a := range cases {
			k := a.Tracks()
			if a.States() > 9 && k >= 2 || a.States() > 16 {
				continue // brute force over words too long
			}
			ran++
			w := bruteShortest(a)
			if got := IsEmpty(a); got != (w == nil) {
				t.Errorf("%s case %d: IsEmpty %v, brute force found %v", s.name, ci, got, w)
			}
			if w != nil {
				// negative control: the shortest word removed, brute force moves on
				if w2 := bruteShortest(xorPoint(a, w)); w2 != nil && wordString(w2, k) == wordString(w, k) {
					t.Errorf("%s case %d: %s removed is still the shortest", s.name, ci, wordString(w, k))
				}
			}
			sh := Shortest(a)
			switch {
			case w == nil && sh != nil:
				t.Errorf("%s case %d: Shortest %v of an empty relation", s.name, ci, sh)
			case w != nil && fmt.Sprint(u64(sh...)) != fmt.Sprint(s.decodeWord(k, w)):
				t.Errorf("%s case %d: Shortest %v, brute force %v (%s)", s.name, ci, sh, s.decodeWord(k, w), wordString(w, k))
			}
			// Least: cut to a box, the least tuple in lexicographic order.
			bound := []uint64{0, b1, b2, b3}[k]
			cut := a
			for i := range k {
				cut = Intersect(cut, boundTrack(s.ns, k, i, bound))
			}
			var want []uint64
			box(k, bound, func(x []uint64) bool {
				if member(s, a, x) {
					want = slices.Clone(x)
					return false
				}
				return true
			})
			got := Least(cut)
			if (got == nil) != (want == nil) || got != nil && fmt.Sprint(u64(got...)) != fmt.Sprint(want) {
				t.Errorf("%s case %d: Least %v, brute force %v", s.name, ci, got, want)
			}
			if want != nil {
				// negative control: the least tuple removed, Least moves on
				if l2 := Least(xorPoint(cut, s.word(want))); l2 != nil && fmt.Sprint(u64(l2...)) == fmt.Sprint(want) {
					t.Errorf("%s case %d: Least of the cut with %v removed is still %v", s.name, ci, want, l2)
				}
			}
		}
		t.Logf("%s: %d of %d relations small enough for the brute force", s.name, ran, len(cases))
		if ran < len(cases)/2 {
			t.Errorf("%s: only %d of %d relations checked", s.name, ran, len(cases))
		}
		// Least of a relation with an infinite first track and a second track
		// the first bounds: (x, y) with 40 < x < y and x + y = 100 (brute force: 41, 59).
		e := NewEnv(s.ns)
		c := mustEval(t, e, []string{"x", "y"}, And(Lt(N(40), V("x")), Lt(V("x"), V("y")), Eq(Plus(V("x"), V("y")), N(100))))
		if l := Least(c); fmt.Sprint(u64(l...)) != "[41 59]" {
			t.Errorf("%s: Least(40 < x < y, x + y = 100) = %v", s.name, l)
		}
		if Least(Empty(s.ns, 2)) != nil || Shortest(Empty(s.ns, 1)) != nil {
			t.Errorf("%s: the least of the empty relation", s.name)
		}
	}
}

// Equivalent: true for equal relations built two ways; for unequal ones,
// false with a shortest tuple on which they differ (brute force: no
// differing tuple with a shorter word in the box).
func TestEquivalent(t *testing.T) {
	const seed = 6
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	for _, s := range systems() {
		for _, k := range []int{1, 2, 3} {
			bound := []uint64{0, b1, b2, b3}[k]
			a := randomRelation(t, rng, s, k, 4)
			b := randomRelation(t, rng, s, k, 4)
			pairs := [][2]*Automaton{{a, a}, {a, Complement(Complement(a))}, {a, b}, {a, xorPoint(a, s.word(make([]uint64, k)))}}
			x0 := make([]uint64, k)
			x0[k-1] = bound / 2
			pairs = append(pairs, [2]*Automaton{a, xorPoint(a, s.word(x0))})
			for pi, p := range pairs {
				ok, cx := Equivalent(p[0], p[1])
				diff := compare(k, bound, func(x []uint64) bool { return member(s, p[0], x) }, func(x []uint64) bool { return member(s, p[1], x) })
				if ok != (diff.count == 0) && (ok || diff.count > 0) {
					t.Errorf("%s k=%d pair %d: Equivalent %v, brute force %s", s.name, k, pi, ok, diff)
					continue
				}
				if ok {
					continue
				}
				c := u64(cx...)
				if member(s, p[0], c) == member(s, p[1], c) {
					t.Errorf("%s k=%d pair %d: Equivalent's tuple %v is accepted by both or neither", s.name, k, pi, c)
				}
				l := len(s.word(c))
				box(k, bound, func(x []uint64) bool {
					if len(s.word(x)) < l && member(s, p[0], x) != member(s, p[1], x) {
						t.Errorf("%s k=%d pair %d: %v differs with a shorter word than Equivalent's %v", s.name, k, pi, x, c)
						return false
					}
					return true
				})
				if pi == 3 && fmt.Sprint(c) != fmt.Sprint(make([]uint64, k)) || pi == 4 && fmt.Sprint(c) != fmt.Sprint(x0) {
					t.Errorf("%s k=%d pair %d: Equivalent named %v, not the flipped tuple", s.name, k, pi, c)
				}
			}
		}
	}
}

// enumDiff describes the first difference of two sequences of tuples ("" if none).
func enumDiff(got, want [][]uint64) string {
	for i := range max(len(got), len(want)) {
		switch {
		case i >= len(got):
			return fmt.Sprintf("tuple %d: brute force %v, Enumerate ended", i, want[i])
		case i >= len(want):
			return fmt.Sprintf("tuple %d: Enumerate %v, brute force ended", i, got[i])
		case fmt.Sprint(got[i]) != fmt.Sprint(want[i]):
			return fmt.Sprintf("tuple %d: Enumerate %v, brute force %v", i, got[i], want[i])
		}
	}
	return ""
}

// wordLess compares two words of one length in the order of symbols.
func wordLess(a, b []uint32) bool { return slices.Compare(a, b) < 0 }

// Enumerate(l) yields every accepted tuple below f_{l+1}, in word order;
// stopping early yields a prefix of that.
func TestEnumerate(t *testing.T) {
	const seed = 7
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	for _, s := range systems() {
		for k, top := range []uint64{1: 300, 2: 25, 3: 8} {
			if k == 0 {
				continue
			}
			c := struct{ k, l int }{k, 0}
			for s.w[c.l] < top {
				c.l++ // every tuple below f_{l+1}: at least 300, 25^2, 8^3 of them
			}
			var a *Automaton
			var want [][]uint64
			for try := 0; len(want) < 10 && try < 20; try++ {
				a = randomRelation(t, rng, s, c.k, 5)
				want = want[:0]
				box(c.k, s.w[c.l], func(x []uint64) bool {
					if member(s, a, x) {
						want = append(want, slices.Clone(x))
					}
					return true
				})
			}
			var got [][]uint64
			a.Enumerate(c.l, func(x []uint64) bool { got = append(got, slices.Clone(x)); return true })
			pad := func(x []uint64) []uint32 {
				w := s.word(x)
				return append(make([]uint32, c.l-len(w)), w...)
			}
			slices.SortFunc(want, func(x, y []uint64) int {
				if wordLess(pad(x), pad(y)) {
					return -1
				}
				return 1
			})
			if d := enumDiff(got, want); d != "" {
				t.Errorf("%s k=%d: Enumerate(%d) and brute force differ: %s", s.name, c.k, c.l, d)
				continue
			}
			// negative control: one tuple removed, the comparison names it
			x0 := want[len(want)/2]
			var bad [][]uint64
			xorPoint(a, s.word(x0)).Enumerate(c.l, func(x []uint64) bool { bad = append(bad, slices.Clone(x)); return true })
			if d := enumDiff(bad, want); !strings.Contains(d, fmt.Sprint(x0)) {
				t.Errorf("%s k=%d: negative control: %v removed, the comparison says %q", s.name, c.k, x0, d)
			}
			if len(want) < 2 {
				t.Errorf("%s k=%d: Enumerate(%d) checked on %d tuples", s.name, c.k, c.l, len(want))
				continue
			}
			var first [][]uint64
			a.Enumerate(c.l, func(x []uint64) bool { first = append(first, slices.Clone(x)); return len(first) < 2 })
			if fmt.Sprint(first) != fmt.Sprint(want[:2]) {
				t.Errorf("%s k=%d: Enumerate stopped after two yields %v", s.name, c.k, first)
			}
		}
		var got []uint64
		Const(s.ns, big.NewInt(12)).Enumerate(10, func(x []uint64) bool { got = append(got, x[0]); return true })
		if fmt.Sprint(got) != "[12]" {
			t.Errorf("%s: Enumerate(Const 12) = %v", s.name, got)
		}
	}
}

// IsUniversal: the universe, a relation with its complement, and not a
// relation with one tuple removed; and for random 1-track relations,
// against every valid word up to the length a counterexample needs at
// most (the states of a times those of the recogniser).
func TestIsUniversal(t *testing.T) {
	const seed = 8
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	for _, s := range systems() {
		for k := 1; k <= 3; k++ {
			v := s.ns.Valid(k)
			a := randomRelation(t, rng, s, k, 4)
			if !IsUniversal(v) || !IsUniversal(Union(a, Complement(a))) {
				t.Errorf("%s k=%d: the universe is not universal", s.name, k)
			}
			if IsUniversal(xorPoint(v, s.word(make([]uint64, k)))) || IsUniversal(Difference(v, a)) {
				t.Errorf("%s k=%d: the universe less a tuple is universal", s.name, k)
			}
			if IsUniversal(Empty(s.ns, k)) || IsEmpty(v) {
				t.Errorf("%s k=%d: empty and universal mixed up", s.name, k)
			}
		}
		ran := 0
		for range 20 {
			a := randomRelation(t, rng, s, 1, 3)
			L := (a.States() + 1) * s.recStates // a counterexample has a word shorter than L
			if L > 16 {
				continue
			}
			ran++
			all := true
			box(1, s.w[L], func(x []uint64) bool { all = member(s, a, x); return all })
			if IsUniversal(a) != all {
				t.Errorf("%s: IsUniversal %v, brute force on every number below f_%d: %v", s.name, IsUniversal(a), L+1, all)
			}
		}
		t.Logf("%s: %d random relations against brute force", s.name, ran)
		if ran == 0 {
			t.Errorf("%s: no random relation small enough for the brute force of IsUniversal", s.name)
		}
	}
}
