package conjectures

import (
	"context"
	"path/filepath"
	"testing"

	"fibnim/globalnim"
	"fibnim/grundy"
)

// globalTable fills the global table of a to M.
func globalTable(t *testing.T, M int, s string) *globalnim.Table {
	t.Helper()
	a, err := grundy.ParseMultiplier(s)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := globalnim.Fill(context.Background(), M, a, 2)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// singleFor is the single pile's rows from grundy.Dense.
func singleFor(t *testing.T, tab *globalnim.Table) *SinglePile {
	t.Helper()
	s, err := LoadSinglePile(context.Background(), filepath.Join(t.TempDir(), "none"), tab.Mult, tab.M)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// withBreakpoints returns a copy of tab in which position (x, y) has the
// breakpoints bs (nil: none, a P-position at every limit).
func withBreakpoints(t *testing.T, tab *globalnim.Table, x, y int, bs []uint16) *globalnim.Table {
	t.Helper()
	b := globalnim.NewBuilder(tab.M, tab.Mult)
	p := globalnim.Index(x, y)
	for g := 1; g <= max(tab.MaxValue(), len(bs)); g++ {
		col := tab.Column(g)
		col[p] = globalnim.Inf
		if g <= len(bs) {
			col[p] = bs[g-1]
		}
		if err := b.Add(g, col); err != nil {
			t.Fatal(err)
		}
	}
	return b.Table()
}

// changeR1 returns a copy of tab with R_1(x, y) = r, the other breakpoints
// kept.
func changeR1(t *testing.T, tab *globalnim.Table, x, y, r int) *globalnim.Table {
	bs := append([]uint16(nil), tab.Breakpoints(x, y)...)
	bs[0] = uint16(r)
	return withBreakpoints(t, tab, x, y, bs)
}

// roomy returns the first position (x, y) from (x0, y0) on, in the
// table's order, with x < y and R_2(x, y) > R_1(x, y) + 1, so that R_1 can
// be moved up by one.
func roomy(t *testing.T, tab *globalnim.Table, x0, y0 int) (int, int) {
	t.Helper()
	for y := y0; y <= tab.M; y++ {
		for x := 0; x < y; x++ {
			if y == y0 && x < x0 {
				continue
			}
			if bs := tab.Breakpoints(x, y); len(bs) > 1 && bs[1] > bs[0]+1 {
				return x, y
			}
		}
	}
	t.Fatal("no position with room")
	return 0, 0
}

func expectCell(t *testing.T, r Result, status string, x, y int) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("%s: status %s, want %s (%+v)", r.ID, r.Status, status, r.Counterexamples)
	}
	if status == Fails && r.Counterexamples[0].N != int64(y) {
		t.Fatalf("%s: smallest counterexample %+v, want one at (%d, %d)", r.ID, r.Counterexamples[0], x, y)
	}
}

// TestGlobalChecksOnTheTable: on the engine's table every check that is a
// theorem or the definition holds, for a = 2 and 3/2; the observations
// report what they report, checked here against the oracle's answers.
func TestGlobalChecksOnTheTable(t *testing.T) {
	for _, s := range []string{"2", "3/2"} {
		tab := globalTable(t, 120, s)
		res := CheckGlobal(tab, singleFor(t, tab))
		status := map[string]string{}
		for _, r := range res {
			status[r.ID[:len(r.ID)-len("(a="+s+")")]] = r.Status
			if r.Cases == 0 {
				t.Fatalf("%s: no cases", r.ID)
			}
		}
		ids := []string{"GLOBAL-one-pile", "GLOBAL-symmetry", "GLOBAL-oracle", "GLOBAL-mex", "GLOBAL-start-P", "GLOBAL-R1-single", "GLOBAL-R1-diff", "GLOBAL-R1-two"}
		if s == "2" {
			ids = append(ids, "GLOBAL-R1-fib-diff")
		} else if _, ok := status["GLOBAL-R1-fib-diff"]; ok {
			t.Fatalf("a=%s: GLOBAL-R1-fib-diff is for a = 2 only", s)
		}
		for _, id := range ids {
			if status[id] != Holds {
				t.Fatalf("a=%s: %s %s", s, id, status[id])
			}
		}
		// Found with the oracle (global/oracle.go) for piles <= 60: for
		// a = 3/2 every R_1(x, y) is R_1(0, y - x); for a = 2 it is not.
		want := map[string]string{"2": Fails, "3/2": Holds}[s]
		if status["GLOBAL-R1-equal"] != want {
			t.Fatalf("a=%s: GLOBAL-R1-equal %s, want %s", s, status["GLOBAL-R1-equal"], want)
		}
	}
}

func TestGlobalOnePileCatches(t *testing.T) {
	tab := globalTable(t, 80, "2")
	single := singleFor(t, tab)
	expectCell(t, CheckGlobalOnePile(tab, single), Holds, 0, 0)
	bs := append([]uint16(nil), tab.Breakpoints(0, 30)...)
	bs[len(bs)-1]++ // G(0, 30, r) one less at one r
	expectCell(t, CheckGlobalOnePile(withBreakpoints(t, tab, 0, 30, bs), single), Fails, 0, 30)
	// And the single pile's rows are compared, not assumed: corrupt them.
	single.Rows[25][25]++
	expectCell(t, CheckGlobalOnePile(tab, single), Fails, 0, 25)
}

func TestGlobalSymmetryCatches(t *testing.T) {
	a := grundy.Fibonacci
	o := globalnim.NewOracle(2, 20, 2, 1)
	value := func(x, y, r int) int { return o.Value([]int{x, y}, r) }
	expectCell(t, CheckGlobalSymmetry(a, 20, o.RMax(), value), Holds, 0, 0)
	bad := func(x, y, r int) int {
		if x == 14 && y == 6 && r == 3 {
			return value(x, y, r) + 1
		}
		return value(x, y, r)
	}
	r := CheckGlobalSymmetry(a, 20, o.RMax(), bad)
	expectCell(t, r, Fails, 6, 14)
	if r.Failures != 1 || r.Counterexamples[0].R != 3 {
		t.Fatalf("symmetry: %+v", r)
	}
}

func TestGlobalOracleCatches(t *testing.T) {
	tab := globalTable(t, 40, "5/2")
	o := globalnim.NewOracle(2, 40, 5, 2)
	oracle := func(x, y, r int) int { return o.Value([]int{x, y}, r) }
	expectCell(t, CheckGlobalOracle(tab, 40, o.RMax(), oracle), Holds, 0, 0)
	x, y := roomy(t, tab, 7, 19)
	bad := changeR1(t, tab, x, y, int(tab.Breakpoints(x, y)[0]))
	r := CheckGlobalOracle(bad, 40, o.RMax(), oracle)
	if r.Status != Holds {
		t.Fatalf("unchanged copy: %s", r.Status)
	}
	bad = changeR1(t, tab, x, y, int(tab.Breakpoints(x, y)[0])+1)
	r = CheckGlobalOracle(bad, 40, o.RMax(), oracle)
	// One cell, (x, y, R_1), met in both orders.
	if r.Status != Fails || r.Failures != 2 || r.Counterexamples[0].N != int64(x) || r.Counterexamples[1].N != int64(y) {
		t.Fatalf("oracle check on a table with one changed cell: %s, %d failures (want 2: both orders)", r.Status, r.Failures)
	}
}

func TestGlobalMexCatches(t *testing.T) {
	tab := globalTable(t, 70, "3")
	expectCell(t, CheckGlobalMex(tab, 70), Holds, 0, 0)
	x, y := roomy(t, tab, 20, 33)
	expectCell(t, CheckGlobalMex(changeR1(t, tab, x, y, int(tab.Breakpoints(x, y)[0])+1), 70), Fails, x, y)
}

func TestGlobalStartPCatches(t *testing.T) {
	tab := globalTable(t, 60, "2")
	r := CheckGlobalStartP(tab)
	expectCell(t, r, Holds, 0, 0)
	// Positions 0 <= x <= y <= 60: 61 diagonal, (0, 1), (0, 2), (0, 3),
	// (0, 5), (0, 8), (0, 13), (0, 21), (0, 34), (0, 55).
	if p := mustStats[GlobalStats](t, r).PPositions; p == nil || *p != 61+9 {
		t.Fatalf("P-positions at the start: %v", r.Stats)
	}
	expectCell(t, CheckGlobalStartP(withBreakpoints(t, tab, 12, 40, nil)), Fails, 12, 40)
	expectCell(t, CheckGlobalStartP(withBreakpoints(t, tab, 17, 17, []uint16{17})), Fails, 17, 17)
	expectCell(t, CheckGlobalStartP(changeR1(t, tab, 0, 21, 20)), Fails, 0, 21)
}

// TestGlobalLocal: the count of differences is what the oracle and the
// single pile's oracle give, and a corrupted cell moves it.
func TestGlobalLocal(t *testing.T) {
	const M = 40
	tab := globalTable(t, M, "2")
	single := singleFor(t, tab)
	r := CheckGlobalLocal(tab, single)
	o := globalnim.NewOracle(2, M, 2, 1)
	sp := grundy.Brute(M, grundy.Fibonacci.Rat())
	var want int64
	firstY := int64(-1)
	for y := 0; y <= M; y++ {
		for x := 0; x <= y; x++ {
			g := o.Value([]int{x, y}, globalnim.StartLimit(x, y))
			l := sp[x][max(x-1, 0)] ^ sp[y][max(y-1, 0)]
			if (g == 0) != (l == 0) {
				want++
				if firstY < 0 {
					firstY = int64(y)
				}
			}
		}
	}
	if r.Status != Fails || r.Failures != want || r.Counterexamples[0].N != firstY {
		t.Fatalf("GLOBAL-local: %s, %d failures, first %+v; the oracles give %d, first at y = %d", r.Status, r.Failures, r.Counterexamples, want, firstY)
	}
	// (1, 2): G(1, 0) = G(2, 1) = 0, a local P-position; globally take 1
	// from the 2 to reach (1, 1). Make the global table say P there.
	c := r.Counterexamples[0]
	if c.N != 2 || c.R != 2 {
		t.Fatalf("smallest difference %+v, want (1, 2)", c)
	}
	r2 := CheckGlobalLocal(withBreakpoints(t, tab, 1, 2, nil), single)
	if r2.Failures != want-1 || r2.Counterexamples[0] == c {
		t.Fatalf("after making (1, 2) a P-position: %d failures, first %+v", r2.Failures, r2.Counterexamples[0])
	}
}

func TestGlobalR1Catches(t *testing.T) {
	tab := globalTable(t, 60, "2")
	expectCell(t, CheckGlobalR1Single(tab), Holds, 0, 0)
	expectCell(t, CheckGlobalR1Diff(tab), Holds, 0, 0)
	// Find a position with R_1 = z_1(y - x) and room above it.
	z := singleR1(tab.Mult, 60)
	for y := 10; y <= 60; y++ {
		for x := 3; x < y; x++ {
			bs := tab.Breakpoints(x, y)
			if int(bs[0]) == int(z[y-x]) && len(bs) > 1 && bs[1] > bs[0]+1 && !grundy.IsFibonacci(int(bs[0])+1) {
				bad := changeR1(t, tab, x, y, int(bs[0])+1)
				expectCell(t, CheckGlobalR1Single(bad), Fails, x, y)
				expectCell(t, CheckGlobalR1Diff(bad), Fails, x, y)
				tab32 := globalTable(t, 60, "3/2")
				expectCell(t, CheckGlobalR1Equal(tab32), Holds, 0, 0)
				bs32 := tab32.Breakpoints(x, y)
				expectCell(t, CheckGlobalR1Equal(changeR1(t, tab32, x, y, int(bs32[0])-1)), Fails, x, y)
				return
			}
		}
	}
	t.Fatal("no position to corrupt")
}

func TestGlobalR1TwoAndFibDiffCatch(t *testing.T) {
	tab := globalTable(t, 60, "2")
	expectCell(t, CheckGlobalR1Two(tab), Holds, 0, 0)
	r := CheckGlobalR1FibDiff(tab)
	expectCell(t, r, Holds, 0, 0)
	if p := mustStats[GlobalStats](t, r).PredictedFKMinus1; r.Cases == 0 || p == nil || *p == 0 {
		t.Fatalf("GLOBAL-R1-fib-diff: %d cases, %v", r.Cases, r.Stats)
	}
	// The rule by hand. (10, 23): y - x = 13 = F_5, the largest part of
	// 23 = 21 + 2 is F_6: m - k = 1, so R_1 is F_4 = 8. (10, 18) and
	// (8, 16): y - x = 8 = F_4, the largest part F_5 = 13: R_1 = F_3 = 5.
	// (3, 8): 5 = F_3 and 8 = F_4: R_1 = 3. (0, 13): m = k, R_1 = 13.
	for _, c := range [][3]int{{10, 23, 8}, {10, 18, 5}, {8, 16, 5}, {3, 8, 3}, {0, 13, 13}} {
		if got := tab.Breakpoints(c[0], c[1])[0]; int(got) != c[2] {
			t.Fatalf("R_1(%d, %d) = %d, the rule says %d", c[0], c[1], got, c[2])
		}
	}
	// A position with y - x = 5 where the rule gives 3 and R_2 >= 5: put
	// 4 (neither z_1(5) = 5 nor 3), then 5 (not the rule's).
	x, y := -1, -1
	for yy := 8; yy <= 60 && x < 0; yy++ {
		if bs := tab.Breakpoints(yy-5, yy); bs[0] == 3 && len(bs) > 1 && bs[1] >= 5 {
			x, y = yy-5, yy
		}
	}
	if x < 0 {
		t.Fatal("no position to corrupt")
	}
	bs := tab.Breakpoints(x, y)
	expectCell(t, CheckGlobalR1Two(changeR1(t, tab, x, y, int(bs[0])+1)), Fails, x, y)
	expectCell(t, CheckGlobalR1FibDiff(changeR1(t, tab, x, y, int(bs[0])+2)), Fails, x, y)
	expectCell(t, CheckGlobalR1FibDiff(changeR1(t, tab, 0, 13, 8)), Fails, 0, 13)
}
