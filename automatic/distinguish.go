package automatic

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// A DistinguishingSet is a certified lower bound on the states of the
// minimal automaton of a function's graph {(n, f(n))}: prefixes (words of
// two tracks) and a tree of suffix words that tells them apart. Sifting a
// prefix u down the tree asks, at each node with suffix v, whether u·v is
// a word of the graph (a valid word whose y-track is f of its n-track, one
// row of the table), and goes to the node's child 1 or 0. Every prefix
// ends at a leaf of its own, so any two prefixes are told apart by the
// suffix at the node where their paths part: u·v is in the graph and u'·v
// is not. No automaton that accepts the graph can put them in one state,
// so it has at least len(Prefixes) states, whether or not the function is
// automatic at all. CheckDistinguishingSet rechecks it against the table.
type DistinguishingSet struct {
	// Num is the numeration of both tracks; read from a file it is nil and
	// Weights holds what the file names (CheckDistinguishingSet matches
	// them against the numeration it is given).
	Num      *Numeration
	Name     string   // the numeration's name, as the file writes it
	Weights  []uint64 // its weights f_1, f_2, ... that fit in 64 bits
	Table    string   // what the table is: the layer file's g, N and hash
	Prefixes []DigitWord
	Nodes    []DistNode // Nodes[0] is the root; none if there is one prefix
}

// DigitWord is a word of two tracks of Len digits: the digits of n and of
// y as masks (bit j is the digit j places from the end).
type DigitWord struct {
	N, Y uint64
	Len  int
}

// DistNode is a node of a DistinguishingSet's tree: a suffix word and its
// two children, for the prefixes u with u·Suffix out of (0) or in (1) the
// graph; a child >= 0 is a node, a child < 0 is the leaf of prefix ^child.
type DistNode struct {
	Suffix DigitWord
	Child  [2]int
}

// member reports whether u·v is a word of the graph of the table's
// function, or an error if the table does not hold its row.
func distMember(num *Numeration, t FunctionTable, u, v DigitWord) (int, error) {
	l := u.Len + v.Len
	if l >= 64 || l >= num.MaskDigits() {
		return 0, fmt.Errorf("a word of %d digits", l)
	}
	wn, wy := u.N<<uint(v.Len)|v.N, u.Y<<uint(v.Len)|v.Y
	if !num.ValidMask(wn) || !num.ValidMask(wy) {
		return 0, nil
	}
	n := num.FromMask(wn)
	if n >= t.Rows() {
		return 0, fmt.Errorf("row %d beyond the table's %d rows", n, t.Rows())
	}
	var f [1]uint32
	if err := t.ReadAt(f[:], n); err != nil {
		return 0, err
	}
	if uint64(f[0]) == num.FromMask(wy) {
		return 1, nil
	}
	return 0, nil
}

// DistinguishingSetOf builds a DistinguishingSet from the classes of a
// LearnTable run on t (res), with explicit suffix words read off the
// table: at each node, two prefixes whose residual hashes differ at the
// shortest length where any two differ give a word in one residual and not
// the other, and every prefix of the node is asked about it. A prefix
// that no word the table holds tells apart from the others of its node is
// left out, so the bound may be below the number of classes.
func DistinguishingSetOf(ctx context.Context, t FunctionTable, num *Numeration, table string, res LearnTableResult) (*DistinguishingSet, error) {
	if num == nil {
		num = Zeckendorf()
	}
	ds := &DistinguishingSet{Num: num, Name: num.String(), Weights: slices.Clone(num.f64), Table: table}
	var items []int
	for i, c := range res.classes {
		if len(c.h) > 0 {
			items = append(items, i)
		}
	}
	if len(items) == 0 {
		return nil, errors.New("automatic: no classes with data")
	}
	word := func(c classData) DigitWord { return DigitWord{c.pn, c.py, c.l} }
	var buf []uint32
	// residual returns f's suffix pairs (x, z) of length e after prefix c.
	residual := func(c classData, e int) (map[uint64]uint64, error) {
		lo, hi := span(num, c.pn, c.l, e)
		ylo, yhi := span(num, c.py, c.l, e)
		if c.l == 0 {
			lo, hi, ylo, yhi = 0, num.Count(e), 0, num.Count(e)
		}
		if uint64(cap(buf)) < hi-lo {
			buf = make([]uint32, hi-lo)
		}
		b := buf[:hi-lo]
		if err := t.ReadAt(b, lo); err != nil {
			return nil, err
		}
		m := map[uint64]uint64{}
		for i, y := range b {
			if uint64(y) >= ylo && uint64(y) < yhi {
				m[uint64(i)] = uint64(y) - ylo
			}
		}
		return m, nil
	}
	// split returns the child reference of the group G.
	var split func(G []int) (int, error)
	split = func(G []int) (int, error) {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		for {
			if len(G) == 1 {
				p := len(ds.Prefixes)
				ds.Prefixes = append(ds.Prefixes, word(res.classes[G[0]]))
				return ^p, nil
			}
			E := len(res.classes[G[0]].h) - 1
			for _, i := range G {
				E = min(E, len(res.classes[i].h)-1)
			}
			// The shortest length where two members differ.
			a, b, at := -1, -1, -1
			for e := 0; e <= E && at < 0; e++ {
				first := res.classes[G[0]].h[e]
				for _, i := range G[1:] {
					if res.classes[i].h[e] != first {
						a, b, at = G[0], i, e
						break
					}
				}
			}
			if at < 0 {
				// No member is told apart at the lengths all have: drop those
				// with no more data, keep the rest.
				var rest []int
				for _, i := range G {
					if len(res.classes[i].h)-1 > E {
						rest = append(rest, i)
					}
				}
				if len(rest) == 0 {
					rest = G[:1]
				}
				G = rest
				continue
			}
			ra, err := residual(res.classes[a], at)
			if err != nil {
				return 0, err
			}
			rb, err := residual(res.classes[b], at)
			if err != nil {
				return 0, err
			}
			var v DigitWord
			found := false
			for x, z := range ra {
				if z2, ok := rb[x]; !ok || z2 != z {
					v, found = DigitWord{num.Mask(x), num.Mask(z), at}, true
					break
				}
			}
			if !found {
				for x, z := range rb {
					if z2, ok := ra[x]; !ok || z2 != z {
						v, found = DigitWord{num.Mask(x), num.Mask(z), at}, true
						break
					}
				}
			}
			if !found {
				// A collision of the 64-bit hashes: drop b.
				G = removeItem(G, b)
				continue
			}
			var parts [2][]int
			for _, i := range G {
				m, err := distMember(num, t, word(res.classes[i]), v)
				if err != nil {
					return 0, err
				}
				parts[m] = append(parts[m], i)
			}
			if len(parts[0]) == 0 || len(parts[1]) == 0 {
				return 0, fmt.Errorf("automatic: the suffix found does not split its node")
			}
			id := len(ds.Nodes)
			ds.Nodes = append(ds.Nodes, DistNode{Suffix: v})
			for m := range 2 {
				c, err := split(parts[m])
				if err != nil {
					return 0, err
				}
				ds.Nodes[id].Child[m] = c
			}
			return id, nil
		}
	}
	if _, err := split(items); err != nil {
		return nil, err
	}
	return ds, nil
}

func removeItem(G []int, x int) []int {
	out := make([]int, 0, len(G)-1)
	for _, i := range G {
		if i != x {
			out = append(out, i)
		}
	}
	return out
}

// CheckDistinguishingSet sifts every prefix of ds down its tree against the
// table t, both tracks in the numeration num, and returns the number of
// prefixes, each at a leaf of its own: a lower bound on the states of any
// automaton of t's graph. It fails if ds names other weights than num's,
// if a question needs a row beyond the table, if two prefixes reach one
// leaf, or if the tree is malformed.
func CheckDistinguishingSet(ctx context.Context, t FunctionTable, num *Numeration, ds *DistinguishingSet) (int, error) {
	if ds.Name != num.String() || !slices.Equal(ds.Weights, num.f64) {
		return 0, fmt.Errorf("automatic: the distinguishing set is over %s (weights %v), not %s", ds.Name, ds.Weights, num)
	}
	if len(ds.Prefixes) == 0 {
		return 0, errors.New("automatic: no prefixes")
	}
	if len(ds.Prefixes) == 1 {
		return 1, nil
	}
	for i, u := range ds.Prefixes {
		if i&1023 == 0 && ctx.Err() != nil {
			return 0, ctx.Err()
		}
		ref, steps := 0, 0
		for ref >= 0 {
			if ref >= len(ds.Nodes) || steps > len(ds.Nodes) {
				return 0, fmt.Errorf("automatic: prefix %d: malformed tree (node %d)", i, ref)
			}
			steps++
			m, err := distMember(num, t, u, ds.Nodes[ref].Suffix)
			if err != nil {
				return 0, fmt.Errorf("automatic: prefix %d, node %d: %w", i, ref, err)
			}
			ref = ds.Nodes[ref].Child[m]
		}
		if ^ref != i {
			return 0, fmt.Errorf("automatic: prefixes %d and %d reach one leaf", i, ^ref)
		}
	}
	return len(ds.Prefixes), nil
}

// digitString writes the Len digits of m, most significant first ("-" if none).
func distDigits(m uint64, l int) string {
	if l == 0 {
		return "-"
	}
	b := make([]byte, l)
	for i := range b {
		b[i] = '0' + byte(m>>uint(l-1-i)&1)
	}
	return string(b)
}

func parseDistDigits(s string) (uint64, int, error) {
	if s == "-" {
		return 0, 0, nil
	}
	if len(s) > 63 {
		return 0, 0, fmt.Errorf("a word of %d digits", len(s))
	}
	var m uint64
	for _, c := range s {
		if c != '0' && c != '1' {
			return 0, 0, fmt.Errorf("digit %q", c)
		}
		m = m<<1 | uint64(c-'0')
	}
	return m, len(s), nil
}

const distHeader = "fibnim distinguishing set 1"

// WriteDistinguishingSet writes ds as text: a header, the numeration's
// weights, the table, then the prefixes and the nodes, one a line, each
// word as its n-digits and y-digits, most significant first.
func WriteDistinguishingSet(w io.Writer, ds *DistinguishingSet) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, distHeader)
	ws := make([]string, len(ds.Weights))
	for i, x := range ds.Weights {
		ws[i] = strconv.FormatUint(x, 10)
	}
	fmt.Fprintf(bw, "numeration %s %s\n", ds.Name, strings.Join(ws, ","))
	fmt.Fprintf(bw, "table %s\n", ds.Table)
	fmt.Fprintf(bw, "prefixes %d\n", len(ds.Prefixes))
	for _, u := range ds.Prefixes {
		fmt.Fprintf(bw, "%s %s\n", distDigits(u.N, u.Len), distDigits(u.Y, u.Len))
	}
	fmt.Fprintf(bw, "nodes %d\n", len(ds.Nodes))
	ref := func(c int) string {
		if c < 0 {
			return fmt.Sprintf("p%d", ^c)
		}
		return fmt.Sprintf("n%d", c)
	}
	for _, nd := range ds.Nodes {
		fmt.Fprintf(bw, "%s %s %s %s\n", distDigits(nd.Suffix.N, nd.Suffix.Len), distDigits(nd.Suffix.Y, nd.Suffix.Len), ref(nd.Child[0]), ref(nd.Child[1]))
	}
	return bw.Flush()
}

// ReadDistinguishingSet reads what WriteDistinguishingSet writes.
func ReadDistinguishingSet(r io.Reader) (*DistinguishingSet, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	line := 0
	next := func() ([]string, error) {
		if !sc.Scan() {
			if err := sc.Err(); err != nil {
				return nil, err
			}
			return nil, fmt.Errorf("line %d: unexpected end", line+1)
		}
		line++
		return strings.Fields(sc.Text()), nil
	}
	bad := func(what string) error { return fmt.Errorf("distinguishing set, line %d: %s", line, what) }
	f, err := next()
	if err != nil {
		return nil, err
	}
	if strings.Join(f, " ") != distHeader {
		return nil, bad("not a distinguishing set")
	}
	ds := &DistinguishingSet{}
	if f, err = next(); err != nil {
		return nil, err
	}
	if len(f) != 3 || f[0] != "numeration" {
		return nil, bad("want: numeration NAME W0,W1,...")
	}
	ds.Name = f[1]
	for _, s := range strings.Split(f[2], ",") {
		x, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return nil, bad(err.Error())
		}
		ds.Weights = append(ds.Weights, x)
	}
	if len(ds.Weights) == 0 || len(ds.Weights) > 64 || ds.Weights[0] != 1 {
		return nil, bad("weights")
	}
	for i := 1; i < len(ds.Weights); i++ {
		if ds.Weights[i] <= ds.Weights[i-1] || ds.Weights[i] > 2*ds.Weights[i-1] {
			return nil, bad("weights must increase, each at most twice the one before")
		}
	}
	if f, err = next(); err != nil {
		return nil, err
	}
	if len(f) < 1 || f[0] != "table" {
		return nil, bad("want: table ...")
	}
	ds.Table = strings.Join(f[1:], " ")
	count := func(name string) (int, error) {
		f, err := next()
		if err != nil {
			return 0, err
		}
		if len(f) != 2 || f[0] != name {
			return 0, bad("want: " + name + " COUNT")
		}
		k, err := strconv.Atoi(f[1])
		if err != nil || k < 0 || k > 1<<26 {
			return 0, bad("count")
		}
		return k, nil
	}
	pair := func(a, b string) (DigitWord, error) {
		n, ln, err := parseDistDigits(a)
		if err != nil {
			return DigitWord{}, bad(err.Error())
		}
		y, ly, err := parseDistDigits(b)
		if err != nil {
			return DigitWord{}, bad(err.Error())
		}
		if ln != ly {
			return DigitWord{}, bad("tracks of different lengths")
		}
		return DigitWord{n, y, ln}, nil
	}
	k, err := count("prefixes")
	if err != nil {
		return nil, err
	}
	for range k {
		f, err := next()
		if err != nil {
			return nil, err
		}
		if len(f) != 2 {
			return nil, bad("want: N-DIGITS Y-DIGITS")
		}
		u, err := pair(f[0], f[1])
		if err != nil {
			return nil, err
		}
		ds.Prefixes = append(ds.Prefixes, u)
	}
	m, err := count("nodes")
	if err != nil {
		return nil, err
	}
	for range m {
		f, err := next()
		if err != nil {
			return nil, err
		}
		if len(f) != 4 {
			return nil, bad("want: N-DIGITS Y-DIGITS CHILD0 CHILD1")
		}
		v, err := pair(f[0], f[1])
		if err != nil {
			return nil, err
		}
		nd := DistNode{Suffix: v}
		for c := range 2 {
			s := f[2+c]
			if len(s) < 2 || (s[0] != 'n' && s[0] != 'p') {
				return nil, bad("child " + s)
			}
			x, err := strconv.Atoi(s[1:])
			if err != nil || x < 0 {
				return nil, bad("child " + s)
			}
			if s[0] == 'n' {
				if x >= m {
					return nil, bad("child " + s)
				}
				nd.Child[c] = x
			} else {
				if x >= k {
					return nil, bad("child " + s)
				}
				nd.Child[c] = ^x
			}
		}
		ds.Nodes = append(ds.Nodes, nd)
	}
	if sc.Scan() {
		return nil, fmt.Errorf("distinguishing set, line %d: text after the last node", line+1)
	}
	return ds, nil
}
