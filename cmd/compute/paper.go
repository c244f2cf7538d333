package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"fibnim/atlas"
	"fibnim/paper"
	"fibnim/report"
)

func runPaper(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("paper", stderr)
	in := fs.String("in", "results", "results folder: the note is written to IN/paper/")
	citation := fs.String("citation", "CITATION.cff", "the CITATION.cff whose references the note cites")
	check := fs.Bool("check", false, "check the compiled IN/paper/fibnim-note.pdf against IN/checks.json instead (pages, references, key numbers read with pdftotext)")
	pdf := fs.Bool("pdf", false, "compile the note with pdflatex too (twice), into IN/paper/fibnim-note.pdf, and check it as -check does")
	partial := fs.Bool("partial", false, "write the note even where IN lacks some of what it needs (a draft: its text says what is missing)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute paper [-in DIR] [-citation FILE] [-pdf] [-check] [-partial]")
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
		pages, err := paper.CheckPDF(ctx, *in)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "paper: %s: %d pages, every key number of checks.json read back with pdftotext\n", filepath.Join(*in, paper.Dir, paper.Name+".pdf"), pages)
		return nil
	}
	// What the note needs is checked before anything is written: a
	// fresh clone holds checks.json and the PNGs, but not the tables,
	// the figures' PDFs or the run record that make writes.
	d, err := paper.Load(*in, *citation)
	if err != nil {
		return err
	}
	atlasPath := filepath.Join(*in, atlas.ParquetFile)
	if fileExists(atlasPath) {
		d.Tables["atlas.tex"], d.Tables["atlas_notes.tex"] = true, true // written below
	}
	if err := lacksError(d, *in, *partial); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err // nothing written
	}
	// The atlas's LaTeX table is made from atlas.parquet, so that make
	// writes it even where the shards that compute atlas -merge reads are gone.
	if fileExists(atlasPath) {
		rows, _, err := atlas.Read(atlasPath)
		if err != nil {
			return err
		}
		tab, notes := report.AtlasTeX(rows)
		dir := filepath.Join(*in, "tables")
		if err := prepareDir(ctx, dir); err != nil {
			return err
		}
		if err := report.WriteFiles(dir, report.File{Name: "atlas.tex", Data: tab}, report.File{Name: "atlas_notes.tex", Data: notes}); err != nil {
			return err
		}
	}
	note, err := paper.Note(d)
	if err != nil {
		return err
	}
	dir := filepath.Join(*in, paper.Dir)
	if err := prepareDir(ctx, dir); err != nil {
		return err
	}
	if err := report.WriteFiles(dir, report.File{Name: paper.Name + ".tex", Data: note}); err != nil {
		return err
	}
	if !*pdf {
		fmt.Fprintf(stdout, "paper: wrote %s (compile it there with pdflatex, twice: make paper)\n", filepath.Join(dir, paper.Name+".tex"))
		return nil
	}
	fmt.Fprintf(stderr, "paper: compiling %s with pdflatex, twice\n", filepath.Join(dir, paper.Name+".tex"))
	if err := paper.Compile(ctx, *in); err != nil {
		return err
	}
	// A note is reported compiled only once its check passes.
	pages, err := paper.CheckPDF(ctx, *in)
	if err != nil {
		return fmt.Errorf("the compiled note fails its check: %v", err)
	}
	fmt.Fprintf(stdout, "paper: wrote %s, compiled it into %s (%d pages) and checked it against %s\n", filepath.Join(dir, paper.Name+".tex"), paper.Name+".pdf", pages, paper.ChecksFile)
	return nil
}

// lacksError refuses, in one line, a results folder that lacks what the
// note needs, unless partial is set.
func lacksError(d *paper.Data, in string, partial bool) error {
	lacks, err := paper.Lacks(d)
	if err != nil || len(lacks) == 0 || partial {
		return err
	}
	what := strings.Join(lacks, ", ")
	if len(lacks) > 4 {
		what = fmt.Sprintf("%s and %d more", strings.Join(lacks[:4], ", "), len(lacks)-4)
	}
	return fmt.Errorf("%s lacks what the note needs: %s; run make first (or compute all -out %s, then plot -in %s), or give -partial for a draft", in, what, in, in)
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
