package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"fibnim/atlas"
	"fibnim/grundy"
	"fibnim/internal/cli"
	"fibnim/report"
	"fibnim/version"
)

func runAtlas(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("atlas", stderr)
	mults := fs.String("mults", "", "multipliers: integers, fractions, decimals, INT..INT ranges and farey:MAX:Q (every p/q <= MAX with q <= Q), comma separated")
	n := fs.String("n", "", "largest pile size N of every multiplier's table (1e6 and 10^6 forms accepted)")
	out := fs.String("out", "results", "output folder: summaries go to OUT/atlas/mult=A/summary.parquet")
	shard := fs.String("shard", "", "i/M: compute shard i of M (every M-th multiplier of the sorted list, from the i-th); default: the Slurm array task's, else 0/1")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "breakpoint engine sweeps per multiplier")
	maxMem := fs.String("max-mem", "", "refuse runs whose estimated peak memory exceeds this, e.g. 4GiB (default: available memory)")
	merge := fs.String("merge", "", "merge the atlas under this folder into FOLDER/atlas.parquet and FOLDER/tables/atlas.md")
	since := fs.String("since", "", "with -merge: an earlier atlas.parquet, at a smaller N, that the report compares with")
	plan := fs.Bool("plan", false, "print the number of multipliers and the estimated memory of one shard, and write nothing")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute atlas -mults LIST -n N [-out DIR] [-shard i/M] [-workers W]")
		fmt.Fprintln(stderr, "       compute atlas -merge DIR [-since EARLIER/atlas.parquet]")
		fmt.Fprintln(stderr, "       compute atlas -mults LIST -n N [-workers W] -plan")
		fs.PrintDefaults()
	}
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["merge"] {
		for _, f := range []string{"mults", "n", "shard", "plan", "out"} {
			if set[f] {
				return usagef("-merge takes no -%s: the folder's plan says what the atlas holds", f)
			}
		}
		return runAtlasMerge(ctx, *merge, *since, stdout)
	}
	if set["since"] {
		return usagef("-since goes with -merge")
	}
	if *mults == "" && !set["mults"] {
		return usagef("atlas: -mults is required (or -merge DIR)")
	}
	list, err := atlas.ParseList(*mults)
	if err != nil {
		return usagef("-mults: %v", err)
	}
	if *n == "" {
		return usagef("atlas: -n is required")
	}
	N, err := cli.ParseSize("n", *n)
	if err != nil {
		return err
	}
	if N < 2 || N > grundy.MaxBreakpointN {
		return usagef("-n %d: want 2 <= N <= %d", N, grundy.MaxBreakpointN)
	}
	if *workers < 1 {
		return usagef("-workers %d: need at least 1", *workers)
	}
	sh := atlas.All
	if *shard != "" {
		if sh, err = atlas.ParseShard(*shard); err != nil {
			return usagef("-shard: %v", err)
		}
	} else if s, ok, err := atlas.ShardFromSlurm(os.Getenv); err != nil {
		return usagef("%v", err)
	} else if ok {
		sh = s
	}
	if !*plan {
		if err := needFolder("out", *out); err != nil {
			return err
		}
	}
	if *plan {
		// The memory of the neediest multiplier of the list: every task of
		// a Slurm array is given the same.
		need, neediest, err := atlas.MaxBytes(ctx, N, list, *workers)
		if err != nil {
			return err
		}
		fmt.Fprintf(stderr, "atlas: %d multipliers (%s to %s), N = %d; shard %s holds %d; each needs at most about %s with %d workers (a = %s)\n",
			len(list), list[0], list[len(list)-1], N, sh, len(sh.Pick(list)), cli.HumanBytes(need), *workers, neediest)
		fmt.Fprintf(stdout, "multipliers %d\nshard_multipliers %d\nmem_bytes %d\nmem_mib %d\n", len(list), len(sh.Pick(list)), need, (need+1<<20-1)>>20)
		return nil
	}
	limit, err := cli.MemoryLimit(*maxMem)
	if err != nil {
		return err
	}
	need, neediest, fits, err := atlas.Guard(ctx, N, sh.Pick(list), *workers, limit)
	if err != nil {
		return err
	}
	if !fits {
		return usagef("-n %d: a = %s needs about %s with %d workers, more than the %s allowed (-max-mem); try fewer -workers", N, neediest, cli.HumanBytes(need), *workers, cli.HumanBytes(limit))
	}
	if err := prepareDir(ctx, atlas.Dir(*out)); err != nil {
		return err
	}
	mine := len(sh.Pick(list))
	fmt.Fprintf(stderr, "atlas: shard %s: %d of %d multipliers, N = %d, %d workers, at most about %s each\n", sh, mine, len(list), N, *workers, cli.HumanBytes(need))
	start := time.Now()
	logf := cli.Every(stderr, 5*time.Second)
	cfg := atlas.Config{Root: *out, List: *mults, Mults: list, N: N, Shard: sh, Workers: *workers, Revision: version.Revision(),
		Progress: func(a grundy.Multiplier, g int) {
			logf("atlas: a = %s: values 1..%d done, elapsed %v", a, g, time.Since(start).Round(time.Second))
		},
		Done: func(ev atlas.Event) {
			r := ev.Row
			if ev.Skipped {
				fmt.Fprintf(stderr, "atlas: [%d/%d] a = %s: summary already there, skipped\n", ev.Index, ev.Total, ev.A)
				return
			}
			what := fmt.Sprintf("G(N) = %d, alpha = %.4f, G(n + ceil(n/a)) - G(n) outside [1, 2]: %d times", r.GN, r.Alpha, r.StepOutside())
			if r.Status != atlas.Complete {
				what = r.Status + ": " + r.Note
			}
			fmt.Fprintf(stderr, "atlas: [%d/%d] a = %s: %s; %.3f s\n", ev.Index, ev.Total, ev.A, what, ev.Elapsed.Seconds())
		}}
	computed, skipped, err := atlas.Run(ctx, cfg)
	if ctx.Err() != nil && computed > 0 {
		return &keptError{fmt.Sprintf("the summaries written (%d) are kept; run the same command again to resume", computed)}
	}
	if ctx.Err() != nil {
		return cli.ErrInterrupted
	}
	if errors.Is(err, atlas.ErrOtherPlan) {
		return usagef("-out %s: %v; give another -out", *out, err)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "atlas: shard %s: %d multipliers, %d computed, %d already there; summaries in %s in %v\n",
		sh, mine, computed, skipped, filepath.Join(atlas.Dir(*out), grundy.FolderGlob), time.Since(start).Round(time.Millisecond))
	return nil
}

// runAtlasMerge merges the atlas under dir and writes its table and report.
func runAtlasMerge(ctx context.Context, dir, since string, stdout io.Writer) error {
	if err := needFolder("merge", dir); err != nil {
		return err
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return usagef("-merge %s is not a folder", dir)
	}
	plan, rows, err := atlas.Merge(dir)
	if errors.Is(err, atlas.ErrNoAtlas) {
		return usagef("-merge %s: %v", dir, advise(err))
	}
	if err != nil {
		return err
	}
	var earlier *atlas.Earlier
	if since != "" {
		if earlier, err = atlas.ReadEarlier(since, plan.N); err != nil {
			return usagef("-since %v", err)
		}
		// The report names the earlier atlas by its file name, and
		// atlas.Regenerate looks for it beside atlas.parquet.
		if filepath.Dir(filepath.Clean(since)) != filepath.Clean(dir) {
			return usagef("-since %s: put the earlier atlas in %s beside the merged one (as, say, atlas-1e7.parquet), so the report can be made again from that folder", since, dir)
		}
		if filepath.Base(since) == atlas.ParquetFile {
			return usagef("-since %s: the merge writes %s; give the earlier atlas another name", since, atlas.ParquetFile)
		}
	}
	tables := filepath.Join(dir, "tables")
	if err := prepareDir(ctx, tables); err != nil {
		return err
	}
	recovered, err := atlas.WriteAll(dir, plan, rows, earlier, version.Revision())
	if recovered {
		fmt.Fprintf(stdout, "atlas: completed the outputs of an earlier merge that stopped while replacing them\n")
	}
	if err != nil {
		return err
	}
	tab, notes := report.AtlasTeX(rows)
	if err := report.WriteFiles(tables, report.File{Name: "atlas.tex", Data: tab}, report.File{Name: "atlas_notes.tex", Data: notes}); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "atlas: merged %d multipliers (N = %d) into %s and %s (and .tex)\n", len(rows), plan.N, filepath.Join(dir, "atlas.parquet"), filepath.Join(tables, "atlas.md"))
	return nil
}
