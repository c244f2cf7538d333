package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

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
	columns := fs.String("columns", "", "comma-separated columns to write, in this order (default: every column)")
	nRange := fs.String("n", "", "FROM..TO: only the rows whose column n lies in [FROM, TO] (1e6 forms accepted); the pages outside are not read")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute export -in FILE.parquet [-format csv|json] [-columns LIST] [-n FROM..TO] [-out FILE]")
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
	var opt table.ExportOptions
	if *columns != "" {
		for _, c := range strings.Split(*columns, ",") {
			if c = strings.TrimSpace(c); c == "" {
				return usagef("-columns %q: an empty name", *columns)
			}
			opt.Columns = append(opt.Columns, strings.TrimSpace(c))
		}
	}
	if *nRange != "" {
		lo, hi, ok := strings.Cut(*nRange, "..")
		if !ok {
			return usagef("-n %q: want FROM..TO", *nRange)
		}
		from, err := cli.ParseSize("n", lo)
		if err != nil {
			return err
		}
		to, err := cli.ParseSize("n", hi)
		if err != nil {
			return err
		}
		if to < from {
			return usagef("-n %q: TO is below FROM", *nRange)
		}
		opt.Range, opt.From, opt.To = true, int64(from), int64(to)
	}
	if err := inputFile("in", *in); err != nil {
		return err
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
	if err := table.ExportWith(ctx, *in, *format, w, opt); err != nil {
		var ce *table.ColumnError
		if errors.As(err, &ce) && ce.Range {
			return usagef("-n %s: %v", *nRange, err)
		}
		if errors.As(err, &ce) {
			return usagef("-columns %s: %v", *columns, err)
		}
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
