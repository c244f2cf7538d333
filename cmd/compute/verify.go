package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"fibnim/conjectures"
	"fibnim/internal/cli"
	"fibnim/report"
	"fibnim/version"
)

func runVerify(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("verify", stderr)
	in := fs.String("in", "results", "folder holding the pipeline's Parquet data; checks.json, report.md and tables/winning_moves.csv are written there")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute verify [-in DIR]")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := needFolder("in", *in); err != nil {
		return err
	}
	if st, err := os.Stat(*in); err != nil || !st.IsDir() {
		return usagef("-in %s is not a folder", *in)
	}
	start := time.Now()
	logf := cli.Every(stderr, 5*time.Second)
	v, err := conjectures.Verify(ctx, *in, func(line string) { logf("%s", line) })
	if ctx.Err() != nil {
		return fmt.Errorf("interrupted; earlier results left in place")
	}
	if err != nil {
		return err
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
	if err := report.WriteFiles(*in, report.File{Name: "checks.json", Data: js}, report.File{Name: "report.md", Data: md}); err != nil {
		return err
	}
	var tables []report.File
	if v.StartMoves != nil {
		tables = append(tables, report.File{Name: "winning_moves.csv", Data: report.WinningMovesCSV(v.StartMoves)})
	}
	tables = append(tables, report.CheckTables(v.Results)...)
	if len(tables) > 0 {
		dir := filepath.Join(*in, "tables")
		if err := prepareDir(dir); err != nil {
			return err
		}
		if err := report.WriteFiles(dir, tables...); err != nil {
			return err
		}
	}
	if v.OEIS != nil {
		dir := filepath.Join(*in, "oeis")
		if err := prepareDir(dir); err != nil {
			return err
		}
		if err := report.WriteFiles(dir, report.OEIS(v.OEIS, v.Results)...); err != nil {
			return err
		}
	}
	counts := map[string]int{}
	for _, r := range v.Results {
		counts[r.Status]++
	}
	fmt.Fprintf(stdout, "verify: %d checks: %d hold, %d fail, %d not run; wrote %s/checks.json and report.md in %v\n",
		len(v.Results), counts[conjectures.Holds], counts[conjectures.Fails], counts[conjectures.NotRun], *in, time.Since(start).Round(time.Millisecond))
	for _, r := range v.Results {
		if r.Status == conjectures.Fails {
			c := r.Counterexamples[0]
			fmt.Fprintf(stdout, "  %s fails: %d of %d cases; smallest %s = %d: %s (predicted %s)\n", r.ID, r.Failures, r.Cases, r.IndexName(), c.N, c.Computed, c.Predicted)
		}
	}
	return nil
}
