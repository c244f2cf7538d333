package tablebuild

import (
	"context"
	"testing"
)

// A command calls Preflight and then Run with the same Config, as
// compute grundy does: Preflight runs once and the memory is planned once
// (the plan may run a pilot of up to 2 s; issue 37 item 4). A Config
// whose parameters change after Preflight is checked and planned again.
func TestRunPlansOnce(t *testing.T) {
	ctx := context.Background()
	cfg := config(t.TempDir(), 3000)
	before, checks := memoryPlans.Load(), preflights.Load()
	if err := Preflight(ctx, &cfg); err != nil {
		t.Fatal(err)
	}
	mustRun(t, cfg)
	if got := memoryPlans.Load() - before; got != 1 {
		t.Errorf("Preflight then Run planned the memory %d times, want 1", got)
	}
	if got := preflights.Load() - checks; got != 1 {
		t.Errorf("Preflight then Run ran Preflight %d times, want 1", got)
	}

	cfg = config(t.TempDir(), 3000)
	if err := Preflight(ctx, &cfg); err != nil {
		t.Fatal(err)
	}
	cfg.N = 4000
	before, checks = memoryPlans.Load(), preflights.Load()
	res := mustRun(t, cfg)
	if got, gotChecks := memoryPlans.Load()-before, preflights.Load()-checks; got != 1 || gotChecks != 1 {
		t.Errorf("Run with another N than Preflight's planned %d times and checked %d times, want 1 and 1 (the new N's)", got, gotChecks)
	}
	if want, _ := PlanMemory(ctx, &cfg); res.Plan != want {
		t.Errorf("Run with another N kept the plan %+v, want %+v", res.Plan, want)
	}
}
