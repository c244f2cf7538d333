package main

import (
	"context"
	"fibnim/internal/cli"
	"fmt"
	"io"
	"runtime"
	"strconv"
)

// defaultAllN is the default scale of "compute all" (and so of make).
const defaultAllN = "1000000"

func runAll(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("all", stderr)
	n := fs.String("n", defaultAllN, "largest pile size of the Grundy table")
	out := fs.String("out", "results", "output folder")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "worker goroutines")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute all [-n N] [-out DIR] [-workers W]")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if _, err := cli.ParseSize("n", *n); err != nil {
		return err
	}
	if err := prepareDir(*out); err != nil {
		return err
	}
	w := strconv.Itoa(*workers)
	steps := [][]string{
		{"grundy", "-n", *n, "-out", *out, "-workers", w},
		{"lrs-table1", "-out", *out},
		{"ntimes", "-out", *out, "-workers", w},
		{"verify", "-in", *out},
	}
	for _, s := range steps {
		fmt.Fprintf(stderr, "== compute %v\n", s)
		if err := run(ctx, s, stdout, stderr); err != nil {
			return err
		}
	}
	return nil
}
