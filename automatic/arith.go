package automatic

import (
	"math/big"
	"sync"
)

// Const returns the 1-track automaton of the number c >= 0 in ns: leading
// zeros, then the digits of c.
func Const(ns *Numeration, c *big.Int) *Automaton {
	d := ns.Digits(c)
	return explore(ns, 1, 0, func(i int, sym uint32) (int, bool) {
		if i == 0 && sym == 0 {
			return 0, true
		}
		if i < len(d) && byte(sym) == d[i] {
			return i + 1, true
		}
		return 0, false
	}, func(i int) bool { return i == len(d) })
}

// base holds a numeration's automata of = and <, built once.
type base struct {
	once              sync.Once
	equal, less, leEq *Automaton
}

var bases sync.Map // *Numeration -> *base

func (ns *Numeration) base() *base {
	b, _ := bases.LoadOrStore(ns, &base{})
	bb := b.(*base)
	bb.once.Do(func() {
		t := ns.tuple([]int{0, 1})
		bb.equal = Minimize(explore(ns, 2, uint64(0), func(s uint64, sym uint32) (uint64, bool) {
			if sym != 0 && sym != 3 {
				return 0, false
			}
			return t.step(s, sym)
		}, t.accepting))
		type st struct {
			rec uint64
			lt  bool
		}
		bb.less = Minimize(explore(ns, 2, st{}, func(x st, sym uint32) (st, bool) {
			if !x.lt && sym == 1 { // x has 1, y has 0 at the first difference
				return st{}, false
			}
			r, ok := t.step(x.rec, sym)
			return st{r, x.lt || sym == 2}, ok
		}, func(x st) bool { return x.lt && t.accepting(x.rec) }))
		bb.leEq = Union(bb.less, bb.equal)
	})
	return bb
}

// Equal2 returns the 2-track automaton of x = y.
func Equal2(ns *Numeration) *Automaton { return ns.base().equal.Clone() }

// Less returns the 2-track automaton of x < y. Greedy words of one length
// compare in the lexicographic order of their digits as their numbers do,
// so it reads the tracks until the first differing digit.
func Less(ns *Numeration) *Automaton { return ns.base().less.Clone() }

// LessEq returns the 2-track automaton of x <= y.
func LessEq(ns *Numeration) *Automaton { return ns.base().leEq.Clone() }
