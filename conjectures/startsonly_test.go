package conjectures

import (
	"context"
	"math/big"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"fibnim/grundy"
	"fibnim/internal/tablewrite"
	"fibnim/table"
	"fibnim/tablebuild"
)

// R_1..R_4 recomputed by the row sweeps give the results the breakpoint
// files give, at sizes on both sides of the sweeps' blocks (4096 rows)
// and of the source's batches (sourceBatch rows), so no row is lost or
// repeated at a boundary. (N = 0 is left out: table.Open refuses the
// breakpoint table tablebuild.Run writes at N = 0, whose manifest says
// breakpoints while its breakpoints/ holds no file; TestVerifyTinyStartsOnly
// covers N = 0 on start values alone.)
func TestRecomputedSourceEqualsFiles(t *testing.T) {
	sizes := []int{1, 2, 4095, 4096, 4097, sourceBatch - 1, sourceBatch, sourceBatch + 1, 2*sourceBatch + 4096}
	if testing.Short() {
		sizes = []int{1, 4097, sourceBatch + 1}
	}
	for _, N := range sizes {
		for _, a := range []grundy.Multiplier{grundy.Fibonacci, {P: 5, Q: 2}} {
			root := t.TempDir()
			if _, err := tablebuild.Run(context.Background(), tablebuild.Config{Root: root, N: N, Mult: a, Engine: tablebuild.EngineBreakpoint, Workers: 2, Breakpoints: true}); err != nil {
				t.Fatal(err)
			}
			tb, err := table.Open(table.Dir(root, a))
			if err != nil {
				t.Fatal(err)
			}
			p := Pass{Mult: a, Mults: true, Paper: a == grundy.Fibonacci}
			stream := func(recompute bool) []Result {
				var src *tableSource
				var err error
				if recompute {
					src, err = NewRecomputedSource(context.Background(), tb, p.rows())
				} else {
					src, err = NewTableSource(context.Background(), tb, p.rows())
				}
				if err != nil {
					t.Fatal(err)
				}
				defer src.Close()
				res, err := Stream(src, p)
				if err != nil {
					t.Fatalf("N = %d, a = %s, recomputed %v: %v", N, a, recompute, err)
				}
				return res
			}
			files, sweeps := stream(false), stream(true)
			tb.Close()
			if !reflect.DeepEqual(files, sweeps) {
				for i := range files {
					if !reflect.DeepEqual(files[i], sweeps[i]) {
						t.Errorf("N = %d, a = %s: %s differs:\nfiles  %+v\nsweeps %+v", N, a, files[i].ID, files[i], sweeps[i])
					}
				}
			}
		}
	}
}

// startsOnly writes a table of a = 2 that holds start values alone (no
// breakpoint files, no dense.parquet) under a new results folder, with
// the true values but where corrupt changes them.
func startsOnly(t *testing.T, N int, corrupt func(n int, start, full *int)) string {
	t.Helper()
	a := grundy.Fibonacci
	tab, err := grundy.Dense(N, a, 2)
	if err != nil {
		t.Fatal(err)
	}
	value := func(n int) (int, int) {
		s, f := tab.Start(n), tab.Full(n)
		if corrupt != nil {
			corrupt(n, &s, &f)
		}
		return s, f
	}
	root := t.TempDir()
	start := func(n int) int { s, _ := value(n); return s }
	full := func(n int) int { _, f := value(n); return f }
	if err := tablewrite.WriteDenseTable(context.Background(), table.Dir(root, a), tablewrite.Meta("breakpoint", N, a, 0, "test"), N, start, full, nil, 0); err != nil {
		t.Fatal(err)
	}
	return root
}

func verifyByID(t *testing.T, root string, layers int) map[string]Result {
	t.Helper()
	v, err := VerifyWith(context.Background(), root, Options{Layers: layers})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]Result{}
	for _, r := range v.Results {
		out[r.ID] = r
	}
	return out
}

// On a table of start values alone, verify runs every statement that needs
// only the start values and R_1 (R_1..R_4 recomputed), says which it could
// not run and why, and catches a corrupted start value.
func TestVerifyStartsOnly(t *testing.T) {
	const N = 3000
	clean := verifyByID(t, startsOnly(t, N, nil), 4)
	for _, id := range []string{"LRS-4.1", "LRS-4.5", "LRS-4.6", "LRS-4.7", "LRS-5.1", "LRS-5.2", IDLower53, IDUpper53, IDConjLower, IDConjUpper,
		"WHI-strategy", "WHI-start", IDBrilliant, "FT-P-positions(a=2)", "SCHWENK-strategy(a=2)", "LRS-5.2(a=2)", "LRS-5.3-step(a=2)", "LRS-conj-upper(a=2)"} {
		r, ok := clean[id]
		if !ok || r.Status == NotRun || r.Domain.To < N-N/3 && id != IDBrilliant {
			t.Errorf("%s on start values alone: %s on %d..%d (%s)", id, r.Status, r.Domain.From, r.Domain.To, r.Note)
		}
	}
	if h := mustStats[ConjLowerStats](t, clean[IDConjLower]).H; len(h) < 5 {
		t.Errorf("no h(g) from the start values: %v", clean[IDConjLower].Stats["h"])
	}
	if _, ok := clean[IDConjUpper].Stats["by_decade"]; !ok {
		t.Error("no table by decade from the start values")
	}
	if r := clean["PE366"]; r.Status != NotRun || !strings.Contains(r.Note, "start values only") {
		t.Errorf("PE366 without cells: %s, %q", r.Status, r.Note)
	}
	// Fewer layers: the checks that read more are not run, and say why.
	for _, k := range []int{0, 1} {
		res := verifyByID(t, startsOnly(t, 1000, nil), k)
		for id, r := range res {
			c, ok := checkOf(id)
			if !ok || c.stream == nil {
				continue
			}
			if notRun := c.Reads.Rows() > k; notRun != (r.Status == NotRun) || notRun && !strings.Contains(r.Note, "-layers") {
				t.Errorf("-layers %d: %s (reads %s): %s, %q", k, id, c.Reads, r.Status, r.Note)
			}
		}
	}

	// A corrupted start value: 987 is a Fibonacci number, so G(987, 986)
	// is 0; made 1, WHI-start, FT-P-positions(a=2) and the Brilliant count
	// fail there, and nothing that reads only the recomputed R does.
	bad := verifyByID(t, startsOnly(t, N, func(n int, start, _ *int) {
		if n == 987 {
			*start = 1
		}
	}), 4)
	expect(t, bad["WHI-start"], Fails, 987)
	expect(t, bad["FT-P-positions(a=2)"], Fails, 987)
	expect(t, bad[IDBrilliant], Fails, 1000)
	for _, id := range []string{"LRS-4.1", "WHI-strategy", "SCHWENK-strategy(a=2)"} {
		if bad[id].Status != clean[id].Status || bad[id].Failures != clean[id].Failures {
			t.Errorf("%s changed with a start value it does not read", id)
		}
	}
	// G(1500) two too large: Theorem 5.2 fails at n = 1499.
	bad = verifyByID(t, startsOnly(t, N, func(n int, _, full *int) {
		if n == 1500 {
			*full += 2
		}
	}), 4)
	expect(t, bad["LRS-5.2"], Fails, 1499)
	expect(t, bad["LRS-5.2(a=2)"], Fails, 1499)
}

// The smallest tables of start values alone verify: one row, two rows.
func TestVerifyTinyStartsOnly(t *testing.T) {
	for _, N := range []int{0, 1, 2} {
		res := verifyByID(t, startsOnly(t, N, nil), 4)
		if r := res["LRS-4.1"]; r.Status != Holds || r.Cases != int64(N+1)*int64(N+2)/2 {
			t.Errorf("N = %d: LRS-4.1 %s on %d cases", N, r.Status, r.Cases)
		}
	}
}

// The largest table (N = grundy.MaxBreakpointN = 2^32 - 2, start values
// alone) keeps every count in an int64: the cell checks count
// (N+1)(N+2)/2 = 2^63 - 2^31 cases, the most of any check, and R_g(n) <=
// n stays below grundy.Inf in a uint32.
func TestCountsFitAtTheLargestN(t *testing.T) {
	N := big.NewInt(grundy.MaxBreakpointN)
	cells := new(big.Int).Mul(new(big.Int).Add(N, big.NewInt(1)), new(big.Int).Add(N, big.NewInt(2)))
	cells.Rsh(cells, 1)
	if !cells.IsInt64() {
		t.Fatalf("(N+1)(N+2)/2 = %v does not fit an int64", cells)
	}
	var sum int64
	for n := int64(0); n <= grundy.MaxBreakpointN; n += 1 << 20 {
		// The cases of rows n..n+2^20-1 at once, as the checks add them.
		hi := min(n+1<<20-1, grundy.MaxBreakpointN)
		sum += (hi - n + 1) * (n + hi + 2) / 2 // the n+1 of each row, added in int64
	}
	if sum != cells.Int64() {
		t.Fatalf("summed %d, want %v", sum, cells)
	}
	if uint64(grundy.MaxBreakpointN) >= grundy.Inf {
		t.Fatal("a row's R_g can reach grundy.Inf")
	}
}

// Past the rows a breakpoint file holds: the recomputed R_1 of a = 2 is
// z_1(n), the smallest Zeckendorf part (Theorem 4.1, which holds), on
// every n to N = 2^31 + 2^20, through the chunking of the recomputed
// source. It sweeps 2^31 rows: set FIBNIM_PAST_2_31=1, or =max to go to
// 2^32 - 2, the largest table (or =N for a size of one's own).
func TestRecomputedPast2to31(t *testing.T) {
	var N int
	switch os.Getenv("FIBNIM_PAST_2_31") {
	case "":
		t.Skip("FIBNIM_PAST_2_31 not set")
	case "max":
		N = grundy.MaxBreakpointN
	case "1":
		N = 1<<31 + 1<<20
	default: // a size of one's own, to try the test
		n, err := strconv.Atoi(os.Getenv("FIBNIM_PAST_2_31"))
		if err != nil {
			t.Fatal(err)
		}
		N = n
	}
	src := &tableSource{N0: N, errs: make(chan error, 2)}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	src.rs = []chan rChunk{make(chan rChunk, 2)}
	go src.recompute(ctx, grundy.Fibonacci)
	zc := NewGreedy(big.NewRat(2, 1), int64(N))
	next := 0
	for c := range src.rs[0] {
		if c.lo != next {
			t.Fatalf("chunk at %d, want %d", c.lo, next)
		}
		for i, r := range c.R {
			n := c.lo + i
			if n > 0 {
				zc.Inc()
			}
			if want := zc.Smallest(1)[0]; n > 0 && int64(r) != want || n == 0 && r != grundy.Inf {
				t.Fatalf("R_1(%d) = %d, want z_1 = %d", n, r, want)
			}
		}
		next += len(c.R)
	}
	select {
	case err := <-src.errs:
		t.Fatal(err)
	default:
	}
	if next != N+1 {
		t.Fatalf("rows 0..%d, want 0..%d", next-1, N)
	}
}
