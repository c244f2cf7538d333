package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"fibnim/globalnim"
	"fibnim/internal/cli"
	"fibnim/inventory"
	"fibnim/table"
	"fibnim/tablebuild"
)

func runInfo(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("info", stderr)
	full := fs.Bool("full", false, "also read every row of every table and compare every file's SHA-256 with its manifest (without it: footers, metadata and sizes); slow for large N")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute info [-full] [DIR]   (DIR: a results folder, default results)")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	root := "results"
	switch fs.NArg() {
	case 0:
	case 1:
		root = fs.Arg(0)
	default:
		return usagef("info takes one folder, not %d", fs.NArg())
	}
	if st, err := os.Stat(root); err != nil || !st.IsDir() {
		return usagef("%s is not a folder", root)
	}
	if err := notTableFolder(root); err != nil {
		return err
	}
	folders, others, leftovers, err := inventory.Survey(ctx, root, *full)
	if ctx.Err() != nil {
		return cli.ErrInterrupted
	}
	if err != nil {
		return err
	}
	if len(folders) == 0 && len(others) == 0 && len(leftovers) == 0 {
		return usagef("no results under %s", root)
	}
	bad := 0
	for _, f := range folders {
		rel, _ := filepath.Rel(root, f.Dir)
		fmt.Fprintf(stdout, "%s  (a = %s)\n", rel, f.Mult)
		if f.Err != nil {
			bad++
			fmt.Fprintf(stdout, "  DOES NOT VALIDATE: %v\n", advise(f.Err))
		} else {
			what := "start values"
			if f.Breakpoints {
				what = fmt.Sprintf("start values and breakpoints g = 1..%d", f.MaxValue)
			}
			rewrite := "compute grundy -replace" // what rewrites a table with a manifest
			if f.Engine == globalnim.Engine {    // global/mult=A: N is the largest pile M
				what = fmt.Sprintf("the global game's positions x <= y <= %d and breakpoints g = 1..%d", f.N, f.MaxValue)
				rewrite = fmt.Sprintf("compute global -n %d -mult %s -replace", f.N, f.Mult)
			}
			if f.DenseN >= 0 {
				what += fmt.Sprintf(", every cell for n <= %d", f.DenseN)
			}
			how := "validates (sizes match its manifest)"
			if !f.Manifest {
				how = "validates, but has no manifest (written before manifests: its files cannot be checked against one; " + rewrite + " rewrites it)"
			}
			if *full && f.Manifest {
				how = "validates, every row read and every file's SHA-256 matches its manifest"
			} else if *full {
				how = "validates, every row read; no manifest (written before manifests: " + rewrite + " rewrites it with one)"
			}
			fmt.Fprintf(stdout, "  %s: N = %d, values 0..%d, %s engine; %s\n", how, f.N, f.MaxValue, f.Engine, what)
		}
		var bps []inventory.FileSize
		for _, x := range f.Files {
			if strings.HasPrefix(x.Name, table.BreakpointsDir+string(filepath.Separator)) {
				bps = append(bps, x)
				continue
			}
			fmt.Fprintf(stdout, "  %-34s %10s\n", x.Name, cli.HumanBytes(uint64(x.Size)))
		}
		if len(bps) > 0 {
			var sum int64
			for _, x := range bps {
				sum += x.Size
			}
			fmt.Fprintf(stdout, "  %-34s %10s\n", fmt.Sprintf("%s/ (%d files)", table.BreakpointsDir, len(bps)), cli.HumanBytes(uint64(sum)))
		}
		fmt.Fprintf(stdout, "  %-34s %10s\n", "total", cli.HumanBytes(uint64(f.Bytes())))
	}
	if len(others) > 0 {
		fmt.Fprintln(stdout, "other files")
		for _, x := range others {
			fmt.Fprintf(stdout, "  %-34s %10s\n", x.Name, cli.HumanBytes(uint64(x.Size)))
		}
	}
	if len(leftovers) > 0 {
		fmt.Fprintln(stdout, "left by stopped runs")
		for _, x := range leftovers {
			fmt.Fprintf(stdout, "  %-34s %10s  %s\n", x.Name, cli.HumanBytes(uint64(x.Size)), tablebuild.LeftoverAdvice(x.Name))
		}
	}
	if bad > 0 {
		return fmt.Errorf("%d of %d tables under %s do not validate", bad, len(folders), root)
	}
	return nil
}

// notTableFolder refuses a table folder, Grundy or global, given where a
// results folder is wanted (an easy slip: table.Open takes the former).
func notTableFolder(root string) error {
	for _, f := range []string{table.StartValuesFile, globalnim.PositionsFile} {
		if _, err := os.Stat(filepath.Join(root, f)); err == nil {
			return usagef("%s is a table folder; give the results folder that holds it (%s)", root, filepath.Dir(filepath.Dir(filepath.Clean(root))))
		}
	}
	return nil
}
