package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fibnim/figures"
	"fibnim/grundy"
	"fibnim/internal/cli"
	"fibnim/version"
)

func main() {
	cli.Exit("plot", `run "plot -h" for usage`, run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("plot", flag.ContinueOnError)
	in := fs.String("in", "results", "folder that compute wrote (grundy/, ntimes/)")
	out := fs.String("out", "", "folder for the figures (default IN/figures)")
	formats := fs.String("formats", "png,svg,pdf", "comma-separated formats: png, svg, pdf")
	mult := fs.String("mult", "2", "multiplier of the Grundy tables to draw (a folder grundy/mult=A)")
	dpi := fs.Int("dpi", 300, "resolution of the PNG files")
	only := fs.String("only", "", "comma-separated figure names to draw (default all; see below)")
	showVersion := fs.Bool("version", false, "print the module version and source revision, and exit")
	// Parse would print the usage itself, on -h and on every bad flag:
	// silence it, so that -h shows it once and a bad flag is one line.
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(fs, stderr)
			return err
		}
		return cli.Usagef("%v", err)
	}
	if fs.NArg() > 0 {
		return cli.Usagef("unexpected argument %q", fs.Arg(0))
	}
	if *showVersion {
		fmt.Fprintln(stdout, version.Get())
		return nil
	}
	var fmts []string
	for _, f := range strings.Split(*formats, ",") {
		switch f = strings.TrimSpace(f); f {
		case "png", "svg", "pdf":
			fmts = append(fmts, f)
		default:
			return cli.Usagef("-formats: unknown format %q (want png, svg or pdf)", f)
		}
	}
	if *dpi < 30 || *dpi > 1200 {
		return cli.Usagef("-dpi %d: want 30..1200", *dpi)
	}
	a, err := grundy.ParseMultiplier(*mult)
	if err != nil {
		return cli.Usagef("-mult: %v", err)
	}
	names := figures.Names()
	if *only != "" {
		names = nil
		for _, n := range strings.Split(*only, ",") {
			if figures.About(n) == "" {
				return cli.Usagef("-only: unknown figure %q (plot -h lists them)", n)
			}
			names = append(names, n)
		}
	}
	if st, err := os.Stat(*in); err != nil || !st.IsDir() {
		return cli.Usagef("-in %s is not a folder (run \"compute all -out %s\" first)", *in, *in)
	}
	if *out == "" {
		*out = filepath.Join(*in, "figures")
	}
	if err := cli.PrepareDir(*out); err != nil {
		return cli.Usagef("-out: %v", err) // exit 2, as compute's output folders
	}
	src := figures.NewSource(*in, a)
	var done []*figures.Figure
	for _, name := range figures.Names() { // in the registry's order, whatever -only's
		if !slices.Contains(names, name) {
			continue
		}
		f, err := figures.Draw(src, name)
		var miss figures.MissingError
		if errors.As(err, &miss) {
			fmt.Fprintf(stderr, "plot: skip %s: %s\n", name, miss.What)
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		for _, format := range fmts {
			if err := figures.Save(filepath.Join(*out, name+"."+format), format, f, *dpi); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		}
		done = append(done, f)
		fmt.Fprintf(stdout, "plot: wrote %s.{%s}\n", filepath.Join(*out, name), strings.Join(fmts, ","))
	}
	if len(done) == 0 {
		return fmt.Errorf("no figure could be drawn: no data under %s", *in)
	}
	return figures.WriteCaptions(*out, *in, done, fmts, *dpi)
}

func usage(fs *flag.FlagSet, w io.Writer) {
	fmt.Fprintln(w, "usage: plot [-in DIR] [-out DIR/figures] [-formats png,svg,pdf] [-mult A] [-dpi D] [-only NAMES]")
	fmt.Fprintln(w, "       plot -version")
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	fmt.Fprintln(w, "\nfigures (for -only):")
	for _, n := range figures.Names() {
		fmt.Fprintf(w, "  %-19s %s\n", n, figures.About(n))
	}
}
