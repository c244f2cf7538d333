package grundy

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// TestBreakpointBytesMatchesRSS runs the sparse pipeline in a fresh
// process and compares its peak resident memory (VmHWM) with the
// estimate that the memory guard uses, BreakpointBytes (which counts the
// start values). The estimate is a bound: its top-values term takes the
// largest share of waiting blocks measured (2.5% of the rows at N = 10^9,
// taken as 3%),
// which smaller tables do not reach (0.3% at 10^8). So it must not fall
// below the peak (5% is left for the noise of RSS) nor exceed it by more
// than half.
func TestBreakpointBytesMatchesRSS(t *testing.T) {
	if n := os.Getenv("FIBNIM_RSS_CHILD"); n != "" {
		N, _ := strconv.Atoi(n)
		w, _ := strconv.Atoi(os.Getenv("FIBNIM_RSS_WORKERS"))
		if _, err := Breakpoints(context.Background(), BreakpointConfig{N: N, Mult: Fibonacci, Workers: w, Counts: NewStartCounts(N)}); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile("/proc/self/status")
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "VmHWM:") {
				fmt.Println("RSS", strings.Fields(l)[1])
			}
		}
		return
	}
	if testing.Short() {
		t.Skip("runs the engine at N = 3*10^7")
	}
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc")
	}
	const N = 30000000
	for _, w := range []int{1, 2} {
		cmd := exec.Command(os.Args[0], "-test.run", "^TestBreakpointBytesMatchesRSS$")
		cmd.Env = append(os.Environ(), "FIBNIM_RSS_CHILD="+strconv.Itoa(N), "FIBNIM_RSS_WORKERS="+strconv.Itoa(w), "GOMAXPROCS=2")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		var kib uint64
		for _, l := range strings.Split(string(out), "\n") {
			if f := strings.Fields(l); len(f) == 2 && f[0] == "RSS" {
				kib, _ = strconv.ParseUint(f[1], 10, 64)
			}
		}
		est := BreakpointBytes(N, Fibonacci, w)
		got := kib * 1024
		ratio := float64(est) / float64(got)
		t.Logf("N = %d, %d workers: estimate %.1f MiB, peak RSS %.1f MiB, ratio %.3f", N, w, float64(est)/(1<<20), float64(got)/(1<<20), ratio)
		if ratio < 0.95 || ratio > 1.5 {
			t.Errorf("N = %d, %d workers: estimate %d bytes is not between 0.95 and 1.5 times the peak RSS %d", N, w, est, got)
		}
	}
}
