package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"fibnim/grundy"
	"fibnim/internal/cli"
	"fibnim/table"
	"fibnim/version"
)

// defaultDenseMax is the largest n written to dense.parquet by default:
// 2001*2002/2 = 2.0 million rows, about 3 MB on disk.
const defaultDenseMax = 2000

type grundyOpts struct {
	N        int
	mult     grundy.Multiplier
	workers  int
	out      string
	denseMax int
	maxMem   uint64

	engine      string // dense or breakpoint
	breakpoints bool   // write the breakpoint table (breakpoint engine)
	ckptEvery   time.Duration
	cpuProfile  string
	runsFrom    int    // grundy.BreakpointConfig.SwitchAt
	sweeps      string // write what each sweep did to this CSV file
}

// denseEngineMax is the largest N that "-engine auto" fills densely: at
// N = 20000 the dense table is 400 MB and takes about 2 s on 2 cores, while
// the breakpoint engine takes well under a second.
const denseEngineMax = 20000

func parseGrundyFlags(args []string, stderr io.Writer) (grundyOpts, error) {
	fs := newFlags("grundy", stderr)
	n := fs.String("n", "", "largest pile size N (required; 1e6 and 10^6 forms accepted)")
	mult := fs.String("mult", "2", "multiplier a >= 1: integer, fraction p/q or decimal")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "worker goroutines")
	out := fs.String("out", "results", "output folder")
	denseMax := fs.String("dense-max", strconv.Itoa(defaultDenseMax), "largest n written to dense.parquet")
	maxMem := fs.String("max-mem", "", "refuse runs whose estimated peak memory exceeds this, e.g. 4GiB (default: available memory)")
	engine := fs.String("engine", "auto", "dense, breakpoint, auto (dense up to N=20000), or brute (the test oracle, for benchmarks; small N only)")
	bps := fs.Bool("breakpoints", true, "breakpoint engine: write the complete breakpoint table (false: start values only)")
	ckpt := fs.Duration("checkpoint-every", 30*time.Second, "breakpoint engine: least time between checkpoints (0: after every value)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the run to this file (for `go tool pprof`)")
	sweeps := fs.String("sweeps", "", "breakpoint engine: write what each sweep did (value, rows or runs, wall time, work) to this CSV file")
	runsFrom := fs.Int("runs-from", 0, "breakpoint engine: the first value swept over runs instead of rows (0: chosen from the run lengths; -1: rows only); the output is the same")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute grundy -n N [-mult A] [-workers W] [-out DIR] [-dense-max M] [-max-mem SIZE]")
		fs.PrintDefaults()
	}
	var o grundyOpts
	if err := parseFlags(fs, args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, usagef("unexpected argument %q", fs.Arg(0))
	}
	if *n == "" {
		return o, usagef("grundy: -n is required")
	}
	var err error
	if o.N, err = cli.ParseSize("n", *n); err != nil {
		return o, err
	}
	if o.mult, err = grundy.ParseMultiplier(*mult); err != nil {
		return o, usagef("-mult: %v", err)
	}
	if *workers < 1 {
		return o, usagef("-workers %d: need at least 1", *workers)
	}
	o.workers = *workers
	if o.denseMax, err = cli.ParseSize("dense-max", *denseMax); err != nil {
		return o, err
	}
	if o.maxMem, err = cli.MemoryLimit(*maxMem); err != nil {
		return o, err
	}
	if err := needFolder("out", *out); err != nil {
		return o, err
	}
	o.out = *out
	o.breakpoints = *bps
	o.ckptEvery = *ckpt
	o.cpuProfile = *cpuProfile
	o.runsFrom = *runsFrom
	o.sweeps = *sweeps
	switch *engine {
	case "auto":
		o.engine = "dense"
		if o.N > denseEngineMax {
			o.engine = "breakpoint"
		}
	case "dense", "breakpoint", "brute":
		o.engine = *engine
	default:
		return o, usagef("-engine %q: want dense, breakpoint or auto", *engine)
	}
	if o.engine == "breakpoint" && o.breakpoints && o.N > table.MaxBreakpointFileN {
		return o, usagef("-n %d is above %d, the largest row a breakpoint file holds; -breakpoints=false computes start values to %d", o.N, table.MaxBreakpointFileN, grundy.MaxBreakpointN)
	}
	if o.engine == "breakpoint" && o.N > grundy.MaxBreakpointN {
		return o, usagef("-n %d is above the breakpoint engine's limit %d", o.N, grundy.MaxBreakpointN)
	}
	return o, nil
}

func runGrundy(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	o, err := parseGrundyFlags(args, stderr)
	if err != nil {
		return err
	}
	// A table that must hold a value past 65535 is refused before any work.
	if err := table.ForeseeOverflow(o.N, o.mult); err != nil {
		return err
	}
	if o.cpuProfile != "" {
		f, err := os.Create(o.cpuProfile)
		if err != nil {
			return fmt.Errorf("-cpuprofile: %v", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("-cpuprofile: %v", err)
		}
		defer pprof.StopCPUProfile()
	}
	if o.engine == "breakpoint" {
		return runBreakpointGrundy(ctx, o, stdout, stderr)
	}
	if o.engine == "brute" {
		return runBruteGrundy(ctx, o, stdout, stderr)
	}
	need := grundy.DenseBytes(o.N)
	if o.maxMem > 0 && need > o.maxMem {
		return usagef("-n %d: the dense table needs about %s, more than the %s allowed (-max-mem)", o.N, cli.HumanBytes(need), cli.HumanBytes(o.maxMem))
	}
	dir := table.Dir(o.out, o.mult)
	if err := prepareDir(dir); err != nil {
		return err
	}
	start := time.Now()
	fmt.Fprintf(stderr, "grundy: dense engine, N=%d, a=%s, %d workers, about %s\n", o.N, o.mult, o.workers, cli.HumanBytes(need))
	tab, err := grundy.Dense(o.N, o.mult, o.workers)
	if errors.Is(err, grundy.ErrOverflow) {
		return &table.OverflowError{Mult: o.mult, N: o.N, G: grundy.MaxValue + 1}
	}
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("interrupted; earlier results left in place")
	}
	fmt.Fprintf(stderr, "grundy: table filled in %v\n", time.Since(start).Round(time.Millisecond))
	dn := int64(min(o.N, o.denseMax))
	fmt.Fprintf(stderr, "grundy: writing start_values.parquet (%d rows) and dense.parquet (%d cells)\n", o.N+1, (dn+1)*(dn+2)/2)
	if err := table.WriteDenseTable(ctx, dir, runMeta("dense", o), o.N, tab.Start, tab.Full, tab, o.denseMax); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s/{start_values,dense}.parquet (N=%d, dense rows n<=%d) in %v\n", dir, o.N, min(o.N, o.denseMax), time.Since(start).Round(time.Millisecond))
	return nil
}

func runMeta(engine string, o grundyOpts) map[string]string {
	return table.Meta(engine, o.N, o.mult, o.denseMax, version.Revision())
}

// runBreakpointGrundy checks the memory, then runs table.Build with a
// progress bar.
func runBreakpointGrundy(ctx context.Context, o grundyOpts, stdout, stderr io.Writer) error {
	_, need, ok := table.PlanBuild(o.N, o.mult, o.workers, o.breakpoints, min(o.N, o.denseMax), o.maxMem)
	if !ok {
		try := "try fewer -workers"
		if d := grundy.DenseBytes(min(o.N, o.denseMax)); d > need/2 {
			try = fmt.Sprintf("the dense side table of n <= %d needs %s of it: lower -dense-max", min(o.N, o.denseMax), cli.HumanBytes(d))
		}
		return usagef("-n %d: the breakpoint engine needs about %s with %d workers, more than the %s allowed (-max-mem); %s", o.N, cli.HumanBytes(need), o.workers, cli.HumanBytes(o.maxMem), try)
	}
	dir := table.Dir(o.out, o.mult)
	if err := prepareDir(dir); err != nil {
		return err
	}
	if safe := grundy.FirstWithValueBound(o.mult, grundy.MaxStartValue+1); int64(o.N) >= safe {
		// Below safe no value can pass 65535 (FirstWithValueBound); above
		// it, whether one does cannot be known before the run.
		fmt.Fprintf(stderr, "grundy: a = %s, N = %d: G(n) may pass %d, the largest value a table stores (it cannot for N < %d); if it does, the run stops with an error when the value is found\n", o.mult, o.N, grundy.MaxStartValue, safe)
	}
	var prog *cli.Progress
	cfg := table.BuildConfig{Dir: dir, N: o.N, Mult: o.mult, Workers: o.workers, Breakpoints: o.breakpoints,
		DenseMax: o.denseMax, Revision: version.Revision(), CheckpointEvery: o.ckptEvery, Log: stderr, SwitchAt: o.runsFrom}
	cfg.Started = func(fromG int) {
		w := ""
		if o.breakpoints {
			w = ", breakpoint files written as the sweeps go"
		}
		fmt.Fprintf(stderr, "grundy: breakpoint engine, N=%d, a=%s, %d workers%s, estimated peak %s\n", o.N, o.mult, o.workers, w, cli.HumanBytes(need))
		prog = cli.NewProgress(stderr, o.N, fromG)
	}
	cfg.Done = func(g, firstN int) { prog.Finished(g, firstN) }
	var sweeps []grundy.SweepStats
	if o.sweeps != "" {
		cfg.Sweep = func(s grundy.SweepStats) { sweeps = append(sweeps, s) }
	}
	maxG, elapsed, err := table.Build(ctx, cfg)
	if prog != nil {
		prog.Stop(err == nil)
	}
	if err != nil {
		return err
	}
	if o.sweeps != "" {
		if err := writeSweeps(o.sweeps, sweeps); err != nil {
			return fmt.Errorf("-sweeps: %v", err)
		}
	}
	what := "start_values.parquet"
	if o.breakpoints {
		what = "start_values.parquet and breakpoints/ (" + strconv.Itoa(maxG) + " files)"
	}
	fmt.Fprintf(stdout, "wrote %s/%s: N=%d, max G(n)=%d, engine time %v\n", dir, what, o.N, maxG, elapsed.Round(time.Millisecond))
	return nil
}

// maxBruteN bounds the oracle: it is cubic in N.
const maxBruteN = 3000

// runBruteGrundy fills the table with the brute-force oracle and writes the
// start values; it exists to benchmark the engines against the definition.
func runBruteGrundy(ctx context.Context, o grundyOpts, stdout, stderr io.Writer) error {
	if o.N > maxBruteN {
		return usagef("-engine brute: -n %d is above its limit %d", o.N, maxBruteN)
	}
	dir := table.Dir(o.out, o.mult)
	if err := prepareDir(dir); err != nil {
		return err
	}
	start := time.Now()
	g := grundy.Brute(o.N, o.mult.Rat())
	fmt.Fprintf(stderr, "grundy: brute-force oracle filled N=%d in %v\n", o.N, time.Since(start).Round(time.Millisecond))
	full := func(n int) int { return g[n][n] }
	st := func(n int) int { return g[n][max(n-1, 0)] }
	if err := table.WriteDenseTable(ctx, dir, runMeta("brute", o), o.N, st, full, nil, 0); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s/start_values.parquet (N=%d, brute-force oracle)\n", dir, o.N)
	return nil
}

// writeSweeps writes what each sweep did as CSV, one row per value.
func writeSweeps(path string, sweeps []grundy.SweepStats) error {
	var b strings.Builder
	b.WriteString("v,kind,wall_s,rows_out,runs_in,segments,blocks,ns_per_row,ns_per_segment\n")
	for _, s := range sweeps {
		kind, nsSeg := "rows", ""
		if s.Runs {
			kind = "runs"
			if s.Segments > 0 {
				nsSeg = strconv.FormatFloat(float64(s.Wall.Nanoseconds())/float64(s.Segments), 'f', 2, 64)
			}
		}
		nsRow := ""
		if s.Rows > 0 {
			nsRow = strconv.FormatFloat(float64(s.Wall.Nanoseconds())/float64(s.Rows), 'f', 3, 64)
		}
		fmt.Fprintf(&b, "%d,%s,%.6f,%d,%d,%d,%d,%s,%s\n", s.V, kind, s.Wall.Seconds(), s.Rows, s.InRuns, s.Segments, s.Blocks, nsRow, nsSeg)
	}
	return table.WriteAtomic(path, []byte(b.String()))
}
