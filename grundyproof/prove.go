package grundyproof

import (
	"context"
	"fmt"

	"fibnim/automatic"
	"fibnim/grundy"
)

// ProverVersion names the statements and the decision procedure that
// decide them. A proof cache (proof.json) records it; a folder proved by
// another version is proved again. Change it whenever a statement or the
// prover changes what it decides.
const ProverVersion = "fibnim-grundyproof/1"

// Proof is what the prover decided about classes S_0..S_K of multiplier A:
// one result per step of ProofScriptFor(Method, A, K), and with
// MethodThresholds the mex verdicts its claims give (Derived).
type Proof struct {
	A       grundy.Multiplier
	K       int
	Method  Method
	Script  automatic.Script
	Results []automatic.Result
	// Derived names the results that are no step of Script: the mex
	// verdicts of MethodThresholds, derived from its claims.
	Derived map[string]bool
	// Theorems are the theorems whose claims the script holds (Schwenk's
	// rule, and the paper's at a = 2), in order.
	Theorems []Theorem
}

// Result returns the result of the step named name.
func (p *Proof) Result(name string) (automatic.Result, bool) {
	for _, r := range p.Results {
		if r.Name == name {
			return r, true
		}
	}
	return automatic.Result{}, false
}

// Mex returns the result of the mex claim of value g.
func (p *Proof) Mex(g int) (automatic.Result, bool) { return p.Result(MexClaim(g).Name) }

// ProvedUpTo returns the largest g such that the mex claims of 0..g all
// hold (-1 if none): S_0..S_g are then the positions of values 0..g for
// all n.
func (p *Proof) ProvedUpTo() int {
	g := -1
	for ; g < p.K; g++ {
		r, ok := p.Mex(g + 1)
		if !ok || !r.Holds {
			break
		}
	}
	return g
}

// AdderProved reports whether the adder's induction held.
func (p *Proof) AdderProved() bool {
	for _, st := range automatic.AdderStatements() {
		if st.Kind != automatic.ClaimStep {
			continue
		}
		r, ok := p.Result(st.Name)
		if !ok || !r.Holds {
			return false
		}
	}
	return true
}

// TheoremProved reports whether theorem th is proved for all n: its claim
// holds and the class it speaks of is proved.
func (p *Proof) TheoremProved(th Theorem) bool {
	r, ok := p.Result(th.Claim)
	return ok && r.Holds && th.G <= p.ProvedUpTo()
}

// Largest returns the largest automaton any step built.
func (p *Proof) Largest() automatic.Size {
	var s automatic.Size
	for _, r := range p.Results {
		if r.Largest.States > s.States {
			s = r.Largest
		}
	}
	return s
}

// ProveOptions tune Prove.
type ProveOptions struct {
	// Budget caps the states of every automaton a step builds (0: none).
	Budget int
	// Step, when not nil, is called after each step (progress).
	Step func(automatic.Result)
	// Method proves the mex statements (zero: MethodMex).
	Method Method
}

// Prove runs ProofScriptFor(opt.Method, sys.A, len(S)-1) over the classes
// S (S[g] on tracks (n, r) in sys's numeration): the adder's induction,
// the mex induction of every value and the theorems. Every class passes
// automatic.Sound first. A claim that fails is a result, not an error;
// errors are a class that is not sound, ctx done, or the budget passed.
// With MethodThresholds the results end with the mex verdicts its claims
// give (thresholdVerdicts), so that Mex and ProvedUpTo read the same for
// both methods.
func Prove(ctx context.Context, sys *System, S []*automatic.Automaton, opt ProveOptions) (*Proof, error) {
	if err := sys.Decidable(); err != nil {
		return nil, err
	}
	K := len(S) - 1
	m := opt.Method.norm()
	p := &Proof{A: sys.A, K: K, Method: m, Script: ProofScriptFor(m, sys.A, K)}
	_, p.Theorems = TheoremScript(sys.A, K)
	e := automatic.NewEnv(sys.NS)
	e.Budget = opt.Budget
	for g, s := range S {
		if err := e.Define(ClassName(g), s); err != nil {
			return nil, fmt.Errorf("class S_%d: %w", g, err)
		}
	}
	for _, st := range p.Script {
		r, err := e.RunStep(ctx, st)
		if err != nil {
			return nil, err
		}
		p.Results = append(p.Results, r)
		if opt.Step != nil {
			opt.Step(r)
		}
	}
	if m == MethodThresholds {
		vs, err := thresholdVerdicts(ctx, e, K, p.Results)
		if err != nil {
			return nil, err
		}
		p.Derived = map[string]bool{}
		for _, v := range vs {
			p.Derived[v.Name] = true
			p.Results = append(p.Results, v)
			if opt.Step != nil {
				opt.Step(v)
			}
		}
	}
	return p, nil
}
