package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"fibnim/internal/atomicfile"
	"fibnim/internal/cli"
	"fibnim/table"
)

// runExport writes any of the pipeline's Parquet files as CSV or JSON
// lines, for readers without a Parquet library (the notebooks fall back to
// it when pyarrow is missing).
func runExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("export", stderr)
	in := fs.String("in", "", "Parquet file to export (required)")
	format := fs.String("format", "csv", "csv or json (one JSON object per line)")
	out := fs.String("out", "-", "output file; - for standard output")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute export -in FILE.parquet [-format csv|json] [-out FILE]")
		fs.PrintDefaults()
	}
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	if *in == "" {
		return usagef("export: -in is required")
	}
	if *format != "csv" && *format != "json" {
		return usagef("-format %q: want csv or json", *format)
	}
	if _, err := os.Stat(*in); err != nil {
		return usagef("-in %s: %v", *in, cli.PathErr(err))
	}
	dst := *out
	if dst == "" {
		return usagef("-out is empty: give a file, or - for standard output")
	}
	if dst != "-" {
		if st, err := os.Stat(filepath.Join(filepath.Dir(dst), table.StartValuesFile)); err == nil && !st.IsDir() || filepath.Base(filepath.Dir(dst)) == table.BreakpointsDir {
			return usagef("-out %s is inside a table folder, which the next grundy run replaces; write it elsewhere", dst)
		}
	}
	var w io.Writer = stdout
	var tmp *atomicfile.File
	if dst != "-" {
		var err error
		tmp, err = atomicfile.Create(dst)
		if err != nil {
			return usagef("-out %s: cannot write there: %v", dst, cli.PathErr(err))
		}
		defer tmp.Abort()
		w = tmp
	}
	if err := table.Export(ctx, *in, *format, w); err != nil {
		return err
	}
	if tmp != nil {
		if err := tmp.Commit(); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "export: wrote %s\n", dst)
	}
	return nil
}
