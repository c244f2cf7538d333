package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"fibnim/atlas"
)

// Bad input to atlas: each a one-line error, a usage error (exit 2) for a
// mistake in the command line, a runtime error (exit 1) for a merge of an
// incomplete atlas; nothing written for a usage error.
func TestAtlasBadInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "res")
	half := filepath.Join(dir, "half")
	if _, err := runArgs(t, "atlas", "-mults", "2,3", "-n", "1000", "-shard", "0/2", "-out", half); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		args  []string
		usage bool
		want  string
	}{
		{"empty list", []string{"atlas", "-mults", "", "-n", "1000", "-out", out}, true, "empty list"},
		{"list of commas", []string{"atlas", "-mults", " , ", "-n", "1000", "-out", out}, true, "empty item"},
		{"no list", []string{"atlas", "-n", "1000", "-out", out}, true, "-mults is required"},
		{"bad farey", []string{"atlas", "-mults", "farey:10", "-n", "1000", "-out", out}, true, "farey:MAX:Q"},
		{"shard i >= M", []string{"atlas", "-mults", "2,3", "-n", "1000", "-shard", "2/2", "-out", out}, true, "index must be in 0..1"},
		{"shard M = 0", []string{"atlas", "-mults", "2,3", "-n", "1000", "-shard", "0/0", "-out", out}, true, "must be at least 1"},
		{"shard garbage", []string{"atlas", "-mults", "2,3", "-n", "1000", "-shard", "first", "-out", out}, true, "want i/M"},
		{"no -n", []string{"atlas", "-mults", "2", "-out", out}, true, "-n is required"},
		{"-n 1", []string{"atlas", "-mults", "2", "-n", "1", "-out", out}, true, "2 <= N"},
		{"too big for memory", []string{"atlas", "-mults", "2", "-n", "10^9", "-max-mem", "1GiB", "-out", out}, true, "-max-mem"},
		{"no workers", []string{"atlas", "-mults", "2", "-n", "100", "-workers", "0", "-out", out}, true, "-workers"},
		{"merge with a list", []string{"atlas", "-merge", half, "-mults", "2"}, true, "-merge takes no -mults"},
		{"merge of nothing", []string{"atlas", "-merge", dir}, true, "no atlas under"},
		{"merge of no folder", []string{"atlas", "-merge", filepath.Join(dir, "nope")}, true, "not a folder"},
		{"another N in the same folder", []string{"atlas", "-mults", "2,3", "-n", "2000", "-out", half}, true, "another list or N"},
		{"merge with a missing multiplier", []string{"atlas", "-merge", half}, false, "1 of 2 multipliers have no summary"},
		{"-since without -merge", []string{"atlas", "-mults", "2", "-n", "100", "-since", "x.parquet", "-out", out}, true, "-since goes with -merge"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := runArgs(t, c.args...)
			var ue usageError
			isUsage := errors.As(err, &ue)
			if err == nil || isUsage != c.usage || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("%v: got %v (usage %v), want a one-line %s error with %q", c.args, err, isUsage, map[bool]string{true: "usage", false: "runtime"}[c.usage], c.want)
			}
		})
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("bad input wrote %s", out)
	}
	if _, err := os.Stat(filepath.Join(half, "atlas.parquet")); err == nil {
		t.Errorf("an incomplete merge wrote atlas.parquet")
	}
}

// Under a Slurm array, -shard comes from the task's environment.
func TestAtlasShardFromSlurm(t *testing.T) {
	out := t.TempDir()
	t.Setenv("SLURM_ARRAY_TASK_ID", "1")
	t.Setenv("SLURM_ARRAY_TASK_COUNT", "2")
	t.Setenv("SLURM_ARRAY_TASK_MIN", "0")
	t.Setenv("SLURM_ARRAY_TASK_MAX", "1")
	got, err := runArgs(t, "atlas", "-mults", "2..5", "-n", "500", "-out", out)
	if err != nil || !strings.Contains(got, "shard 1/2: 2 multipliers, 2 computed") {
		t.Fatalf("%v: %s", err, got)
	}
	for _, m := range []string{"3", "5"} {
		if _, err := os.Stat(filepath.Join(out, "atlas", "mult="+m, "summary.parquet")); err != nil {
			t.Errorf("shard 1/2 did not write a = %s: %v", m, err)
		}
	}
	if _, err := runArgs(t, "atlas", "-merge", out); err == nil {
		t.Errorf("a merge with shard 0/2 missing worked")
	}
	t.Setenv("SLURM_ARRAY_TASK_ID", "0")
	if _, err := runArgs(t, "atlas", "-mults", "2..5", "-n", "500", "-out", out); err != nil {
		t.Fatal(err)
	}
	got, err = runArgs(t, "atlas", "-merge", out)
	if err != nil || !strings.Contains(got, "merged 4 multipliers") {
		t.Fatalf("%v: %s", err, got)
	}
	md, _ := os.ReadFile(filepath.Join(out, "tables", "atlas.md"))
	if !strings.Contains(string(md), "atlas") {
		t.Errorf("atlas.md:\n%s", md)
	}
	// The merged table exports, h as a list.
	csv, err := runArgs(t, "export", "-in", filepath.Join(out, "atlas.parquet"))
	if err != nil || !strings.Contains(csv, ",0 1 2 ") || len(strings.Split(strings.TrimSpace(csv), "\n")) != 5 {
		t.Errorf("export: %v\n%s", err, csv)
	}
	js, err := runArgs(t, "export", "-in", filepath.Join(out, "atlas.parquet"), "-format", "json")
	if err != nil || !strings.Contains(js, `"h":[0,1,2,`) {
		t.Errorf("export -format json: %v\n%s", err, js)
	}
	plan, err := runArgs(t, "atlas", "-mults", "farey:10:12", "-n", "10^4", "-workers", "1", "-plan")
	if err != nil || !strings.Contains(plan, "multipliers 415\n") || !strings.Contains(plan, "mem_mib ") {
		t.Errorf("-plan: %v\n%s", err, plan)
	}
	// At 10^8 one multiplier needs more than 8 bytes a row (the checks
	// hold R_1 and the start values, 4 bytes a row each, beside the
	// counts) and far less than 40. (Engine v3 holds runs instead of
	// arrays, so the engine no longer needs more than 10.)
	plan, err = runArgs(t, "atlas", "-mults", "2", "-n", "10^8", "-workers", "1", "-plan")
	var mib int
	for _, l := range strings.Split(plan, "\n") {
		if v, ok := strings.CutPrefix(l, "mem_mib "); ok {
			mib, _ = strconv.Atoi(v)
		}
	}
	if err != nil || mib < 8e8>>20 || mib > 4000 {
		t.Errorf("-plan at 10^8: %v, %d MiB\n%s", err, mib, plan)
	}
}

// An interrupt stops atlas soon and keeps what it wrote. The interrupt
// comes 0.1 s after the plan is written. The time is
// measured from the cancel; its bound (5 s) is generous, for loaded
// machines: the stop takes a small fraction of it on an idle one.
func TestAtlasStopsOnInterrupt(t *testing.T) {
	out := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	var cancelled atomic.Int64 // UnixNano of the cancel
	// Cancel once the plan is written (the shards' work has begun), not at
	// a fixed time: on a loaded machine the planning alone can outlast one.
	go func() {
		for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline) && ctx.Err() == nil; time.Sleep(10 * time.Millisecond) {
			if _, err := os.Stat(filepath.Join(out, "atlas", "plan.json")); err == nil {
				break
			}
		}
		time.Sleep(100 * time.Millisecond)
		cancelled.Store(time.Now().UnixNano())
		cancel()
	}()
	err := run(ctx, []string{"atlas", "-mults", "2,13/12", "-n", "3000000", "-out", out}, io.Discard, io.Discard)
	if c := cancelled.Load(); c != 0 && time.Since(time.Unix(0, c)) > 5*time.Second {
		t.Errorf("stopped %v after the interrupt", time.Since(time.Unix(0, c)))
	}
	cancel()
	if err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Errorf("%v", err)
	}
	if _, err := os.Stat(filepath.Join(out, "atlas", "plan.json")); err != nil {
		t.Errorf("no plan: %v", err)
	}
}

// A merge with -since compares with an earlier atlas at a smaller N: its
// report gains the section on what changed, names the earlier file in
// atlas.parquet, and can be made again from the folder alone. The earlier
// atlas must be beside it, at a smaller N, under another name.
func TestAtlasMergeSince(t *testing.T) {
	dir := t.TempDir()
	small, big := filepath.Join(dir, "small"), filepath.Join(dir, "big")
	for _, c := range []struct{ out, n string }{{small, "3000"}, {big, "30000"}} {
		if _, err := runArgs(t, "atlas", "-mults", "2,3", "-n", c.n, "-workers", "1", "-out", c.out); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := runArgs(t, "atlas", "-merge", small); err != nil {
		t.Fatal(err)
	}
	earlier := filepath.Join(big, "atlas-3000.parquet")
	data, err := os.ReadFile(filepath.Join(small, "atlas.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(earlier, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ since, want string }{
		{filepath.Join(small, "atlas.parquet"), "beside the merged one"},
		{filepath.Join(dir, "nope.parquet"), "-since"},
	} {
		_, err := runArgs(t, "atlas", "-merge", big, "-since", c.since)
		var ue usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("-since %s: got %v, want a usage error with %q", c.since, err, c.want)
		}
	}
	if _, err := runArgs(t, "atlas", "-merge", big, "-since", earlier); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(big, "tables", "atlas.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## What changed from N = 3,000 to N = 30,000", "Compared with atlas-3000.parquet (2 multipliers, N = 3,000)", "The two atlases agree"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("atlas.md lacks %q:\n%s", want, md)
		}
	}
	again, err := atlas.Regenerate(big)
	if err != nil || !bytes.Equal(again, md) {
		t.Errorf("the report made again from the folder differs (%v)", err)
	}
	// The larger atlas cannot be the earlier one of the smaller.
	if err := os.WriteFile(filepath.Join(small, "atlas-big.parquet"), mustRead(t, filepath.Join(big, "atlas.parquet")), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := runArgs(t, "atlas", "-merge", small, "-since", filepath.Join(small, "atlas-big.parquet")); err == nil || !strings.Contains(err.Error(), "below") {
		t.Errorf("an earlier atlas at a larger N was taken: %v", err)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
