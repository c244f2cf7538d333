package automatic

import "fmt"

// Empty returns the automaton of the empty relation on k tracks of ns.
func Empty(ns *Numeration, k int) *Automaton {
	return newAutomaton(ns, k, 1)
}

// product is the reachable part of the product of a and b (same tracks),
// accepting where op(acc a, acc b). op(false, false) must be false: then a
// word is accepted only if a or b accepts it, so the result is valid and
// closed under leading zeros when a and b are.
func product(lim *limits, a, b *Automaton, op func(x, y bool) bool) (*Automaton, error) {
	if a.k != b.k {
		panic(fmt.Sprintf("automatic: product of automata on %d and %d tracks", a.k, b.k))
	}
	sameSystem(a, b)
	if op(false, false) {
		panic("automatic: product with op(false, false) = true")
	}
	and := !op(true, false) && !op(false, true)
	type pair struct{ p, q int32 }
	ids := map[pair]int32{{0, 0}: 0}
	queue := []pair{{0, 0}}
	k := a.k
	out := newAutomaton(a.ns, k, 0)
	out.addState(op(a.accept[0], b.accept[0]))
	for i := 0; i < len(queue); i++ {
		if err := lim.check(len(queue), k); err != nil {
			return nil, err
		}
		pq := queue[i]
		for sym := 0; sym < 1<<k; sym++ {
			p, q := int32(-1), int32(-1)
			if pq.p >= 0 {
				p = a.next[int(pq.p)<<k|sym]
			}
			if pq.q >= 0 {
				q = b.next[int(pq.q)<<k|sym]
			}
			if p < 0 && q < 0 || and && (p < 0 || q < 0) {
				continue
			}
			t := pair{p, q}
			id, ok := ids[t]
			if !ok {
				id = int32(out.addState(op(p >= 0 && a.accept[p], q >= 0 && b.accept[q])))
				ids[t] = id
				queue = append(queue, t)
			}
			out.next[i<<k|sym] = id
		}
	}
	lim.record(out.States(), k)
	return out, nil
}

func and(x, y bool) bool     { return x && y }
func or(x, y bool) bool      { return x || y }
func andNot(x, y bool) bool  { return x && !y }
func differs(x, y bool) bool { return x != y }

func minProduct(lim *limits, a, b *Automaton, op func(x, y bool) bool) (*Automaton, error) {
	p, err := product(lim, a, b, op)
	if err != nil {
		return nil, err
	}
	return minimize(lim, p)
}

func mustProduct(a, b *Automaton, op func(x, y bool) bool) *Automaton {
	m, _ := minProduct(nil, a, b, op)
	return m
}

// Intersect returns the minimal automaton of the tuples accepted by both.
func Intersect(a, b *Automaton) *Automaton { return mustProduct(a, b, and) }

// Union returns the minimal automaton of the tuples accepted by either.
func Union(a, b *Automaton) *Automaton { return mustProduct(a, b, or) }

// Difference returns the minimal automaton of the tuples a accepts and b does not.
func Difference(a, b *Automaton) *Automaton { return mustProduct(a, b, andNot) }

// SymmetricDifference returns the minimal automaton of the tuples accepted
// by exactly one of a and b: empty iff they define the same relation.
func SymmetricDifference(a, b *Automaton) *Automaton { return mustProduct(a, b, differs) }

// Complement returns the minimal automaton of the tuples a rejects,
// relative to the valid representations ([Numeration.Valid]).
func Complement(a *Automaton) *Automaton { return Difference(a.ns.Valid(a.k), a) }

// IsEmpty reports whether a accepts nothing.
func IsEmpty(a *Automaton) bool {
	seen := make([]bool, a.States())
	stack := []int32{0}
	seen[0] = true
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if a.accept[s] {
			return false
		}
		for sym := 0; sym < a.alphabet(); sym++ {
			if t := a.next[int(s)<<a.k|sym]; t >= 0 && !seen[t] {
				seen[t] = true
				stack = append(stack, t)
			}
		}
	}
	return true
}

// IsUniversal reports whether a accepts every valid tuple.
func IsUniversal(a *Automaton) bool { return IsEmpty(Difference(a.ns.Valid(a.k), a)) }
