package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"fibnim/internal/cli"
	"fibnim/ntimesrun"
)

// compute ntimes estimates its peak memory before any work, and the
// estimate is not below what the run takes (peak RSS), nor far above it.
// Its defaults (2..1000) needed 9 GiB when every term of every multiplier
// was kept; the estimate of the defaults is now under 1.5 GiB.
func TestNtimesMemoryEstimate(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a child process")
	}
	stderr, rss := childRSS(t, "ntimes", "-mults", "2..400", "-real-upto", "3", "-out", t.TempDir())
	m := regexp.MustCompile(`estimated peak ([0-9.]+) MiB`).FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("no estimate in\n%s", stderr)
	}
	var est float64
	if _, err := fmt.Sscan(m[1], &est); err != nil {
		t.Fatal(err)
	}
	got := float64(rss) / (1 << 20)
	t.Logf("2..400: estimated %.1f MiB, peak RSS %.1f MiB", est, got)
	if 1.15*est < got || est > 3*got { // within 15% of it, or above
		t.Errorf("estimated %.1f MiB for a peak RSS of %.1f MiB", est, got)
	}
	var cfg ntimesrun.Config
	var err error
	if cfg.Mults, err = parseMults("2..1000"); err != nil {
		t.Fatal(err)
	}
	cfg.Workers, cfg.MinStable, cfg.Factor, cfg.MaxTerms, cfg.SeqTerms = 2, 2000, 10, 1<<20, 200
	cfg.RealUpto = cfg.Mults[8] // 10
	if need := ntimesrun.Bytes(cfg); need > 3<<29 {
		t.Errorf("the defaults are estimated at %s, above 1.5 GiB", cli.HumanBytes(need))
	}
}

// -max-mem refuses a run whose estimate does not fit, in one line, before
// anything is written.
func TestNtimesMaxMem(t *testing.T) {
	out := t.TempDir()
	_, err := runArgs(t, "ntimes", "-mults", "2..1000", "-max-mem", "20MiB", "-out", out)
	var ue usageError
	if !errors.As(err, &ue) || !strings.Contains(ue.Msg, "-max-mem") || strings.Contains(ue.Msg, "\n") {
		t.Fatalf("ntimes past -max-mem: %v", err)
	}
	if _, err := os.Stat(filepath.Join(out, "ntimes")); err == nil {
		t.Error("a refused run wrote ntimes/")
	}
}
