package automatic

import "fmt"

// Sound checks the invariants that make an automaton stand for a relation
// on N^k (see [Automaton]): it has k tracks, it accepts only valid words of
// its numeration, and it is closed under leading zeros (it accepts w iff it
// accepts 0w). Every automaton that enters a proof passes it: learned,
// defined by a formula, or read from a file ([Env.Define] calls it).
func Sound(a *Automaton, k int) error {
	if a.k != k {
		return fmt.Errorf("automatic: %d tracks, want %d", a.k, k)
	}
	if bad := Difference(a, a.ns.Valid(k)); !IsEmpty(bad) {
		return fmt.Errorf("automatic: accepts a word that is not valid in %s (%s)", a.ns, wordString(shortestWord(bad), k))
	}
	m := Minimize(a)
	if m.States() > 0 && !IsEmpty(m) && m.next[0] != 0 {
		// The least word w accepted with 0w rejected, or the other way.
		z := prependZero(m)
		d := Minimize(mustProduct(m, z, differs))
		return fmt.Errorf("automatic: not closed under leading zeros (w = %s: exactly one of w and 0w is accepted)", wordString(shortestWord(d), k))
	}
	return nil
}

// wordString writes a word as its symbols' digits, tracks in order:
// [1,0][0,1] (or 10 for one track).
func wordString(w []uint32, k int) string {
	if w == nil {
		return "none"
	}
	if len(w) == 0 {
		return "the empty word"
	}
	s := ""
	for _, sym := range w {
		if k == 1 {
			s += fmt.Sprint(sym & 1)
			continue
		}
		s += "["
		for i := range k {
			if i > 0 {
				s += ","
			}
			s += fmt.Sprint(sym >> uint(i) & 1)
		}
		s += "]"
	}
	return s
}

// prependZero returns the automaton of {w : 0w accepted}.
func prependZero(a *Automaton) *Automaton {
	s := a.next[0]
	if s < 0 {
		return Empty(a.ns, a.k)
	}
	b := a.Clone()
	// Renumber: make s the start by swapping states 0 and s.
	sw := func(x int32) int32 {
		switch x {
		case 0:
			return s
		case s:
			return 0
		}
		return x
	}
	for i := range b.next {
		b.next[i] = sw(b.next[i])
	}
	for sym := 0; sym < b.alphabet(); sym++ {
		b.next[sym], b.next[int(s)<<b.k|sym] = b.next[int(s)<<b.k|sym], b.next[sym]
	}
	b.accept[0], b.accept[s] = b.accept[s], b.accept[0]
	return b
}
