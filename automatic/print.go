package automatic

import (
	"fmt"
	"slices"
	"strings"
)

// Print writes f in the papers' notation, the syntax that package
// grundyproof's statement language reads:
//
//	forall n, r: r <= n => (S_0(n, r) <=> not (exists k: 1 <= k & k <= r & ...))
//
// with & for and, | for or, not, =>, <=>, forall and exists (a quantifier
// reaches as far right as it can), 2k for a product by a constant, and
// name(x, y) for a predicate; display, when not nil, gives a predicate's
// printed name (S_0 for g0). Parentheses appear only where precedence
// needs them: not, &, |, =>, <=> bind in that order, => to the right.
func Print(f Formula, display func(string) string) string {
	p := printer{display: display}
	p.formula(f, 0)
	return p.b.String()
}

// PrintTerm writes t as Print does.
func PrintTerm(t Term) string {
	var p printer
	p.term(t, 0)
	return p.b.String()
}

type printer struct {
	b       strings.Builder
	display func(string) string
	walnut  bool
	order   map[string][]string // walnut: the track order of defined predicates
}

// Precedence levels (higher binds tighter).
const (
	lvQuant = iota
	lvIff
	lvImpl
	lvOr
	lvAnd
	lvNot
	lvAtom
)

func level(f Formula) int {
	switch f := f.(type) {
	case existsF, forallF:
		return lvQuant
	case iffF:
		return lvIff
	case implF:
		return lvImpl
	case orF:
		if len(f.fs) < 2 {
			return lvAtom
		}
		return lvOr
	case andF:
		if len(f.fs) < 2 {
			return lvAtom
		}
		return lvAnd
	case notF:
		return lvNot
	}
	return lvAtom
}

func (p *printer) w(s string) { p.b.WriteString(s) }

func (p *printer) formula(f Formula, ctx int) {
	switch g := f.(type) { // a conjunction or disjunction of one is its member
	case andF:
		if len(g.fs) == 1 {
			p.formula(g.fs[0], ctx)
			return
		}
	case orF:
		if len(g.fs) == 1 {
			p.formula(g.fs[0], ctx)
			return
		}
	}
	lv := level(f)
	paren := lv < ctx
	if p.walnut && lv < lvAtom && lv != lvNot && ctx > lvQuant {
		paren = true // Walnut: & and | share a precedence; keep every operand whole
	}
	if paren {
		p.w("(")
		defer p.w(")")
	}
	switch f := f.(type) {
	case constF:
		switch {
		case p.walnut && bool(f):
			p.w("0=0")
		case p.walnut:
			p.w("0<0")
		case bool(f):
			p.w("true")
		default:
			p.w("false")
		}
	case cmpF:
		p.term(f.a, 0)
		if p.walnut {
			p.w(f.op)
		} else {
			p.w(" " + f.op + " ")
		}
		p.term(f.b, 0)
	case predF:
		name := f.name
		args := f.args
		if p.walnut {
			p.w("$")
			if vars, ok := p.order[f.name]; ok {
				args = walnutArgs(vars, f.args)
			}
		} else if p.display != nil {
			name = p.display(name)
		}
		p.w(name + "(")
		for i, a := range args {
			if i > 0 {
				p.w(p.sep())
			}
			p.term(a, 0)
		}
		p.w(")")
	case andF:
		p.list(f.fs, lvAnd, " & ", "&", "true", "0=0")
	case orF:
		p.list(f.fs, lvOr, " | ", "|", "false", "0<0")
	case notF:
		if p.walnut {
			p.w("~")
		} else {
			p.w("not ")
		}
		p.formula(f.f, lvNot)
	case implF:
		p.formula(f.a, lvImpl+1)
		p.w(p.op(" => ", "=>"))
		p.formula(f.b, lvImpl)
	case iffF:
		p.formula(f.a, lvIff+1)
		p.w(p.op(" <=> ", "<=>"))
		p.formula(f.b, lvIff+1)
	case existsF:
		p.quant("exists", "E", f.vars, f.f)
	case forallF:
		p.quant("forall", "A", f.vars, f.f)
	default:
		panic(fmt.Sprintf("automatic: Print of %T", f))
	}
}

func (p *printer) sep() string {
	if p.walnut {
		return ","
	}
	return ", "
}

func (p *printer) op(plain, walnut string) string {
	if p.walnut {
		return walnut
	}
	return plain
}

func (p *printer) list(fs []Formula, lv int, plain, walnut, empty, walnutEmpty string) {
	switch len(fs) {
	case 0:
		p.w(p.op(empty, walnutEmpty))
		return
	case 1:
		p.formula(fs[0], lvAtom)
		return
	}
	for i, g := range fs {
		if i > 0 {
			p.w(p.op(plain, walnut))
		}
		p.formula(g, lv+1)
	}
}

func (p *printer) quant(word, walnut string, vars []string, body Formula) {
	if p.walnut {
		p.w(walnut + " " + strings.Join(vars, ",") + " ")
	} else {
		p.w(word + " " + strings.Join(vars, ", ") + ": ")
	}
	p.formula(body, lvQuant)
}

// Term precedence: sums and differences 0, products 1, atoms 2.
func (p *printer) term(t Term, ctx int) {
	switch t := t.(type) {
	case varTerm:
		p.w(t.name)
	case constTerm:
		p.w(t.c.String())
	case sumTerm:
		if ctx > 0 {
			p.w("(")
		}
		p.term(t.a, 0)
		p.w(p.op(" + ", "+"))
		p.term(t.b, 1)
		if ctx > 0 {
			p.w(")")
		}
	case diffTerm:
		if ctx > 0 {
			p.w("(")
		}
		p.term(t.a, 0)
		p.w(p.op(" - ", "-"))
		p.term(t.b, 1)
		if ctx > 0 {
			p.w(")")
		}
	case mulTerm:
		p.w(t.c.String())
		if _, ok := t.t.(varTerm); ok && !p.walnut {
			p.term(t.t, 2)
			return
		}
		p.w("*")
		p.term(t.t, 2)
	}
}

// walnutArgs reorders the arguments of a predicate defined with tracks
// vars into Walnut's order: a def's free variables sorted by name.
func walnutArgs(vars []string, args []Term) []Term {
	sorted := slices.Sorted(slices.Values(vars))
	out := make([]Term, len(args))
	for i, v := range sorted {
		out[i] = args[slices.Index(vars, v)]
	}
	return out
}

// WalnutFormula writes f in Walnut's syntax (its Manual, Section 3), with
// order the track order of predicates defined in a script (Walnut orders a
// def's free variables alphabetically, so their arguments are reordered).
func WalnutFormula(f Formula, order map[string][]string) string {
	p := printer{walnut: true, order: order}
	p.formula(f, lvQuant)
	return p.b.String()
}

// Walnut writes the script as a Walnut command file over the numeration
// ns (?msd_NAME): def for DefineStep, eval for ClaimStep (the universal
// closure of its formula), reg for RegexStep, one command a line. Walnut
// has no comment lines (it reads up to each ';'), so the file has none.
// Predicates that no step defines are automata files NAME.txt ($NAME).
func (s Script) Walnut(ns *Numeration) string {
	var b strings.Builder
	order := map[string][]string{}
	base := "?" + ns.String()
	for _, st := range s {
		switch st.Kind {
		case DefineStep:
			fmt.Fprintf(&b, "def %s \"%s %s\";\n", st.Name, base, WalnutFormula(st.F, order))
			if !slices.IsSorted(st.Vars) {
				order[st.Name] = st.Vars
			}
		case ClaimStep:
			f := st.F
			if free := FreeVars(f); len(free) > 0 {
				f = forallF{free, f}
			}
			fmt.Fprintf(&b, "eval %s \"%s %s\";\n", st.Name, base, WalnutFormula(f, order))
		case RegexStep:
			// A reg's tracks are the tuples' positions, whatever their names.
			fmt.Fprintf(&b, "reg %s %s \"%s\";\n", st.Name, strings.TrimSpace(strings.Repeat(ns.String()+" ", len(st.Vars))), st.Regex)
		}
	}
	return b.String()
}
