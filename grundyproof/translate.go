package grundyproof

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	au "fibnim/automatic"
)

// The translation of a statement (language.go) into a formula of package
// automatic over the predicates of the proved classes:
//
//   - G(x, y) compared with a number is membership in a class S_g (the
//     predicate g<g>, tracks (n, r), r <= n) or in a union S_i..S_j
//     (g<i>to<j>), with the game's convention that y > x means G(x, x):
//     G(x, y) = g is S_g(x, y) | x < y & S_g(x, x) (only S_g(x, y) where y
//     is x, 0 or x - t). A comparison that holds for values above K is the
//     negation: G(x, y) > K is "in none of S_0..S_K".
//   - z_i(x) is a variable z bound by z_i(x, z) (PartSteps), or infinity
//     where x has fewer than i parts. Each comparison holding z_i terms is
//     split into the cases finite/infinite of each, and decided on
//     N u {inf}: inf = inf, t < inf for finite t, inf + t = inf,
//     inf - t = inf, t - inf undefined, c*inf = inf for c >= 1 and
//     0*inf = 0; z_i(inf), fib(inf) and G(inf, y) are undefined.
//   - An atomic formula (a comparison, a predicate) is false where one of
//     its terms is undefined (a difference below 0, t - inf); so is each
//     link of a chain a < b <= c. The negated forms say so themselves:
//     a != b is a < b | b < a, and G(x, y) != g holds only where x and y
//     are defined.

// ValueError is a statement that speaks of a Grundy value whose class is
// not among the proved classes S_0..S_K.
type ValueError struct {
	Statement string
	Col       int
	Text      string // the atom as written: G(n, r) = 7
	Need      int    // the largest value whose class it needs (math.MaxInt32 when beyond)
	K         int    // the proved classes are S_0..S_K
	Dir       string // their folder, when known
}

func (e *ValueError) Error() string {
	need := fmt.Sprintf("S_%d", e.Need)
	if e.Need == math.MaxInt32 {
		need = "a class beyond any proved"
	}
	where := ""
	if e.Dir != "" {
		where = " in " + e.Dir
	}
	return fmt.Sprintf("column %d: %s needs %s, and the classes proved%s are S_0..S_%d (values 0..%d)", e.Col, e.Text, need, where, e.K, e.K)
}

// Caret returns the statement with a caret under the column.
func (e *ValueError) Caret() string { return caret(e.Statement, e.Col) }

// Free returns the statement's free variables, sorted: it is read for all
// values of them (its universal closure).
func (s *Statement) Free() []string {
	var out []string
	walkVars(s.f, nil, func(v string) { out = append(out, v) })
	slices.Sort(out)
	return slices.Compact(out)
}

// walkVars calls free for every occurrence of a variable not bound in
// bound.
func walkVars(f sFormula, bound []string, free func(string)) {
	var term func(t sTerm)
	term = func(t sTerm) {
		switch t := t.(type) {
		case sVar:
			if !slices.Contains(bound, t.name) {
				free(t.name)
			}
		case sAdd:
			term(t.a)
			term(t.b)
		case sSub:
			term(t.a)
			term(t.b)
		case sMul:
			term(t.t)
		case sPart:
			term(t.x)
		case sG:
			term(t.x)
			term(t.y)
		}
	}
	switch f := f.(type) {
	case sCmp:
		for _, t := range f.ts {
			term(t)
		}
	case sPred:
		for _, t := range f.args {
			term(t)
		}
	case sNot:
		walkVars(f.f, bound, free)
	case sAnd:
		for _, g := range f.fs {
			walkVars(g, bound, free)
		}
	case sOr:
		for _, g := range f.fs {
			walkVars(g, bound, free)
		}
	case sImpl:
		walkVars(f.a, bound, free)
		walkVars(f.b, bound, free)
	case sIff:
		walkVars(f.a, bound, free)
		walkVars(f.b, bound, free)
	case sQuant:
		walkVars(f.f, append(slices.Clone(bound), f.vars...), free)
	}
}

// block is a statement split at its leading quantifiers: the closure is
// "forall vars: body" (universal, the free variables first), "exists
// vars: body", or the statement alone (no vars).
type block struct {
	universal bool
	vars      []string
	body      sFormula
}

func (s *Statement) block() block {
	free := s.Free()
	b := block{universal: true, vars: free, body: s.f}
	q, ok := s.f.(sQuant)
	if !ok || !q.all && len(free) > 0 {
		return b
	}
	b.universal = q.all
	for {
		q, ok := b.body.(sQuant)
		if !ok || q.all != b.universal {
			break
		}
		for _, v := range q.vars {
			if !slices.Contains(b.vars, v) {
				b.vars = append(b.vars, v)
			}
		}
		b.body = q.f
	}
	return b
}

// needs are the predicates a translated statement uses.
type needs struct {
	classes []int    // S_g
	unions  [][2]int // S_i..S_j
	parts   int      // z_1..z_parts
	fib     bool
}

func (n *needs) class(g int) {
	if !slices.Contains(n.classes, g) {
		n.classes = append(n.classes, g)
	}
}

func (n *needs) union(i, j int) {
	if !slices.Contains(n.unions, [2]int{i, j}) {
		n.unions = append(n.unions, [2]int{i, j})
	}
}

// translation is a statement as formulas of package automatic.
type translation struct {
	block
	bodyF  au.Formula // the body
	closed au.Formula // its closure: what is decided
	needs  needs
}

// Formula returns the statement as a formula of package automatic over
// the predicates of classes S_0..S_K (Decide defines them): its universal
// closure, with the conventions of the language made explicit. Print it
// with automatic.Print(f, StatementDisplay): the text parses back to the
// same formula. Its error is a *ValueError where the statement needs a
// class above K.
func (s *Statement) Formula(K int) (au.Formula, error) {
	tr, err := s.translate(K)
	if err != nil {
		return nil, err
	}
	return tr.closed, nil
}

func (s *Statement) translate(K int) (tr *translation, err error) {
	t := &translator{K: K, src: s.Source, runes: []rune(s.Source), used: map[string]bool{}}
	var all []string
	walkVars(s.f, nil, func(v string) { all = append(all, v) })
	collectBound(s.f, func(v string) { all = append(all, v) })
	for _, v := range all {
		t.used[v] = true
	}
	defer func() {
		if r := recover(); r != nil {
			ve, ok := r.(*ValueError)
			if !ok {
				panic(r)
			}
			tr, err = nil, ve
		}
	}()
	tr = &translation{block: s.block()}
	tr.bodyF = t.formula(tr.body)
	tr.closed = tr.bodyF
	if len(tr.vars) > 0 {
		if tr.universal {
			tr.closed = au.ForAll(strings.Join(tr.vars, " "), tr.bodyF)
		} else {
			tr.closed = au.Exists(strings.Join(tr.vars, " "), tr.bodyF)
		}
	}
	tr.needs = t.needs
	return tr, nil
}

func collectBound(f sFormula, bound func(string)) {
	switch f := f.(type) {
	case sNot:
		collectBound(f.f, bound)
	case sAnd:
		for _, g := range f.fs {
			collectBound(g, bound)
		}
	case sOr:
		for _, g := range f.fs {
			collectBound(g, bound)
		}
	case sImpl:
		collectBound(f.a, bound)
		collectBound(f.b, bound)
	case sIff:
		collectBound(f.a, bound)
		collectBound(f.b, bound)
	case sQuant:
		for _, v := range f.vars {
			bound(v)
		}
		collectBound(f.f, bound)
	}
}

type translator struct {
	K     int
	src   string
	runes []rune
	used  map[string]bool // every variable of the statement: fresh names avoid them
	needs needs
	fresh int // fresh names given in the current atom
}

func (t *translator) text(s span) string { return string(t.runes[s.from:s.to]) }

// freshPool are the names of the variables that stand for z_i terms.
var freshPool = []string{"z", "w", "u", "v", "s", "t", "p", "q"}

// newName returns a variable name that the statement does not use and
// the current atom has not used.
func (t *translator) newName() string {
	for {
		var name string
		if t.fresh < len(freshPool) {
			name = freshPool[t.fresh]
		} else {
			name = fmt.Sprintf("z%d_", t.fresh)
		}
		t.fresh++
		if !t.used[name] {
			return name
		}
	}
}

func (t *translator) formula(f sFormula) au.Formula {
	switch f := f.(type) {
	case sBool:
		return au.Truth(f.v)
	case sNot:
		return au.Not(t.formula(f.f))
	case sAnd:
		fs := make([]au.Formula, len(f.fs))
		for i, g := range f.fs {
			fs[i] = t.formula(g)
		}
		return au.And(fs...)
	case sOr:
		fs := make([]au.Formula, len(f.fs))
		for i, g := range f.fs {
			fs[i] = t.formula(g)
		}
		return au.Or(fs...)
	case sImpl:
		return au.Implies(t.formula(f.a), t.formula(f.b))
	case sIff:
		return au.Iff(t.formula(f.a), t.formula(f.b))
	case sQuant:
		body := t.formula(f.f)
		if f.all {
			return au.ForAll(strings.Join(f.vars, " "), body)
		}
		return au.Exists(strings.Join(f.vars, " "), body)
	case sPred:
		t.fresh = 0
		return t.pred(f)
	case sCmp:
		var links []au.Formula
		for i, op := range f.ops {
			t.fresh = 0
			links = append(links, t.link(f.ts[i], op, f.ts[i+1], span{f.ts[i].at().from, f.ts[i+1].at().to}))
		}
		if len(links) == 1 {
			return links[0]
		}
		return au.And(links...)
	}
	panic(fmt.Sprintf("grundyproof: unknown formula %T", f))
}

// alt is one case of a term's value: under conds (with the variables
// bind bound existentially), the term is val, or infinite (val nil).
type alt struct {
	bind    []string
	conds   []au.Formula
	val     au.Term
	partial bool // val holds a difference: it is defined where that is >= 0
}

func (a alt) inf() bool { return a.val == nil }

// defined is the condition that a's value is defined (none for a
// variable, a constant, an infinity).
func (a alt) defined() []au.Formula {
	if a.partial && a.val != nil {
		return []au.Formula{au.Le(au.N(0), a.val)}
	}
	return nil
}

func join(a, b alt) alt {
	return alt{bind: slices.Concat(a.bind, b.bind), conds: slices.Concat(a.conds, b.conds)}
}

// term returns the cases of t's value; a case where t is undefined is
// left out.
func (t *translator) term(x sTerm) []alt {
	switch x := x.(type) {
	case sVar:
		return []alt{{val: au.V(x.name)}}
	case sNum:
		return []alt{{val: au.C(x.n)}}
	case sAdd:
		var out []alt
		as, bs := t.term(x.a), t.term(x.b)
		for _, p := range as {
			for _, q := range bs {
				j := join(p, q)
				if p.inf() || q.inf() {
					j.conds = slices.Concat(j.conds, p.defined(), q.defined())
				} else {
					j.val, j.partial = au.Plus(p.val, q.val), p.partial || q.partial
				}
				out = append(out, j)
			}
		}
		return out
	case sSub:
		var out []alt
		as, bs := t.term(x.a), t.term(x.b)
		for _, p := range as {
			for _, q := range bs {
				if q.inf() {
					continue // t - inf: undefined
				}
				j := join(p, q)
				if p.inf() {
					j.conds = append(j.conds, q.defined()...)
				} else {
					j.val, j.partial = au.Minus(p.val, q.val), true
				}
				out = append(out, j)
			}
		}
		return out
	case sMul:
		var out []alt
		for _, p := range t.term(x.t) {
			switch {
			case !p.inf():
				p.val = au.TimesBig(x.c, p.val)
			case x.c.Sign() == 0:
				p.val = au.N(0) // 0*inf = 0
			}
			out = append(out, p)
		}
		return out
	case sPart:
		var out []alt
		name := partNames[x.i-1]
		t.needs.parts = max(t.needs.parts, x.i)
		inner := t.term(x.x)
		z := t.newName() // one name for this z_i: the cases are apart
		for _, p := range inner {
			if p.inf() {
				continue // z_i(inf): undefined
			}
			out = append(out, alt{bind: append(slices.Clone(p.bind), z), conds: append(slices.Clone(p.conds), au.Pred(name, p.val, au.V(z))), val: au.V(z)})
			none := au.Not(au.Exists(z, au.Pred(name, p.val, au.V(z))))
			out = append(out, alt{bind: slices.Clone(p.bind), conds: slices.Concat(p.conds, p.defined(), []au.Formula{none})})
		}
		return out
	}
	panic(fmt.Sprintf("grundyproof: term %T in arithmetic", x))
}

// cases returns the disjunction, over the cases of the values of some
// terms (alts[i]: the cases of term i), of body(values). body returns
// ok false where the atom is false (or undefined) and a nil formula where
// it holds with no condition beyond the cases'.
func cases(alts [][]alt, body func(vals []alt) (f au.Formula, ok bool)) au.Formula {
	var out []au.Formula
	pick := make([]alt, len(alts))
	var rec func(i int)
	rec = func(i int) {
		if i == len(alts) {
			core, ok := body(pick)
			if !ok {
				return
			}
			var j alt
			for _, a := range pick {
				j = join(j, a)
			}
			fs := j.conds
			if core != nil {
				fs = append(fs, core)
			}
			var f au.Formula
			switch len(fs) {
			case 0:
				f = au.Truth(true)
			case 1:
				f = fs[0]
			default:
				f = au.And(fs...)
			}
			if len(j.bind) > 0 {
				f = au.Exists(strings.Join(j.bind, " "), f)
			}
			out = append(out, f)
			return
		}
		for _, a := range alts[i] {
			pick[i] = a
			rec(i + 1)
		}
	}
	rec(0)
	switch len(out) {
	case 0:
		return au.Truth(false)
	case 1:
		return out[0]
	}
	return au.Or(out...)
}

// conj is the conjunction of fs: nil (true) when empty.
func conj(fs []au.Formula) au.Formula {
	switch len(fs) {
	case 0:
		return nil
	case 1:
		return fs[0]
	}
	return au.And(fs...)
}

func (t *translator) pred(f sPred) au.Formula {
	var need int
	switch {
	case f.name == "fib":
		t.needs.fib = true
	case slices.Contains(partNames[:], f.name):
		t.needs.parts = max(t.needs.parts, slices.Index(partNames[:], f.name)+1)
	default:
		if m := unionNameRe.FindStringSubmatch(f.name); m != nil {
			i, _ := strconv.Atoi(m[1])
			j, _ := strconv.Atoi(m[2])
			need = j
			t.checkNeed(f.span, need)
			t.needs.union(i, j)
		} else {
			need, _ = strconv.Atoi(strings.TrimPrefix(f.name, "g"))
			t.checkNeed(f.span, need)
			t.needs.class(need)
		}
	}
	alts := make([][]alt, len(f.args))
	for i, a := range f.args {
		alts[i] = t.term(a)
	}
	return cases(alts, func(vals []alt) (au.Formula, bool) {
		args := make([]au.Term, len(vals))
		for i, v := range vals {
			if v.inf() {
				return nil, false // a predicate relates numbers
			}
			args[i] = v.val
		}
		return au.Pred(f.name, args...), true
	})
}

func (t *translator) checkNeed(s span, g int) {
	if g > t.K {
		panic(&ValueError{Statement: t.src, Col: s.col(), Text: t.text(s), Need: g, K: t.K})
	}
}

// flip is the comparison with its sides swapped.
var flip = map[string]string{"=": "=", "!=": "!=", "<": ">", ">": "<", "<=": ">=", ">=": "<="}

// link translates a op b.
func (t *translator) link(a sTerm, op string, b sTerm, s span) au.Formula {
	if g, ok := b.(sG); ok {
		return t.gLink(g, flip[op], a.(sNum).n, s)
	}
	if g, ok := a.(sG); ok {
		return t.gLink(g, op, b.(sNum).n, s)
	}
	return cases([][]alt{t.term(a), t.term(b)}, func(v []alt) (au.Formula, bool) {
		x, y := v[0], v[1]
		if x.inf() || y.inf() {
			if !extCompare(op, x.inf(), y.inf()) {
				return nil, false
			}
			return conj(slices.Concat(x.defined(), y.defined())), true
		}
		return compare(op, x.val, y.val), true
	})
}

// extCompare compares where one side at least is infinite.
func extCompare(op string, xInf, yInf bool) bool {
	switch {
	case xInf && yInf:
		return op == "=" || op == "<=" || op == ">="
	case xInf:
		return op == ">" || op == ">=" || op == "!="
	}
	return op == "<" || op == "<=" || op == "!="
}

func compare(op string, a, b au.Term) au.Formula {
	switch op {
	case "=":
		return au.Eq(a, b)
	case "<":
		return au.Lt(a, b)
	case "<=":
		return au.Le(a, b)
	case ">":
		return au.Lt(b, a)
	case ">=":
		return au.Le(b, a)
	case "!=":
		return au.Or(au.Lt(a, b), au.Lt(b, a))
	}
	panic("grundyproof: comparison " + op)
}

// gLink translates G(x, y) op c.
func (t *translator) gLink(g sG, op string, c *big.Int, s span) au.Formula {
	// The values where it holds: lo..hi (positive), or all but lo..hi.
	huge := !c.IsInt64() || c.Int64() > math.MaxInt32-1
	v := math.MaxInt32
	if !huge {
		v = int(c.Int64())
	}
	var lo, hi int
	positive := true
	switch op {
	case "=":
		lo, hi = v, v
	case "!=":
		lo, hi, positive = v, v, false
	case "<":
		lo, hi = 0, v-1
	case "<=":
		lo, hi = 0, v
	case ">":
		lo, hi, positive = 0, v, false
	case ">=":
		lo, hi, positive = 0, v-1, false
	}
	if hi < lo { // G < 0 (never), G >= 0 (wherever x and y are defined)
		if positive {
			return au.Truth(false)
		}
	} else {
		need := hi
		if huge {
			need = math.MaxInt32
		}
		t.checkNeed(s, need)
	}
	pred := ""
	switch {
	case hi < lo:
	case lo == hi:
		pred = ClassName(lo)
		t.needs.class(lo)
	default:
		pred = unionName(lo, hi)
		t.needs.union(lo, hi)
	}
	// y <= x wherever y is defined: no need for the case y > x.
	below := sameTerm(g.x, g.y)
	if sub, ok := g.y.(sSub); ok && sameTerm(sub.a, g.x) {
		below = true
	}
	if n, ok := g.y.(sNum); ok && n.n.Sign() == 0 {
		below = true
	}
	if nx, ok := g.x.(sNum); ok {
		if ny, ok := g.y.(sNum); ok && ny.n.Cmp(nx.n) <= 0 {
			below = true
		}
	}
	return cases([][]alt{t.term(g.x), t.term(g.y)}, func(v []alt) (au.Formula, bool) {
		x, y := v[0], v[1]
		if x.inf() {
			return nil, false // G(inf, y): undefined
		}
		var in au.Formula
		switch {
		case pred == "":
			in = nil
		case y.inf() || sameTerm(g.x, g.y):
			in = au.Pred(pred, x.val, x.val)
		case below:
			in = au.Pred(pred, x.val, y.val)
		default:
			in = au.Or(au.Pred(pred, x.val, y.val), au.And(au.Lt(x.val, y.val), au.Pred(pred, x.val, x.val)))
		}
		if positive {
			return in, true
		}
		d := slices.Concat(x.defined(), y.defined())
		if in != nil {
			d = append(d, au.Not(in))
		}
		return conj(d), true
	})
}

// sameTerm reports whether a and b are written alike (up to spacing).
func sameTerm(a, b sTerm) bool {
	switch a := a.(type) {
	case sVar:
		b, ok := b.(sVar)
		return ok && a.name == b.name
	case sNum:
		b, ok := b.(sNum)
		return ok && a.n.Cmp(b.n) == 0
	case sAdd:
		b, ok := b.(sAdd)
		return ok && sameTerm(a.a, b.a) && sameTerm(a.b, b.b)
	case sSub:
		b, ok := b.(sSub)
		return ok && sameTerm(a.a, b.a) && sameTerm(a.b, b.b)
	case sMul:
		b, ok := b.(sMul)
		return ok && a.c.Cmp(b.c) == 0 && sameTerm(a.t, b.t)
	case sPart:
		b, ok := b.(sPart)
		return ok && a.i == b.i && sameTerm(a.x, b.x)
	}
	return false
}
