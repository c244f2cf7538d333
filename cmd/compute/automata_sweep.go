package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"fibnim/atlas"
	"fibnim/grundy"
	"fibnim/grundyproof"
	"fibnim/internal/cli"
)

// sweepFlags are the flags of compute automata's sweep mode (-mults) and
// its merge (-merge).
type sweepFlags struct {
	mults, shard, merge, machine, mem string
	cpu                               time.Duration
	edgeBudget                        int
}

func (s *sweepFlags) define(fs *flag.FlagSet) {
	fs.StringVar(&s.mults, "mults", "", "sweep: learn and prove every multiplier of this list (as compute atlas -mults reads it; those >= 7/2 get the edge's row), each in OUT/automata/mult=A/")
	fs.StringVar(&s.shard, "shard", "", "sweep: i/M, shard i of M (every M-th multiplier of the sorted list, from the i-th); default: the Slurm array task's, else 0/1")
	fs.StringVar(&s.merge, "merge", "", "merge the sweep under this folder into FOLDER/automata/summary.json, summary.md, edge.md and timings.md")
	fs.StringVar(&s.machine, "machine", "", "with -merge: a sentence on the machine the sweep ran on and its load, for timings.md")
	fs.DurationVar(&s.cpu, "cpu", grundyproof.DefaultCPUBudget, "sweep: the CPU time one attempt of a multiplier may use")
	fs.StringVar(&s.mem, "mem", "4GiB", "sweep: the resident memory one attempt may reach (4GiB, 3000MiB, ...)")
	fs.IntVar(&s.edgeBudget, "edge-budget", grundyproof.DefaultEdgeBudget, "sweep: the states of the adder's search of a multiplier >= 7/2")
}

// runAutomataSweep is compute automata -mults: the sweep's shard.
func runAutomataSweep(ctx context.Context, s sweepFlags, set map[string]bool, maxG int, nText, suffixes string, budget int, out string, stdout, stderr io.Writer) error {
	for _, f := range []string{"mult", "check", "reprove", "in", "machine"} {
		if set[f] {
			return usagef("-mults takes no -%s", f)
		}
	}
	list, err := atlas.ParseList(s.mults)
	if err != nil {
		return usagef("-mults: %v", err)
	}
	if maxG < 0 || maxG > 40 {
		return usagef("-max-g %d: want 0..40", maxG)
	}
	N, err := cli.ParseSize("n", nText)
	if err != nil {
		return err
	}
	if N < 1000 || N > 1<<31 {
		return usagef("-n %d: want 1000..2^31", N)
	}
	ms, err := parseSuffixes(suffixes)
	if err != nil {
		return err
	}
	if s.cpu < time.Second {
		return usagef("-cpu %v: want at least 1s", s.cpu)
	}
	if s.edgeBudget < 1 {
		return usagef("-edge-budget %d: want at least 1", s.edgeBudget)
	}
	mem, err := cli.ParseBytes(s.mem)
	if err != nil {
		return usagef("-mem: %v", err)
	}
	if mem < 256<<20 {
		return usagef("-mem %s: want at least 256MiB", s.mem)
	}
	sh := atlas.All
	if s.shard != "" {
		if sh, err = atlas.ParseShard(s.shard); err != nil {
			return usagef("-shard: %v", err)
		}
	} else if x, ok, err := atlas.ShardFromSlurm(os.Getenv); err != nil {
		return usagef("%v", err)
	} else if ok {
		sh = x
	}
	if err := needFolder("out", out); err != nil {
		return err
	}
	if err := prepareDir(ctx, grundyproof.SweepDir(out)); err != nil {
		return err
	}
	plan := grundyproof.NewSweepPlan(s.mults, list, maxG, int(N), budget, s.cpu, int64(mem), s.edgeBudget, ms)
	mine := sh.Pick(list)
	fmt.Fprintf(stderr, "automata: shard %s: %d of %d multipliers, values 0..%d, tables to N = %d, budget %d states, %v of CPU and %d MiB per attempt\n",
		sh, len(mine), len(list), maxG, N, plan.StateBudget, s.cpu, plan.MemoryMiB)
	start := time.Now()
	cfg := grundyproof.SweepConfig{Root: out, Plan: plan, Mine: mine,
		Write: writeAutomata,
		Progress: func(a grundy.Multiplier, line string) {
			fmt.Fprintf(stderr, "automata: %7.1f s  a = %s: %s\n", time.Since(start).Seconds(), a, line)
		},
		Done: func(ev grundyproof.SweepEvent) {
			r := ev.Row
			if ev.Skipped {
				fmt.Fprintf(stderr, "automata: [%d/%d] a = %s: row and folder already there, skipped\n", ev.Index, ev.Total, ev.A)
				return
			}
			what := fmt.Sprintf("values %s proved", r.ProvedText())
			if r.Pisot && r.ProvedUpTo < 0 {
				what = "nothing proved"
			}
			switch {
			case !r.Pisot:
				what = grundyproof.NotPisotText + " (" + r.Edge.Short() + ")"
			case r.Stop != "":
				what += "; " + r.Stop
			}
			fmt.Fprintf(stderr, "automata: [%d/%d] a = %s: %s; %.1f s, %.1f s of CPU, peak %s\n", ev.Index, ev.Total, ev.A, what,
				ev.Timing.Seconds, ev.Timing.CPUSeconds, cli.HumanBytes(uint64(max(ev.Timing.PeakRSS, 0))))
		}}
	computed, skipped, err := grundyproof.Sweep(ctx, cfg)
	if ctx.Err() != nil {
		return fmt.Errorf("interrupted; the %d rows written are kept; run the same command again to resume", computed)
	}
	if errors.Is(err, grundyproof.ErrOtherSweep) {
		return usagef("-out %s: %v; give another -out", out, err)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "automata: shard %s: %d multipliers, %d computed, %d already there; rows in %s in %v\n",
		sh, len(mine), computed, skipped, filepath.Join(grundyproof.SweepDir(out), grundy.FolderGlob), time.Since(start).Round(time.Millisecond))
	return nil
}

// runAutomataMerge is compute automata -merge DIR.
func runAutomataMerge(s sweepFlags, set map[string]bool, stdout io.Writer) error {
	for _, f := range []string{"mults", "shard", "mult", "max-g", "n", "out", "check", "cpu", "mem", "edge-budget", "budget", "suffixes"} {
		if set[f] {
			return usagef("-merge takes no -%s: the folder's plan says what the sweep holds", f)
		}
	}
	if err := inputFolder("merge", s.merge); err != nil {
		return err
	}
	sum, timings, err := grundyproof.MergeSweep(s.merge)
	if errors.Is(err, os.ErrNotExist) {
		return usagef("-merge %s: no sweep there (no %s): run compute automata -mults LIST -out %s first", s.merge, filepath.Join(grundyproof.SweepDir(s.merge), grundyproof.SweepPlanFile), s.merge)
	}
	if err != nil {
		return err
	}
	recovered, err := grundyproof.WriteSweep(s.merge, sum, timings, s.machine)
	if recovered {
		fmt.Fprintf(stdout, "automata: completed the outputs of an earlier merge that stopped while replacing them\n")
	}
	if err != nil {
		return err
	}
	c := sum.Counts()
	fmt.Fprintf(stdout, "automata: merged %d multipliers (%d below 7/2: K >= %d for %d; %d not decidable) into %s\n", len(sum.Rows), c.Pisot,
		min(grundyproof.Target, sum.Plan.MaxG), c.AtLeast, c.NotPisot, filepath.Join(grundyproof.SweepDir(s.merge), grundyproof.SummaryMD))
	return nil
}
