package conjectures

import (
	"reflect"
	"testing"

	"fibnim/grundy"
)

// multData is the start values and R_1 of multiplier a for n <= N, from
// the dense engine.
func multData(t *testing.T, a grundy.Multiplier, N int) (*Starts, []uint32) {
	t.Helper()
	tab, err := grundy.Dense(N, a, 2)
	if err != nil {
		t.Fatal(err)
	}
	s := &Starts{Start: make([]uint16, N+1), Full: make([]uint16, N+1)}
	R1 := make([]uint32, N+1)
	for n := 0; n <= N; n++ {
		s.Start[n], s.Full[n] = uint16(tab.Start(n)), uint16(tab.Full(n))
		R1[n] = grundy.Inf
		for r := 0; r <= n; r++ {
			if tab.At(n, r) >= 1 {
				R1[n] = uint32(r)
				break
			}
		}
	}
	return s, R1
}

// At a = 2 the checks put for every multiplier say what the papers' own
// checks say, case for case: Whinihan's start positions, Theorem 4.1,
// Theorem 5.2 and the two halves of the closing conjecture.
func TestMultiplierChecksAgreeAtTwo(t *testing.T) {
	s, l := testData(t)
	got := CheckMultiplier(grundy.Fibonacci, s, l.R[0])
	lo, up := CheckConjecture(s)
	for i, want := range []Result{CheckWhinihanStart(s), CheckLRS41(l), CheckLRS52(s), lo, up} {
		g := got[i]
		if i == 1 {
			want.Cases-- // LRS-4.1 also covers the cell (0, 0); SCHWENK starts at n = 1
		}
		if g.Status != want.Status || g.Cases != want.Cases || g.Failures != want.Failures || !reflect.DeepEqual(g.Counterexamples, want.Counterexamples) {
			t.Errorf("%s disagrees with %s: %s %d/%d vs %s %d/%d", g.ID, want.ID, g.Status, g.Failures, g.Cases, want.Status, want.Failures, want.Cases)
		}
	}
	if !reflect.DeepEqual(mustStats[StepStats](t, got[4]).ByDecade, mustStats[StepStats](t, up).ByDecade) {
		t.Error("LRS-conj-upper(a=2) has another decade table than LRS-conj-upper")
	}
	// The greedy representation by F(2) is Zeckendorf's.
	z := SmallestGreedyPart(FPositions(grundy.Fibonacci, testN), testN)
	for n := 1; n <= testN; n++ {
		if int(z[n]) != grundy.Zeckendorf(n)[0] {
			t.Fatalf("z_1(%d) = %d, Zeckendorf part %d", n, z[n], grundy.Zeckendorf(n)[0])
		}
	}
}

// For a = 3/2 and a = 3, every check holds or fails on the true data as it
// does, and each reports a corruption planted in the data at exactly the
// corrupted n.
func TestMultiplierChecksCatchCorruption(t *testing.T) {
	for _, a := range []grundy.Multiplier{{P: 3, Q: 2}, {P: 3, Q: 1}} {
		const N = 3000
		s, R1 := multData(t, a, N)
		base := CheckMultiplier(a, s, R1)
		for _, r := range base[:4] {
			expect(t, r, Holds, 0)
		}
		F := FPositions(a, N)
		f := int(F[len(F)-3]) // a pile size in F(a) well inside the range

		bs := copyStarts(s)
		bs.Start[f] = 1
		expect(t, CheckMultiplier(a, bs, R1)[0], Fails, int64(f))

		bad := append([]uint32(nil), R1...)
		bad[f-1]++
		expect(t, CheckMultiplier(a, s, bad)[1], Fails, int64(f-1))

		bs = copyStarts(s)
		bs.Full[2000] += 2
		expect(t, CheckMultiplier(a, bs, R1)[2], Fails, 1999)

		// G(m) lowered at m = n + ceil(n/a) for n = 1200: the step fails
		// there, and raised it breaks the upper bound.
		m := 1200 + a.MinRemoval(1200)
		bs = copyStarts(s)
		bs.Full[m] = bs.Full[1200]
		if r := CheckMultiplier(a, bs, R1)[3]; r.Status != Fails || r.Counterexamples[0].N > 1200 || r.Largest.N < 1200 {
			t.Errorf("a = %s: LRS-5.3-step(a) after lowering G(%d): %+v", a, m, r.Largest)
		}
		bs = copyStarts(s)
		bs.Full[m] += 3
		r := CheckMultiplier(a, bs, R1)[4]
		if r.Failures <= base[4].Failures {
			t.Errorf("a = %s: LRS-conj-upper(a) did not see G(%d) raised: %d failures, %d before", a, m, r.Failures, base[4].Failures)
		}
	}
}
