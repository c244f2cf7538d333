package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"time"

	"fibnim/globalnim"
	"fibnim/grundy"
	"fibnim/internal/cli"
	"fibnim/table"
	"fibnim/tablebuild"
	"fibnim/version"
)

// runGlobal is "compute global": the global game's table, R_g(x, y) for
// every 0 <= x <= y <= M, written under OUT/global/mult=A/.
func runGlobal(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("global", stderr)
	n := fs.String("n", "", "largest pile M (required)")
	mult := fs.String("mult", "2", "multiplier a >= 1: integer, fraction p/q or decimal")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "worker goroutines")
	out := fs.String("out", "results", "output folder")
	maxMem := fs.String("max-mem", "", "refuse runs whose estimated peak memory exceeds this, e.g. 4GiB (default: available memory)")
	replace := fs.Bool("replace", false, "replace a table of a larger M (otherwise refused)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute global -n M [-mult A] [-workers W] [-out DIR] [-max-mem SIZE] [-replace]")
		fmt.Fprintln(stderr, "Global Fibonacci nim: two piles, one shared move limit; writes OUT/global/mult=A/ (docs/global.md).")
		fs.PrintDefaults()
	}
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	if *n == "" {
		return usagef("global: -n is required")
	}
	M, err := cli.ParseSize("n", *n)
	if err != nil {
		return err
	}
	if M > globalnim.MaxM {
		return usagef("-n %d is above the engine's limit %d", M, globalnim.MaxM)
	}
	a, err := grundy.ParseMultiplier(*mult)
	if err != nil {
		return usagef("-mult: %v", err)
	}
	if *workers < 1 {
		return usagef("-workers %d: need at least 1", *workers)
	}
	limit, err := cli.MemoryLimit(*maxMem)
	if err != nil {
		return err
	}
	if need := globalnim.SweepBytes(M, *workers); limit > 0 && need > limit {
		return usagef("-n %d: the global engine needs about %s with %d workers, more than the %s allowed (-max-mem)", M, cli.HumanBytes(need), *workers, cli.HumanBytes(limit))
	}
	if err := needFolder("out", *out); err != nil {
		return err
	}
	dir := globalnim.Dir(*out, a)
	if err := prepareDir(ctx, filepath.Dir(dir)); err != nil {
		return err
	}
	start := time.Now()
	logf := cli.Every(stderr, 2*time.Second)
	res, err := tablebuild.Global(ctx, tablebuild.GlobalConfig{Dir: dir, M: M, Mult: a, Workers: *workers, Replace: *replace,
		Revision: version.Revision(), Command: commandLine(), Log: stderr,
		Started: func() {
			fmt.Fprintf(stderr, "global: M=%d, a=%s, %d workers, %d positions, estimated peak %s\n", M, a, *workers, globalnim.Positions(M), cli.HumanBytes(globalnim.SweepBytes(M, *workers)))
		},
		Done: func(g, positions int) {
			logf("global: value %d written (%d positions reach it), elapsed %v", g, positions, time.Since(start).Round(time.Millisecond))
		}})
	if err != nil {
		return err
	}
	if res.AlreadyThere {
		note := ""
		if res.NoManifest {
			note = " (written before global tables had manifests: -replace rewrites it with one)"
		}
		fmt.Fprintf(stdout, "%s already holds this table, complete: M=%d, a=%s%s; nothing to do (-replace recomputes it)\n", res.Dir, M, a, note)
		return nil
	}
	fmt.Fprintf(stdout, "wrote %s/{%s,%s/,%s} (M=%d, max G=%d) in %v\n", dir, globalnim.PositionsFile, table.BreakpointsDir, globalnim.ManifestFile, M, res.MaxG, time.Since(start).Round(time.Millisecond))
	return nil
}
