package grundy

import "math/bits"

// activeSet is a set of rows 0..N as a hierarchy of bit sets: level 0 has a
// bit per row, and each higher level a bit per non-zero word of the level
// below. It answers "the largest member <= x" in a few word operations, and
// costs N/8 bytes (plus 1/64 of that per level above). A sweep uses it to
// find the latest row that offers a value (see sweep).
type activeSet struct {
	levels [][]uint64 // levels[0] holds the rows
}

func newActiveSet(N int) *activeSet {
	s := &activeSet{}
	n := N + 1
	for {
		w := (n + 63) / 64
		s.levels = append(s.levels, make([]uint64, w))
		if w == 1 {
			return s
		}
		n = w
	}
}

func (s *activeSet) add(x int) {
	for _, l := range s.levels {
		w := l[x>>6]
		l[x>>6] = w | 1<<(x&63)
		if w != 0 {
			return // the levels above already know this word is non-zero
		}
		x >>= 6
	}
}

func (s *activeSet) remove(x int) {
	for _, l := range s.levels {
		w := l[x>>6] &^ (1 << (x & 63))
		l[x>>6] = w
		if w != 0 {
			return
		}
		x >>= 6
	}
}

// prev returns the largest member <= x, or -1 if there is none.
func (s *activeSet) prev(x int) int {
	if x < 0 {
		return -1
	}
	// Climb until a word holds a member at or below the position.
	lv := 0
	for ; lv < len(s.levels); lv++ {
		if w := s.levels[lv][x>>6] & (^uint64(0) >> (63 - x&63)); w != 0 {
			x = x&^63 | (63 - bits.LeadingZeros64(w))
			break
		}
		if x>>6 == 0 {
			return -1
		}
		x = x>>6 - 1
	}
	if lv == len(s.levels) {
		return -1
	}
	// Descend, taking the highest member of each word.
	for ; lv > 0; lv-- {
		w := s.levels[lv-1][x]
		x = x<<6 | (63 - bits.LeadingZeros64(w))
	}
	return x
}

// clear empties the set.
func (s *activeSet) clear() {
	for _, l := range s.levels {
		clear(l)
	}
}
