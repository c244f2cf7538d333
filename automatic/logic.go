package automatic

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
)

// Relation is an automaton whose tracks are named variables, in
// increasing order of name (as in Walnut). A relation with no variables
// is a truth value: true when its automaton accepts the empty word.
type Relation struct {
	Vars []string
	A    *Automaton
}

// True reports the truth value of a relation without variables.
func (r *Relation) True() bool {
	if len(r.Vars) != 0 {
		panic("automatic: True of a relation with free variables " + strings.Join(r.Vars, ","))
	}
	return r.A.Accepting(0)
}

// Env holds the named automata that formulas use as predicates, over one
// numeration, and compiles formulas into relations. It is safe for one
// goroutine at a time.
type Env struct {
	ns    *Numeration
	preds map[string]*Automaton
	vars  map[string][]string // the track order of predicates defined by formulas
	fresh int
	muls  map[string]*Automaton
	// Budget caps the states of every automaton a compilation builds (0:
	// no cap); past it, Eval returns a [*BudgetError].
	Budget int
	lim    *limits
}

// NewEnv returns an Env over ns with no predicates.
func NewEnv(ns *Numeration) *Env {
	return &Env{ns: ns, preds: map[string]*Automaton{}, vars: map[string][]string{}, muls: map[string]*Automaton{}}
}

// Numeration returns the system of the Env's automata.
func (e *Env) Numeration() *Numeration { return e.ns }

// Define names the automaton a; formulas refer to it as Pred(name, ...). a
// must pass [Sound] (valid words only, closed under leading zeros) over
// the Env's numeration: every automaton that enters a proof does.
func (e *Env) Define(name string, a *Automaton) error {
	if !validName(name) {
		return fmt.Errorf("automatic: bad predicate name %q", name)
	}
	if !a.ns.Equal(e.ns) {
		return fmt.Errorf("automatic: %s is over %s, the Env over %s", name, a.ns, e.ns)
	}
	if err := Sound(a, a.k); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	e.preds[name] = a
	delete(e.vars, name)
	return nil
}

// Lookup returns the automaton named name, or nil.
func (e *Env) Lookup(name string) *Automaton { return e.preds[name] }

// DefineFormula evaluates f and names the relation it defines, its tracks
// in the order of vars (which must be f's free variables).
func (e *Env) DefineFormula(ctx context.Context, name string, vars []string, f Formula) (*Automaton, error) {
	free := FreeVars(f)
	distinct := slices.Compact(slices.Sorted(slices.Values(vars)))
	if !slices.Equal(free, distinct) || len(distinct) != len(vars) {
		return nil, fmt.Errorf("automatic: %s: variables %v, but the formula's free variables are %v", name, vars, free)
	}
	r, err := e.Eval(ctx, f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	a, err := r.Order(vars)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := e.Define(name, a); err != nil {
		return nil, err
	}
	e.vars[name] = slices.Clone(vars)
	return a, nil
}

// Order returns r's automaton with its tracks in the order of vars, which
// must hold r's variables (and may hold more: those tracks are free).
func (r *Relation) Order(vars []string) (*Automaton, error) {
	to := make([]int, len(r.Vars))
	for i, v := range r.Vars {
		j := slices.Index(vars, v)
		if j < 0 {
			return nil, fmt.Errorf("free variable %s not among %v", v, vars)
		}
		to[i] = j
	}
	return Remap(r.A, len(vars), to), nil
}

// Eval compiles f into the relation of its free variables. It stops with
// ctx's error when ctx is done, and with a [*BudgetError] when an automaton
// passes the Env's Budget.
func (e *Env) Eval(ctx context.Context, f Formula) (r *Relation, err error) {
	e.lim = &limits{ctx: ctx, budget: e.Budget, op: "a step of the proof"}
	defer func() {
		if p := recover(); p != nil {
			switch p := p.(type) {
			case compileError:
				r, err = nil, p
			case limitError:
				r, err = nil, p.err
			default:
				panic(p)
			}
		}
	}()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	rel := e.compile(f)
	return &rel, nil
}

// Largest returns the largest automaton the last Eval built (before
// minimisation).
func (e *Env) Largest() Size {
	if e.lim == nil {
		return Size{}
	}
	return e.lim.largest
}

// Holds reports whether the universal closure of f holds; if not, it
// returns the least counterexample, its variables compared in increasing
// order of name (the order of Relation.Vars). The variables of f's leading
// forall count as free: the counterexample gives their values.
func (e *Env) Holds(ctx context.Context, f Formula) (bool, []Binding, error) {
	// Leading universal quantifiers are the closure's: their variables
	// stay free, so that a failure has its counterexample.
	for {
		fa, ok := f.(forallF)
		if !ok {
			break
		}
		f = fa.f
	}
	r, err := e.Eval(ctx, Not(f))
	if err != nil {
		return false, nil, err
	}
	if len(r.Vars) == 0 {
		return !r.True(), nil, nil
	}
	x := Least(r.A)
	if x == nil {
		return true, nil, nil
	}
	cx := make([]Binding, len(r.Vars))
	for i, v := range r.Vars {
		cx[i] = Binding{v, x[i]}
	}
	return false, cx, nil
}

// Binding is a variable's value.
type Binding struct {
	Var   string
	Value *big.Int
}

type compileError string

func (c compileError) Error() string { return string(c) }

type limitError struct{ err error }

func fail(format string, args ...any) { panic(compileError(fmt.Sprintf(format, args...))) }

// ok panics with err (caught by Eval) when it is not nil.
func ok(a *Automaton, err error) *Automaton {
	if err != nil {
		panic(limitError{err})
	}
	return a
}

// IsBudget reports whether err is (or wraps) a [*BudgetError].
func IsBudget(err error) bool {
	var b *BudgetError
	return errors.As(err, &b)
}

// bind applies an automaton to variable names: track i reads args[i].
func (e *Env) bind(a *Automaton, args []string) Relation {
	vars := slices.Clone(args)
	slices.Sort(vars)
	vars = slices.Compact(vars)
	to := make([]int, len(args))
	for i, v := range args {
		to[i] = slices.Index(vars, v)
	}
	if len(vars) == len(args) && slices.Equal(vars, args) {
		return Relation{vars, a}
	}
	return Relation{vars, ok(remap(e.lim, a, len(vars), to))}
}

func unionVars(a, b []string) []string {
	v := append(slices.Clone(a), b...)
	slices.Sort(v)
	return slices.Compact(v)
}

func positions(sub, all []string) []int {
	p := make([]int, len(sub))
	for i, v := range sub {
		p[i] = slices.Index(all, v)
	}
	return p
}

// conj is the conjunction of two relations over the union of their
// variables: a product that reads each side's tracks only.
func (e *Env) conj(r1, r2 Relation) Relation {
	V := unionVars(r1.Vars, r2.Vars)
	k := len(V)
	if k > MaxTracks {
		fail("a step needs %d variables at once, more than %d", k, MaxTracks)
	}
	p1, p2 := positions(r1.Vars, V), positions(r2.Vars, V)
	sub := func(sym uint32, p []int) int {
		o := 0
		for i, t := range p {
			o |= int(sym>>uint(t)&1) << uint(i)
		}
		return o
	}
	s1 := make([]int, 1<<k)
	s2 := make([]int, 1<<k)
	for sym := range s1 {
		s1[sym] = sub(uint32(sym), p1)
		s2[sym] = sub(uint32(sym), p2)
	}
	a, b := r1.A, r2.A
	type pair struct{ p, q int32 }
	out := ok(exploreLimit(e.lim, e.ns, k, pair{0, 0}, func(x pair, sym uint32) (pair, bool) {
		p := a.next[int(x.p)<<a.k|s1[sym]]
		q := b.next[int(x.q)<<b.k|s2[sym]]
		return pair{p, q}, p >= 0 && q >= 0
	}, func(x pair) bool { return a.accept[x.p] && b.accept[x.q] }))
	return Relation{V, ok(minimize(e.lim, out))}
}

// widen returns r's automaton over vars V (a superset of r.Vars).
func (e *Env) widen(r Relation, V []string) *Automaton {
	if slices.Equal(r.Vars, V) {
		return r.A
	}
	return ok(remap(e.lim, r.A, len(V), positions(r.Vars, V)))
}

func (e *Env) binop(r, s Relation, op func(x, y bool) bool) Relation {
	V := unionVars(r.Vars, s.Vars)
	return Relation{V, ok(minProduct(e.lim, e.widen(r, V), e.widen(s, V), op))}
}

func (e *Env) not(r Relation) Relation {
	return Relation{r.Vars, ok(minProduct(e.lim, e.ns.Valid(r.A.k), r.A, andNot))}
}

func userName(s string) bool { return validName(s) && s[0] != '_' }

func (e *Env) compile(f Formula) Relation {
	switch f := f.(type) {
	case constF:
		if f {
			return Relation{nil, e.ns.Valid(0)}
		}
		return Relation{nil, Empty(e.ns, 0)}
	case cmpF:
		ra, a := e.term(f.a)
		rb, b := e.term(f.b)
		var r Relation
		switch f.op {
		case "=":
			if a == b {
				r = Relation{[]string{a}, e.ns.Valid(1)}
			} else {
				r = e.bind(Equal2(e.ns), []string{a, b})
			}
		case "<":
			if a == b {
				r = Relation{[]string{a}, Empty(e.ns, 1)}
			} else {
				r = e.bind(Less(e.ns), []string{a, b})
			}
		case "<=":
			if a == b {
				r = Relation{[]string{a}, e.ns.Valid(1)}
			} else {
				r = e.bind(LessEq(e.ns), []string{a, b})
			}
		default:
			fail("unknown comparison %q", f.op)
		}
		r = e.with(r, ra, a)
		return e.with(r, rb, b)
	case predF:
		a := e.preds[f.name]
		if a == nil {
			fail("unknown predicate %s", f.name)
		}
		if a.k != len(f.args) {
			fail("predicate %s has %d tracks, given %d arguments", f.name, a.k, len(f.args))
		}
		rs := make([]*Relation, len(f.args))
		names := make([]string, len(f.args))
		for i, t := range f.args {
			rs[i], names[i] = e.term(t)
		}
		r := e.bind(a, names)
		for i := range rs {
			r = e.with(r, rs[i], names[i])
		}
		return r
	case andF:
		r := Relation{nil, e.ns.Valid(0)}
		for _, g := range f.fs {
			r = e.conj(r, e.compile(g))
		}
		return r
	case orF:
		if len(f.fs) == 0 {
			return Relation{nil, Empty(e.ns, 0)}
		}
		r := e.compile(f.fs[0])
		for _, g := range f.fs[1:] {
			r = e.binop(r, e.compile(g), or)
		}
		return r
	case notF:
		return e.not(e.compile(f.f))
	case implF:
		return e.binop(e.not(e.compile(f.a)), e.compile(f.b), or)
	case iffF:
		return e.not(e.binop(e.compile(f.a), e.compile(f.b), differs))
	case existsF:
		for _, v := range f.vars {
			if !userName(v) {
				fail("bad variable name %q", v)
			}
		}
		return e.project(e.compile(f.f), f.vars)
	case forallF:
		for _, v := range f.vars {
			if !userName(v) {
				fail("bad variable name %q", v)
			}
		}
		return e.not(e.project(e.not(e.compile(f.f)), f.vars))
	}
	panic(fmt.Sprintf("automatic: unknown formula %T", f))
}

// project removes vars from r existentially (those not in r are skipped:
// N is not empty).
func (e *Env) project(r Relation, vars []string) Relation {
	for _, v := range vars {
		i := slices.Index(r.Vars, v)
		if i < 0 {
			continue
		}
		r = Relation{slices.Delete(slices.Clone(r.Vars), i, i+1), ok(project(e.lim, r.A, i))}
	}
	return r
}

// context is the context of the compilation under way.
func (e *Env) context() context.Context {
	if e.lim != nil && e.lim.ctx != nil {
		return e.lim.ctx
	}
	return context.Background()
}

func (e *Env) newVar() string {
	e.fresh++
	return fmt.Sprintf("_t%d", e.fresh) // '_' first: no user name collides
}

func (e *Env) adder() *Automaton {
	a, err := e.ns.Adder()
	if err != nil {
		fail("%v", err)
	}
	return a
}

// term returns the variable that holds t's value and, when t is not a
// variable, the relation that defines it: over t's variables and that
// fresh variable, every other fresh variable already projected away, so
// that no step holds more variables than it needs.
func (e *Env) term(t Term) (*Relation, string) {
	switch t := t.(type) {
	case varTerm:
		if !userName(t.name) {
			fail("bad variable name %q", t.name)
		}
		return nil, t.name
	case constTerm:
		if t.c.Sign() < 0 {
			fail("negative constant %s", t.c)
		}
		v := e.newVar()
		return &Relation{[]string{v}, Const(e.ns, t.c)}, v
	case sumTerm:
		ra, a := e.term(t.a)
		rb, b := e.term(t.b)
		v := e.newVar()
		r := e.withBoth(e.bind(e.adder(), []string{a, b, v}), ra, a, rb, b)
		return &r, v
	case diffTerm: // v = a - b: v + b = a
		ra, a := e.term(t.a)
		rb, b := e.term(t.b)
		v := e.newVar()
		r := e.withBoth(e.bind(e.adder(), []string{v, b, a}), ra, a, rb, b)
		return &r, v
	case mulTerm:
		if t.c.Sign() < 0 {
			fail("negative factor %s", t.c)
		}
		rx, x := e.term(t.t)
		v := e.newVar()
		r := e.with(e.bind(e.mul(t.c), []string{x, v}), rx, x)
		return &r, v
	}
	panic(fmt.Sprintf("automatic: unknown term %T", t))
}

// withBoth joins r with the definitions of its two operands, the one of
// fewer variables first (a constant before a product): the adder joined
// with a constant shrinks to two tracks before the larger operand comes.
func (e *Env) withBoth(r Relation, ra *Relation, a string, rb *Relation, b string) Relation {
	size := func(d *Relation) int {
		if d == nil {
			return 0
		}
		return len(d.Vars)
	}
	if size(rb) < size(ra) {
		ra, a, rb, b = rb, b, ra, a
	}
	return e.with(e.with(r, ra, a), rb, b)
}

// with joins r with the relation def of the fresh variable v (nil when v
// is a variable of the formula) and projects v away.
func (e *Env) with(r Relation, def *Relation, v string) Relation {
	if def == nil {
		return r
	}
	return e.project(e.conj(r, *def), []string{v})
}

// mul returns the 2-track automaton of y = c*x, by doubling and adding.
func (e *Env) mul(c *big.Int) *Automaton {
	key := c.String()
	if a := e.muls[key]; a != nil {
		return a
	}
	var a *Automaton
	switch {
	case c.Sign() == 0:
		a = ok(remap(e.lim, Const(e.ns, c), 2, []int{1}))
	case c.Cmp(big.NewInt(1)) == 0:
		a = Equal2(e.ns)
	case c.IsInt64() && c.Int64() <= MulMax && e.ns.Mul(e.context(), c.Int64()) != nil:
		// Built from the deficit c x - y and proved by induction on x
		// (ProveMul): no product of adders.
		a = e.ns.Mul(e.context(), c.Int64())
	default:
		h := new(big.Int).Rsh(c, 1)
		// u = 2t with t = h*x, then y = u or y = u + x: three variables at
		// a time.
		half := e.bind(e.mul(h), []string{"x", "t"})
		dbl := e.project(e.conj(half, e.bind(e.adder(), []string{"t", "t", "u"})), []string{"t"})
		if c.Bit(0) == 0 {
			// dbl's tracks are (u, x): u becomes y, track 1 of (x, y).
			a = ok(remap(e.lim, dbl.A, 2, []int{1, 0}))
		} else {
			r := e.project(e.conj(dbl, e.bind(e.adder(), []string{"u", "x", "y"})), []string{"u"})
			a = e.widen(r, []string{"x", "y"})
		}
	}
	e.muls[key] = a
	return a
}
