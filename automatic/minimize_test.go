package automatic

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// moore is Moore's algorithm, written from its definition as the oracle of
// Minimize (Hopcroft): on the states reachable from the start, plus the
// dead state, start from the partition {accepting, not accepting} and
// refine by (class, classes of the successors on every symbol) until the
// number of classes is stable; the minimal automaton is the quotient
// without the dead state's class, numbered breadth first from the start's
// class, symbols in increasing order.
func moore(a *Automaton) *Automaton {
	k := a.Tracks()
	m := 1 << uint(k)
	// reachable states; dead is -1, stored as index len(states)
	idx := map[int]int{0: 0}
	states := []int{0}
	for i := 0; i < len(states); i++ {
		for sym := range m {
			if t := a.Next(states[i], uint32(sym)); t >= 0 {
				if _, ok := idx[t]; !ok {
					idx[t] = len(states)
					states = append(states, t)
				}
			}
		}
	}
	n := len(states) + 1
	dead := n - 1
	succ := func(i, sym int) int {
		if i == dead {
			return dead
		}
		t := a.Next(states[i], uint32(sym))
		if t < 0 {
			return dead
		}
		return idx[t]
	}
	class := make([]int, n)
	for i := range states {
		if a.Accepting(states[i]) {
			class[i] = 1
		}
	}
	count := func(c []int) int {
		seen := map[int]bool{}
		for _, x := range c {
			seen[x] = true
		}
		return len(seen)
	}
	for {
		keys := map[string]int{}
		next := make([]int, n)
		for i := range n {
			key := fmt.Sprint(class[i])
			for sym := range m {
				key += fmt.Sprint(",", class[succ(i, sym)])
			}
			id, ok := keys[key]
			if !ok {
				id = len(keys)
				keys[key] = id
			}
			next[i] = id
		}
		stable := count(next) == count(class)
		class = next
		if stable {
			break
		}
	}
	out := &Automaton{ns: a.ns, k: k}
	if class[0] == class[dead] {
		out.accept = []bool{false}
		for range m {
			out.next = append(out.next, -1)
		}
		return out
	}
	rep := map[int]int{class[0]: 0} // class -> a state of it
	id := map[int]int{class[0]: 0}
	order := []int{class[0]}
	for q := 0; q < len(order); q++ {
		r := rep[order[q]]
		out.accept = append(out.accept, r != dead && a.Accepting(states[r]))
		for sym := range m {
			t := succ(r, sym)
			c := class[t]
			if c == class[dead] {
				out.next = append(out.next, -1)
				continue
			}
			j, ok := id[c]
			if !ok {
				j = len(order)
				id[c] = j
				rep[c] = t
				order = append(order, c)
			}
			out.next = append(out.next, int32(j))
		}
	}
	return out
}

// automatonDiff names the first difference of two automata, state by
// state ("" when they are equal).
func automatonDiff(a, b *Automaton) string {
	if a.Tracks() != b.Tracks() {
		return fmt.Sprintf("%d tracks against %d", a.Tracks(), b.Tracks())
	}
	for s := range min(a.States(), b.States()) {
		if a.Accepting(s) != b.Accepting(s) {
			return fmt.Sprintf("state %d: accepting %v against %v", s, a.Accepting(s), b.Accepting(s))
		}
		for sym := range uint32(1) << uint(a.Tracks()) {
			if x, y := a.Next(s, sym), b.Next(s, sym); x != y {
				return fmt.Sprintf("state %d symbol %d: to %d against %d", s, sym, x, y)
			}
		}
	}
	if a.States() != b.States() {
		return fmt.Sprintf("%d states against %d", a.States(), b.States())
	}
	return ""
}

// Minimize against Moore's algorithm on seeded random automata of 1 to 120
// states and 0 to 3 tracks, state by state; the minimal automaton accepts
// the same words (all up to a length); Minimize is idempotent. Negative
// control: one transition of the result moved, the comparison names it.
func TestMinimizeAgainstMoore(t *testing.T) {
	const seed = 10
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	ns := systems()[1].ns
	cases, nontrivial := 0, 0
	for _, n := range []int{1, 2, 3, 5, 8, 13, 30, 60, 120} {
		for k := 0; k <= 3; k++ {
			for _, pDead := range []float64{0, 0.3, 0.7, 1} {
				trials := 3
				if n >= 60 {
					trials = 1
				}
				for range trials {
					a := randomDFA(rng, ns, k, n, pDead)
					got, want := Minimize(a), moore(a)
					cases++
					if d := automatonDiff(got, want); d != "" || !got.Equal(want) {
						t.Fatalf("n=%d k=%d pDead=%.1f: Minimize and Moore differ: %s", n, k, pDead, d)
					}
					if got.States() > 1 {
						nontrivial++
					}
					if d := automatonDiff(Minimize(got), got); d != "" {
						t.Fatalf("n=%d k=%d: Minimize is not idempotent: %s", n, k, d)
					}
					L := max(1, 12/max(k, 1))
					if c, first := wordsMismatch(got, L, func(w []uint32) bool { return acceptsWord(a, w) }); c > 0 {
						t.Fatalf("n=%d k=%d: the minimal automaton differs from the input at %s", n, k, first)
					}
					// negative control: a transition of the result moved
					if got.States() > 1 && k > 0 {
						bad := got.Clone()
						s := rng.IntN(bad.States())
						sym := rng.IntN(1 << uint(k))
						old := bad.next[s<<uint(k)|sym]
						bad.next[s<<uint(k)|sym] = int32((int(old) + 2) % (bad.States() + 1)) // maybe dead (-1 is States)
						if bad.next[s<<uint(k)|sym] == int32(bad.States()) {
							bad.next[s<<uint(k)|sym] = -1
						}
						if bad.next[s<<uint(k)|sym] != old {
							d := automatonDiff(bad, want)
							if d != fmt.Sprintf("state %d symbol %d: to %d against %d", s, sym, bad.next[s<<uint(k)|sym], old) {
								t.Fatalf("negative control: a moved transition at state %d symbol %d, the comparison says %q", s, sym, d)
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d random automata, %d with more than one minimal state", cases, nontrivial)
}

// The minimal automata of relations built two ways are equal state by
// state (breadth-first numbering): x < y from the order and from the
// logic; Valid x Valid minimises to Valid.
func TestMinimizeCanonical(t *testing.T) {
	for _, s := range systems() {
		e := NewEnv(s.ns)
		viaLogic := mustEval(t, e, []string{"x", "y"}, Exists("t", And(Eq(V("y"), Plus(V("x"), V("t"))), Le(N(1), V("t")))))
		if d := automatonDiff(viaLogic, Less(s.ns)); d != "" {
			t.Errorf("%s: x < y two ways: %s", s.name, d)
		}
		p, _ := product(nil, s.ns.Valid(2), s.ns.Valid(2), and)
		if d := automatonDiff(Minimize(p), s.ns.Valid(2)); d != "" {
			t.Errorf("%s: Valid x Valid: %s", s.name, d)
		}
		if d := automatonDiff(moore(s.ns.Recogniser()), s.ns.Recogniser()); d != "" {
			t.Errorf("%s: the recogniser is not minimal: %s", s.name, d)
		}
	}
}
