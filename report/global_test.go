package report

import (
	"strings"
	"testing"

	"fibnim/conjectures"
)

// The global game's checks get their own section, which says what is
// computed and that the paper was not available; a report without them
// has no such section.
func TestGlobalSection(t *testing.T) {
	g := conjectures.Result{ID: "GLOBAL-local(a=2)", Source: "the local game", Status: conjectures.Fails, Failures: 2, Cases: 10,
		Domain:          conjectures.Domain{From: 0, To: 9, Cells: "every position"},
		Counterexamples: []conjectures.Counterexample{{N: 2, R: 2, Computed: "global G(1, 2, 2) = 3", Predicted: "local 0"}}}
	other := conjectures.Result{ID: "X-2", Source: "paper", Status: conjectures.Holds, Cases: 10, Counterexamples: []conjectures.Counterexample{}}
	_, md, err := Checks(&conjectures.Verification{Results: []conjectures.Result{other, g}}, "`test`")
	if err != nil {
		t.Fatal(err)
	}
	s := string(md)
	for _, want := range []string{"## Global Fibonacci nim", "was not available to this project",
		"| GLOBAL-local(a=2) | fails | 0..9 (every position) | 10 | 2 | global G(1, 2, 2) = 3 (local 0) |", "### GLOBAL-local(a=2): fails"} {
		if !strings.Contains(s, want) {
			t.Errorf("report lacks %q:\n%s", want, s)
		}
	}
	_, md, _ = Checks(&conjectures.Verification{Results: []conjectures.Result{other}}, "`test`")
	if strings.Contains(string(md), "Global Fibonacci nim") {
		t.Error("a report without global checks has a global section")
	}
}
