package automatic

import "testing"

// mustEval compiles f in e and returns its automaton with tracks in the
// order of vars.
func mustEval(t *testing.T, e *Env, vars []string, f Formula) *Automaton {
	t.Helper()
	r, err := e.Eval(t.Context(), f)
	if err != nil {
		t.Fatal(err)
	}
	a, err := r.Order(vars)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
