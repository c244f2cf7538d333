package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"fibnim/internal/cli"
	"fibnim/paper"
	"fibnim/release"
	"fibnim/version"
)

func runRelease(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("release", stderr)
	in := fs.String("in", "results", "results folder: the release is written to IN/release/")
	citation := fs.String("citation", "CITATION.cff", "the CITATION.cff copied into the release")
	check := fs.Bool("check", false, "recompute the sums of IN/release/SHA256SUMS instead, and name every file that differs")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute release [-in DIR] [-citation FILE] [-check]")
		fs.PrintDefaults()
	}
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	if err := inputFolder("in", *in); err != nil {
		return err
	}
	if !*check {
		if err := inputFile("citation", *citation); err != nil {
			return err
		}
	}
	if *check {
		n, bad, err := release.Verify(ctx, *in)
		if err != nil {
			return err
		}
		if len(bad) > 0 {
			return fmt.Errorf("%d of the %d files of %s differ from their sums: %s", len(bad), n, filepath.Join(*in, release.Dir, release.SumsFile), strings.Join(bad, "; "))
		}
		fmt.Fprintf(stdout, "release: the %d files of %s have their sums\n", n, filepath.Join(*in, release.Dir, release.SumsFile))
		return nil
	}
	note := filepath.Join(*in, paper.Dir, paper.Name+".pdf")
	if !fileExists(note) {
		return fmt.Errorf("no %s: run make paper first (the release carries the note)", note)
	}
	n, err := release.Write(ctx, *in, release.Config{Citation: *citation, Note: note, Revision: version.Revision()})
	if ctx.Err() != nil {
		return cli.ErrInterrupted
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "release: wrote %s: SHA256SUMS of %d files, PROVENANCE.md, CITATION.cff and %s\n", filepath.Join(*in, release.Dir), n, filepath.Base(note))
	return nil
}
