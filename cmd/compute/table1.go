package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"fibnim/conjectures"
	"fibnim/grundy"
	"fibnim/report"
)

func runTable1(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("lrs-table1", stderr)
	out := fs.String("out", "results", "output folder; files go to OUT/tables/")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute lrs-table1 [-out DIR]")
		fs.PrintDefaults()
	}
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	if err := needFolder("out", *out); err != nil {
		return err
	}
	dir := filepath.Join(*out, "tables")
	if err := prepareDir(ctx, dir); err != nil {
		return err
	}
	tab, err := grundy.Dense(20, grundy.Fibonacci, 1)
	if err != nil {
		return err
	}
	cells := conjectures.CompareLRSTable1(tab.At)
	md, csv := report.LRSTable1(tab, cells)
	if err := report.WriteFiles(dir, report.File{Name: "lrs_table1.csv", Data: csv}, report.File{Name: "lrs_table1.md", Data: md},
		report.File{Name: "lrs_table1.tex", Data: report.LRSTable1TeX(tab)}); err != nil {
		return err
	}
	count := map[string]int{}
	for _, c := range cells {
		count[c.Status]++
	}
	table := len(cells) - count["outside-table"]
	fmt.Fprintf(stdout, "wrote %s/lrs_table1.{csv,md,tex}: %d cells of the table compared, %d agree with the print, %d differ, %d not printed", dir, table, count["agree"], count["differs"], count["not-printed"])
	if k := count["outside-table"]; k > 0 {
		fmt.Fprintf(stdout, "; %d stray cells of the text extraction (r > n, outside the table) not compared", k)
	}
	fmt.Fprintln(stdout)
	return nil
}
