package automatic

import (
	"fmt"
	"testing"
)

// wordsMismatch runs a (k tracks) on every word of length 0..L and compares
// acceptance with want; it returns how many words disagree and the
// shortest (then least) one.
func wordsMismatch(a *Automaton, L int, want func(w []uint32) bool) (int, string) {
	k := a.Tracks()
	count, first := 0, ""
	for l := 0; l <= L; l++ {
		n := 1 << uint(k*l)
		w := make([]uint32, l)
		for code := range n {
			for i := range w {
				w[i] = uint32(code>>uint(k*(l-1-i))) & (1<<uint(k) - 1)
			}
			if g, v := acceptsWord(a, w), want(w); g != v {
				if count == 0 {
					first = fmt.Sprintf("%s (automaton %v, brute force %v)", wordString(w, k), g, v)
				}
				count++
			}
		}
	}
	return count, first
}

// validWord is the definition: every track of w is a greedy word.
func validWord(s *system, k int, w []uint32) bool {
	for i := range k {
		d := make([]byte, len(w))
		for j, sym := range w {
			d[j] = byte(sym >> uint(i) & 1)
		}
		if !isGreedy(s, d) {
			return false
		}
	}
	return true
}

// checkWords compares a with want on every word up to length L; as a
// negative control, a copy with the word w0 flipped must fail with w0 the
// least word named.
func checkWords(t *testing.T, name string, a *Automaton, L int, w0 []uint32, want func(w []uint32) bool) {
	t.Helper()
	if c, first := wordsMismatch(a, L, want); c > 0 {
		t.Errorf("%s: %d words up to length %d disagree, the least %s", name, c, L, first)
		return
	}
	c, first := wordsMismatch(xorPoint(a, w0), L, want)
	if c == 0 || !hasPrefix(first, wordString(w0, a.Tracks())+" ") {
		t.Errorf("%s: negative control: %s flipped, the check reported %d words, the least %q", name, wordString(w0, a.Tracks()), c, first)
	}
}

// The recogniser accepts exactly the greedy words, all 2^L words of every
// length L <= 14; Valid(k) accepts exactly the words whose every track is
// greedy (k = 2 up to length 7, k = 3 up to length 5).
func TestRecogniserWords(t *testing.T) {
	for _, s := range systems() {
		rec := s.ns.Recogniser()
		if rec.Tracks() != 1 {
			t.Fatalf("%s: recogniser on %d tracks", s.name, rec.Tracks())
		}
		w0 := []uint32{1, 0, 1, 0, 0} // valid in every system: f_5 + f_3
		checkWords(t, s.name+" Recogniser", rec, 14, w0, func(w []uint32) bool { return validWord(s, 1, w) })
		checkWords(t, s.name+" Valid(1)", s.ns.Valid(1), 14, w0, func(w []uint32) bool { return validWord(s, 1, w) })
		checkWords(t, s.name+" Valid(2)", s.ns.Valid(2), 7, []uint32{1, 2, 0, 3}, func(w []uint32) bool { return validWord(s, 2, w) })
		checkWords(t, s.name+" Valid(3)", s.ns.Valid(3), 5, []uint32{5, 2, 0, 7}, func(w []uint32) bool { return validWord(s, 3, w) })
		if v := s.ns.Valid(0); v.States() != 1 || !v.Accepting(0) {
			t.Errorf("%s: Valid(0) has %d states, accepting %v", s.name, v.States(), v.Accepting(0))
		}
		for k := 1; k <= 3; k++ {
			if err := Sound(s.ns.Valid(k), k); err != nil {
				t.Errorf("%s: Valid(%d): %v", s.name, k, err)
			}
		}
	}
}

// Issue 45: "for a = 3 the recogniser has 5 states and also accepts the
// ending 1001 = 4 + 1", where 1s are otherwise separated by at least c = 3
// zeros. 10001 (6 + 1) is valid too, 101 (3 + 1 = 4) is not.
func TestRecogniserA003411Ending(t *testing.T) {
	s := systems()[3]
	rec := s.ns.Recogniser()
	for _, c := range []struct {
		w    []uint32
		want bool
	}{{[]uint32{1, 0, 0, 1}, true}, {[]uint32{1, 0, 0, 0, 1}, true}, {[]uint32{1, 0, 1}, false}, {[]uint32{1, 0, 0, 1, 0}, false}, {[]uint32{1, 0, 0, 0, 1, 0}, true}} {
		if got := acceptsWord(rec, c.w); got != c.want {
			t.Errorf("a003411: %s accepted %v, want %v", wordString(c.w, 1), got, c.want)
		}
	}
}

// recogniserSize is the size assertion: the recogniser has want states.
func recogniserSize(ns *Numeration, want int) error {
	if got := ns.Recogniser().States(); got != want {
		return fmt.Errorf("%s: the recogniser has %d states, want %d", ns, got, want)
	}
	return nil
}

// The recogniser sizes the issue quotes (1, 2, 4, 5 states), and the
// assertion fails for a mutated weight list: the same c, one given weight
// changed (every difference still a weight).
func TestRecogniserSizes(t *testing.T) {
	mutated := map[string][]int64{
		"bin":     {1, 2, 3},       // then 6, 12, ...
		"fib":     {1, 2, 3, 4},    // then 7, 11, ...
		"a003410": {1, 2, 3, 4},    // then 6, 9, 13, ...
		"a003411": {1, 2, 3, 4, 5}, // then 7, 10, 14, ...
	}
	for _, s := range systems() {
		if err := recogniserSize(s.ns, s.recStates); err != nil {
			t.Error(err)
		}
		m := mustNumeration(s.name, mutated[s.name], s.c)
		err := recogniserSize(m, s.recStates)
		if err == nil {
			t.Errorf("%s: the size assertion passed for the mutated weights %v", s.name, mutated[s.name])
			continue
		}
		t.Logf("negative control: %v", err)
		// and the mutated recogniser fails the word check against the oracle of s
		if c, first := wordsMismatch(m.Recogniser(), 10, func(w []uint32) bool { return validWord(s, 1, w) }); c == 0 {
			t.Errorf("%s: the mutated recogniser passed the word check", s.name)
		} else {
			t.Logf("%s mutated: %d words disagree, the least %s", s.name, c, first)
		}
	}
}
