package main

import (
	"context"
	"fmt"
	"io"
	"math/big"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"fibnim/grundy"
	"fibnim/internal/cli"
	"fibnim/ntimesrun"
	"fibnim/version"
)

// maxNtimesRange is the most multipliers one INT..INT range of -mults
// may hold.
const maxNtimesRange = 1_000_000

// parseMults reads a list such as "2..14,7/2,43/11": each multiplier
// once, in the order of its first mention (2, 4/2 and 2.0 are one).
func parseMults(s string) ([]*big.Rat, error) {
	var out []*big.Rat
	seen := map[string]bool{}
	add := func(r *big.Rat) {
		if k := r.RatString(); !seen[k] {
			seen[k] = true
			out = append(out, r)
		}
	}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if lo, hi, ok := strings.Cut(part, ".."); ok {
			a, err1 := strconv.Atoi(strings.TrimSpace(lo))
			b, err2 := strconv.Atoi(strings.TrimSpace(hi))
			if err1 != nil || err2 != nil || a < 1 || b < a {
				return nil, usagef("-mults: range %q must be INT..INT with 1 <= first <= last", part)
			}
			if b-a >= maxNtimesRange {
				return nil, usagef("-mults: range %q holds %d multipliers, more than the %d a range may hold", part, int64(b)-int64(a)+1, maxNtimesRange)
			}
			for i := a; i <= b; i++ {
				add(big.NewRat(int64(i), 1))
			}
			continue
		}
		m, err := grundy.ParseMultiplier(part)
		if err != nil {
			return nil, usagef("-mults: %v", err)
		}
		add(m.Rat())
	}
	if len(out) == 0 {
		return nil, usagef("-mults: empty list")
	}
	return out, nil
}

// runNtimes is "compute ntimes": flags around ntimesrun.Run.
func runNtimes(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("ntimes", stderr)
	mults := fs.String("mults", "2..1000", "multipliers: integers, fractions, decimals and INT..INT ranges, comma separated")
	terms := fs.Int("terms", 12, "K for the real intervals on which the first K terms of F(a) are constant")
	seqTerms := fs.Int("seq-terms", 200, "terms f_1..f_K of each sequence written to sequences.parquet")
	upto := fs.String("real-upto", "10", "find the exact real thresholds of c in [1, X]")
	out := fs.String("out", "results", "output folder")
	minStable := fs.Int("min-stable", 2000, "accept c once k - r(k) stayed constant for this many terms (or factor*(c+1))")
	factor := fs.Int("stable-factor", 10, "accept c once k - r(k) stayed constant for factor*(c+1) terms (or min-stable)")
	maxTerms := fs.Int("max-terms", 1<<20, "most terms computed for one multiplier")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "worker goroutines")
	maxMem := fs.String("max-mem", "", "refuse runs whose estimated peak memory exceeds this, e.g. 4GiB (default: available memory)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute ntimes [-mults LIST] [-terms K] [-seq-terms K] [-real-upto X] [-out DIR] [-max-mem SIZE]")
		fs.PrintDefaults()
	}
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	cfg := ntimesrun.Config{MultsText: *mults, Revision: version.Revision(), Log: stderr}
	var err error
	if cfg.Mults, err = parseMults(*mults); err != nil {
		return err
	}
	if *terms < 1 || *seqTerms < 1 {
		return usagef("-terms %d, -seq-terms %d: need at least 1 term", *terms, *seqTerms)
	}
	if *minStable < 1 || *factor < 1 || *maxTerms < 2 || *workers < 1 {
		return usagef("-min-stable, -stable-factor, -workers must be >= 1 and -max-terms >= 2")
	}
	um, err := grundy.ParseMultiplier(*upto)
	if err != nil {
		return usagef("-real-upto: %v", err)
	}
	if err := needFolder("out", *out); err != nil {
		return err
	}
	cfg.Terms, cfg.SeqTerms, cfg.RealUpto, cfg.Out = *terms, *seqTerms, um.Rat(), *out
	cfg.MinStable, cfg.Factor, cfg.MaxTerms, cfg.Workers = *minStable, *factor, *maxTerms, *workers
	limit, err := cli.MemoryLimit(*maxMem)
	if err != nil {
		return err
	}
	need := ntimesrun.Bytes(cfg)
	if limit > 0 && need > limit {
		return usagef("-mults %s: n-times nim needs about %s with %d workers, more than the %s allowed (-max-mem); try fewer -workers, a smaller -max-terms or fewer multipliers", *mults, cli.HumanBytes(need), cfg.Workers, cli.HumanBytes(limit))
	}
	dir := filepath.Join(cfg.Out, ntimesrun.Folder)
	tables := filepath.Join(cfg.Out, ntimesrun.TablesFolder)
	for _, d := range []string{dir, tables} {
		if err := prepareDir(ctx, d); err != nil {
			return err
		}
	}
	start := time.Now()
	fmt.Fprintf(stderr, "ntimes: %d multipliers, %d workers, estimated peak %s\n", len(cfg.Mults), cfg.Workers, cli.HumanBytes(need))
	logf := cli.Every(stderr, 5*time.Second)
	cfg.Solved = func(done int) {
		logf("ntimes: %d of %d multipliers solved, elapsed %v", done, len(cfg.Mults), time.Since(start).Round(time.Second))
	}
	if _, err := ntimesrun.Run(ctx, cfg); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s/{c_table,sequences,real_c,real_terms}.parquet and %s/ft_table1{.md,.csv,.tex,_real.tex} in %v\n", dir, tables, time.Since(start).Round(time.Millisecond))
	return nil
}
