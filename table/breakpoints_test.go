package table

import (
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"fibnim/grundy"
	"fibnim/internal/parquetfile"
)

// randomR returns an R_g as the engine makes it: Inf (G(n, n) < g) or
// 1 <= R_g(n) <= n, often in runs that rise by one, sometimes not.
func randomR(rng *rand.Rand, N int) []uint32 {
	R := make([]uint32, N+1)
	for n := range R {
		switch {
		case n == 0 || rng.IntN(5) == 0:
			R[n] = grundy.Inf
		case n > 1 && R[n-1] != grundy.Inf && rng.IntN(4) != 0:
			R[n] = min(R[n-1]+1, uint32(n))
		default:
			R[n] = 1 + uint32(rng.IntN(n))
		}
	}
	return R
}

// encode runs R through a runEncoder in pieces cut at random: short ones,
// and ones past 64 entries, which Add takes 64 at a time.
func encode(rng *rand.Rand, g int, R []uint32) []Breakpoint {
	enc := newRunEncoder(g)
	var rows []Breakpoint
	for lo := 0; lo < len(R); {
		hi := min(len(R), lo+rng.IntN([]int{40, 300}[rng.IntN(2)]))
		rows = enc.Add(rows, R[lo:hi])
		lo = hi
	}
	return enc.Flush(rows)
}

func TestRunsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 400; trial++ {
		N := rng.IntN([]int{300, 3000}[trial%2])
		R := randomR(rng, N)
		rows := encode(rng, 3, R)
		// Every row is a maximal run: the next row does not continue it.
		for i, b := range rows {
			if b.G != 3 || b.Run < 1 {
				t.Fatalf("row %+v", b)
			}
			if i > 0 {
				p := rows[i-1]
				if p.N+p.Run == b.N && p.RMin+p.Run == b.RMin {
					t.Fatalf("rows %+v and %+v are one run", p, b)
				}
			}
		}
		// The whole range, and windows of it fed in batches.
		got := make([]uint32, N+1)
		for i := range got {
			got[i] = grundy.Inf
		}
		var dec runDecoder
		if past, err := dec.fill(got, 0, rows); err != nil || past || dec.end() > int64(N)+1 {
			t.Fatalf("Fill: %v %v end %d", past, err, dec.end())
		}
		if !reflect.DeepEqual(got, R) {
			t.Fatalf("N=%d: decoded R differs", N)
		}
		lo := rng.IntN(N + 1)
		win := make([]uint32, rng.IntN(N+1-lo)+1)
		for i := range win {
			win[i] = grundy.Inf
		}
		dec = runDecoder{}
		for i := 0; i < len(rows); i += 7 {
			if past, err := dec.fill(win, lo, rows[i:min(i+7, len(rows))]); err != nil {
				t.Fatal(err)
			} else if past {
				break
			}
		}
		if !reflect.DeepEqual(win, R[lo:lo+len(win)]) {
			t.Fatalf("N=%d: window [%d, %d) differs", N, lo, lo+len(win))
		}
	}
}

// TestRunsRejectCorruption breaks one row at a time and expects the
// decoder to refuse it.
func TestRunsRejectCorruption(t *testing.T) {
	good := []Breakpoint{{N: 2, G: 1, RMin: 1, Run: 3}, {N: 6, G: 1, RMin: 2, Run: 2}}
	for name, bad := range map[string]func(b []Breakpoint){
		"run 0":        func(b []Breakpoint) { b[1].Run = 0 },
		"negative run": func(b []Breakpoint) { b[0].Run = -1 },
		"overlap":      func(b []Breakpoint) { b[1].N = 4 },
		"r_min 0":      func(b []Breakpoint) { b[0].RMin = 0 },
		"r_min > n":    func(b []Breakpoint) { b[1].RMin = 7 },
	} {
		rows := append([]Breakpoint(nil), good...)
		var dec runDecoder
		if _, err := dec.fill(make([]uint32, 10), 0, rows); err != nil {
			t.Fatalf("good rows: %v", err)
		}
		bad(rows)
		dec = runDecoder{}
		if _, err := dec.fill(make([]uint32, 10), 0, rows); err == nil {
			t.Errorf("%s: accepted %+v", name, rows)
		}
	}
}

func TestRunsFile(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(3, 4))
	R := randomR(rng, 5000)
	rows := encode(rng, 2, R)
	path := filepath.Join(dir, "g=0002.parquet")
	if err := parquetfile.WriteFile(path, nil, rows); err != nil {
		t.Fatal(err)
	}
	rd, err := openBreakpointFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	got := make([]uint32, len(R))
	for i := range got {
		got[i] = grundy.Inf
	}
	if end, err := readRuns(rd, 0, 0, got); err != nil || end > int64(len(R)) {
		t.Fatal(end, err)
	}
	if !reflect.DeepEqual(got, R) {
		t.Fatal("R read back from the file differs")
	}
	// A window read from a later row on, as a query does after seeking.
	win := make([]uint32, 100)
	for i := range win {
		win[i] = grundy.Inf
	}
	if _, err := readRuns(rd, int64(len(rows)/2), int(rows[len(rows)/2].N), win); err != nil {
		t.Fatal(err)
	}
	lo := int(rows[len(rows)/2].N)
	if !reflect.DeepEqual(win, R[lo:lo+len(win)]) {
		t.Fatal("a window read after a seek differs")
	}

	// A file in the layout before runs (no run column) is refused by name.
	type oldBreakpoint struct {
		N    int32 `parquet:"n,delta"`
		G    int32 `parquet:"g,delta"`
		RMin int32 `parquet:"r_min,delta"`
	}
	old := filepath.Join(dir, "g=0001.parquet")
	if err := parquetfile.WriteFile(old, nil, []oldBreakpoint{{N: 1, G: 1, RMin: 1}}); err != nil {
		t.Fatal(err)
	}
	if _, err := openBreakpointFile(old); err == nil || !strings.Contains(err.Error(), "no run column") {
		t.Fatalf("old layout: %v", err)
	}
}
