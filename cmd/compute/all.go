package main

import (
	"context"
	"fibnim/grundy"
	"fibnim/internal/cli"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
)

// defaultAllN is the default scale of "compute all" (and so of make).
const defaultAllN = "1000000"

// defaultAllMults are the further multipliers of "compute all": a = 1 (the
// smallest; G(n) grows much faster than for a = 2, past 255 near
// N = 2.3*10^6), and a on both sides of 2.
const defaultAllMults = "1,3/2,5/2,3"

// defaultGlobalN and defaultGlobalMults are the global game's tables of
// "compute all": a few seconds with their checks (docs/global.md).
const (
	defaultGlobalN     = "300"
	defaultGlobalMults = "2,3/2,5/2,3"
)

func runAll(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("all", stderr)
	n := fs.String("n", defaultAllN, "largest pile size of the Grundy table")
	out := fs.String("out", "results", "output folder")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "worker goroutines")
	mults := fs.String("mults", defaultAllMults, "further multipliers whose tables verify checks too (the papers' statements put for every a); \"\" for none")
	multsN := fs.String("mults-n", defaultAllN, "largest pile size of the further multipliers' tables")
	globalN := fs.String("global-n", defaultGlobalN, "largest pile of the global game's tables (compute global)")
	globalMults := fs.String("global-mults", defaultGlobalMults, "multipliers of the global game's tables; \"\" for none")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute all [-n N] [-out DIR] [-workers W] [-mults LIST] [-mults-n N] [-global-n M] [-global-mults LIST]")
		fs.PrintDefaults()
	}
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	if _, err := cli.ParseSize("n", *n); err != nil {
		return err
	}
	if _, err := cli.ParseSize("mults-n", *multsN); err != nil {
		return err
	}
	var extra []grundy.Multiplier
	if *mults != "" {
		for _, m := range strings.Split(*mults, ",") {
			a, err := grundy.ParseMultiplier(strings.TrimSpace(m))
			if err != nil {
				return usagef("-mults: %v", err)
			}
			if a != grundy.Fibonacci {
				extra = append(extra, a)
			}
		}
	}
	if _, err := cli.ParseSize("global-n", *globalN); err != nil {
		return err
	}
	var globals []grundy.Multiplier
	if *globalMults != "" {
		for _, m := range strings.Split(*globalMults, ",") {
			a, err := grundy.ParseMultiplier(strings.TrimSpace(m))
			if err != nil {
				return usagef("-global-mults: %v", err)
			}
			globals = append(globals, a)
		}
	}
	if err := needFolder("out", *out); err != nil {
		return err
	}
	if err := prepareDir(ctx, *out); err != nil {
		return err
	}
	w := strconv.Itoa(*workers)
	steps := [][]string{{"grundy", "-n", *n, "-out", *out, "-workers", w}}
	for _, a := range extra {
		steps = append(steps, []string{"grundy", "-n", *multsN, "-mult", a.String(), "-out", *out, "-workers", w})
	}
	for _, a := range globals {
		steps = append(steps, []string{"global", "-n", *globalN, "-mult", a.String(), "-out", *out, "-workers", w})
	}
	steps = append(steps,
		[]string{"lrs-table1", "-out", *out},
		[]string{"ntimes", "-out", *out, "-workers", w},
		[]string{"verify", "-in", *out})
	for _, s := range steps {
		fmt.Fprintf(stderr, "== compute %v\n", s)
		if err := run(ctx, s, stdout, stderr); err != nil {
			return err
		}
	}
	return nil
}
