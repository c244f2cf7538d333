package automatic

import (
	"fmt"
	"slices"
	"strings"
)

// CompileRegex returns the automaton of a regular expression over k tracks
// of ns, in Walnut's reg syntax: a symbol is a digit (one track) or a
// tuple of digits [d1,d2,...] (one per track); concatenation, | , * , + ,
// ? and parentheses. The words it matches are intersected with the valid
// words, and the result must be closed under leading zeros ([Sound]); a
// regular expression that is not is an error, so that it stands for a
// relation.
func CompileRegex(ns *Numeration, k int, re string) (*Automaton, error) {
	p := &reParser{s: re, k: k}
	n := &nfa{}
	start, end, err := p.parse(n)
	if err != nil {
		return nil, err
	}
	a := n.determinize(ns, k, start, end)
	m := Intersect(a, ns.Valid(k))
	if err := Sound(m, k); err != nil {
		return nil, fmt.Errorf("regular expression %q: %w", re, err)
	}
	return m, nil
}

// nfa is a Thompson automaton: each state has epsilon moves and moves on
// one symbol.
type nfa struct {
	eps  [][]int
	sym  []int // -1: none
	to   []int
	size int
}

func (n *nfa) state() int {
	n.eps = append(n.eps, nil)
	n.sym = append(n.sym, -1)
	n.to = append(n.to, -1)
	n.size++
	return n.size - 1
}

type reParser struct {
	s   string
	i   int
	k   int
	err error
}

func (p *reParser) peek() byte {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *reParser) parse(n *nfa) (int, int, error) {
	s, e := p.alt(n)
	if p.err == nil && p.peek() != 0 {
		p.err = fmt.Errorf("regular expression: unexpected %q at column %d", p.s[p.i], p.i+1)
	}
	return s, e, p.err
}

func (p *reParser) alt(n *nfa) (int, int) {
	s, e := p.seq(n)
	for p.err == nil && p.peek() == '|' {
		p.i++
		s2, e2 := p.seq(n)
		ns, ne := n.state(), n.state()
		n.eps[ns] = append(n.eps[ns], s, s2)
		n.eps[e] = append(n.eps[e], ne)
		n.eps[e2] = append(n.eps[e2], ne)
		s, e = ns, ne
	}
	return s, e
}

func (p *reParser) seq(n *nfa) (int, int) {
	s := n.state()
	e := s
	for p.err == nil {
		c := p.peek()
		if c == 0 || c == '|' || c == ')' {
			return s, e
		}
		s2, e2 := p.rep(n)
		n.eps[e] = append(n.eps[e], s2)
		e = e2
	}
	return s, e
}

func (p *reParser) rep(n *nfa) (int, int) {
	s, e := p.atom(n)
	for p.err == nil {
		switch p.peek() {
		case '*':
			p.i++
			ns, ne := n.state(), n.state()
			n.eps[ns] = append(n.eps[ns], s, ne)
			n.eps[e] = append(n.eps[e], s, ne)
			s, e = ns, ne
		case '+':
			p.i++
			ne := n.state()
			n.eps[e] = append(n.eps[e], s, ne)
			e = ne
		case '?':
			p.i++
			ns, ne := n.state(), n.state()
			n.eps[ns] = append(n.eps[ns], s, ne)
			n.eps[e] = append(n.eps[e], ne)
			s, e = ns, ne
		default:
			return s, e
		}
	}
	return s, e
}

func (p *reParser) atom(n *nfa) (int, int) {
	switch c := p.peek(); {
	case c == '(':
		p.i++
		s, e := p.alt(n)
		if p.peek() != ')' {
			p.fail("missing )")
		}
		p.i++
		return s, e
	case c == '[':
		end := strings.IndexByte(p.s[p.i:], ']')
		if end < 0 {
			p.fail("missing ]")
			return n.state(), n.state()
		}
		parts := strings.Split(p.s[p.i+1:p.i+end], ",")
		if len(parts) != p.k {
			p.fail(fmt.Sprintf("a tuple of %d digits, want %d", len(parts), p.k))
		}
		sym := 0
		for t, d := range parts {
			switch strings.TrimSpace(d) {
			case "0":
			case "1":
				sym |= 1 << uint(t)
			default:
				p.fail(fmt.Sprintf("digit %q", d))
			}
		}
		p.i += end + 1
		return p.symbol(n, sym)
	case (c == '0' || c == '1') && p.k == 1:
		p.i++
		return p.symbol(n, int(c-'0'))
	case c == 0:
		p.fail("unexpected end")
	default:
		p.fail(fmt.Sprintf("unexpected %q", c))
	}
	return n.state(), n.state()
}

func (p *reParser) fail(msg string) {
	if p.err == nil {
		p.err = fmt.Errorf("regular expression: %s at column %d", msg, p.i+1)
	}
	p.i = len(p.s)
}

func (p *reParser) symbol(n *nfa, sym int) (int, int) {
	s, e := n.state(), n.state()
	n.sym[s], n.to[s] = sym, e
	return s, e
}

func (n *nfa) closure(set []int) []int {
	seen := map[int]bool{}
	stack := slices.Clone(set)
	var out []int
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[s] {
			continue
		}
		seen[s] = true
		out = append(out, s)
		stack = append(stack, n.eps[s]...)
	}
	slices.Sort(out)
	return out
}

func (n *nfa) determinize(ns *Numeration, k, start, end int) *Automaton {
	key := func(set []int) string { return fmt.Sprint(set) }
	first := n.closure([]int{start})
	ids := map[string]int{key(first): 0}
	sets := [][]int{first}
	a := newAutomaton(ns, k, 0)
	a.addState(slices.Contains(first, end))
	for q := 0; q < len(sets); q++ {
		for sym := 0; sym < 1<<uint(k); sym++ {
			var nx []int
			for _, s := range sets[q] {
				if n.sym[s] == sym {
					nx = append(nx, n.to[s])
				}
			}
			if len(nx) == 0 {
				continue
			}
			nx = n.closure(nx)
			kk := key(nx)
			id, ok := ids[kk]
			if !ok {
				id = a.addState(slices.Contains(nx, end))
				ids[kk] = id
				sets = append(sets, nx)
			}
			a.next[q<<uint(k)|sym] = int32(id)
		}
	}
	return Minimize(a)
}
