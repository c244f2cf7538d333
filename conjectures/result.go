package conjectures

import "fmt"

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
	ID              string           `json:"id"`
	Source          string           `json:"source"`
	Statement       string           `json:"statement"`
	Domain          Domain           `json:"domain"`
	Cases           int64            `json:"cases"`
	Status          string           `json:"status"`
	Failures        int64            `json:"failures"`
	Counterexamples []Counterexample `json:"counterexamples"`
	Stats           map[string]any   `json:"stats,omitempty"`
	Note            string           `json:"note,omitempty"`
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
}

// notRun marks a check whose data is missing.
func notRun(id, source, statement, why string) Result {
	r := newResult(id, source, statement)
	r.Status = NotRun
	r.Note = why
	return *r
}

func itoa(x int64) string { return fmt.Sprint(x) }
