package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"fibnim/grundy"
	"fibnim/internal/atomicfile"
	"fibnim/internal/cli"
	"fibnim/provenance"
	"fibnim/table"
	"fibnim/tablebuild"
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
	replace     bool   // replace a table that holds more
	runsFrom    int    // grundy.BreakpointConfig.SwitchAt
	sweeps      string // write what each sweep did to this CSV file
}

// denseEngineMax is the largest N that "-engine auto" fills densely: at
// N = 20000 the dense table is 400 MB and takes about 2 s on 2 cores, while
// the breakpoint engine takes well under a second.
const denseEngineMax = 20000

// grundyParses counts the calls of parseGrundyFlags, for the test that a
// run parses its flags once.
var grundyParses atomic.Int64

func parseGrundyFlags(args []string, stderr io.Writer) (grundyOpts, error) {
	grundyParses.Add(1)
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
	replace := fs.Bool("replace", false, "replace a table in -out that holds more (a larger N, breakpoint files, more dense rows) than this run writes")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the run to `FILE` (read it with go tool pprof)")
	sweeps := fs.String("sweeps", "", "breakpoint engine: write what each sweep did (value, rows or runs, wall and busy time, work) to this CSV file")
	runsFrom := fs.Int("runs-from", 0, "breakpoint engine: the first value swept over runs instead of rows (0: chosen from the run lengths; -1: rows only); the output is the same")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute grundy -n N [-mult A] [-workers W] [-out DIR] [-dense-max M] [-max-mem SIZE] [-replace]")
		fs.PrintDefaults()
	}
	var o grundyOpts
	if err := parseNoArgs(fs, args); err != nil {
		return o, err
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
	if *ckpt < 0 {
		return o, usagef("-checkpoint-every %v: want a duration >= 0 (0: after every value)", *ckpt)
	}
	if *runsFrom < -1 {
		return o, usagef("-runs-from %d: want -1 (rows only), 0 (chosen from the run lengths) or a value >= 1", *runsFrom)
	}
	o.ckptEvery = *ckpt
	o.cpuProfile = *cpuProfile
	o.replace = *replace
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
	if o.engine == "brute" && o.N > maxBruteN {
		return usagef("-engine brute: -n %d is above its limit %d", o.N, maxBruteN)
	}
	// Every output is checked before the work: a run must not compute a
	// table and then fail on the file it was to write beside it.
	if err := outputDir("out", o.out); err != nil {
		return err
	}
	for _, f := range []struct{ flag, path string }{{"cpuprofile", o.cpuProfile}, {"sweeps", o.sweeps}} {
		if f.path != "" {
			if err := outputFile(f.flag, f.path); err != nil {
				return err
			}
		}
	}
	cfg := tablebuild.Config{Root: o.out, N: o.N, Mult: o.mult, Engine: o.engine, Workers: o.workers, Breakpoints: o.breakpoints,
		DenseMax: o.denseMax, MaxMem: o.maxMem, Replace: o.replace, CheckpointEvery: o.ckptEvery, SwitchAt: o.runsFrom,
		Revision: version.Revision(), Command: commandLine(), Log: stderr}
	// What cannot be made (a value past 65535, too little memory) is
	// refused before any folder is created.
	if err := tablebuild.Preflight(ctx, &cfg); err != nil {
		return grundyError(o, err)
	}
	if err := prepareDir(ctx, filepath.Dir(table.Dir(o.out, o.mult))); err != nil {
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
	if safe := grundy.FirstWithValueBound(o.mult, grundy.MaxStartValue+1); o.engine == "breakpoint" && int64(o.N) >= safe {
		// Below safe no value can pass 65535 (FirstWithValueBound); above
		// it, whether one does cannot be known before the run.
		fmt.Fprintf(stderr, "grundy: a = %s, N = %d: G(n) may pass %d, the largest value a table stores (it cannot for N < %d); if it does, the run stops with an error when the value is found\n", o.mult, o.N, grundy.MaxStartValue, safe)
	}
	start := time.Now()
	var prog *cli.Progress
	cfg.Started = func(p tablebuild.Plan, fromG int) {
		switch o.engine {
		case "dense":
			fmt.Fprintf(stderr, "grundy: dense engine, N=%d, a=%s, %d workers, about %s\n", o.N, o.mult, o.workers, cli.HumanBytes(p.Memory))
		case "brute":
			fmt.Fprintf(stderr, "grundy: brute-force oracle, N=%d, a=%s\n", o.N, o.mult)
		default:
			w := ""
			if o.breakpoints {
				w = ", breakpoint files written as the sweeps go"
			}
			fmt.Fprintf(stderr, "grundy: breakpoint engine, N=%d, a=%s, %d workers%s, estimated peak %s\n", o.N, o.mult, o.workers, w, cli.HumanBytes(p.Memory))
			prog = cli.NewProgress(stderr, o.N, fromG)
			prog.CountRows(cfg.Swept)
		}
	}
	cfg.Swept = new(atomic.Int64)
	cfg.Done = func(g, firstN int) { prog.Finished(g, firstN) }
	var sweeps []grundy.SweepStats
	if o.sweeps != "" {
		cfg.Sweep = func(s grundy.SweepStats) { sweeps = append(sweeps, s) }
	}
	res, err := tablebuild.Run(ctx, cfg)
	if prog != nil {
		prog.Stop(err == nil)
	}
	if err != nil {
		return grundyError(o, err)
	}
	if o.sweeps != "" && !res.AlreadyThere {
		if err := writeSweeps(o.sweeps, sweeps); err != nil {
			return fmt.Errorf("-sweeps: %v", err)
		}
	}
	if res.AlreadyThere {
		note := ""
		if res.NoManifest {
			note = " (written before manifests: -replace rewrites it with one)"
		}
		fmt.Fprintf(stdout, "%s already holds this table, complete: N=%d, a=%s%s; nothing to do (-replace recomputes it)\n", res.Dir, o.N, o.mult, note)
		noteGrundyRun(ctx, o)
		return nil
	}
	what := table.StartValuesFile
	switch {
	case o.engine == "breakpoint" && o.breakpoints && o.N >= 1: // N = 0 has no value g >= 1, no breakpoint file
		what = "start_values.parquet and breakpoints/ (" + strconv.Itoa(res.MaxG) + " files)"
	case o.engine != "brute":
		what = fmt.Sprintf("start_values.parquet and dense.parquet (rows n <= %d)", min(o.N, o.denseMax))
	}
	fmt.Fprintf(stdout, "wrote %s/%s and manifest.json: N=%d, max G(n)=%d, engine time %v, in all %v\n", res.Dir, what, o.N, res.MaxG, res.Elapsed.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
	noteGrundyRun(ctx, o)
	return nil
}

// noteGrundyRun tells the run record (recorded) the table this run wrote,
// from the flags as parseGrundyFlags read them.
func noteGrundyRun(ctx context.Context, o grundyOpts) {
	what := o.engine
	if o.engine == "breakpoint" && !o.breakpoints {
		what += ", start values only"
	}
	path := table.Dir(o.out, o.mult)
	if r, err := filepath.Rel(o.out, path); err == nil {
		path = filepath.ToSlash(r)
	}
	noteRun(ctx, "grundy", o.out, "grundy "+path, o.workers, provenance.Table{Path: path, Multiplier: o.mult.String(), N: int64(o.N), What: what})
}

// grundyError makes a run's memory error a usage error (exit 2), as a
// flag to change.
func grundyError(o grundyOpts, err error) error {
	var me *tablebuild.MemoryError
	if errors.As(err, &me) {
		return usagef("-n %d: the %s engine %v", o.N, o.engine, me)
	}
	return err
}

// commandLine is the command as it was run, for the manifest and the lock
// file: the program's base name and its arguments.
func commandLine() string {
	args := append([]string{filepath.Base(os.Args[0])}, os.Args[1:]...)
	for i, a := range args {
		if a == "" || strings.ContainsAny(a, " \t\n'\"\\$`") {
			args[i] = strconv.Quote(a)
		}
	}
	return strings.Join(args, " ")
}

// maxBruteN bounds the oracle: it is cubic in N.
const maxBruteN = 3000

// writeSweeps writes what each sweep did as CSV, one row per value
// (docs/outputs.md says what each column holds).
func writeSweeps(path string, sweeps []grundy.SweepStats) error {
	var b strings.Builder
	b.WriteString("v,kind,wall_s,busy_s,rows_out,runs_in,segments,blocks,ns_per_row,ns_per_segment\n")
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
		fmt.Fprintf(&b, "%d,%s,%.6f,%.6f,%d,%d,%d,%d,%s,%s\n", s.V, kind, s.Wall.Seconds(), s.Busy.Seconds(), s.Rows, s.InRuns, s.Segments, s.Blocks, nsRow, nsSeg)
	}
	return atomicfile.Write(path, []byte(b.String()))
}
