package automatic

import (
	"strings"
	"testing"
)

// z1Regex is z = the least part of n (tracks n, z): n's digits above the
// lowest 1 are free, z has its single 1 there.
const z1Regex = "([0,0]|[1,0])*[1,1][0,0]*"

// leastPart is the weight of the lowest 1 of n's greedy digits (n >= 1).
func leastPart(s *system, n uint64) uint64 {
	d := greedy(s.w, n)
	for i := len(d) - 1; i >= 0; i-- {
		if d[i] == 1 {
			return s.w[len(d)-1-i]
		}
	}
	panic("leastPart(0)")
}

func isWeight(s *system, x uint64) bool {
	for _, w := range s.w {
		if w == x {
			return true
		}
	}
	return false
}

// CompileRegex against brute force in every system: the least part of n
// (every n below 300, every z up to n + 1, and the box), x is a weight,
// and a regular expression that matches invalid words, cut to the valid.
func TestCompileRegex(t *testing.T) {
	for _, s := range systems() {
		z1, err := CompileRegex(s.ns, 2, z1Regex)
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		checkRel(t, s, "z = the least part of n", z1, b2, func(v []uint64) bool { return v[0] > 0 && v[1] == leastPart(s, v[0]) })
		for n := uint64(0); n < 300; n++ {
			for zz := uint64(0); zz <= n+1; zz++ {
				if member(s, z1, []uint64{n, zz}) != (n > 0 && zz == leastPart(s, n)) {
					t.Fatalf("%s: the least part at (%d, %d)", s.name, n, zz)
				}
			}
		}
		w, err := CompileRegex(s.ns, 1, "0*10*")
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		checkRel(t, s, "x is a weight", w, b1, func(v []uint64) bool { return isWeight(s, v[0]) })
		// 0*1* matches 11, 111, ...: valid in base 2 only
		ones, err := CompileRegex(s.ns, 1, "0*1*")
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		checkRel(t, s, "0*1* cut to the valid words", ones, b1, func(v []uint64) bool {
			return isGreedy(s, greedy(s.w, v[0])) && !strings.Contains(digitString(greedy(s.w, v[0])), "0")
		})
		if err := Sound(ones, 1); err != nil {
			t.Errorf("%s: %v", s.name, err)
		}
		// + and ? and spaces: 0*(1 0+)?  is 0 or a weight above f_1
		p, err := CompileRegex(s.ns, 1, "0* (1 0+)?")
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		checkRel(t, s, "0*(10+)?", p, b1, func(v []uint64) bool { return v[0] == 0 || v[0] > 1 && isWeight(s, v[0]) })
	}
}

// Syntax errors name the column; a regular expression that is not closed
// under leading zeros is refused, naming the word.
func TestCompileRegexRefuses(t *testing.T) {
	ns := Zeckendorf()
	for _, c := range []struct {
		k        int
		re, want string
	}{
		{2, "[0,0", "missing ] at column 1"},
		{2, "[0,0][1,0", "missing ] at column 6"},
		{1, "(0", "missing ) at column 3"},
		{1, "0)", `unexpected ')' at column 2`},
		{2, "[0,2]", `digit "2" at column 1`},
		{2, "[0,0,0]", "a tuple of 3 digits, want 2 at column 1"},
		{1, "2", `unexpected '2' at column 1`},
		{1, "0*|*", `unexpected '*' at column 4`},
		{2, "0*", `unexpected '0' at column 1`},
		{1, "1", "not closed under leading zeros (w = 1: exactly one of w and 0w is accepted)"},
		{1, "10*", "not closed under leading zeros"},
		{1, "", "not closed under leading zeros (w = the empty word"},
		{2, "[1,0]*", "not closed under leading zeros"},
	} {
		_, err := CompileRegex(ns, c.k, c.re)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("CompileRegex(%d, %q): %v, want %q", c.k, c.re, err, c.want)
		}
	}
	// negative control: the refused ones repaired
	for _, c := range []struct {
		k  int
		re string
	}{{2, "[0,0]*"}, {1, "0*"}, {1, "0*1"}, {1, "0*10*"}, {1, "0*|0*1"}, {2, "([1,0]|[0,0])*"}} {
		if _, err := CompileRegex(ns, c.k, c.re); err != nil {
			t.Errorf("CompileRegex(%d, %q): %v", c.k, c.re, err)
		}
	}
}
