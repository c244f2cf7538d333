package automatic

import "math/bits"

// PairWalker runs a 2-track automaton over the words of consecutive pairs
// (n, y), all padded to one length of digits, keeping the states after
// each digit of the last word so that the next word starts from its first
// changed digit: how a table of millions of rows is checked against an
// automaton in a few steps a row.
type PairWalker struct {
	a      *Automaton
	d      int
	states []int32 // states[i]: after i digits
	mn, my uint64
	fresh  bool
	steps  int64
}

// NewPairWalker returns a walker of a for pairs whose numbers are at most
// max (below a's numeration's Top64).
func NewPairWalker(a *Automaton, max uint64) *PairWalker {
	ns := a.Numeration()
	d := 1
	for d < ns.MaskDigits() && ns.Count(d) <= max {
		d++
	}
	return &PairWalker{a: a, d: d, states: make([]int32, d+1), fresh: true}
}

// Accepts reports whether a accepts the pair whose digit masks
// (Numeration.Mask) are mn and my.
func (w *PairWalker) Accepts(mn, my uint64) bool {
	start := 0
	if !w.fresh {
		start = max(w.d-bits.Len64((mn^w.mn)|(my^w.my)), 0)
	}
	w.fresh = false
	s := w.states[start]
	for j := start; j < w.d; j++ {
		if s >= 0 {
			bit := uint(w.d - 1 - j)
			s = int32(w.a.Next(int(s), uint32(mn>>bit&1)|uint32(my>>bit&1)<<1))
			w.steps++
		}
		w.states[j+1] = s
	}
	w.mn, w.my = mn, my
	return w.a.Accepting(int(s))
}

// Steps is the number of transitions the walker has taken.
func (w *PairWalker) Steps() int64 { return w.steps }
