package conjectures

import (
	"fmt"

	"fibnim/internal/digits"
)

// Status of a check.
const (
	Holds  = "holds"
	Fails  = "fails"
	NotRun = "not run"
)

// MaxCounterexamples is how many of the smallest counterexamples a Result keeps.
const MaxCounterexamples = 10

// Counterexample is one case where a statement fails.
type Counterexample struct {
	N         int64  `json:"n"`           // pile size n (or multiplier index, or term k)
	R         int64  `json:"r,omitempty"` // quota r where the case is a cell
	Computed  string `json:"computed"`
	Predicted string `json:"predicted"`
}

// Domain is what a check actually covered.
type Domain struct {
	From  int64  `json:"from"`
	To    int64  `json:"to"`
	Cells string `json:"cells"` // e.g. "every (n, r) with 0 <= r <= n", "every n", "every term"
}

// Result is what a check found.
type Result struct {
	ID string `json:"id"`
	// Mult is the multiplier a of a check put for every a (its section of
	// the report); empty for the papers' own checks.
	Mult            string           `json:"multiplier,omitempty"`
	Source          string           `json:"source"`
	Statement       string           `json:"statement"`
	Domain          Domain           `json:"domain"`
	Cases           int64            `json:"cases"`
	Status          string           `json:"status"`
	Failures        int64            `json:"failures"`
	Counterexamples []Counterexample `json:"counterexamples"`
	// Index names what a Counterexample's N counts where it is not the pile
	// size n: "k" (a term of F(a)), "a" (a multiplier), "row".
	Index string `json:"index,omitempty"`
	// Largest is the counterexample with the largest n.
	Largest *Counterexample `json:"largest_counterexample,omitempty"`
	// FailureFree is the stretch at the top of the range on which a failing
	// check holds: "every n in (L, To]", with L the largest counterexample;
	// empty where the last case fails or the cases are not indexed by n.
	FailureFree string         `json:"failure_free,omitempty"`
	Stats       map[string]any `json:"stats,omitempty"`
	Note        string         `json:"note,omitempty"`
	// Proved, when not nil, says that the statement is proved for all n,
	// and by what (AttachProofs): the range check above says what the
	// tables show.
	Proved *Proof `json:"proved,omitempty"`
}

func newResult(id, source, statement string) *Result {
	return &Result{ID: id, Source: source, Statement: statement, Status: Holds, Counterexamples: []Counterexample{}}
}

// fail records a failure; it keeps the first MaxCounterexamples, which are
// the smallest when cases are visited in increasing order.
func (r *Result) fail(c Counterexample) {
	r.Status = Fails
	r.Failures++
	if len(r.Counterexamples) < MaxCounterexamples {
		r.Counterexamples = append(r.Counterexamples, c)
	}
	if r.Largest == nil || c.N >= r.Largest.N {
		r.Largest = &c
	}
}

// closeRange sets FailureFree for a check whose cases are the n of its
// Domain, each n visited: after the largest counterexample L it holds on
// every n up to Domain.To.
func (r *Result) closeRange() {
	if r.Largest != nil && r.Largest.N < r.Domain.To {
		r.FailureFree = fmt.Sprintf("every n in (%s, %s]", digits.Group(r.Largest.N), digits.Group(r.Domain.To))
	}
}

// settle withholds the verdict of a result that visited no case: a check
// with no case in its domain did not run, whatever its code found on
// nothing. Its status becomes NotRun and its note says why, with the
// domain it had (e.g. "no case in its domain: every n with ceil(3n/2) <=
// N, here n in 1..0"). Results that visited a case are left as they are.
// Its statistics stay (those of the conjecture's lower half describe the
// start values, h(g) among them, not the statement's cases); the report
// prints none for a result that did not run.
func (r *Result) settle() {
	if r.Status != Holds || r.Cases > 0 {
		return
	}
	r.Status = NotRun
	why := "no case in its domain"
	if r.Domain.Cells != "" {
		why += fmt.Sprintf(": %s, here %s in %d..%d", r.Domain.Cells, r.IndexName(), r.Domain.From, r.Domain.To)
	}
	if r.Note != "" {
		why += "; " + r.Note
	}
	r.Note = why
}

// Settle applies the rule of settle to every result: one with no case in
// its domain is not run. Verify and Stream apply it to what they return;
// callers that run a check function by hand apply it themselves.
func Settle(res []Result) {
	for i := range res {
		res[i].settle()
	}
}

// IndexName is what a Counterexample's N counts: Index, or "n".
func (r Result) IndexName() string {
	if r.Index == "" {
		return "n"
	}
	return r.Index
}

// failRange records the failures of every case from..to at once (cases
// in increasing order, all failing): mk builds the counterexample of one.
func (r *Result) failRange(mk func(int64) Counterexample, from, to int64) {
	for k := from; k <= to && len(r.Counterexamples) < MaxCounterexamples; k++ {
		r.Counterexamples = append(r.Counterexamples, mk(k))
	}
	r.Status = Fails
	r.Failures += to - from + 1
	if r.Largest == nil || to >= r.Largest.N {
		c := mk(to)
		r.Largest = &c
	}
}
