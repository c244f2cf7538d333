package automatic

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"
)

// StepKind says what a step of a Script does.
type StepKind int

const (
	// DefineStep names the relation of a formula (Walnut's def).
	DefineStep StepKind = iota
	// ClaimStep decides the universal closure of a formula (Walnut's eval).
	ClaimStep
	// RegexStep names the relation of a regular expression over the
	// tracks' digits (Walnut's reg), intersected with the valid words.
	RegexStep
)

// Step is one statement of a Script. The same Step is what the prover
// decides ([Env.Run]), what Walnut replays ([Script.Walnut]) and what a
// report prints ([Print]): a statement is written once.
type Step struct {
	Kind StepKind
	Name string
	// Vars is the track order of a defined relation (DefineStep), or of a
	// regular expression's tracks (RegexStep).
	Vars  []string
	F     Formula
	Regex string // RegexStep: Walnut's syntax, e.g. "([0,0]|[1,0])*[1,1][0,0]*"
	// Via, when not nil, builds a DefineStep's relation by a construction
	// of its own that proves itself (Numeration.Floor: the cap floor(p k/q)
	// by induction on k), in place of compiling F; it returns nil to fall
	// back to F. F stays the statement: Walnut and the reports read it.
	Via func(context.Context, *Numeration) *Automaton
}

// Define is the step that names the relation of f, its tracks in the
// order of vars (f's free variables).
func Define(name string, vars []string, f Formula) Step {
	return Step{Kind: DefineStep, Name: name, Vars: slices.Clone(vars), F: f}
}

// Claim is the step that decides the universal closure of f.
func Claim(name string, f Formula) Step { return Step{Kind: ClaimStep, Name: name, F: f} }

// Regex is the step that names the relation of a regular expression over k
// tracks (tracks in the order of vars): Walnut's reg.
func Regex(name string, vars []string, regex string) Step {
	return Step{Kind: RegexStep, Name: name, Vars: slices.Clone(vars), Regex: regex}
}

// Script is a sequence of steps, run in order.
type Script []Step

// Result is the outcome of one step of a Script.
type Result struct {
	Name  string
	Kind  StepKind
	Holds bool      // ClaimStep: the claim holds for all values
	Least []Binding // ClaimStep that fails: the least counterexample
	// Size is the automaton the step defined (DefineStep, RegexStep).
	Size Size
	// Largest is the largest automaton the step built on its way.
	Largest Size
	Time    time.Duration
}

// CounterString writes the least counterexample as "(x, y) = (3, 5)".
func (r Result) CounterString() string {
	if len(r.Least) == 0 {
		return ""
	}
	vs := make([]string, len(r.Least))
	xs := make([]string, len(r.Least))
	for i, b := range r.Least {
		vs[i], xs[i] = b.Var, b.Value.String()
	}
	if len(vs) == 1 {
		return fmt.Sprintf("%s = %s", vs[0], xs[0])
	}
	return fmt.Sprintf("(%s) = (%s)", strings.Join(vs, ", "), strings.Join(xs, ", "))
}

// Value returns the counterexample's value of v, or nil.
func (r Result) Value(v string) *big.Int {
	for _, b := range r.Least {
		if b.Var == v {
			return b.Value
		}
	}
	return nil
}

// Run runs the script's steps in order: definitions become predicates of
// e, claims are decided. It returns one Result per step; a claim that fails
// does not stop the run. Errors (a formula that does not compile, ctx done,
// the budget passed) stop it.
func (e *Env) Run(ctx context.Context, s Script) ([]Result, error) {
	var out []Result
	for _, st := range s {
		r, err := e.RunStep(ctx, st)
		if err != nil {
			return out, err
		}
		out = append(out, r)
	}
	return out, nil
}

// RunStep runs one step.
func (e *Env) RunStep(ctx context.Context, st Step) (Result, error) {
	t := time.Now()
	r := Result{Name: st.Name, Kind: st.Kind}
	switch st.Kind {
	case DefineStep:
		var a *Automaton
		if st.Via != nil {
			if a = st.Via(ctx, e.ns); a != nil {
				if free := FreeVars(st.F); !slices.Equal(free, slices.Sorted(slices.Values(st.Vars))) || a.k != len(st.Vars) {
					return r, fmt.Errorf("automatic: %s: a construction of %d tracks for variables %v", st.Name, a.k, st.Vars)
				}
				if err := e.Define(st.Name, a); err != nil {
					return r, err
				}
				e.vars[st.Name] = slices.Clone(st.Vars)
				e.lim = &limits{largest: Size{a.States(), a.k}}
			}
		}
		if a == nil {
			var err error
			if a, err = e.DefineFormula(ctx, st.Name, st.Vars, st.F); err != nil {
				return r, err
			}
		}
		r.Size = Size{a.States(), a.k}
	case RegexStep:
		a, err := CompileRegex(e.ns, len(st.Vars), st.Regex)
		if err != nil {
			return r, fmt.Errorf("%s: %w", st.Name, err)
		}
		if err := e.Define(st.Name, a); err != nil {
			return r, err
		}
		e.vars[st.Name] = slices.Clone(st.Vars)
		r.Size = Size{a.States(), a.k}
		r.Largest = r.Size
	case ClaimStep:
		ok, cx, err := e.Holds(ctx, st.F)
		if err != nil {
			return r, fmt.Errorf("%s: %w", st.Name, err)
		}
		r.Holds, r.Least = ok, cx
	default:
		return r, fmt.Errorf("automatic: step %s of unknown kind %d", st.Name, st.Kind)
	}
	if st.Kind != RegexStep {
		r.Largest = e.Largest()
	}
	r.Time = time.Since(t)
	return r, nil
}
