package grundyproof

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"

	au "fibnim/automatic"
)

// DecideOptions tune Decide.
type DecideOptions struct {
	// Budget caps the states of every automaton the decision builds (0:
	// none); past it, Decide returns an error that automatic.IsBudget
	// recognises.
	Budget int
	// Phase, when not nil, is told what Decide is doing, in a few words.
	Phase func(string)
}

// Verdict is what the automata decided about a statement, for all natural
// numbers.
type Verdict struct {
	Statement *Statement
	// Formula is what was decided: the statement's closure as a formula
	// of package automatic (automatic.Print(Formula, StatementDisplay)
	// writes it in the statement language).
	Formula au.Formula
	// Free are the statement's free variables, read for all values.
	Free []string
	// Vars are the variables of the closure's leading quantifiers, the
	// free ones first: "for all Vars" (Universal) or "there are Vars".
	// Empty for a statement with neither.
	Vars      []string
	Universal bool
	Holds     bool
	// Example is, for a universal statement that fails, its least
	// counterexample, and for an existential one that holds, its least
	// witness: the least value of Vars[0], then of Vars[1] with it, and so
	// on. Nil otherwise.
	Example []au.Binding
	// K: the statement was decided over the proved classes S_0..S_K.
	K int
	// Largest is the largest automaton the decision built.
	Largest au.Size
}

// ExampleString writes the example as "(n, r) = (29, 8)", or "n = 29".
func (v *Verdict) ExampleString() string {
	return au.Result{Least: v.Example}.CounterString()
}

// Decide decides the statement st for all natural numbers, over classes
// S_0..S_K of system sys that are proved (Folder.Classes, or Result.S up to
// Result.ProvedUpTo): the positions of values 0..K for all n. G(x, y)
// compared with a number, S_g and S_i..S_j speak of them; z1..z3 and fib
// are the parts and weights of sys's numeration. Errors: a *SyntaxError or
// *ValueError of the statement, ctx done, the budget passed (IsBudget), a
// system that is not decidable.
func Decide(ctx context.Context, sys *System, classes []*au.Automaton, st *Statement, opt DecideOptions) (*Verdict, error) {
	if err := sys.Decidable(); err != nil {
		return nil, err
	}
	if len(classes) == 0 {
		return nil, errors.New("grundyproof: Decide needs the class S_0 at least")
	}
	phase := func(s string) {
		if opt.Phase != nil {
			opt.Phase(s)
		}
	}
	K := len(classes) - 1
	tr, err := st.translate(K)
	if err != nil {
		return nil, err
	}
	e, err := statementEnv(ctx, sys, classes, tr.needs, opt.Budget, phase)
	if err != nil {
		return nil, err
	}
	v := &Verdict{Statement: st, Formula: tr.closed, Free: st.Free(), Vars: tr.vars, Universal: tr.universal, K: K}
	phase("deciding the statement")
	f := tr.bodyF
	if len(tr.vars) > 0 && tr.universal {
		f = au.Not(f) // its solutions are the counterexamples
	}
	r, err := e.Eval(ctx, f)
	if err != nil {
		return nil, err
	}
	v.Largest = e.Largest()
	if len(tr.vars) == 0 {
		v.Holds = r.True()
		return v, nil
	}
	a, err := r.Order(tr.vars)
	if err != nil {
		return nil, fmt.Errorf("grundyproof: %w", err)
	}
	x := au.Least(a)
	if x != nil {
		v.Example = make([]au.Binding, len(x))
		for i, n := range x {
			v.Example[i] = au.Binding{Var: tr.vars[i], Value: n}
		}
	}
	v.Holds = (x == nil) == tr.universal
	return v, nil
}

// Decide is Decide over the folder's proved classes; a *ValueError names
// the folder.
func (f *Folder) Decide(ctx context.Context, st *Statement, opt DecideOptions) (*Verdict, error) {
	v, err := Decide(ctx, f.System, f.Classes(), st, opt)
	var ve *ValueError
	if errors.As(err, &ve) {
		ve.Dir = f.Dir
	}
	return v, err
}

// fibRegex is the weights of a numeration: the words with a single 1.
const fibRegex = "0*10*"

// statementEnv defines the predicates a statement needs: the classes and
// their unions, the parts (PartSteps) and the weights (fib).
func statementEnv(ctx context.Context, sys *System, classes []*au.Automaton, n needs, budget int, phase func(string)) (*au.Env, error) {
	e := au.NewEnv(sys.NS)
	e.Budget = budget
	for _, g := range n.classes {
		if err := e.Define(ClassName(g), classes[g]); err != nil {
			return nil, fmt.Errorf("class S_%d: %w", g, err)
		}
	}
	for _, u := range n.unions {
		phase(fmt.Sprintf("defining S_%d..S_%d", u[0], u[1]))
		a := classes[u[0]]
		for g := u[0] + 1; g <= u[1]; g++ {
			a = au.Union(a, classes[g])
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if err := e.Define(unionName(u[0], u[1]), a); err != nil {
			return nil, fmt.Errorf("classes S_%d..S_%d: %w", u[0], u[1], err)
		}
	}
	for i, st := range PartSteps()[:n.parts] {
		phase(fmt.Sprintf("defining z_%d", i+1))
		if _, err := e.RunStep(ctx, st); err != nil {
			return nil, err
		}
	}
	if n.fib {
		a, err := au.CompileRegex(sys.NS, 1, fibRegex)
		if err != nil {
			return nil, err
		}
		if err := e.Define("fib", a); err != nil {
			return nil, err
		}
	}
	return e, nil
}

// Legend says what the predicates of a decided formula mean, one clause
// each, for a reader of its printed form.
func (v *Verdict) Legend(sys *System) []string {
	var out []string
	for _, p := range au.Preds(v.Formula) {
		var m []string
		switch {
		case p == "fib":
			if sys.NS.Name() == "fib" {
				out = append(out, "fib(x): x is a Fibonacci number F_k, k >= 2 (1, 2, 3, 5, ...)")
			} else {
				out = append(out, fmt.Sprintf("fib(x): x is a weight of %s (%s, ...)", sys.NS, weightList(sys)))
			}
		case p == "zlow" || p == "ztwo" || p == "zthree":
			i := map[string]int{"zlow": 1, "ztwo": 2, "zthree": 3}[p]
			out = append(out, fmt.Sprintf("z_%d(n, z): z = z%d(n), the %s part of n", i, i, []string{"least", "second least", "third least"}[i-1]))
		default:
			if m = unionNameRe.FindStringSubmatch(p); m != nil {
				out = append(out, fmt.Sprintf("S_%sto%s(n, r): r <= n and %s <= G(n, r) <= %s", m[1], m[2], m[1], m[2]))
			} else if strings.HasPrefix(p, "g") {
				g := strings.TrimPrefix(p, "g")
				out = append(out, fmt.Sprintf("S_%s(n, r): r <= n and G(n, r) = %s", g, g))
			}
		}
	}
	return out
}

func weightList(sys *System) string {
	var ws []string
	for _, w := range sys.NS.Weights(6) {
		ws = append(ws, w.String())
	}
	return strings.Join(ws, ", ")
}

// bindingMap is the example as a map.
func bindingMap(bs []au.Binding) map[string]*big.Int {
	m := map[string]*big.Int{}
	for _, b := range bs {
		m[b.Var] = b.Value
	}
	return m
}
