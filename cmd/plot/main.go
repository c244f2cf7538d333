// Command plot draws the figures of the pipeline's results with gonum/plot.
//
//	plot [-in DIR] [-out DIR/figures] [-formats png,svg] [-mult A]
//
// It reads the Parquet files that "compute" writes under DIR and writes
// every figure whose data is there as PNG (300 dpi) and SVG (fonts
// embedded), each through a temporary file and a rename, with a caption
// line per figure in OUT/README.md. A figure whose data is missing is
// skipped with a one-line notice. See results/figures/README.md.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"fibnim/grundy"
	"fibnim/internal/cli"
)

// usageError is a mistake in the command line: exit status 2.
type usageError = cli.UsageError

var usagef = cli.Usagef

func main() {
	cli.Exit("plot", `run "plot -h" for usage`, run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("plot", flag.ContinueOnError)
	in := fs.String("in", "results", "folder that compute wrote (grundy/, ntimes/)")
	out := fs.String("out", "", "folder for the figures (default IN/figures)")
	formats := fs.String("formats", "png,svg", "comma-separated formats: png, svg")
	mult := fs.String("mult", "2", "multiplier of the Grundy tables to draw (a folder grundy/mult=A)")
	dpi := fs.Int("dpi", 300, "resolution of the PNG files")
	only := fs.String("only", "", "comma-separated figure names to draw (default all)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: plot [-in DIR] [-out DIR/figures] [-formats png,svg] [-mult A] [-dpi D] [-only NAMES]")
		fs.SetOutput(stderr)
		fs.PrintDefaults()
	}
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.Usage()
			return err
		}
		return usageError{Msg: err.Error()}
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	var fmts []string
	for _, f := range strings.Split(*formats, ",") {
		switch f = strings.TrimSpace(f); f {
		case "png", "svg":
			fmts = append(fmts, f)
		default:
			return usagef("-formats: unknown format %q (want png or svg)", f)
		}
	}
	if *dpi < 30 || *dpi > 1200 {
		return usagef("-dpi %d: want 30..1200", *dpi)
	}
	a, err := grundy.ParseMultiplier(*mult)
	if err != nil {
		return usagef("-mult: %v", err)
	}
	wanted := map[string]bool{}
	if *only != "" {
		known := map[string]bool{}
		for _, f := range figures {
			known[f.name] = true
		}
		for _, n := range strings.Split(*only, ",") {
			if !known[n] {
				return usagef("-only: unknown figure %q", n)
			}
			wanted[n] = true
		}
	}
	if st, err := os.Stat(*in); err != nil || !st.IsDir() {
		return fmt.Errorf("input folder %s does not exist (run \"compute all -out %s\" first)", *in, *in)
	}
	if *out == "" {
		*out = filepath.Join(*in, "figures")
	}
	if err := cli.PrepareDir(*out); err != nil {
		return err
	}
	src := &source{dir: *in, gdir: filepath.Join(*in, "grundy", "mult="+a.Folder()), mult: a}
	var done []figure
	for _, f := range figures {
		if len(wanted) > 0 && !wanted[f.name] {
			continue
		}
		d, err := f.make(src)
		var miss missingError
		if errors.As(err, &miss) {
			fmt.Fprintf(stderr, "plot: skip %s: %s\n", f.name, miss.what)
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: %w", f.name, err)
		}
		for _, format := range fmts {
			if err := save(filepath.Join(*out, f.name+"."+format), format, d, *dpi); err != nil {
				return fmt.Errorf("%s: %w", f.name, err)
			}
		}
		f.caption = d.caption
		done = append(done, f)
		fmt.Fprintf(stdout, "plot: wrote %s.{%s}\n", filepath.Join(*out, f.name), strings.Join(fmts, ","))
	}
	if len(done) == 0 {
		return fmt.Errorf("no figure could be drawn: no data under %s", *in)
	}
	return writeCaptions(*out, *in, done, fmts, *dpi)
}
