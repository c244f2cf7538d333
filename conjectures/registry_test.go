package conjectures

import (
	"strings"
	"testing"

	"fibnim/grundy"
)

// The registry is consistent: every check has statements with a source
// and a text, ids are unique within a scope, and every statement of the
// scopes Verify streams comes out of Stream once, in the registry's
// order.
func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range Registry() {
		if c.Streams == "" || c.Reads == 0 {
			t.Errorf("check %d (%s) does not say what it reads or how it streams", c.Order, c.Statements[0].ID)
		}
		for _, s := range c.Statements {
			key := s.Scope.String() + " " + s.ID
			if seen[key] {
				t.Errorf("two statements %s", key)
			}
			seen[key] = true
			if s.Source == "" || s.Text == "" {
				t.Errorf("%s has no source or no text", s.ID)
			}
			if got, ok := Lookup(idIn(s, grundy.Fibonacci)); !ok || got.ID != s.ID || got.Scope != s.Scope {
				t.Errorf("Lookup(%s) = %+v, %v", idIn(s, grundy.Fibonacci), got, ok)
			}
		}
	}
	s, _ := testData(t)
	res, err := Stream(NewArraySource(s), Pass{Mult: grundy.Fibonacci, Paper: true, Mults: true})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, scope := range []Scope{Fibonacci, EveryMultiplier} {
		for _, c := range Registry() {
			if c.stream == nil {
				continue
			}
			for _, st := range c.of(scope) {
				want = append(want, idIn(st, grundy.Fibonacci))
			}
		}
	}
	var got []string
	for _, r := range res {
		got = append(got, r.ID)
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Stream gave\n%v\nthe registry lists\n%v", got, want)
	}
}

func idIn(s Statement, a grundy.Multiplier) string {
	if s.Scope == EveryMultiplier || s.Scope == Global {
		return multID(s.ID, a)
	}
	return s.ID
}

// A check is run exactly when the source carries what it Reads: without
// R_1..R_4 the checks that read them are not run, with the pass's reason,
// and the others run as they would with them.
func TestRegistryReads(t *testing.T) {
	s, l := testData(t)
	for _, k := range []int{0, 1, 4} {
		R := l.R[:k]
		res, err := Stream(NewArraySource(s, R...), Pass{Mult: grundy.Fibonacci, Paper: true, Mults: true, NoRows: "test: no rows"})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range res {
			c, ok := checkOf(r.ID)
			if !ok {
				t.Fatalf("%s is not in the registry", r.ID)
			}
			if notRun := c.Reads.Rows() > k; notRun != (r.Status == NotRun) || notRun && !strings.HasPrefix(r.Note, "test: no rows; it reads ") {
				t.Errorf("with R_1..R_%d, %s (reads %s): %s, %q", k, r.ID, c.Reads, r.Status, r.Note)
			}
		}
	}
}
