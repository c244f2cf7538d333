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

func runAll(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("all", stderr)
	n := fs.String("n", defaultAllN, "largest pile size of the Grundy table")
	out := fs.String("out", "results", "output folder")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "worker goroutines")
	mults := fs.String("mults", defaultAllMults, "further multipliers whose tables verify checks too (the papers' statements put for every a); \"\" for none")
	multsN := fs.String("mults-n", defaultAllN, "largest pile size of the further multipliers' tables")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute all [-n N] [-out DIR] [-workers W] [-mults LIST] [-mults-n N]")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
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
	if err := needFolder("out", *out); err != nil {
		return err
	}
	if err := prepareDir(*out); err != nil {
		return err
	}
	w := strconv.Itoa(*workers)
	steps := [][]string{{"grundy", "-n", *n, "-out", *out, "-workers", w}}
	for _, a := range extra {
		steps = append(steps, []string{"grundy", "-n", *multsN, "-mult", a.String(), "-out", *out, "-workers", w})
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
