package main

import (
	"errors"
	"fmt"
	"strings"
	"syscall"
	"testing"

	"fibnim/atlas"
	"fibnim/grundy"
	"fibnim/grundyproof"
	"fibnim/internal/atomicfile"
	"fibnim/moves"
	"fibnim/paper"
	"fibnim/report"
	"fibnim/table"
	"fibnim/tablebuild"
)

// TestAdvise maps each kind of library error that calls for advice to
// the one line compute prints. The wanted lines are those the packages
// wrote themselves, advice included, before issue 37 moved the advice
// here (f06167b; the global game's errors are newer than 0fa0360), except
// the two marked: ErrNoManifest's advice now follows its parenthesis, and
// the automata's advice ends the line.
func TestAdvise(t *testing.T) {
	a52 := grundy.Multiplier{P: 5, Q: 2}
	plan := atlas.Plan{List: "2,3", N: 1000}
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"locked", &tablebuild.LockedError{Dir: "R/grundy/mult=2", PID: 7, Command: "compute grundy -n 1e9"},
			"R/grundy/mult=2 is being written by another run (pid 7: compute grundy -n 1e9); wait for it to finish, or give another -out"},
		{"global shrink", &tablebuild.GlobalShrinkError{Dir: "R/global/mult=2", Old: 100, New: 20},
			"R/global/mult=2 holds a global table of M = 100, more than this run's M = 20; give -replace to replace it, or another -out"},
		{"global shrink, damaged", &tablebuild.GlobalShrinkError{Dir: "D", Old: 100, New: 20, Damage: errors.New("bad")},
			"D holds a global table that does not validate (bad) but that its manifest says was of M = 100, more than this run's M = 20; give -replace to replace it, or another -out"},
		{"global disk full", &tablebuild.GlobalDiskFullError{Dir: "D", Stage: "S", Err: syscall.ENOSPC},
			"no space left on the device of S while the new table was written (no space left on device); the table in D is as it was: free some space and run the same command"},
		{"no source", &moves.NoSourceError{Dir: "R/grundy/mult=5_2", Root: "R", Mult: a52, N: 50000, Have: 45000, Fact: "R/grundy/mult=5_2 covers n <= 45000"},
			"R/grundy/mult=5_2 covers n <= 45000; run compute grundy -n 50000 -mult 5/2 -out R first"},
		{"no source, larger table", &moves.NoSourceError{Dir: "D", Root: "R", Mult: grundy.Fibonacci, N: 100, Have: 200, Fact: "F"},
			"F; run compute grundy -n 200 -mult 2 -out R first"},
		{"no source, beyond", &moves.NoSourceError{Dir: "D", Root: "R", Mult: grundy.Fibonacci, N: 1 << 40, Have: -1, Beyond: true, Fact: "F"},
			fmt.Sprintf("F; no table can answer it: the engine stops at n = %d for breakpoint files, which a query needs (start values reach further, and answer starting piles)", table.MaxBreakpointFileN)},
		{"no automata (advice moved to the end)", fmt.Errorf("why, and %w", &grundyproof.NoAutomataError{Root: "R", Dir: "R/automata/mult=2", A: grundy.Fibonacci}),
			"why, and R/automata/mult=2 holds no g0.txt: no automata there; run compute automata -mult 2 -out R"},
		{"no manifest (advice after the parenthesis)", fmt.Errorf("R/grundy/mult=2: %w", table.ErrNoManifest),
			"R/grundy/mult=2: the table has no manifest (written before manifests existed); compute grundy -replace rewrites it with one"},
		{"old breakpoints", fmt.Errorf("P: no run column: %w", table.ErrOldBreakpoints),
			"P: no run column: written by an older fibnim, whose breakpoint layout this one does not read; run compute grundy again"},
		{"paper, no checks", &paper.NoChecksError{Root: "R"},
			"no checks.json under R: run make (or compute all -out R) first"},
		{"paper, no a = 2", fmt.Errorf("checks.json has no result of X: %w", paper.ErrNoFibonacci),
			"checks.json has no result of X: the note needs the table of a = 2 (compute grundy -n N -mult 2)"},
		{"readme, no checks", &report.MissingChecksError{Path: "R/checks.json"},
			"R/checks.json is missing: make writes it (compute verify)"},
		{"atlas summary", &atlas.SummaryError{A: a52, Err: errors.New("S: bad footer")},
			"S: bad footer (remove it to compute a = 5/2 again)"},
		{"no atlas", &atlas.NoAtlasError{Root: "R"},
			"no atlas under R (no R/atlas/plan.json): run compute atlas -mults LIST -n N -out R first"},
		{"atlas incomplete", &atlas.IncompleteError{Root: "R", Plan: plan, Missing: []string{"2", "3", "4", "5", "6", "7"}, Total: 9},
			`the atlas is incomplete: 6 of 9 multipliers have no summary under R/atlas (a = 2, 3, 4, 5, 6, ...); run the shards that hold them (compute atlas -mults "2,3" -n 1000 -out R -shard i/M)`},
		{"foreign journal", &atomicfile.ForeignJournalError{Path: "J", Err: errors.New("bad json")},
			"J: not a journal of fibnim (bad json); remove it"},
		{"no advice", errors.New("disk on fire"), "disk on fire"},
	} {
		got := advise(c.err)
		if got.Error() != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
		if !errors.Is(got, c.err) {
			t.Errorf("%s: the advised error does not wrap the library's", c.name)
		}
		if again := advise(got); again.Error() != c.want {
			t.Errorf("%s: advised twice: %s", c.name, again)
		}
		if wrapped := advise(fmt.Errorf("step: %w", got)); wrapped.Error() != "step: "+c.want {
			t.Errorf("%s: advised, wrapped and advised again: %s", c.name, wrapped)
		}
	}
	if advise(nil) != nil {
		t.Error("advise(nil) is not nil")
	}
}

// The advice of tablebuild's errors that still write it themselves
// (ShrinkError, SpaceError, DiskFullError) is not said twice; once they
// state the fact alone, advise adds the same words.
func TestAdviseOnce(t *testing.T) {
	for _, err := range []error{
		&tablebuild.ShrinkError{Dir: "D"},
		&tablebuild.SpaceError{Dir: "D"},
		&tablebuild.DiskFullError{Dir: "D", Stage: "S", Err: syscall.ENOSPC},
	} {
		if f := err.Error(); strings.Contains(f, "-replace") || strings.Contains(f, "-out") || strings.Contains(f, "rm -rf") {
			t.Errorf("%T: the library's error %q gives command-line advice: it should state the fact", err, f)
		}
		got := advise(err).Error()
		a := adviceFor(err)
		if a == "" || strings.Count(got, strings.TrimLeft(a, ";: ")) != 1 {
			t.Errorf("%T: %q, advice %q: want it once", err, got, a)
		}
	}
}
