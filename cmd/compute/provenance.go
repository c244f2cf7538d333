package main

import (
	"context"
	"io"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"fibnim/globalnim"
	"fibnim/grundy"
	"fibnim/internal/cli"
	"fibnim/provenance"
	"fibnim/table"
)

// commandFunc is the shape of every subcommand.
type commandFunc func(ctx context.Context, args []string, stdout, stderr io.Writer) error

// recorded runs a subcommand and, when it succeeds, records the run in its
// results folder's provenance.json (package provenance): the command line,
// revision, machine, wall time, peak memory, and N of each table it wrote.
// A failed or interrupted run records nothing.
func recorded(name string, run commandFunc) commandFunc {
	return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		rec := provenance.Start(append([]string{"compute", name}, args...)...)
		if err := run(ctx, args, stdout, stderr); err != nil {
			return err
		}
		dir, key, tables := provenanceOf(name, args)
		if dir == "" {
			return nil
		}
		if name != "verify" { // the commands with -workers
			rec.Workers = runtime.GOMAXPROCS(0)
			if w, err := strconv.Atoi(flagValue(args, "workers", "")); err == nil {
				rec.Workers = w
			}
		}
		return rec.Finish(dir, key, tables...)
	}
}

// provenanceOf is the results folder, the record's key and the tables of a
// successful run of compute NAME ARGS. The flags parsed again here have
// been accepted by the command itself, so their errors are not looked at.
func provenanceOf(name string, args []string) (dir, key string, tables []provenance.Table) {
	rel := func(root, path string) string {
		r, err := filepath.Rel(root, path)
		if err != nil {
			return path
		}
		return filepath.ToSlash(r)
	}
	switch name {
	case "grundy":
		o, err := parseGrundyFlags(args, io.Discard)
		if err != nil {
			return "", "", nil
		}
		what := o.engine
		if o.engine == "breakpoint" && !o.breakpoints {
			what += ", start values only"
		}
		path := rel(o.out, table.Dir(o.out, o.mult))
		return o.out, "grundy " + path, []provenance.Table{{Path: path, Multiplier: o.mult.String(), N: int64(o.N), What: what}}
	case "global":
		out := flagValue(args, "out", "results")
		a, err := grundy.ParseMultiplier(flagValue(args, "mult", "2"))
		if err != nil {
			return "", "", nil
		}
		M, _ := cli.ParseSize("n", flagValue(args, "n", "0"))
		path := rel(out, globalnim.Dir(out, a))
		return out, "global " + path, []provenance.Table{{Path: path, Multiplier: a.String(), N: int64(M), What: "global game, largest pile M"}}
	case "ntimes":
		out := flagValue(args, "out", "results")
		mults, _ := parseMults(flagValue(args, "mults", "2..1000"))
		return out, "ntimes", []provenance.Table{{Path: "ntimes", N: int64(len(mults)), What: "multipliers " + flagValue(args, "mults", "2..1000")}}
	case "verify":
		return flagValue(args, "in", "results"), "verify", nil
	case "all":
		return flagValue(args, "out", "results"), "all", nil
	}
	return "", "", nil
}

// flagValue is the value of -name (or --name) in args, given as "-name v"
// or "-name=v", the last one if several; def if it is not there.
func flagValue(args []string, name, def string) string {
	v := def
	for i := 0; i < len(args); i++ {
		a := strings.TrimPrefix(strings.TrimPrefix(args[i], "-"), "-")
		if a == args[i] {
			continue
		}
		if k, val, ok := strings.Cut(a, "="); ok && k == name {
			v = val
		} else if a == name && i+1 < len(args) {
			v = args[i+1]
			i++
		}
	}
	return v
}
