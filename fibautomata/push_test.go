package fibautomata

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"fibnim/grundy"
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
		a, s, err := LearnFunction(t.Context(), f, m)
		states := 0
		if a != nil {
			states = a.States()
		}
		fmt.Printf("T_%d N=%d D=%d m=%d L=%d: states %d, classes %d, conflicts %d, new at last length %d, err %v, %v, peak RSS %d MiB\n  classes per prefix length: %v\n",
			g, N, s.Digits, m, s.MaxPrefix, states, s.Classes, s.Conflicts, s.NewAtLast, err, time.Since(st), peakRSS()>>20, s.ClassesPerLength)
	}
}
