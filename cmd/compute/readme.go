package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"fibnim/internal/atomicfile"
	"fibnim/report"
)

// runReadme writes the README's list of findings from the committed
// results (report.Findings), between its marker lines; -check only says
// whether the README is up to date.
func runReadme(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("readme", stderr)
	in := fs.String("in", "results", "results folder to read: checks.json, frontier/mult=A/checks.json, atlas.parquet")
	file := fs.String("file", "README.md", "the README whose findings to write")
	check := fs.Bool("check", false, "write nothing; exit 1 if the README's findings differ from what the results give")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute readme [-in DIR] [-file README.md] [-check]")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("readme takes no arguments, not %q", fs.Arg(0))
	}
	if err := inputFolder("in", *in); err != nil {
		return err
	}
	old, err := os.ReadFile(*file)
	if errors.Is(err, os.ErrNotExist) {
		return usagef("-file %s: no such file", *file)
	}
	if err != nil {
		return err
	}
	findings, err := report.Findings(*in)
	if err != nil {
		return err
	}
	readme, err := report.Readme(old, findings)
	if err != nil {
		return fmt.Errorf("%s: %v", *file, err)
	}
	switch {
	case bytes.Equal(readme, old):
		fmt.Fprintf(stdout, "%s: the findings are up to date with %s\n", *file, *in)
	case *check:
		return fmt.Errorf("%s: the findings differ from what %s gives; run make readme (compute readme) and commit the result", *file, *in)
	default:
		if err := atomicfile.Write(*file, readme); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: wrote the findings from %s\n", *file, *in)
	}
	return nil
}
