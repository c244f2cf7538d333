package automatic

import (
	"math/big"
	"slices"
	"strings"
)

// Term is a term of the first-order language: a variable, a constant, a
// sum, a difference (defined where it is >= 0) or a product by a constant.
type Term interface{ isTerm() }

type (
	varTerm   struct{ name string }
	constTerm struct{ c *big.Int }
	sumTerm   struct{ a, b Term }
	diffTerm  struct{ a, b Term }
	mulTerm   struct {
		c *big.Int
		t Term
	}
)

func (varTerm) isTerm()   {}
func (constTerm) isTerm() {}
func (sumTerm) isTerm()   {}
func (diffTerm) isTerm()  {}
func (mulTerm) isTerm()   {}

// V is the variable named name (letters, digits and _, starting with a letter).
func V(name string) Term { return varTerm{name} }

// C is the constant c >= 0.
func C(c *big.Int) Term { return constTerm{new(big.Int).Set(c)} }

// N is the constant c >= 0.
func N(c int64) Term { return constTerm{big.NewInt(c)} }

// Plus is a + b (+ c + ...).
func Plus(a, b Term, more ...Term) Term {
	t := Term(sumTerm{a, b})
	for _, m := range more {
		t = sumTerm{t, m}
	}
	return t
}

// Minus is a - b on N: an atomic formula that holds a difference holds only
// where every difference in it is >= 0 (it says "exists d: d + b = a and ...").
func Minus(a, b Term) Term { return diffTerm{a, b} }

// Times is c*t for a constant c >= 0.
func Times(c int64, t Term) Term { return mulTerm{big.NewInt(c), t} }

// TimesBig is c*t for a constant c >= 0.
func TimesBig(c *big.Int, t Term) Term { return mulTerm{new(big.Int).Set(c), t} }

// Formula is a formula of the first-order language over (N, +, <) with
// named automata as predicates.
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
	implF   struct{ a, b Formula }
	iffF    struct{ a, b Formula }
	existsF struct {
		vars []string
		f    Formula
	}
	forallF struct {
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
func (implF) isFormula()   {}
func (iffF) isFormula()    {}
func (existsF) isFormula() {}
func (forallF) isFormula() {}
func (constF) isFormula()  {}

// Eq is a = b.
func Eq(a, b Term) Formula { return cmpF{"=", a, b} }

// Lt is a < b.
func Lt(a, b Term) Formula { return cmpF{"<", a, b} }

// Le is a <= b.
func Le(a, b Term) Formula { return cmpF{"<=", a, b} }

// Pred is the named automaton applied to args, track i to args[i].
func Pred(name string, args ...Term) Formula { return predF{name, slices.Clone(args)} }

// And is the conjunction (true when empty).
func And(fs ...Formula) Formula { return andF{slices.Clone(fs)} }

// Or is the disjunction (false when empty).
func Or(fs ...Formula) Formula { return orF{slices.Clone(fs)} }

// Not is the negation.
func Not(f Formula) Formula { return notF{f} }

// Implies is a => b.
func Implies(a, b Formula) Formula { return implF{a, b} }

// Iff is a <=> b.
func Iff(a, b Formula) Formula { return iffF{a, b} }

// Exists binds vars (space-separated names) existentially over N.
func Exists(vars string, f Formula) Formula { return existsF{strings.Fields(vars), f} }

// ForAll binds vars (space-separated names) universally over N.
func ForAll(vars string, f Formula) Formula { return forallF{strings.Fields(vars), f} }

// Truth is the constant formula b.
func Truth(b bool) Formula { return constF(b) }

// FreeVars returns the free variables of f, sorted.
func FreeVars(f Formula) []string {
	var out []string
	var term func(t Term, bound []string)
	term = func(t Term, bound []string) {
		switch t := t.(type) {
		case varTerm:
			if !slices.Contains(bound, t.name) {
				out = append(out, t.name)
			}
		case sumTerm:
			term(t.a, bound)
			term(t.b, bound)
		case diffTerm:
			term(t.a, bound)
			term(t.b, bound)
		case mulTerm:
			term(t.t, bound)
		}
	}
	var form func(f Formula, bound []string)
	form = func(f Formula, bound []string) {
		switch f := f.(type) {
		case cmpF:
			term(f.a, bound)
			term(f.b, bound)
		case predF:
			for _, a := range f.args {
				term(a, bound)
			}
		case andF:
			for _, g := range f.fs {
				form(g, bound)
			}
		case orF:
			for _, g := range f.fs {
				form(g, bound)
			}
		case notF:
			form(f.f, bound)
		case implF:
			form(f.a, bound)
			form(f.b, bound)
		case iffF:
			form(f.a, bound)
			form(f.b, bound)
		case existsF:
			form(f.f, append(slices.Clone(bound), f.vars...))
		case forallF:
			form(f.f, append(slices.Clone(bound), f.vars...))
		}
	}
	form(f, nil)
	slices.Sort(out)
	return slices.Compact(out)
}

// Preds returns the names of the predicates f uses, sorted.
func Preds(f Formula) []string {
	var out []string
	var form func(f Formula)
	form = func(f Formula) {
		switch f := f.(type) {
		case predF:
			out = append(out, f.name)
		case andF:
			for _, g := range f.fs {
				form(g)
			}
		case orF:
			for _, g := range f.fs {
				form(g)
			}
		case notF:
			form(f.f)
		case implF:
			form(f.a)
			form(f.b)
		case iffF:
			form(f.a)
			form(f.b)
		case existsF:
			form(f.f)
		case forallF:
			form(f.f)
		}
	}
	form(f)
	slices.Sort(out)
	return slices.Compact(out)
}

// Rename returns f with every predicate name p replaced by to(p).
func Rename(f Formula, to func(string) string) Formula {
	switch f := f.(type) {
	case predF:
		return predF{to(f.name), f.args}
	case andF:
		fs := make([]Formula, len(f.fs))
		for i, g := range f.fs {
			fs[i] = Rename(g, to)
		}
		return andF{fs}
	case orF:
		fs := make([]Formula, len(f.fs))
		for i, g := range f.fs {
			fs[i] = Rename(g, to)
		}
		return orF{fs}
	case notF:
		return notF{Rename(f.f, to)}
	case implF:
		return implF{Rename(f.a, to), Rename(f.b, to)}
	case iffF:
		return iffF{Rename(f.a, to), Rename(f.b, to)}
	case existsF:
		return existsF{f.vars, Rename(f.f, to)}
	case forallF:
		return forallF{f.vars, Rename(f.f, to)}
	}
	return f
}

func validName(s string) bool {
	if s == "" || !(s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z' || s[0] == '_') {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return s != "A" && s != "E"
}
