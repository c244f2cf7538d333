package automatic

import (
	"context"
	"errors"
	"math"
	"testing"
)

// LearnTable learns z1 (the least part) in every system, equivalent to the
// least-part relation's regular expression, and agrees with the
// bounded-suffix learner (LearnFunction) on the same table.
func TestLearnTableZ1(t *testing.T) {
	for _, s := range systems() {
		f := z1Table(s, 20000)
		a, res, err := LearnTable(t.Context(), SliceTable(f), LearnTableConfig{Num: s.ns, MaxSuffix: 12})
		if err != nil {
			t.Fatalf("%s: z1: %v (%+v)", s.name, err, res.Rounds)
		}
		re, err := CompileRegex(s.ns, 2, z1Regex+"|[0,0]*")
		if err != nil {
			t.Fatal(err)
		}
		if ok, cx := Equivalent(a, re); !ok {
			t.Errorf("%s: the table learner's z1 differs from the least part at %v", s.name, cx)
		}
		b, _, err := LearnFunction(t.Context(), s.ns, f, 3, 0)
		if err != nil {
			t.Fatalf("%s: LearnFunction: %v", s.name, err)
		}
		if !a.Equal(b) {
			t.Errorf("%s: LearnTable's %d states, LearnFunction's %d", s.name, a.States(), b.States())
		}
		if !res.Converged || res.Rows != 20001 {
			t.Errorf("%s: %+v", s.name, res)
		}
		st := res.Stats(12)
		if !st.Converged || st.States != a.States() {
			t.Errorf("%s: Stats %+v", s.name, st)
		}
		// Negative control: one value changed, and the result is not z1.
		bad := append([]uint32(nil), f...)
		bad[10000]++
		c, _, err := LearnTable(t.Context(), SliceTable(bad), LearnTableConfig{Num: s.ns, MaxSuffix: 12})
		if err == nil {
			if ok, _ := Equivalent(c, re); ok {
				t.Errorf("%s: a table with z1(10000) changed learned the least part", s.name)
			}
			if !c.AcceptsUint(10000, uint64(bad[10000])) {
				t.Errorf("%s: the changed table's hypothesis rejects its own row", s.name)
			}
		} else if !errors.Is(err, ErrTableNotConverged) {
			t.Errorf("%s: the changed table: %v", s.name, err)
		}
	}
}

// floor(sqrt n) is not synchronized: LearnTable says it did not converge.
func TestLearnTableSqrt(t *testing.T) {
	f := make(SliceTable, 200001)
	for n := range f {
		f[n] = uint32(math.Sqrt(float64(n)))
	}
	_, res, err := LearnTable(t.Context(), f, LearnTableConfig{})
	if !errors.Is(err, ErrTableNotConverged) || res.Converged {
		t.Fatalf("floor(sqrt n): %v, %+v", err, res)
	}
	last := res.Rounds[len(res.Rounds)-1]
	t.Logf("sqrt: %v; last round %+v", err, last)
}

// TestLearnTableBase2: the numeration is a parameter. In base 2, the least
// power of 2 in n (0 for n = 0) has a 3-state graph automaton; the learner
// finds it from 2^16 rows, checked by brute force on every pair below 2^11.
func TestLearnTableBase2(t *testing.T) {
	num := Binary()
	f := make(SliceTable, 1<<16)
	for n := range f {
		f[n] = uint32(n & -n)
	}
	a, res, err := LearnTable(t.Context(), f, LearnTableConfig{Num: num})
	if err != nil {
		t.Fatalf("%v (%+v)", err, res.Rounds)
	}
	for n := uint64(0); n < 1<<11; n++ {
		for y := uint64(0); y < 1<<11; y++ {
			if got := a.AcceptsUint(n, y); got != (y == n&-n) {
				t.Fatalf("base 2: the learned graph says %v at (%d, %d)", got, n, y)
			}
		}
	}
	if a.States() != 3 {
		t.Errorf("%d states, want 3: n and y zero so far; n not zero, y zero; y's 1 placed under n's last 1", a.States())
	}
}

// A cancelled context stops LearnTable with its error; a table too small
// for the suffixes is refused.
func TestLearnTableErrors(t *testing.T) {
	f := make(SliceTable, 100001)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, _, err := LearnTable(ctx, f, LearnTableConfig{}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled context: %v", err)
	}
	if _, _, err := LearnTable(t.Context(), SliceTable{0}, LearnTableConfig{}); err == nil {
		t.Error("a table of one row learned")
	}
}
