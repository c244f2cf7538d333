package fibautomata

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"fibnim/grundy"
	"fibnim/internal/rss"
)

// TestPushThreshold is the evidence run for a threshold the default runs
// do not learn (FIBNIM_PUSH="g N m1,m2,..."): it keeps only R_g of the
// engine's layers, learns T_g at each m and prints the classes per prefix
// length, the time and the peak memory. Not run by default.
func TestPushThreshold(t *testing.T) {
	spec := strings.Fields(os.Getenv("FIBNIM_PUSH"))
	if len(spec) != 3 {
		t.Skip(`FIBNIM_PUSH="g N m1,m2,..." unset`)
	}
	g, _ := strconv.Atoi(spec[0])
	N, _ := strconv.Atoi(spec[1])
	st := time.Now()
	f := make([]uint32, N+1)
	for n0, R := range grundy.FirstLayers(t.Context(), N, grundy.Fibonacci, g) {
		for i, r := range R[g-1] {
			f[n0+i] = min(r, uint32(n0+i+1))
		}
	}
	fmt.Printf("R'_%d to N = %d: %v\n", g, N, time.Since(st))
	for _, ms := range strings.Split(spec[2], ",") {
		m, _ := strconv.Atoi(ms)
		st := time.Now()
		a, s, err := LearnFunction(t.Context(), f, m, 0)
		states := 0
		if a != nil {
			states = a.States()
		}
		fmt.Printf("T_%d N=%d D=%d m=%d L=%d: states %d, classes %d, conflicts %d, new at last length %d, err %v, %v, peak RSS %d MiB\n  classes per prefix length: %v\n",
			g, N, s.Digits, m, s.MaxPrefix, states, s.Classes, s.Conflicts, s.NewAtLast, err, time.Since(st), rss.Peak()>>20, s.ClassesPerLength)
	}
}

// TestPushProve (FIBNIM_PUSH_PROVE="K N M m") learns T_1..T_K from the
// table to N (Run), T_{K+1} from the layer R_{K+1} alone to M with suffix
// m, and proves S_0..S_K. The evidence run for the value the default runs
// stop before. Not run by default.
func TestPushProve(t *testing.T) {
	spec := strings.Fields(os.Getenv("FIBNIM_PUSH_PROVE"))
	if len(spec) != 4 {
		t.Skip(`FIBNIM_PUSH_PROVE="K N M m" unset`)
	}
	K, _ := strconv.Atoi(spec[0])
	N, _ := strconv.Atoi(spec[1])
	M, _ := strconv.Atoi(spec[2])
	m, _ := strconv.Atoi(spec[3])
	st := time.Now()
	r, err := Run(t.Context(), Config{N: N, K: K - 1})
	if err != nil || !r.Complete {
		t.Fatalf("Run: %v, complete %v", err, r != nil && r.Complete)
	}
	fmt.Printf("S_0..S_%d proved from N = %d: %v\n", K-1, N, time.Since(st))
	st = time.Now()
	g := K + 1
	f := make([]uint32, M+1)
	for n0, R := range grundy.FirstLayers(t.Context(), M, grundy.Fibonacci, g) {
		for i, x := range R[g-1] {
			f[n0+i] = min(x, uint32(n0+i+1))
		}
	}
	a, s, err := LearnFunction(t.Context(), f, m, 0)
	if err != nil {
		t.Fatalf("T_%d: %v (classes per length %v)", g, err, s.ClassesPerLength)
	}
	f = nil
	fmt.Printf("T_%d from N = %d, m = %d: %d states, %v, peak RSS %d MiB\n", g, M, m, a.States(), time.Since(st), rss.Peak()>>20)
	st = time.Now()
	p, err := PositionsFromThresholds(append(r.T, a))
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("S_%d: %d states (%v)\n", K, p.S[K].States(), time.Since(st))
	st = time.Now()
	res, err := ProveMex(t.Context(), p)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range res {
		fmt.Printf("%s: holds %v, counterexample %v, states %v, %v\n", x.Name, x.Holds, x.Counter, x.States, x.Time)
	}
	fmt.Printf("proofs %v, peak RSS %d MiB\n", time.Since(st), rss.Peak()>>20)
	if dir := os.Getenv("FIBNIM_PUSH_OUT"); dir != "" {
		if err := Write(dir, &Result{N: N, K: K, S: p.S, Mex: res}); err != nil {
			t.Fatal(err)
		}
	}
}
