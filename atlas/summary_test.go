package atlas

import (
	"context"
	"errors"
	"reflect"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"fibnim/conjectures"
	"fibnim/grundy"
)

const testN = 3000

// denseData is the start values and R_1 of a for n <= N from the dense
// engine, which shares no code with the breakpoint engine Summarize runs.
func denseData(t *testing.T, a grundy.Multiplier, N int) (*conjectures.Starts, []uint32, *grundy.Table) {
	t.Helper()
	tab, err := grundy.Dense(N, a, 2)
	if err != nil {
		t.Fatal(err)
	}
	s := &conjectures.Starts{}
	fill(&s.Full, N, tab.Full)
	fill(&s.Start, N, tab.Start)
	R1 := make([]uint32, N+1)
	for n := range R1 {
		R1[n] = grundy.Inf
		for r := 0; r <= n; r++ {
			if tab.At(n, r) >= 1 {
				R1[n] = uint32(r)
				break
			}
		}
	}
	return s, R1, tab
}

// Summarize's row says what the dense engine's table and the checks say,
// field by field: G(N), the largest value, h(g) from its definition, the
// fit, and each check's verdict, counts and extreme counterexamples.
func TestSummarizeAgreesWithDenseEngine(t *testing.T) {
	for _, str := range []string{"1", "4/3", "3/2", "2", "5/2", "7/2", "10"} {
		a, _ := grundy.ParseMultiplier(str)
		row, err := Summarize(context.Background(), a, testN, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		s, R1, tab := denseData(t, a, testN)
		if row.Status != Complete || row.Multiplier != str || row.N != testN || row.A != float64(a.P)/float64(a.Q) {
			t.Errorf("a = %s: status %q, multiplier %q, N %d, a %v", str, row.Status, row.Multiplier, row.N, row.A)
		}
		maxG := 0
		for n := 0; n <= testN; n++ {
			maxG = max(maxG, tab.Full(n))
		}
		if int(row.GN) != tab.Full(testN) || int(row.MaxG) != maxG {
			t.Errorf("a = %s: G(N) = %d, max %d; dense %d, %d", str, row.GN, row.MaxG, tab.Full(testN), maxG)
		}
		// h(g) = min{n : G(n) >= g}, straight from the definition.
		if len(row.H) != maxG+1 {
			t.Fatalf("a = %s: h has %d values for max G = %d", str, len(row.H), maxG)
		}
		for g, h := range row.H {
			n := 0
			for tab.Full(n) < g {
				n++
			}
			if int64(n) != h {
				t.Errorf("a = %s: h(%d) = %d, the definition gives %d", str, g, h, n)
			}
		}
		alpha, beta, rms, maxRes, maxAt := conjectures.FitLog(s)
		if row.Alpha != alpha || row.Beta != beta || row.RMS != rms || row.MaxResidual != maxRes || row.MaxResAt != maxAt {
			t.Errorf("a = %s: fit %v %v %v, FitLog on the dense data %v %v %v", str, row.Alpha, row.Beta, row.RMS, alpha, beta, rms)
		}
		want := conjectures.CheckMultiplier(a, s, R1)
		checks := row.Checks
		if len(want) != len(checks) {
			t.Fatalf("a = %s: %d checks, the row has %d", str, len(want), len(checks))
		}
		var lastOutside int64 = -1
		for i, c := range checks {
			w := want[i]
			if w.ID != c.ID+"(a="+str+")" {
				t.Fatalf("check %d is %s, the row's column %s", i, w.ID, c.ID)
			}
			firstN, lastN := int64(-1), int64(-1)
			if len(w.Counterexamples) > 0 {
				firstN, lastN = w.Counterexamples[0].N, w.Largest.N
			}
			if c.Status != w.Status || c.Cases != w.Cases || c.Failures != w.Failures || c.FirstN != firstN || c.LastN != lastN {
				t.Errorf("a = %s, %s: row %s %d/%d first %d last %d; checks %s %d/%d first %d last %d", str, c.ID,
					c.Status, c.Failures, c.Cases, c.FirstN, c.LastN, w.Status, w.Failures, w.Cases, firstN, lastN)
			}
			if (c.First == "") != (firstN < 0) || (c.Last == "") != (lastN < 0) {
				t.Errorf("a = %s, %s: counterexample text %q, %q", str, c.ID, c.First, c.Last)
			}
			if c.ID == IDStep || c.ID == IDUpper {
				lastOutside = max(lastOutside, lastN)
			}
		}
		if row.StepLastOutside != lastOutside {
			t.Errorf("a = %s: step_last_outside %d, want %d", str, row.StepLastOutside, lastOutside)
		}
		// The distribution of G(n + ceil(n/a)) - G(n), recounted here.
		count := map[int64]int64{}
		top := int64(0)
		for n := 1; n+a.MinRemoval(n) <= testN; n++ {
			count[int64(tab.Full(n+a.MinRemoval(n))-tab.Full(n))]++
			top = int64(n)
		}
		if row.StepTop != top || len(row.StepDiffs) != len(count) {
			t.Errorf("a = %s: step_top %d, %d differences; want %d, %d", str, row.StepTop, len(row.StepDiffs), top, len(count))
		}
		for i, d := range row.StepDiffs {
			if row.StepCounts[i] != count[d] {
				t.Errorf("a = %s: difference %d occurs %d times, recounted %d", str, d, row.StepCounts[i], count[d])
			}
		}
	}
}

// The row does not depend on the number of workers.
func TestSummarizeWorkers(t *testing.T) {
	a, _ := grundy.ParseMultiplier("5/2")
	var rows []AtlasRow
	for _, w := range []int{1, 2, 8} {
		row, err := Summarize(context.Background(), a, 20000, Options{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, row)
	}
	if !reflect.DeepEqual(rows[0], rows[1]) || !reflect.DeepEqual(rows[0], rows[2]) {
		t.Fatal("the rows for 1, 2 and 8 workers differ")
	}
}

// A corrupted table reaches the row: each check that the corruption
// breaks says "fails" with the corrupted n as its first and last
// counterexample, and the others still hold.
func TestSummaryCarriesCorruption(t *testing.T) {
	a, _ := grundy.ParseMultiplier("7/2")
	const at = 1234
	for _, c := range []struct {
		name    string
		corrupt func(s *conjectures.Starts, R1 []uint32)
		fails   map[string]int64 // check -> its first (= last) counterexample
	}{
		{"G(n, n-1) = 0 at a pile outside F(a)", func(s *conjectures.Starts, R1 []uint32) { s.Start[at] = 0 },
			map[string]int64{"FT-P-positions": at}},
		{"R_1 one too large", func(s *conjectures.Starts, R1 []uint32) { R1[at]++ },
			map[string]int64{"SCHWENK-strategy": at}},
	} {
		s, R1, _ := denseData(t, a, testN)
		if s.Start[at] == 0 {
			t.Fatalf("the test needs G(%d, %d) != 0", at, at-1)
		}
		c.corrupt(s, R1)
		row, err := summarizeStarts(context.Background(), newRow(a, testN), a, s, R1)
		if err != nil {
			t.Fatal(err)
		}
		for _, ch := range row.Checks {
			n, broken := c.fails[ch.ID]
			switch {
			case broken && (ch.Status != conjectures.Fails || ch.FirstN != n || ch.LastN != n || ch.Failures != 1):
				t.Errorf("%s: %s is %s with %d failures, first %d, last %d; want fails once at %d", c.name, ch.ID, ch.Status, ch.Failures, ch.FirstN, ch.LastN, n)
			case !broken && ch.Status != conjectures.Holds:
				t.Errorf("%s: %s is %s", c.name, ch.ID, ch.Status)
			}
		}
	}
	// A step of G(n) by 3 breaks LRS-5.2(a), and G(n + ceil(n/a)) - G(n)
	// leaves [1, 2] for the n whose step crosses it.
	s, R1, _ := denseData(t, a, testN)
	for n := at; n <= testN; n++ {
		s.Full[n] += 3
	}
	row, err := summarizeStarts(context.Background(), newRow(a, testN), a, s, R1)
	if err != nil {
		t.Fatal(err)
	}
	if l := row.Check("LRS-5.2"); l.Status != conjectures.Fails || l.FirstN != at-1 || l.LastN != at-1 {
		t.Errorf("LRS-5.2(a): %s, first %d, last %d; want fails at %d", l.Status, l.FirstN, l.LastN, at-1)
	}
	if up := row.Check(IDUpper); up.Status != conjectures.Fails || row.StepLastOutside != up.LastN || up.LastN >= at || !strings.Contains(up.Last, "predicted") {
		t.Errorf("LRS-conj-upper(a): %s, last %d %q; step_last_outside %d", up.Status, up.LastN, up.Last, row.StepLastOutside)
	}
}

// An interrupt stops Summarize soon, in the engine or in the checks. The
// time is measured from the cancel; its bound (5 s) is generous, for
// loaded machines: the stop takes a small fraction of it on an idle one,
// and a Summarize that ignored the interrupt would return no error.
func TestSummarizeStops(t *testing.T) {
	for _, after := range []time.Duration{50 * time.Millisecond, 600 * time.Millisecond} {
		ctx, cancel := context.WithCancel(context.Background())
		var cancelled atomic.Int64 // UnixNano of the cancel
		time.AfterFunc(after, func() { cancelled.Store(time.Now().UnixNano()); cancel() })
		_, err := Summarize(ctx, grundy.Multiplier{P: 13, Q: 12}, 5_000_000, Options{Workers: 2})
		if err == nil {
			t.Fatalf("after %v: no error", after)
		}
		if c := cancelled.Load(); c != 0 && time.Since(time.Unix(0, c)) > 5*time.Second {
			t.Errorf("stopped %v after the interrupt", time.Since(time.Unix(0, c)))
		}
		cancel()
	}
}

// The estimate covers the arrays; it is what the Slurm script requests,
// the largest over the list.
func TestBytes(t *testing.T) {
	N := 10_000_000
	a := grundy.Fibonacci
	if b := Bytes(N, a, 1); b < 12*uint64(N) || b > 40*uint64(N) {
		t.Errorf("Bytes(10^7, 2, 1) = %d: not the 12 to 40 bytes a row the arrays take", b)
	}
	if Bytes(N, a, 2) <= Bytes(N, a, 1) {
		t.Errorf("a second worker costs nothing")
	}
	list, _ := ParseList("1,3/2,2,3,10")
	most, at, err := MaxBytes(context.Background(), 100_000, list, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range list {
		if b := Bytes(100_000, m, 1); b > most || b == most && m != at && Less(m, at) {
			t.Errorf("MaxBytes = %d at a = %s, but a = %s needs %d", most, at, m, b)
		}
	}
	if b := BoundBytes(100_000, 1); b < most {
		t.Errorf("BoundBytes = %d, below MaxBytes = %d", b, most)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := MaxBytes(ctx, N, list, 1); err == nil {
		t.Errorf("MaxBytes after cancel: no error")
	}
}

// Cancelled while its pilots run, MaxBytes returns ctx's error and leaves
// no goroutine behind. Its first pool sent each result on an unbuffered
// channel that nobody read after the cancel, so every pilot in flight
// left a goroutine blocked for good (issue 27).
func TestMaxBytesCancelLeavesNoGoroutine(t *testing.T) {
	list, _ := ParseList("2,5/2,3,7/2,4,5,6,7")
	N := 1 << 20 // the pilot's size: each Bytes runs one
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	if _, _, err := MaxBytes(ctx, N, list, 1); !errors.Is(err, context.Canceled) {
		t.Fatalf("MaxBytes cancelled: err = %v, want context.Canceled", err)
	}
	// Goroutines that have finished may take a moment to exit; a leaked
	// one never does.
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after MaxBytes returned, %d before", n, before)
	}
}
