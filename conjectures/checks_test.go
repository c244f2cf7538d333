package conjectures

import (
	"math/big"
	"strings"
	"testing"

	"fibnim/grundy"
	"fibnim/ntimes"
)

const testN = 3000

func testData(t *testing.T) (*Starts, *LowRows) {
	t.Helper()
	tab, err := grundy.Dense(testN, grundy.Fibonacci, 2)
	if err != nil {
		t.Fatal(err)
	}
	s := &Starts{Start: make([]uint16, testN+1), Full: make([]uint16, testN+1)}
	var l LowRows
	for g := range l.R {
		l.R[g] = make([]uint32, testN+1)
	}
	for n := 0; n <= testN; n++ {
		s.Start[n], s.Full[n] = uint16(tab.Start(n)), uint16(tab.Full(n))
		for g := 1; g <= 4; g++ {
			l.R[g-1][n] = grundy.Inf
			for r := 0; r <= n; r++ {
				if tab.At(n, r) >= g {
					l.R[g-1][n] = uint32(r)
					break
				}
			}
		}
	}
	return s, &l
}

func copyRows(l *LowRows) *LowRows {
	var c LowRows
	for g := range l.R {
		c.R[g] = append([]uint32(nil), l.R[g]...)
	}
	return &c
}

func copyStarts(s *Starts) *Starts {
	return &Starts{Start: append([]uint16(nil), s.Start...), Full: append([]uint16(nil), s.Full...)}
}

func expect(t *testing.T, r Result, status string, n int64) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("%s: status %s, want %s (%v)", r.ID, r.Status, status, r.Counterexamples)
	}
	if status == Fails && r.Counterexamples[0].N != n {
		t.Fatalf("%s: smallest counterexample n = %d, want %d: %+v", r.ID, r.Counterexamples[0].N, n, r.Counterexamples[0])
	}
}

// Every check holds on correct data and reports exactly the corruption
// planted in it.
func TestLRSChecksCatchCorruption(t *testing.T) {
	s, l := testData(t)
	for _, r := range []Result{CheckLRS41(l), CheckLRS45(l), CheckLRS46(l), CheckLRS47(l), CheckWhinihanStrategy(l)} {
		expect(t, r, Holds, 0)
		if r.Cases != int64(testN+1)*int64(testN+2)/2 && r.ID != "WHI-strategy" {
			t.Fatalf("%s covered %d cells", r.ID, r.Cases)
		}
	}
	for g, check := range []func(*LowRows) Result{CheckLRS41, CheckLRS45, CheckLRS46, CheckLRS47} {
		bad := copyRows(l)
		bad.R[g][2000]++ // one more cell of value g in row 2000
		if bad.R[g][2000] > 2000 {
			bad.R[g][2000] -= 2
		}
		expect(t, check(bad), Fails, 2000)
		if r := check(bad); r.Failures != 1 {
			t.Fatalf("%s: %d failures, want 1", r.ID, r.Failures)
		}
	}
	bad := copyRows(l)
	bad.R[0][1233] = 3 // z_1(1233) = 13: (1233, 4), reached from 1235 by removing z_1 = 2, is no longer 0
	r := CheckWhinihanStrategy(bad)
	if r.Status != Fails {
		t.Fatal("WHI-strategy missed a corrupted R_1")
	}

	for _, r := range []Result{CheckLRS51(s), CheckLRS52(s), CheckLRS53Upper(s), CheckWhinihanStart(s), CheckBrilliant(s)} {
		expect(t, r, Holds, 0)
	}
	lo0, up0 := CheckConjecture(s)

	bs := copyStarts(s)
	bs.Start[1000] += 2
	expect(t, CheckLRS51(bs), Fails, 1000)
	bs = copyStarts(s)
	bs.Full[1500] += 2
	expect(t, CheckLRS52(bs), Fails, 1499)
	// The lower bound of Theorem 5.3 as printed fails on the true data at
	// small n (a finding the report states), so the corruption test looks
	// for one more failure, at the corrupted n.
	base := CheckLRS53Lower(s)
	bs = copyStarts(s)
	bs.Full[2500] = 5
	if r := CheckLRS53Lower(bs); r.Failures != base.Failures+1 {
		t.Fatalf("LRS-5.3-log-lower: %d failures after corrupting n=2500, %d before", r.Failures, base.Failures)
	}
	bs = copyStarts(s)
	bs.Full[100] = 30
	expect(t, CheckLRS53Upper(bs), Fails, 100)
	bs = copyStarts(s)
	bs.Start[987] = 1 // a Fibonacci start that is not 0
	expect(t, CheckWhinihanStart(bs), Fails, 987)
	expect(t, CheckBrilliant(bs), Fails, 1000)
	// The conjecture's upper half fails on the true data (a finding the
	// report states); corruption must add failures at the corrupted n.
	bs = copyStarts(s)
	bs.Full[1200] += 3 // G(ceil(3*800/2)) = G(1200) too large; G(1800) - G(1200) too small
	lo, up := CheckConjecture(bs)
	if up.Failures <= up0.Failures || lo.Failures != lo0.Failures+1 {
		t.Fatalf("conjecture: failures lower %d -> %d, upper %d -> %d", lo0.Failures, lo.Failures, up0.Failures, up.Failures)
	}
	if lo.Counterexamples[len(lo.Counterexamples)-1].N != 1200 && lo.Counterexamples[0].N != 1200 {
		t.Fatalf("lower half does not report n = 1200: %v", lo.Counterexamples)
	}
}

func TestFTChecksCatchCorruption(t *testing.T) {
	var cases []FTCase
	computed := map[int]FTRow{}
	for a := int64(2); a <= 14; a++ {
		s, e := ntimes.Solve(big.NewRat(a, 1), 500, 10, 1<<16)
		cases = append(cases, NewFTCase(s, e))
		x := big.NewRat(a, 1)
		al, _ := ntimes.ALogA(x)
		computed[int(a)] = FTRow{A: int(a), L: e.L, C: e.C, U: e.U, ALogA: al}
	}
	expect(t, CheckFT1(cases, 500), Holds, 0)
	expect(t, CheckFT2(cases), Holds, 0)
	// Corrupt a term of a = 5: f_30 + 1.
	bad := append([]FTCase(nil), cases...)
	s := *cases[3].Seq
	s.F = append([]*big.Int(nil), s.F...)
	s.F[29] = new(big.Int).Add(s.F[29], big.NewInt(1))
	bad[3] = NewFTCase(&s, cases[3].E)
	if r := CheckFT1(bad, 500); r.Status != Fails {
		t.Fatal("FT-1 missed a corrupted term")
	}
	e := cases[0].E
	e.C = e.U + 3
	bad = append([]FTCase(nil), cases...)
	bad[0] = NewFTCase(cases[0].Seq, e)
	if r := CheckFT2(bad); r.Status != Fails {
		t.Fatal("FT-2 missed c > U")
	}
	// Table 1: a corrupted computed cell is reported at its a.
	intervals := append([]FTInterval(nil), FTRealPrinted...)
	base := CheckFTTable1(computed, intervals, "")
	c := computed[7]
	c.L++
	computed[7] = c
	r := CheckFTTable1(computed, intervals, "")
	if r.Failures != base.Failures+1 {
		t.Fatalf("FT-table1: %d failures after corrupting a=7, %d before", r.Failures, base.Failures)
	}
	found := false
	for _, ce := range r.Counterexamples {
		found = found || (ce.N == 7 && ce.Computed == "L = 13")
	}
	if !found {
		t.Fatalf("a = 7 not reported: %v", r.Counterexamples)
	}
	intervals[4].Hi = "4"
	if r2 := CheckFTTable1(computed, intervals, ""); r2.Failures != r.Failures+1 {
		t.Fatal("a corrupted interval is not reported")
	}
}

// The context of a finding comes from the data: the largest counterexample
// and the failure-free stretch above it move with a corruption planted
// high in the range, the decade table counts every case once, and the
// least constant of Theorem 5.3's lower bound is attained where the data
// put it.
func TestFindingsContextFromData(t *testing.T) {
	s, _ := testData(t)
	_, up0 := CheckConjecture(s)
	if up0.Largest == nil || up0.FailureFree == "" {
		t.Fatalf("conjecture upper half on true data: largest %v, failure-free %q", up0.Largest, up0.FailureFree)
	}
	bs := copyStarts(s)
	bs.Full[1989] += 3 // n = 1326: G(ceil(3n/2)) = G(1989) - G(1326) rises past 2
	_, up := CheckConjecture(bs)
	if up.Largest == nil || up.Largest.N != 1326 || up.FailureFree != "every n in (1,326, 2,000]" {
		t.Fatalf("after corrupting G(1989): largest %+v, failure-free %q", up.Largest, up.FailureFree)
	}
	var total int64
	for _, row := range mustStats[StepStats](t, up).ByDecade {
		total += row.Count
		if row.FirstN > row.LastN || row.FirstN < pow10(row.Decade) || row.LastN >= pow10(row.Decade+1) {
			t.Fatalf("decade row out of its decade: %v", row)
		}
	}
	if total != up.Cases {
		t.Fatalf("decade table counts %d cases, the check %d", total, up.Cases)
	}

	r := CheckLRS53Lower(s)
	if r.Largest == nil || r.Largest.N > 41 || r.FailureFree == "" {
		t.Fatalf("LRS-5.3-log-lower on true data: largest %+v, failure-free %q", r.Largest, r.FailureFree)
	}
	bs = copyStarts(s)
	bs.Full[2900] = 1 // log_1.5(2900) - 1 = 18.6: the new least C, attained at 2900
	r = CheckLRS53Lower(bs)
	if mustStats[LowerBoundStats](t, r).LeastCAttainedAt != 2900 || r.Largest.N != 2900 || r.FailureFree != "every n in (2,900, 3,000]" {
		t.Fatalf("after corrupting G(2900): %v, largest %+v, failure-free %q", r.Stats, r.Largest, r.FailureFree)
	}
}

func pow10(k int64) int64 {
	p := int64(1)
	for ; k > 0; k-- {
		p *= 10
	}
	return p
}

// FT-c-proved holds when the stored proof is the window in the terms, and
// fails on exactly the multiplier whose stored proof is wrong, or whose
// terms no longer hold the window.
func TestFTProofCatchesCorruption(t *testing.T) {
	var cases []FTCase
	var stored []StoredProof
	for a := int64(2); a <= 9; a++ {
		sv := ntimes.Solve1(big.NewRat(a, 1), 500, 10, 1<<16)
		cases = append(cases, NewFTCase(sv.Seq, sv.Eventual))
		stored = append(stored, StoredProof{Proved: sv.Proof.OK, From: sv.Proof.K})
	}
	r := CheckFTProof(cases, stored)
	expect(t, r, Holds, 0)
	if p := mustStats[FTProofStats](t, r).Proved; p != int64(len(cases)) {
		t.Fatalf("proved %v of %d", p, len(cases))
	}
	bad := append([]StoredProof(nil), stored...)
	bad[4].From++ // a = 6
	expect(t, CheckFTProof(cases, bad), Fails, 5)
	// A window broken in the terms of a = 4, cut to end inside it: the
	// stored proof no longer reproduces.
	c := cases[2]
	K := stored[2].From
	s := &ntimes.Seq{A: c.Seq.A, F: c.Seq.F[:K], R: append([]int(nil), c.Seq.R[:K]...)}
	s.R[K-2]--
	broken := append([]FTCase(nil), cases...)
	broken[2] = NewFTCase(s, c.E)
	if r := CheckFTProof(broken, stored); r.Failures != 1 || r.Counterexamples[0].N != 3 {
		t.Fatalf("broken window of a = 4: %+v", r)
	}
}

// The OEIS checks hold on the true sequences and fail on a corrupted term
// (A003413) or a broken window (A003411).
func TestOEISChecksCatchCorruption(t *testing.T) {
	s4 := ntimes.Sequence(big.NewRat(4, 1), 200)
	expect(t, CheckOEISA003413(s4), Holds, 0)
	bad := &ntimes.Seq{A: s4.A, F: append([]*big.Int(nil), s4.F...), R: s4.R}
	bad.F[20] = new(big.Int).Add(bad.F[20], big.NewInt(1))
	expect(t, CheckOEISA003413(bad), Fails, 20)

	s3 := ntimes.Sequence(big.NewRat(3, 1), 200)
	r := CheckOEISA003411(s3)
	expect(t, r, Holds, 0)
	if from := mustStats[OEISStats](t, r).ProvedForNFrom; from != 5 {
		t.Fatalf("A003411 proved from n = %v", from)
	}
	// r(7) changed: the window 5..9 is broken, and the recurrence at 7 too.
	broken := &ntimes.Seq{A: s3.A, F: s3.F, R: append([]int(nil), s3.R...)}
	broken.R[6]--
	if r := CheckOEISA003411(broken); r.Status != Fails || r.Counterexamples[0].N != 7 {
		t.Fatalf("broken r(7): %+v", r)
	}
	wrong := &ntimes.Seq{A: s3.A, F: append([]*big.Int(nil), s3.F...), R: s3.R}
	wrong.F[4] = big.NewInt(7)
	expect(t, CheckOEISA003411(wrong), Fails, 4)
}

// Theorem 1 is stated for every real a >= 1; at a = 1 the bound (6),
// k - r(k) < (a+1) log a = 0, fails at every term, since k - r(k) = 0
// (issue 33, T3: ntimes.CheckTheorems exempted it silently at 8772ee7).
// FT-1 fails there, at every term, names a = 1 in its note, and holds on
// the other multipliers.
func TestFT1AtAEqualsOne(t *testing.T) {
	one := ntimes.Sequence(big.NewRat(1, 1), 50)
	r := CheckFT1([]FTCase{NewFTCase(one, ntimes.Analyse(one))}, 100)
	if r.Status != Fails || r.Failures != 50 || r.Counterexamples[0].Predicted != "T1(6)" || r.Counterexamples[0].N != 1 {
		t.Fatalf("FT-1 at a = 1: %s, %d failures, %+v", r.Status, r.Failures, r.Counterexamples)
	}
	if !strings.Contains(r.Note, "a = 1: T1(6) at 50 of its 50 terms") {
		t.Errorf("FT-1's note does not name a = 1: %q", r.Note)
	}
	two := ntimes.Sequence(big.NewRat(2, 1), 50)
	if r := CheckFT1([]FTCase{NewFTCase(two, ntimes.Analyse(two))}, 100); r.Status != Holds {
		t.Errorf("FT-1 at a = 2: %s %+v", r.Status, r.Counterexamples)
	}
}
