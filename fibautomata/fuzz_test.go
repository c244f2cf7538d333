package fibautomata

import (
	"bytes"
	"gonum.org/v1/gonum/graph/encoding/dot"
	"gonum.org/v1/gonum/graph/multi"
	"strings"
	"testing"
)

// ReadWalnut on damaged input: an error, never a panic or a hang.
func FuzzReadWalnut(f *testing.F) {
	var b bytes.Buffer
	if err := WriteWalnut(&b, Less()); err != nil {
		f.Fatal(err)
	}
	f.Add(b.String())
	f.Add("msd_fib msd_fib\n\n0 1\n0 0 -> 0\n")
	f.Add("msd_fib\n\n0 1\n1 -> 1\n\n1 0\n0 -> 0\n")
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1<<16 {
			return
		}
		a, err := ReadWalnut(strings.NewReader(s))
		if err != nil {
			return
		}
		// What it accepts keeps the invariants: written again, it reads back equal.
		var out bytes.Buffer
		if err := WriteWalnut(&out, a); err != nil {
			t.Fatal(err)
		}
		back, err := ReadWalnut(&out)
		if err != nil || !back.Equal(a) {
			t.Fatalf("round trip: %v", err)
		}
	})
}

// The learned automata do not depend on the run: two runs write the same
// files.
func TestRunDeterministic(t *testing.T) {
	a := mustLearn(t)
	b, err := Run(t.Context(), Config{N: 100000, K: 5})
	if err != nil {
		t.Fatal(err)
	}
	for g := range a.S {
		if !a.S[g].Equal(b.S[g]) {
			t.Fatalf("S_%d differs between two runs", g)
		}
	}
}

// The DOT drawing reads back (gonum's decoder) with a node per state and
// an edge per pair of states joined by a transition.
func TestDOT(t *testing.T) {
	a := Less()
	d, err := DOT(a, "less")
	if err != nil {
		t.Fatal(err)
	}
	g := multi.NewDirectedGraph()
	if err := dot.UnmarshalMulti(d, g); err != nil {
		t.Fatalf("%v\n%s", err, d)
	}
	pairs := map[[2]int]bool{}
	for s := range a.States() {
		for sym := range uint32(4) {
			if u := a.Next(s, sym); u >= 0 {
				pairs[[2]int{s, u}] = true
			}
		}
	}
	if g.Nodes().Len() != a.States() || g.Edges().Len() != len(pairs) {
		t.Fatalf("%d nodes, %d edges; want %d, %d\n%s", g.Nodes().Len(), g.Edges().Len(), a.States(), len(pairs), d)
	}
}
