package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"fibnim/atlas"
	"fibnim/paper"
	"fibnim/report"
)

func runPaper(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("paper", stderr)
	in := fs.String("in", "results", "results folder: the note is written to IN/paper/")
	citation := fs.String("citation", "CITATION.cff", "the CITATION.cff whose references the note cites")
	check := fs.Bool("check", false, "check the compiled IN/paper/fibnim-note.pdf against IN/checks.json instead (pages, references, key numbers read with pdftotext)")
	pdf := fs.Bool("pdf", false, "compile the note with pdflatex too (twice), into IN/paper/fibnim-note.pdf")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute paper [-in DIR] [-citation FILE] [-pdf] [-check]")
		fs.PrintDefaults()
	}
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	if err := inputFolder("in", *in); err != nil {
		return err
	}
	if *check {
		pages, err := paper.CheckPDF(ctx, *in)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "paper: %s: %d pages, every key number of checks.json read back with pdftotext\n", filepath.Join(*in, paper.Dir, paper.Name+".pdf"), pages)
		return nil
	}
	// The atlas's LaTeX table is made from atlas.parquet, so that make
	// writes it even where the shards that compute atlas -merge reads are gone.
	if path := filepath.Join(*in, atlas.ParquetFile); fileExists(path) {
		rows, _, err := atlas.Read(path)
		if err != nil {
			return err
		}
		tab, notes := report.AtlasTeX(rows)
		dir := filepath.Join(*in, "tables")
		if err := prepareDir(dir); err != nil {
			return err
		}
		if err := report.WriteFiles(dir, report.File{Name: "atlas.tex", Data: tab}, report.File{Name: "atlas_notes.tex", Data: notes}); err != nil {
			return err
		}
	}
	d, err := paper.Load(*in, *citation)
	if err != nil {
		return err
	}
	note, err := paper.Note(d)
	if err != nil {
		return err
	}
	dir := filepath.Join(*in, paper.Dir)
	if err := prepareDir(dir); err != nil {
		return err
	}
	if err := report.WriteFiles(dir, report.File{Name: paper.Name + ".tex", Data: note}); err != nil {
		return err
	}
	if !*pdf {
		fmt.Fprintf(stdout, "paper: wrote %s (compile it there with pdflatex, twice: make paper)\n", filepath.Join(dir, paper.Name+".tex"))
		return nil
	}
	if err := paper.Compile(ctx, *in); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "paper: wrote %s and compiled it into %s\n", filepath.Join(dir, paper.Name+".tex"), paper.Name+".pdf")
	return nil
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
