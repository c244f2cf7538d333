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
		note := &runNote{name: name}
		if err := run(context.WithValue(ctx, runNoteKey{}, note), args, stdout, stderr); err != nil {
			return err
		}
		dir, key, tables := note.dir, note.key, note.tables
		if !note.set {
			dir, key, tables = provenanceOf(name, args)
		}
		if dir == "" {
			return nil
		}
		switch {
		case note.set:
			rec.Workers = note.workers
		case name != "verify": // the commands with -workers
			rec.Workers = runtime.GOMAXPROCS(0)
			if w, err := strconv.Atoi(flagValue(args, "workers", "")); err == nil {
				rec.Workers = w
			}
		}
		rec.Steps = note.steps
		return rec.Finish(dir, key, tables...)
	}
}

// runNote is what a command that has parsed its own flags tells recorded
// of a successful run (noteRun), so that they are not parsed a second
// time, with other defaults: its results folder, the record's key, the
// tables it wrote and its workers.
type runNote struct {
	name     string // the command recorded
	set      bool
	dir, key string
	tables   []provenance.Table
	workers  int
	steps    []provenance.Step
}

type runNoteKey struct{}

// noteRun tells the recorder of command name in ctx (if any) what its run
// did; recorded then writes it in place of provenanceOf's reading of the
// arguments.
func noteRun(ctx context.Context, name, dir, key string, workers int, tables ...provenance.Table) {
	if n, ok := ctx.Value(runNoteKey{}).(*runNote); ok && n.name == name {
		*n = runNote{name: name, set: true, dir: dir, key: key, tables: tables, workers: workers}
	}
}

// noteSteps adds timed steps to what noteRun told the recorder of command
// name in ctx.
func noteSteps(ctx context.Context, name string, steps []provenance.Step) {
	if n, ok := ctx.Value(runNoteKey{}).(*runNote); ok && n.name == name {
		n.steps = steps
	}
}

// provenanceOf is the results folder, the record's key and the tables of a
// successful run of compute NAME ARGS, for the commands that do not tell
// them (noteRun: grundy does). The flags parsed again here have been
// accepted by the command itself, so their errors are not looked at.
func provenanceOf(name string, args []string) (dir, key string, tables []provenance.Table) {
	rel := func(root, path string) string {
		r, err := filepath.Rel(root, path)
		if err != nil {
			return path
		}
		return filepath.ToSlash(r)
	}
	switch name {
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
