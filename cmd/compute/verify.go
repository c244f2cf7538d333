package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"fibnim/conjectures"
	"fibnim/internal/atomicfile"
	"fibnim/internal/cli"
	"fibnim/report"
	"fibnim/version"
)

func runVerify(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("verify", stderr)
	in := fs.String("in", "results", "folder holding the pipeline's Parquet data")
	out := fs.String("out", "", "folder for checks.json, report.md, tables/ (winning moves, check tables) and oeis/ (default: -in)")
	layers := fs.Int("layers", 4, "for a table without breakpoint files (-breakpoints=false, or past 2^31 - 1 rows), recompute this many of R_1..R_4 with the engine's row sweeps, one sweep each: 4 runs every check, 1 all but LRS-4.x, 0 none that reads R")
	decode := fs.Bool("decode", true, "read every row of every table file, as info -full does, in the pass of the checks (false: only the files the checks read are decoded, the others only hashed against the manifest, and report.md says so)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute verify [-in DIR] [-out DIR] [-layers K] [-decode=false]")
		fs.PrintDefaults()
	}
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	if err := inputFolder("in", *in); err != nil {
		return err
	}
	if *layers < 0 || *layers > 4 {
		return usagef("-layers %d: want 0 to 4", *layers)
	}
	if *out == "" {
		*out = *in
	}
	// The outputs can be written: checked before the work, not after it.
	for _, d := range []string{*out, filepath.Join(*out, "oeis")} {
		if _, err := os.Stat(d); err == nil {
			if err := prepareDir(ctx, d); err != nil {
				return usagef("-out: %v", err)
			}
		}
	}
	if err := outputDir("out", *out); err != nil {
		return err
	}
	start := time.Now()
	logf := cli.Every(stderr, 5*time.Second)
	// verify vouches only for what it read: every table's every file is
	// decoded in full, as info -full does, in the one pass over each file
	// that the checks run on (table.Table.Scan), on the table verify opens
	// once for all its readers.
	opt := conjectures.Options{Layers: *layers, Progress: func(line string) { logf("%s", line) }, Decode: *decode}
	if *decode {
		decodeLog := cli.Every(stderr, 5*time.Second) // its own: the checks' first line still shows
		opt.Decoding = func(dir string) { decodeLog("verify: reading every row of %s", dir) }
	}
	v, err := conjectures.VerifyWith(ctx, *in, opt)
	if ctx.Err() != nil {
		return cli.ErrInterrupted // nothing is written once an interrupt came
	}
	if err != nil {
		return err
	}
	// The statements the automata prove for all n are marked beside their
	// range checks; a folder whose classes fail their statements stops
	// verify (it exits 1, naming the class file).
	if err := conjectures.AttachProofs(ctx, *in, v); err != nil {
		return err
	}
	if !*decode {
		v.Data = append(v.Data, "The tables' files were hashed against their manifests; only the files the checks read were decoded (verify -decode=false): a damaged page of another file is not seen (info -full sees it).")
	}
	ran := false
	for _, r := range v.Results {
		ran = ran || r.Status != conjectures.NotRun
	}
	if !ran {
		return usagef("no results under %s: no grundy/mult=A/ table and no ntimes/c_table.parquet (run compute all -out %s first)", *in, *in)
	}
	js, md, err := report.Checks(v, fmt.Sprintf("`compute verify -in %s` (revision %s)", *in, version.Revision()))
	if err != nil {
		return err
	}
	// -out is made only now, once the input gave results.
	if err := prepareDir(ctx, *out); err != nil {
		return usagef("-out: %v", err)
	}
	// checks.json, report.md and the b-files are replaced as one set.
	set, recovered, err := atomicfile.NewFileSet(*out, "verify")
	if err != nil {
		return err
	}
	if recovered {
		fmt.Fprintf(stderr, "verify: completed the outputs of an earlier verify that stopped while replacing them\n")
	}
	files := []report.File{{Name: report.ChecksFile, Data: js}, {Name: "report.md", Data: md}}
	if v.StartMoves != nil {
		files = append(files, report.File{Name: filepath.Join("tables", "winning_moves.csv"), Data: report.WinningMovesCSV(v.StartMoves)})
	}
	for _, f := range report.CheckTables(v.Results) {
		files = append(files, report.File{Name: filepath.Join("tables", f.Name), Data: f.Data})
	}
	if v.OEIS != nil {
		for _, f := range report.OEIS(v.OEIS, v.Results) {
			files = append(files, report.File{Name: filepath.Join("oeis", f.Name), Data: f.Data})
		}
	}
	for _, f := range files {
		if err := set.Add(filepath.Join(*out, f.Name), f.Data); err != nil {
			set.Abort()
			return err
		}
	}
	if err := set.Commit(); err != nil {
		return err
	}
	counts := map[string]int{}
	for _, r := range v.Results {
		counts[r.Status]++
	}
	fmt.Fprintf(stdout, "verify: %d checks: %d hold, %d fail, %d not run; wrote %s/checks.json and report.md in %v\n",
		len(v.Results), counts[conjectures.Holds], counts[conjectures.Fails], counts[conjectures.NotRun], *out, time.Since(start).Round(time.Millisecond))
	for _, r := range v.Results {
		if r.Status == conjectures.Fails {
			c := r.Counterexamples[0]
			fmt.Fprintf(stdout, "  %s fails: %d of %d cases; smallest %s = %d: %s (predicted %s)\n", r.ID, r.Failures, r.Cases, r.IndexName(), c.N, c.Computed, c.Predicted)
		}
	}
	return nil
}
