package fibautomata

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
	"sync"
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
		panic("fibautomata: True of a relation with free variables " + strings.Join(r.Vars, ","))
	}
	return r.A.Accepting(0)
}

// Term is a term of the first-order language: a variable, a constant, a
// sum or a product by a constant.
type Term interface{ isTerm() }

type (
	varTerm   struct{ name string }
	constTerm struct{ c *big.Int }
	sumTerm   struct{ a, b Term }
	mulTerm   struct {
		c *big.Int
		t Term
	}
)

func (varTerm) isTerm()   {}
func (constTerm) isTerm() {}
func (sumTerm) isTerm()   {}
func (mulTerm) isTerm()   {}

// V is the variable named name (letters, digits and _, starting with a letter).
func V(name string) Term { return varTerm{name} }

// C is the constant c >= 0.
func C(c *big.Int) Term { return constTerm{new(big.Int).Set(c)} }

// N is the constant c >= 0.
func N(c int64) Term { return constTerm{big.NewInt(c)} }

// Plus is a + b (+ c + ...).
func Plus(a, b Term, more ...Term) Term {
	t := sumTerm{a, b}
	for _, m := range more {
		t = sumTerm{t, m}
	}
	return t
}

// Times is c*t for a constant c >= 0.
func Times(c int64, t Term) Term { return mulTerm{big.NewInt(c), t} }

// Formula is a formula of the first-order language over (N, +, <) with
// the named automata of an Env as predicates.
type Formula interface{ isFormula() }

type (
	cmpF struct {
		op   string // "=", "<", "<="
		a, b Term
	}
	predF struct {
		name string
		args []Term
	}
	andF    struct{ fs []Formula }
	orF     struct{ fs []Formula }
	notF    struct{ f Formula }
	iffF    struct{ a, b Formula }
	existsF struct {
		vars []string
		f    Formula
	}
	constF bool
)

func (cmpF) isFormula()    {}
func (predF) isFormula()   {}
func (andF) isFormula()    {}
func (orF) isFormula()     {}
func (notF) isFormula()    {}
func (iffF) isFormula()    {}
func (existsF) isFormula() {}
func (constF) isFormula()  {}

// Eq is a = b.
func Eq(a, b Term) Formula { return cmpF{"=", a, b} }

// Lt is a < b.
func Lt(a, b Term) Formula { return cmpF{"<", a, b} }

// Le is a <= b.
func Le(a, b Term) Formula { return cmpF{"<=", a, b} }

// Pred is the named automaton of the Env applied to args, track i to args[i].
func Pred(name string, args ...Term) Formula { return predF{name, args} }

// And is the conjunction (true when empty).
func And(fs ...Formula) Formula { return andF{fs} }

// Or is the disjunction (false when empty).
func Or(fs ...Formula) Formula { return orF{fs} }

// Not is the negation.
func Not(f Formula) Formula { return notF{f} }

// Implies is a => b.
func Implies(a, b Formula) Formula { return Or(Not(a), b) }

// Iff is a <=> b.
func Iff(a, b Formula) Formula { return iffF{a, b} }

// Exists binds vars (space-separated names) existentially over N.
func Exists(vars string, f Formula) Formula { return existsF{strings.Fields(vars), f} }

// ForAll binds vars (space-separated names) universally over N.
func ForAll(vars string, f Formula) Formula { return Not(Exists(vars, Not(f))) }

// Truth is the constant formula b.
func Truth(b bool) Formula { return constF(b) }

// Env holds the named automata that formulas use as predicates and
// compiles formulas into relations. It is safe for one goroutine at a time.
type Env struct {
	preds map[string]*Automaton
	fresh int
	muls  map[string]*Automaton
}

// NewEnv returns an Env with no predicates.
func NewEnv() *Env {
	return &Env{preds: map[string]*Automaton{}, muls: map[string]*Automaton{}}
}

// Define names the automaton a; formulas refer to it as Pred(name, ...).
func (e *Env) Define(name string, a *Automaton) {
	if !validName(name) {
		panic("fibautomata: bad predicate name " + name)
	}
	e.preds[name] = a
}

// Lookup returns the automaton named name, or nil.
func (e *Env) Lookup(name string) *Automaton { return e.preds[name] }

// DefineFormula evaluates f and names the relation it defines, its tracks
// in the order of vars (which must be f's free variables).
func (e *Env) DefineFormula(name string, vars []string, f Formula) (*Automaton, error) {
	r, err := e.Eval(f)
	if err != nil {
		return nil, err
	}
	a, err := r.Order(vars)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	e.Define(name, a)
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

func validName(s string) bool {
	if s == "" || !(s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z') {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// Eval compiles f into the relation of its free variables.
func (e *Env) Eval(f Formula) (r *Relation, err error) {
	defer func() {
		if p := recover(); p != nil {
			if ce, ok := p.(compileError); ok {
				r, err = nil, ce
				return
			}
			panic(p)
		}
	}()
	rel := e.compile(f)
	return &rel, nil
}

// Holds reports whether the universal closure of f holds; if not, it
// returns the least counterexample, its variables compared in increasing
// order of name (the order of Relation.Vars).
func (e *Env) Holds(f Formula) (bool, map[string]*big.Int, error) {
	r, err := e.Eval(Not(f))
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
	cx := map[string]*big.Int{}
	for i, v := range r.Vars {
		cx[v] = x[i]
	}
	return false, cx, nil
}

type compileError string

func (c compileError) Error() string { return string(c) }

func fail(format string, args ...any) { panic(compileError(fmt.Sprintf(format, args...))) }

// bind applies an automaton to variable names: track i reads args[i].
func bind(a *Automaton, args []string) Relation {
	vars := slices.Clone(args)
	slices.Sort(vars)
	vars = slices.Compact(vars)
	to := make([]int, len(args))
	for i, v := range args {
		to[i] = slices.Index(vars, v)
	}
	return Relation{vars, Remap(a, len(vars), to)}
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
func conj(r1, r2 Relation) Relation {
	V := unionVars(r1.Vars, r2.Vars)
	k := len(V)
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
	out := explore(k, pair{0, 0}, func(x pair, sym uint32) (pair, bool) {
		p := a.next[int(x.p)<<a.k|s1[sym]]
		q := b.next[int(x.q)<<b.k|s2[sym]]
		return pair{p, q}, p >= 0 && q >= 0
	}, func(x pair) bool { return a.accept[x.p] && b.accept[x.q] })
	return Relation{V, Minimize(out)}
}

// widen returns r's automaton over vars V (a superset of r.Vars).
func widen(r Relation, V []string) *Automaton {
	if slices.Equal(r.Vars, V) {
		return r.A
	}
	return Remap(r.A, len(V), positions(r.Vars, V))
}

func (e *Env) compile(f Formula) Relation {
	switch f := f.(type) {
	case constF:
		if f {
			return Relation{nil, Valid(0)}
		}
		return Relation{nil, Empty(0)}
	case cmpF:
		var cons []Relation
		var fresh []string
		a := e.term(f.a, &cons, &fresh)
		b := e.term(f.b, &cons, &fresh)
		var r Relation
		switch f.op {
		case "=":
			r = bind(Equal2(), []string{a, b})
		case "<":
			if a == b {
				r = Relation{[]string{a}, Empty(1)}
			} else {
				r = bind(Less(), []string{a, b})
			}
		case "<=":
			r = bind(lessEq(), []string{a, b})
		}
		for _, c := range cons {
			r = conj(r, c)
		}
		return e.project(r, fresh)
	case predF:
		a := e.preds[f.name]
		if a == nil {
			fail("unknown predicate %s", f.name)
		}
		if a.k != len(f.args) {
			fail("predicate %s has %d tracks, given %d arguments", f.name, a.k, len(f.args))
		}
		var cons []Relation
		var fresh []string
		names := make([]string, len(f.args))
		for i, t := range f.args {
			names[i] = e.term(t, &cons, &fresh)
		}
		r := bind(a, names)
		for _, c := range cons {
			r = conj(r, c)
		}
		return e.project(r, fresh)
	case andF:
		r := Relation{nil, Valid(0)}
		for _, g := range f.fs {
			r = conj(r, e.compile(g))
		}
		return r
	case orF:
		if len(f.fs) == 0 {
			return Relation{nil, Empty(0)}
		}
		r := e.compile(f.fs[0])
		for _, g := range f.fs[1:] {
			s := e.compile(g)
			V := unionVars(r.Vars, s.Vars)
			r = Relation{V, Union(widen(r, V), widen(s, V))}
		}
		return r
	case notF:
		r := e.compile(f.f)
		return Relation{r.Vars, Complement(r.A)}
	case iffF:
		r, s := e.compile(f.a), e.compile(f.b)
		V := unionVars(r.Vars, s.Vars)
		return Relation{V, Complement(SymmetricDifference(widen(r, V), widen(s, V)))}
	case existsF:
		for _, v := range f.vars {
			if !validName(v) {
				fail("bad variable name %q", v)
			}
		}
		return e.project(e.compile(f.f), f.vars)
	}
	panic(fmt.Sprintf("fibautomata: unknown formula %T", f))
}

// project removes vars from r existentially (those not in r are skipped:
// N is not empty).
func (e *Env) project(r Relation, vars []string) Relation {
	for _, v := range vars {
		i := slices.Index(r.Vars, v)
		if i < 0 {
			continue
		}
		r = Relation{slices.Delete(slices.Clone(r.Vars), i, i+1), Project(r.A, i)}
	}
	return r
}

func (e *Env) newVar() string {
	e.fresh++
	return fmt.Sprintf("_t%d", e.fresh) // '_' first: no user name collides
}

// term returns the variable that holds t's value, adding the relations
// that define it to cons and its fresh variables to fresh.
func (e *Env) term(t Term, cons *[]Relation, fresh *[]string) string {
	switch t := t.(type) {
	case varTerm:
		if !validName(t.name) {
			fail("bad variable name %q", t.name)
		}
		return t.name
	case constTerm:
		if t.c.Sign() < 0 {
			fail("negative constant %s", t.c)
		}
		v := e.newVar()
		*cons = append(*cons, bind(Const(t.c), []string{v}))
		*fresh = append(*fresh, v)
		return v
	case sumTerm:
		a := e.term(t.a, cons, fresh)
		b := e.term(t.b, cons, fresh)
		v := e.newVar()
		*cons = append(*cons, bind(adder, []string{a, b, v}))
		*fresh = append(*fresh, v)
		return v
	case mulTerm:
		if t.c.Sign() < 0 {
			fail("negative factor %s", t.c)
		}
		x := e.term(t.t, cons, fresh)
		v := e.newVar()
		*cons = append(*cons, bind(e.mul(t.c), []string{x, v}))
		*fresh = append(*fresh, v)
		return v
	}
	panic(fmt.Sprintf("fibautomata: unknown term %T", t))
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
		a = Remap(Const(c), 2, []int{1})
	case c.Cmp(big.NewInt(1)) == 0:
		a = Equal2()
	default:
		h := new(big.Int).Rsh(c, 1)
		half := bind(e.mul(h), []string{"x", "t"})
		dbl := conj(half, bind(adder, []string{"t", "t", "u"}))
		var r Relation
		if c.Bit(0) == 0 {
			r = e.project(conj(dbl, Relation{[]string{"u", "y"}, Equal2()}), []string{"t", "u"})
		} else {
			r = e.project(conj(dbl, bind(adder, []string{"u", "x", "y"})), []string{"t", "u"})
		}
		a = widen(r, []string{"x", "y"})
	}
	e.muls[key] = a
	return a
}

var lessEqOnce = sync.OnceValue(func() *Automaton { return Union(Less(), Equal2()) })

func lessEq() *Automaton { return lessEqOnce() }
