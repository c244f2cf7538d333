package grundyproof

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"

	au "fibnim/automatic"
	"fibnim/grundy"
)

// Direct evaluation of a statement at a point, without the automata: G
// from a table (grundy's dense engine), the parts z_i by the greedy
// algorithm on the numeration's weights, fib by looking the number up
// among the weights. It is how compute prove shows the values at a
// counterexample and checks that the statement fails there, and the
// oracle the tests hold the translation to. It follows the definitions
// that translate.go implements on N u {inf} (see there), written again
// from scratch.

// ext is a number of N u {inf}: v, or infinite (v nil).
type ext struct{ v *big.Int }

func (x ext) inf() bool { return x.v == nil }

func (x ext) String() string {
	if x.inf() {
		return "infinite"
	}
	return x.v.String()
}

// errQuantifier is the evaluator's answer to a quantifier when it was
// given no bound.
var errQuantifier = errors.New("the statement has a quantifier inside, over all of N")

type evaluator struct {
	ns *au.Numeration
	// g returns G(n, r) for r <= n.
	g func(n, r *big.Int) (int, error)
	// bound: quantifiers range over 0..bound-1 (0: a quantifier is
	// errQuantifier). Only the tests bound them.
	bound int64
	vals  map[string]*big.Int
}

// parts returns the parts of x's greedy representation, least first.
func parts(ns *au.Numeration, x *big.Int) []*big.Int {
	var ws []*big.Int
	for i := 1; ns.Weight(i).Cmp(x) <= 0; i++ {
		ws = append(ws, ns.Weight(i))
	}
	var out []*big.Int
	rest := new(big.Int).Set(x)
	for i := len(ws) - 1; i >= 0 && rest.Sign() > 0; i-- {
		if ws[i].Cmp(rest) <= 0 {
			out = append(out, ws[i])
			rest.Sub(rest, ws[i])
		}
	}
	slices.Reverse(out)
	return out
}

// isWeight reports whether x is a weight f_k of ns.
func isWeight(ns *au.Numeration, x *big.Int) bool {
	for i := 1; ; i++ {
		switch ns.Weight(i).Cmp(x) {
		case 0:
			return true
		case 1:
			return false
		}
	}
}

// term returns t's value, ok false where it is undefined.
func (ev *evaluator) term(t sTerm) (ext, bool, error) {
	switch t := t.(type) {
	case sVar:
		v, ok := ev.vals[t.name]
		if !ok {
			return ext{}, false, fmt.Errorf("grundyproof: no value for %s", t.name)
		}
		return ext{v}, true, nil
	case sNum:
		return ext{t.n}, true, nil
	case sAdd, sSub:
		var a, b sTerm
		if s, ok := t.(sAdd); ok {
			a, b = s.a, s.b
		} else {
			a, b = t.(sSub).a, t.(sSub).b
		}
		x, okx, err := ev.term(a)
		if err != nil {
			return ext{}, false, err
		}
		y, oky, err := ev.term(b)
		if err != nil || !okx || !oky {
			return ext{}, false, err
		}
		if _, add := t.(sAdd); add {
			if x.inf() || y.inf() {
				return ext{}, true, nil
			}
			return ext{new(big.Int).Add(x.v, y.v)}, true, nil
		}
		switch {
		case y.inf():
			return ext{}, false, nil
		case x.inf():
			return ext{}, true, nil
		case x.v.Cmp(y.v) < 0:
			return ext{}, false, nil
		}
		return ext{new(big.Int).Sub(x.v, y.v)}, true, nil
	case sMul:
		x, ok, err := ev.term(t.t)
		if err != nil || !ok {
			return ext{}, false, err
		}
		if x.inf() {
			if t.c.Sign() == 0 {
				return ext{new(big.Int)}, true, nil
			}
			return ext{}, true, nil
		}
		return ext{new(big.Int).Mul(t.c, x.v)}, true, nil
	case sPart:
		x, ok, err := ev.term(t.x)
		if err != nil || !ok || x.inf() {
			return ext{}, false, err
		}
		ps := parts(ev.ns, x.v)
		if len(ps) < t.i {
			return ext{}, true, nil
		}
		return ext{ps[t.i-1]}, true, nil
	}
	return ext{}, false, fmt.Errorf("grundyproof: cannot evaluate %T as a number", t)
}

// gValue is G(x, y) with y > x read as G(x, x); ok false where x or y is
// undefined or x infinite.
func (ev *evaluator) gValue(g sG) (int, bool, error) {
	x, okx, err := ev.term(g.x)
	if err != nil {
		return 0, false, err
	}
	y, oky, err := ev.term(g.y)
	if err != nil || !okx || !oky || x.inf() {
		return 0, false, err
	}
	r := x.v
	if !y.inf() && y.v.Cmp(x.v) < 0 {
		r = y.v
	}
	v, err := ev.g(x.v, r)
	return v, err == nil, err
}

// cmpExt compares on N u {inf}: -1, 0 or 1.
func cmpExt(x, y ext) int {
	switch {
	case x.inf() && y.inf():
		return 0
	case x.inf():
		return 1
	case y.inf():
		return -1
	}
	return x.v.Cmp(y.v)
}

func holdsCmp(op string, c int) bool {
	switch op {
	case "=":
		return c == 0
	case "!=":
		return c != 0
	case "<":
		return c < 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	case ">=":
		return c >= 0
	}
	panic("grundyproof: comparison " + op)
}

func (ev *evaluator) formula(f sFormula) (bool, error) {
	switch f := f.(type) {
	case sBool:
		return f.v, nil
	case sNot:
		b, err := ev.formula(f.f)
		return !b, err
	case sAnd:
		for _, g := range f.fs {
			if b, err := ev.formula(g); err != nil || !b {
				return false, err
			}
		}
		return true, nil
	case sOr:
		for _, g := range f.fs {
			if b, err := ev.formula(g); err != nil || b {
				return b, err
			}
		}
		return false, nil
	case sImpl:
		a, err := ev.formula(f.a)
		if err != nil || !a {
			return true, err
		}
		return ev.formula(f.b)
	case sIff:
		a, err := ev.formula(f.a)
		if err != nil {
			return false, err
		}
		b, err := ev.formula(f.b)
		return a == b, err
	case sQuant:
		return ev.quant(f, 0)
	case sCmp:
		for i, op := range f.ops {
			b, err := ev.link(f.ts[i], op, f.ts[i+1])
			if err != nil || !b {
				return false, err
			}
		}
		return true, nil
	case sPred:
		return ev.pred(f)
	}
	return false, fmt.Errorf("grundyproof: cannot evaluate %T", f)
}

func (ev *evaluator) quant(q sQuant, i int) (bool, error) {
	if ev.bound == 0 {
		return false, errQuantifier
	}
	if i == len(q.vars) {
		return ev.formula(q.f)
	}
	v := q.vars[i]
	old, had := ev.vals[v]
	defer func() {
		if had {
			ev.vals[v] = old
		} else {
			delete(ev.vals, v)
		}
	}()
	for x := range ev.bound {
		ev.vals[v] = big.NewInt(x)
		b, err := ev.quant(q, i+1)
		if err != nil {
			return false, err
		}
		if b != q.all {
			return b, nil
		}
	}
	return q.all, nil
}

func (ev *evaluator) link(a sTerm, op string, b sTerm) (bool, error) {
	if g, ok := b.(sG); ok {
		return ev.gLink(g, flip[op], a.(sNum).n)
	}
	if g, ok := a.(sG); ok {
		return ev.gLink(g, op, b.(sNum).n)
	}
	x, okx, err := ev.term(a)
	if err != nil {
		return false, err
	}
	y, oky, err := ev.term(b)
	if err != nil || !okx || !oky {
		return false, err
	}
	return holdsCmp(op, cmpExt(x, y)), nil
}

func (ev *evaluator) gLink(g sG, op string, c *big.Int) (bool, error) {
	v, ok, err := ev.gValue(g)
	if err != nil || !ok {
		return false, err
	}
	return holdsCmp(op, big.NewInt(int64(v)).Cmp(c)), nil
}

func (ev *evaluator) pred(f sPred) (bool, error) {
	args := make([]*big.Int, len(f.args))
	for i, a := range f.args {
		x, ok, err := ev.term(a)
		if err != nil || !ok || x.inf() {
			return false, err // a predicate relates numbers
		}
		args[i] = x.v
	}
	switch {
	case f.name == "fib":
		return isWeight(ev.ns, args[0]), nil
	case slices.Contains(partNames[:], f.name):
		i := slices.Index(partNames[:], f.name) + 1
		ps := parts(ev.ns, args[0])
		return len(ps) >= i && ps[i-1].Cmp(args[1]) == 0, nil
	}
	lo, hi := classRange(f.name)
	if args[1].Cmp(args[0]) > 0 {
		return false, nil // S_g holds positions, r <= n
	}
	v, err := ev.g(args[0], args[1])
	return lo <= v && v <= hi, err
}

// classRange returns i, j of a class (gI: I, I) or union (gItoJ).
func classRange(name string) (int, int) {
	var i, j int
	if m := unionNameRe.FindStringSubmatch(name); m != nil {
		fmt.Sscan(m[1], &i)
		fmt.Sscan(m[2], &j)
		return i, j
	}
	fmt.Sscan(strings.TrimPrefix(name, "g"), &i)
	return i, i
}

// denseG gives G(n, r) from grundy's dense engine for n up to max,
// filling the table to the largest n asked.
type denseG struct {
	ctx context.Context
	a   grundy.Multiplier
	max int
	t   *grundy.Table
}

func (d *denseG) value(n, r *big.Int) (int, error) {
	if !n.IsInt64() || n.Int64() > int64(d.max) {
		return 0, fmt.Errorf("n = %s is past the dense table that checks it (n <= %d)", n, d.max)
	}
	N := int(n.Int64())
	if d.t == nil || d.t.N < N {
		t, err := grundy.DenseContext(d.ctx, N, d.a, 1)
		if err != nil {
			return 0, err
		}
		d.t = t
	}
	return d.t.At(N, int(r.Int64())), nil
}

// Evaluation is one application in a statement, G(x, y), z_i(x) or
// fib(x), evaluated at a verdict's example without the automata.
type Evaluation struct {
	Text  string // as written: G(n, r)
	At    string // at the example: G(29, 8)
	Value string // 4, infinite, true, undefined; "" when not computed
	Note  string // how: "grundy.Dense", "29 = 8 + 21"; or why it was not computed
}

// Recheck is a verdict's example looked at without the automata.
type Recheck struct {
	Values []Evaluation
	// Checked: the statement's body was evaluated directly at the example
	// and is Direct there (a counterexample must give false, a witness
	// true). When not Checked, Why says why.
	Checked bool
	Direct  bool
	Why     string
}

// Agrees reports whether the direct evaluation confirms the example (true
// when it was not checked).
func (r Recheck) Agrees(v *Verdict) bool { return !r.Checked || r.Direct == !v.Universal }

// DenseCheckMax is the largest n whose G Recheck computes with grundy's
// dense engine (a table of about 2 bytes times n^2/2: 16 MB).
const DenseCheckMax = 4000

// Recheck evaluates v's statement at v's example without the automata:
// each G(x, y), z_i(x) and fib(x) whose variables are those of the example
// (none bound inside), and the body itself when it has no quantifier
// inside. G comes from grundy's dense engine (for n <= DenseCheckMax), the
// parts and weights from the greedy algorithm on sys's weights.
func (v *Verdict) Recheck(ctx context.Context, sys *System) Recheck {
	var rc Recheck
	if v.Example == nil {
		rc.Why = "no example"
		return rc
	}
	d := &denseG{ctx: ctx, a: sys.A, max: DenseCheckMax}
	ev := &evaluator{ns: sys.NS, g: d.value, vals: bindingMap(v.Example)}
	body := v.Statement.block().body
	runes := []rune(v.Statement.Source)
	text := func(s span) string { return string(runes[s.from:s.to]) }
	seen := map[string]bool{}
	add := func(e Evaluation) {
		if !seen[e.Text] {
			seen[e.Text] = true
			rc.Values = append(rc.Values, e)
		}
	}
	argsAt := func(ts ...sTerm) (string, bool) {
		var xs []string
		ok := true
		for _, t := range ts {
			x, def, err := ev.term(t)
			if err != nil || !def {
				ok = false
				xs = append(xs, "undefined")
				continue
			}
			xs = append(xs, x.String())
		}
		return strings.Join(xs, ", "), ok
	}
	var term func(t sTerm)
	term = func(t sTerm) {
		switch t := t.(type) {
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
			at, _ := argsAt(t.x)
			e := Evaluation{Text: text(t.span), At: fmt.Sprintf("z%d(%s)", t.i, at)}
			x, def, err := ev.term(t)
			switch {
			case err != nil:
				e.Note = err.Error()
			case !def:
				e.Value = "undefined"
			default:
				e.Value = x.String()
				if y, _, _ := ev.term(t.x); !y.inf() && y.v.Sign() > 0 {
					var ps []string
					for _, p := range parts(sys.NS, y.v) {
						ps = append(ps, p.String())
					}
					e.Note = fmt.Sprintf("%s = %s", y.v, strings.Join(ps, " + "))
				}
			}
			add(e)
		case sG:
			term(t.x)
			term(t.y)
			at, _ := argsAt(t.x, t.y)
			e := Evaluation{Text: text(t.span), At: "G(" + at + ")"}
			g, def, err := ev.gValue(t)
			switch {
			case err != nil:
				e.Note = "not recomputed: " + err.Error()
			case !def:
				e.Value = "undefined"
			default:
				e.Value = fmt.Sprint(g)
				e.Note = fmt.Sprintf("grundy.Dense, a = %s, without the automata", sys.A)
			}
			add(e)
		}
	}
	var form func(f sFormula)
	form = func(f sFormula) {
		switch f := f.(type) {
		case sCmp:
			for _, t := range f.ts {
				term(t)
			}
		case sPred:
			for _, t := range f.args {
				term(t)
			}
			if f.name == "fib" {
				at, ok := argsAt(f.args[0])
				e := Evaluation{Text: text(f.span), At: "fib(" + at + ")", Value: "false"}
				if b, err := ev.pred(f); err == nil && b {
					e.Value = "true"
				}
				if !ok {
					e.Value = "undefined"
				}
				add(e)
			}
		case sNot:
			form(f.f)
		case sAnd:
			for _, g := range f.fs {
				form(g)
			}
		case sOr:
			for _, g := range f.fs {
				form(g)
			}
		case sImpl:
			form(f.a)
			form(f.b)
		case sIff:
			form(f.a)
			form(f.b)
		case sQuant:
			// Terms under a quantifier depend on its variables: not shown.
		}
	}
	form(body)
	b, err := ev.formula(body)
	switch {
	case errors.Is(err, errQuantifier):
		rc.Why = "the statement has a quantifier inside, over all of N"
	case err != nil:
		rc.Why = err.Error()
	default:
		rc.Checked, rc.Direct = true, b
	}
	return rc
}
