package conjectures

import (
	"context"
	"math/big"
	"sort"
	"strings"
	"testing"

	"fibnim/globalnim"
	"fibnim/grundy"
	"fibnim/moves"
	"fibnim/ntimes"
)

// The contract every registered check signs (issue 33, T4; STYLE: "one
// contract test runs every registered check against its corruption", as
// gonum's graph/testgraph does for graph implementations): it can fail.
// Each statement of the registry has an entry in corruptions: a small
// input, a change to it, and a function that runs the statement on both.
// The contract holds when the check runs on the input (a verdict on at
// least one case), fails on the changed input, with a number of failures
// that differs from the input's, and, where the entry names the planted
// case, reports it. A statement without an entry breaks the contract, by
// name: registering a check without a corruption fails this test.

// corruption is one statement's negative control.
type corruption struct {
	input, change string
	// at is the case the change plants (Counterexample.N), -1 where the
	// failures it causes are spread.
	at int64
	// run gives the statement's result on the input and on the changed
	// input.
	run func(t *testing.T, f *fixtures) (clean, bad Result)
}

// contractKey names a statement in the registry: its scope and id.
func contractKey(s Statement) string { return s.Scope.String() + ": " + s.ID }

// fixtures are the small inputs the corruptions share, built once.
type fixtures struct {
	s     *Starts
	l     *LowRows
	clean map[string]Result // Stream's results on s and l, a = 2
}

// stream runs every streamed check on (s, l) for a = 2 and returns the
// results by id.
func stream(t *testing.T, s *Starts, l *LowRows) map[string]Result {
	t.Helper()
	res, err := Stream(NewArraySource(s, l.R[:]...), Pass{Mult: grundy.Fibonacci, Paper: true, Mults: true})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]Result{}
	for _, r := range res {
		out[r.ID] = r
	}
	return out
}

// streamed is the corruption of a check over the rows of a = 2 (testN
// rows of the dense engine): change edits copies of the start values and
// R_1..R_4.
func streamed(id, change string, at int64, edit func(s *Starts, l *LowRows)) corruption {
	return corruption{input: "the table of a = 2 to n = 3000 (grundy.Dense)", change: change, at: at,
		run: func(t *testing.T, f *fixtures) (Result, Result) {
			s, l := copyStarts(f.s), copyRows(f.l)
			edit(s, l)
			return f.clean[id], stream(t, s, l)[id]
		}}
}

// ftCases solves a = 2..9 (the input of the n-times checks).
func ftCases() ([]FTCase, []StoredProof, []ntimes.CRow) {
	var cases []FTCase
	var stored []StoredProof
	var rows []ntimes.CRow
	for a := int64(2); a <= 9; a++ {
		sv := ntimes.Solve1(big.NewRat(a, 1), 500, 10, 1<<16)
		cases = append(cases, NewFTCase(sv.Seq, sv.Eventual))
		stored = append(stored, StoredProof{Proved: sv.Proof.OK, From: sv.Proof.K})
		rows = append(rows, ntimes.NewCRow(sv))
	}
	return cases, stored, rows
}

// globalPair is a global table of a = 2 to M = 40 and a copy with one
// position's breakpoints replaced.
func globalPair(t *testing.T, x, y int, bs func(tab *globalnim.Table) []uint16) (*globalnim.Table, *globalnim.Table) {
	tab := globalTable(t, 40, "2")
	return tab, withBreakpoints(t, tab, x, y, bs(tab))
}

// r1Room is the first position x < y of tab with R_1 = z_1(y - x) and
// room above it (R_2 > R_1 + 1), where R_1 + 1 is not a Fibonacci number.
func r1Room(t *testing.T, tab *globalnim.Table) (int, int) {
	z := singleR1(tab.Mult, tab.M)
	for y := 10; y <= tab.M; y++ {
		for x := 3; x < y; x++ {
			bs := tab.Breakpoints(x, y)
			if int(bs[0]) == int(z[y-x]) && len(bs) > 1 && bs[1] > bs[0]+1 && !grundy.IsFibonacci(int(bs[0])+1) {
				return x, y
			}
		}
	}
	t.Fatal("no position to corrupt")
	return 0, 0
}

// r1Plus is position (x, y)'s breakpoints with R_1 raised by d.
func r1Plus(x, y, d int) func(*globalnim.Table) []uint16 {
	return func(tab *globalnim.Table) []uint16 {
		bs := append([]uint16(nil), tab.Breakpoints(x, y)...)
		bs[0] += uint16(d)
		return bs
	}
}

var corruptions = map[string]corruption{
	// The papers' statements on the rows of a = 2.
	"the table of a = 2: LRS-4.1": streamed("LRS-4.1", "R_1(2000) + 1: one more cell of value 0 in row 2000", 2000, func(_ *Starts, l *LowRows) { l.R[0][2000]++ }),
	"the table of a = 2: LRS-4.5": streamed("LRS-4.5", "R_2(2000) + 1", 2000, func(_ *Starts, l *LowRows) { l.R[1][2000]++ }),
	"the table of a = 2: LRS-4.6": streamed("LRS-4.6", "R_3(2000) + 1", 2000, func(_ *Starts, l *LowRows) { l.R[2][2000]++ }),
	"the table of a = 2: LRS-4.7": streamed("LRS-4.7", "R_4(2000) + 1", 2000, func(_ *Starts, l *LowRows) { l.R[3][2000]++ }),
	"the table of a = 2: LRS-5.1": streamed("LRS-5.1", "G(1000, 999) + 2", 1000, func(s *Starts, _ *LowRows) { s.Start[1000] += 2 }),
	"the table of a = 2: LRS-5.2": streamed("LRS-5.2", "G(1500) + 2", 1499, func(s *Starts, _ *LowRows) { s.Full[1500] += 2 }),
	// The printed lower bound fails on the true data at small n (a
	// finding): the change adds one failure, at n = 2500.
	"the table of a = 2: LRS-5.3-log-lower":  streamed("LRS-5.3-log-lower", "G(2500) = 5", 2500, func(s *Starts, _ *LowRows) { s.Full[2500] = 5 }),
	"the table of a = 2: LRS-5.3-sqrt-upper": streamed("LRS-5.3-sqrt-upper", "G(100) = 30", 100, func(s *Starts, _ *LowRows) { s.Full[100] = 30 }),
	"the table of a = 2: LRS-conj-lower":     streamed(IDConjLower, "G(1200) + 3", 1200, func(s *Starts, _ *LowRows) { s.Full[1200] += 3 }),
	"the table of a = 2: LRS-conj-upper":     streamed(IDConjUpper, "G(1200) + 3: G(1200) - G(800) and G(1800) - G(1200) leave [1, 2]", -1, func(s *Starts, _ *LowRows) { s.Full[1200] += 3 }),
	"the table of a = 2: WHI-strategy":       streamed("WHI-strategy", "R_1(1233) = 3: (1233, 4), reached from 1235 by removing z_1 = 2, is no longer 0", -1, func(_ *Starts, l *LowRows) { l.R[0][1233] = 3 }),
	"the table of a = 2: WHI-start":          streamed("WHI-start", "G(987, 986) = 1 at a Fibonacci number", 987, func(s *Starts, _ *LowRows) { s.Start[987] = 1 }),
	"the table of a = 2: BRILLIANT-count":    streamed(IDBrilliant, "G(987, 986) = 1: one more first-player win among 2..1000", 1000, func(s *Starts, _ *LowRows) { s.Start[987] = 1 }),
	// The statements put for every a, run on a = 2.
	"every table grundy/mult=A: FT-P-positions":   streamed("FT-P-positions(a=2)", "G(987, 986) = 1 at a term of F(2)", 987, func(s *Starts, _ *LowRows) { s.Start[987] = 1 }),
	"every table grundy/mult=A: SCHWENK-strategy": streamed("SCHWENK-strategy(a=2)", "R_1(986) + 1", 986, func(_ *Starts, l *LowRows) { l.R[0][986]++ }),
	"every table grundy/mult=A: LRS-5.2":          streamed("LRS-5.2(a=2)", "G(1500) + 2", 1499, func(s *Starts, _ *LowRows) { s.Full[1500] += 2 }),
	"every table grundy/mult=A: LRS-5.3-step":     streamed("LRS-5.3-step(a=2)", "G(1800) = G(1200): the step 1200 -> 1200 + ceil(1200/2) gains nothing", 1200, func(s *Starts, _ *LowRows) { s.Full[1800] = s.Full[1200] }),
	"every table grundy/mult=A: LRS-conj-upper":   streamed("LRS-conj-upper(a=2)", "G(1800) + 3", 1200, func(s *Starts, _ *LowRows) { s.Full[1800] += 3 }),

	// The winning first moves of a = 2.
	"the table of a = 2: PE366": {input: "the winning first moves from (n, n-1), n <= 120, of grundy.Dense", change: "the move 4 from (17, 16) dropped: M(17) = 1", at: 100,
		run: func(t *testing.T, _ *fixtures) (Result, Result) {
			tab, _ := grundy.Dense(120, grundy.Fibonacci, 2)
			start, err := moves.FromDense(tab).StartMoves(context.Background(), 120)
			if err != nil {
				t.Fatal(err)
			}
			bad := append([][]moves.Move(nil), start...)
			bad[17] = bad[17][:1]
			return CheckPE366(start), CheckPE366(bad)
		}},

	// n-times nim.
	"ntimes/: FT-stored": {input: "c_table rows of a = 2..9 against themselves", change: "L of a = 7 plus one in the stored rows", at: 6,
		run: func(t *testing.T, _ *fixtures) (Result, Result) {
			_, _, rows := ftCases()
			bad := append([]ntimes.CRow(nil), rows...)
			bad[5].L++
			key := func(r ntimes.CRow) string { return "a = " + r.Multiplier }
			return CheckFTStored([]StoredDiff{compareRows(ntimes.CTableFile, rows, rows, key)}),
				CheckFTStored([]StoredDiff{compareRows(ntimes.CTableFile, bad, rows, key)})
		}},
	"ntimes/: FT-1": {input: "F(a) for a = 2..9", change: "f_30 + 1 in F(5)", at: -1,
		run: func(t *testing.T, _ *fixtures) (Result, Result) {
			cases, _, _ := ftCases()
			bad := append([]FTCase(nil), cases...)
			s := *cases[3].Seq
			s.F = append([]*big.Int(nil), s.F...)
			s.F[29] = new(big.Int).Add(s.F[29], big.NewInt(1))
			bad[3] = NewFTCase(&s, cases[3].E)
			return CheckFT1(cases, 500), CheckFT1(bad, 500)
		}},
	"ntimes/: FT-2": {input: "F(a) for a = 2..9", change: "c of a = 2 set to U + 3", at: 0,
		run: func(t *testing.T, _ *fixtures) (Result, Result) {
			cases, _, _ := ftCases()
			e := cases[0].E
			e.C = e.U + 3
			bad := append([]FTCase(nil), cases...)
			bad[0] = NewFTCase(cases[0].Seq, e)
			return CheckFT2(cases), CheckFT2(bad)
		}},
	"ntimes/: FT-c-proved": {input: "F(a) for a = 2..9 with their proofs", change: "proved_from of a = 6 plus one", at: 5,
		run: func(t *testing.T, _ *fixtures) (Result, Result) {
			cases, stored, _ := ftCases()
			bad := append([]StoredProof(nil), stored...)
			bad[4].From++
			return CheckFTProof(cases, stored), CheckFTProof(cases, bad)
		}},
	// Table 1 as printed disagrees with the computation (a finding): the
	// change adds one disagreement, at a = 7.
	"ntimes/: FT-table1": {input: "the recomputed rows of a = 2..9 and the printed intervals", change: "L of a = 7 plus one", at: 7,
		run: func(t *testing.T, _ *fixtures) (Result, Result) {
			_, _, rows := ftCases()
			computed := map[int]FTRow{}
			for _, r := range rows {
				computed[int(r.ANum)] = FTRow{A: int(r.ANum), L: int(r.L), C: int(r.C), U: int(r.U), ALogA: int(r.ALogA)}
			}
			clean := CheckFTTable1(computed, FTRealPrinted, "")
			c := computed[7]
			c.L++
			computed[7] = c
			return clean, CheckFTTable1(computed, FTRealPrinted, "")
		}},
	"the OEIS: OEIS-A003411": {input: "F(3) to 200 terms", change: "a(4) = 7", at: 4,
		run: func(t *testing.T, _ *fixtures) (Result, Result) {
			s3 := ntimes.Sequence(big.NewRat(3, 1), 200)
			wrong := &ntimes.Seq{A: s3.A, F: append([]*big.Int(nil), s3.F...), R: s3.R}
			wrong.F[4] = big.NewInt(7)
			return CheckOEISA003411(s3), CheckOEISA003411(wrong)
		}},
	"the OEIS: OEIS-A003413": {input: "F(4) to 200 terms", change: "a(20) + 1", at: 20,
		run: func(t *testing.T, _ *fixtures) (Result, Result) {
			s4 := ntimes.Sequence(big.NewRat(4, 1), 200)
			bad := &ntimes.Seq{A: s4.A, F: append([]*big.Int(nil), s4.F...), R: s4.R}
			bad.F[20] = new(big.Int).Add(bad.F[20], big.NewInt(1))
			return CheckOEISA003413(s4), CheckOEISA003413(bad)
		}},

	// The global game, on its table of a = 2 to M = 40 (globalnim.Fill).
	"every table global/mult=A: GLOBAL-one-pile": {input: "the global table of a = 2, M = 40", change: "R_1(0, 30) + 1", at: 30,
		run: func(t *testing.T, _ *fixtures) (Result, Result) {
			tab, bad := globalPair(t, 0, 30, r1Plus(0, 30, 1))
			single := singleFor(t, tab)
			return CheckGlobalOnePile(tab, single), CheckGlobalOnePile(bad, single)
		}},
	"every table global/mult=A: GLOBAL-symmetry": {input: "the oracle of a = 2, M = 20", change: "G(14, 6, 3) + 1", at: 14,
		run: func(t *testing.T, _ *fixtures) (Result, Result) {
			o := globalnim.NewOracle(2, 20, 2, 1)
			value := func(x, y, r int) int { return o.Value([]int{x, y}, r) }
			bad := func(x, y, r int) int {
				if x == 14 && y == 6 && r == 3 {
					return value(x, y, r) + 1
				}
				return value(x, y, r)
			}
			return CheckGlobalSymmetry(grundy.Fibonacci, 20, o.RMax(), value), CheckGlobalSymmetry(grundy.Fibonacci, 20, o.RMax(), bad)
		}},
	"every table global/mult=A: GLOBAL-oracle": {input: "the global table of a = 2, M = 20, and its oracle", change: "R_1 of a position with room raised by one", at: -1,
		run: func(t *testing.T, _ *fixtures) (Result, Result) {
			tab := globalTable(t, 20, "2")
			o := globalnim.NewOracle(2, 20, 2, 1)
			oracle := func(x, y, r int) int { return o.Value([]int{x, y}, r) }
			x, y := roomy(t, tab, 3, 9)
			return CheckGlobalOracle(tab, 20, o.RMax(), oracle), CheckGlobalOracle(changeR1(t, tab, x, y, int(tab.Breakpoints(x, y)[0])+1), 20, o.RMax(), oracle)
		}},
	"every table global/mult=A: GLOBAL-mex": {input: "the global table of a = 2, M = 40", change: "R_1 of a position with room raised by one", at: -1,
		run: func(t *testing.T, _ *fixtures) (Result, Result) {
			tab := globalTable(t, 40, "2")
			x, y := roomy(t, tab, 5, 20)
			return CheckGlobalMex(tab, 40), CheckGlobalMex(changeR1(t, tab, x, y, int(tab.Breakpoints(x, y)[0])+1), 40)
		}},
	"every table global/mult=A: GLOBAL-start-P": {input: "the global table of a = 2, M = 40", change: "(12, 30) a P-position at every limit", at: 30,
		run: func(t *testing.T, _ *fixtures) (Result, Result) {
			tab, bad := globalPair(t, 12, 30, func(*globalnim.Table) []uint16 { return nil })
			return CheckGlobalStartP(tab), CheckGlobalStartP(bad)
		}},
	// The global and the local game differ (a finding): the change adds a
	// difference at (5, 5), which both call a P-position.
	"every table global/mult=A: GLOBAL-local": {input: "the global table of a = 2, M = 40, and the single pile", change: "(5, 5) made an N-position from the limit 1 on", at: 5,
		run: func(t *testing.T, _ *fixtures) (Result, Result) {
			tab, bad := globalPair(t, 5, 5, func(*globalnim.Table) []uint16 { return []uint16{1} })
			single := singleFor(t, tab)
			return CheckGlobalLocal(tab, single), CheckGlobalLocal(bad, single)
		}},
	"every table global/mult=A: GLOBAL-R1-single": {input: "the global table of a = 2, M = 40", change: "R_1(x, y) = z_1(y - x) + 1, not a Fibonacci number, at the first position with room", at: -1,
		run: func(t *testing.T, _ *fixtures) (Result, Result) {
			tab := globalTable(t, 40, "2")
			x, y := r1Room(t, tab)
			return CheckGlobalR1Single(tab), CheckGlobalR1Single(changeR1(t, tab, x, y, int(tab.Breakpoints(x, y)[0])+1))
		}},
	"every table global/mult=A: GLOBAL-R1-diff": {input: "the global table of a = 2, M = 40", change: "R_1(x, y) = z_1(y - x) + 1 at the first position with room", at: -1,
		run: func(t *testing.T, _ *fixtures) (Result, Result) {
			tab := globalTable(t, 40, "2")
			x, y := r1Room(t, tab)
			return CheckGlobalR1Diff(tab), CheckGlobalR1Diff(changeR1(t, tab, x, y, int(tab.Breakpoints(x, y)[0])+1))
		}},
	// GLOBAL-R1-equal fails at a = 2 (a finding) and holds at a = 3/2:
	// the corruption is planted in the table of 3/2.
	"every table global/mult=A: GLOBAL-R1-equal": {input: "the global table of a = 3/2, M = 40", change: "R_1 of the first position x < y, y >= 10, with R_1 >= 2 lowered by one", at: -1,
		run: func(t *testing.T, _ *fixtures) (Result, Result) {
			tab := globalTable(t, 40, "3/2")
			for y := 10; y <= 40; y++ {
				for x := 1; x < y; x++ {
					if r := int(tab.Breakpoints(x, y)[0]); r >= 2 {
						return CheckGlobalR1Equal(tab), CheckGlobalR1Equal(changeR1(t, tab, x, y, r-1))
					}
				}
			}
			t.Fatal("no position to corrupt")
			return Result{}, Result{}
		}},
	"every table global/mult=A: GLOBAL-R1-two": {input: "the global table of a = 2, M = 40", change: "R_1(x, x + 5) = 4, neither z_1(5) = 5 nor 3, where R_1 is 3 and R_2 >= 5", at: -1,
		run: func(t *testing.T, _ *fixtures) (Result, Result) {
			tab := globalTable(t, 40, "2")
			for y := 8; y <= 40; y++ {
				if bs := tab.Breakpoints(y-5, y); bs[0] == 3 && len(bs) > 1 && bs[1] >= 5 {
					return CheckGlobalR1Two(tab), CheckGlobalR1Two(changeR1(t, tab, y-5, y, 4))
				}
			}
			t.Fatal("no position to corrupt")
			return Result{}, Result{}
		}},
	"every table global/mult=A: GLOBAL-R1-fib-diff": {input: "the global table of a = 2, M = 40", change: "R_1(0, 13) = 8, where the rule gives 13", at: 13,
		run: func(t *testing.T, _ *fixtures) (Result, Result) {
			tab := globalTable(t, 40, "2")
			return CheckGlobalR1FibDiff(tab), CheckGlobalR1FibDiff(changeR1(t, tab, 0, 13, 8))
		}},
}

// checkContract runs the corruption of every statement of checks and
// returns the keys of the statements that have none, and a line per
// broken contract.
func checkContract(t *testing.T, checks []*Check, corr map[string]corruption) (missing, broken []string) {
	s, l := testData(t)
	f := &fixtures{s: s, l: l, clean: stream(t, s, l)}
	for _, c := range checks {
		for _, st := range c.Statements {
			key := contractKey(st)
			k, ok := corr[key]
			if !ok || k.run == nil {
				missing = append(missing, key)
				continue
			}
			clean, bad := k.run(t, f)
			var why []string
			if clean.Status == NotRun || clean.Cases == 0 {
				why = append(why, "it did not run on the input: "+clean.Note)
			}
			if bad.Status != Fails || bad.Failures == clean.Failures {
				why = append(why, "the change leaves it "+bad.Status+" with the input's failures")
			}
			if k.at >= 0 && !reports(bad, k.at) {
				why = append(why, "it does not report the planted case")
			}
			if len(why) > 0 {
				broken = append(broken, key+" ("+k.input+"; "+k.change+"): "+strings.Join(why, "; "))
			}
		}
	}
	sort.Strings(missing)
	return missing, broken
}

// reports whether r names the case n among its counterexamples.
func reports(r Result, n int64) bool {
	if r.Largest != nil && r.Largest.N == n {
		return true
	}
	for _, c := range r.Counterexamples {
		if c.N == n {
			return true
		}
	}
	return false
}

// Every registered check has a corruption, and every corruption flips its
// check's verdict.
func TestContractEveryCheckCanFail(t *testing.T) {
	missing, broken := checkContract(t, Registry(), corruptions)
	for _, m := range missing {
		t.Errorf("%s has no corruption: add one to corruptions (contract_test.go)", m)
	}
	for _, b := range broken {
		t.Error(b)
	}
	known := map[string]bool{}
	for _, c := range Registry() {
		for _, st := range c.Statements {
			known[contractKey(st)] = true
		}
	}
	for key := range corruptions {
		if !known[key] {
			t.Errorf("corruption %q names no registered statement", key)
		}
	}
}

// The contract catches a check registered without a corruption: a probe
// check, given to checkContract beside the registry, is named as missing,
// and nothing else is.
func TestContractNamesACheckWithoutCorruption(t *testing.T) {
	probe := &Check{Order: 99999, Reads: StartValues, Streams: "a probe",
		Statements: []Statement{{ID: "PROBE-no-corruption", Scope: Fibonacci, Source: "this test", Text: "G(0) = 0"}},
		stream:     func(*Pass, *cursor) rowCheck { return nil }}
	missing, _ := checkContract(t, append(Registry(), probe), corruptions)
	if strings.Join(missing, ",") != "the table of a = 2: PROBE-no-corruption" {
		t.Fatalf("the contract test names %q as missing a corruption, want the probe alone", missing)
	}
}

// mustStats is r's statistics of type T (StatsOf), failing the test
// without them.
func mustStats[T any](t *testing.T, r Result) T {
	t.Helper()
	v, ok, err := StatsOf[T](r)
	if err != nil || !ok {
		t.Fatalf("%s: statistics %v: %v, %v", r.ID, r.Stats, ok, err)
	}
	return v
}
