package automatic

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// z1Table is z1(n), the least part of n's greedy representation, on
// 0..N (z1(0) = 0), by the oracle.
func z1Table(s *system, N uint64) []uint32 {
	f := make([]uint32, N+1)
	for n := uint64(1); n <= N; n++ {
		f[n] = uint32(leastPart(s, n))
	}
	return f
}

// The learner's controls (issue 42, item 9): z1(n) learns to an automaton
// equivalent to the least-part relation of the regular expression (with
// (0, 0)), in every system; floor(sqrt n) does not converge; a table with
// one value changed does not learn the least-part relation.
func TestLearnFunction(t *testing.T) {
	for _, s := range systems() {
		f := z1Table(s, 2000)
		a, st, err := LearnFunction(t.Context(), s.ns, f, 3, 0)
		if err != nil {
			t.Fatalf("%s: z1: %v (%+v)", s.name, err, st)
		}
		re, err := CompileRegex(s.ns, 2, z1Regex+"|[0,0]*")
		if err != nil {
			t.Fatal(err)
		}
		if ok, cx := Equivalent(a, re); !ok {
			t.Errorf("%s: the learned z1 differs from the least part at %v", s.name, cx)
		}
		if !st.Converged || st.States != a.States() || st.Digits != s.ns.DigitsFor(2000) || st.MaxPrefix != st.Digits-3 ||
			len(st.ClassesPerLength) != st.MaxPrefix+1 || st.NewAtLast != 0 || st.Conflicts != 0 {
			t.Errorf("%s: z1's LearnStats %+v", s.name, st)
		}
		t.Logf("%s: z1 learned with %d states; classes per prefix length %v", s.name, a.States(), st.ClassesPerLength)
		// negative control: z1 with one value wrong (n = 1000) is not the least part
		bad := append([]uint32(nil), f...)
		bad[1000]++
		b, _, err := LearnFunction(t.Context(), s.ns, bad, 3, 0)
		if err == nil {
			if ok, _ := Equivalent(b, re); ok {
				t.Errorf("%s: a table with z1(1000) changed learned the least part", s.name)
			}
			if !member(s, b, []uint64{1000, uint64(bad[1000])}) {
				t.Errorf("%s: the hypothesis of the changed table rejects its own (1000, %d)", s.name, bad[1000])
			}
		} else if !errors.Is(err, ErrNotConverged) {
			t.Errorf("%s: the changed table: %v", s.name, err)
		}
		// floor(sqrt n) is not synchronized: the learner says so
		g := make([]uint32, 2001)
		for n := range g {
			r := 0
			for (r+1)*(r+1) <= n {
				r++
			}
			g[n] = uint32(r)
		}
		if _, st, err := LearnFunction(t.Context(), s.ns, g, 3, 0); !errors.Is(err, ErrNotConverged) || st.Converged {
			t.Errorf("%s: floor(sqrt n): %v (%+v)", s.name, err, st)
		} else {
			t.Logf("%s: floor(sqrt n): %v; classes per prefix length %v", s.name, err, st.ClassesPerLength)
		}
	}
	// In a003411 suffixes of 2 digits do not tell z1's classes apart: the
	// hypothesis fails its own data, and the learner says it did not converge.
	s := systems()[3]
	if _, _, err := LearnFunction(t.Context(), s.ns, z1Table(s, 2000), 2, 0); !errors.Is(err, ErrNotConverged) {
		t.Errorf("a003411 with suffixes of 2 digits: %v", err)
	}
	// too little data for the suffixes; a cancelled context
	if _, _, err := LearnFunction(t.Context(), s.ns, z1Table(s, 10), 6, 0); err == nil || !strings.Contains(err.Error(), "too few for suffixes of 6") {
		t.Errorf("N = 10, m = 6: %v", err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, _, err := LearnFunction(ctx, s.ns, z1Table(s, 2000), 3, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context: %v", err)
	}
	// maxPrefix caps the prefixes classified
	if _, st, err := LearnFunction(t.Context(), s.ns, z1Table(s, 2000), 3, 8); err != nil || st.MaxPrefix != 8 {
		t.Errorf("maxPrefix 8: %v, %d", err, st.MaxPrefix)
	}
}
