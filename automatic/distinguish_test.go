package automatic

import (
	"bytes"
	"math"
	"slices"
	"testing"
)

// A distinguishing set built from the table learner's classes of z1 (every
// system) certifies exactly the states of the learned automaton, reads
// back, and its check fails when a row it asks about is changed, when the
// tree is damaged, or against another numeration; a truncated file is
// refused. From floor(sqrt n), which does not converge, it certifies a
// bound no larger than the classes found.
func TestDistinguishingSet(t *testing.T) {
	for _, s := range systems() {
		tab := SliceTable(z1Table(s, 20000))
		a, res, err := LearnTable(t.Context(), tab, LearnTableConfig{Num: s.ns, MaxSuffix: 12})
		if err != nil {
			t.Fatal(err)
		}
		ds, err := DistinguishingSetOf(t.Context(), tab, s.ns, "z1 to 20000", res)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteDistinguishingSet(&b, ds); err != nil {
			t.Fatal(err)
		}
		back, err := ReadDistinguishingSet(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		k, err := CheckDistinguishingSet(t.Context(), tab, s.ns, back)
		if err != nil {
			t.Fatal(err)
		}
		// The learned automaton's dead state is no class: the bound counts
		// the live ones.
		if k != a.States() {
			t.Errorf("%s: lower bound %d, z1 has %d states", s.name, k, a.States())
		}
		if len(back.Nodes) == 0 {
			continue
		}
		u, v := back.Prefixes[0], back.Nodes[0].Suffix
		n := s.ns.FromMask(u.N<<uint(v.Len) | v.N)
		if n < uint64(len(tab)) {
			bad := slices.Clone(tab)
			bad[n] ^= 1
			if _, err := CheckDistinguishingSet(t.Context(), bad, s.ns, back); err == nil {
				t.Errorf("%s: row %d changed, and the check passed", s.name, n)
			}
		}
		other := systems()[(slices.Index(systems(), s)+1)%4].ns
		if _, err := CheckDistinguishingSet(t.Context(), tab, other, back); err == nil {
			t.Errorf("%s: checked over %s", s.name, other)
		}
		back.Nodes[0].Child[0], back.Nodes[0].Child[1] = back.Nodes[0].Child[1], back.Nodes[0].Child[0]
		if _, err := CheckDistinguishingSet(t.Context(), tab, s.ns, back); err == nil {
			t.Errorf("%s: the root's children swapped, and the check passed", s.name)
		}
		if _, err := ReadDistinguishingSet(bytes.NewReader(b.Bytes()[:b.Len()/2])); err == nil {
			t.Errorf("%s: half a file read", s.name)
		}
	}
	f := make(SliceTable, 200001)
	for n := range f {
		f[n] = uint32(math.Sqrt(float64(n)))
	}
	_, res, _ := LearnTable(t.Context(), f, LearnTableConfig{})
	ds, err := DistinguishingSetOf(t.Context(), f, nil, "sqrt", res)
	if err != nil {
		t.Fatal(err)
	}
	k, err := CheckDistinguishingSet(t.Context(), f, Zeckendorf(), ds)
	if err != nil {
		t.Fatal(err)
	}
	if last := res.Rounds[len(res.Rounds)-1]; k < 2 || k > last.Classes {
		t.Errorf("floor(sqrt n): bound %d, %d classes", k, last.Classes)
	}
	t.Logf("floor(sqrt n) on 200001 rows: at least %d states", k)
}
