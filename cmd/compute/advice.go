package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"fibnim/atlas"
	"fibnim/grundyproof"
	"fibnim/internal/atomicfile"
	"fibnim/moves"
	"fibnim/paper"
	"fibnim/report"
	"fibnim/table"
	"fibnim/tablebuild"
)

// The packages' errors state a fact ("DIR holds a table of M = 100, more
// than this run's M = 20"); what a user of compute should do about it
// ("give -replace ...") is the command's, and is said here, in one place.
//
// advise returns err with the one line of advice that its kind calls for
// appended, or err itself when none does. The result wraps err (errors.Is
// and errors.As see through it) and is advised once: advising it again,
// as run does for every command, including those that compute all runs,
// changes nothing. Advice is added only where the text does not already
// hold it, so that errors still written with their advice (tablebuild's
// ShrinkError, SpaceError and DiskFullError) read the same before and
// after they are changed to state the fact alone.
func advise(err error) error {
	if err == nil {
		return nil
	}
	var done *advised
	if errors.As(err, &done) {
		return err
	}
	a := adviceFor(err)
	if a == "" || strings.Contains(err.Error(), strings.TrimLeft(a, ";:( ")) {
		return err
	}
	return &advised{err: err, advice: a}
}

// advised is an error with the advice for it: its text is err's, then
// the advice, which starts with its own separator ("; ", ": ", " (").
type advised struct {
	err    error
	advice string
}

func (e *advised) Error() string { return e.err.Error() + e.advice }
func (e *advised) Unwrap() error { return e.err }

// adviceFor is the advice for err, with its separator, or "" for none.
// The first kind that err matches decides.
func adviceFor(err error) string {
	var (
		locked      *tablebuild.LockedError
		shrink      *tablebuild.ShrinkError
		globShrink  *tablebuild.GlobalShrinkError
		space       *tablebuild.SpaceError
		full        *tablebuild.DiskFullError
		globFull    *tablebuild.GlobalDiskFullError
		noSource    *moves.NoSourceError
		beyond      *moves.BeyondError
		noAutomata  *grundyproof.NoAutomataError
		noChecks    *paper.NoChecksError
		missing     *report.MissingChecksError
		summary     *atlas.SummaryError
		noAtlas     *atlas.NoAtlasError
		incomplete  *atlas.IncompleteError
		foreignJrnl *atomicfile.ForeignJournalError
	)
	switch {
	case errors.As(err, &locked):
		return "; wait for it to finish, or give another -out"
	case errors.As(err, &shrink), errors.As(err, &globShrink):
		return "; give -replace to replace it, or another -out"
	case errors.As(err, &space):
		return "; free some, or give another -out"
	case errors.As(err, &full):
		return ": free some space and run the same command to resume, or remove it with rm -rf " + full.Stage
	case errors.As(err, &globFull):
		return ": free some space and run the same command"
	case errors.As(err, &beyond) && errors.As(beyond.Automata, &noAutomata):
		// The automata answer every heap (G <= K exactly, else G >= K+1);
		// a table, the heaps it reaches.
		a := fmt.Sprintf("; run compute automata -mult %s -out %s", noAutomata.A, noAutomata.Root)
		if ns := beyond.NoSource; ns != nil && !ns.Beyond {
			a += fmt.Sprintf(" (or compute grundy -n %d -mult %s -out %s for the heaps up to n = %d)", max(ns.N, ns.Have), ns.Mult, ns.Root, max(ns.N, ns.Have))
		}
		return a
	case errors.As(err, &noSource):
		if noSource.Beyond {
			return "" // no table can answer: the error says so
		}
		return fmt.Sprintf("; run compute grundy -n %d -mult %s -out %s first", max(noSource.N, noSource.Have), noSource.Mult, noSource.Root)
	case errors.As(err, &noAutomata):
		root := noAutomata.Root
		if root == "" {
			root = filepath.Dir(filepath.Dir(filepath.Dir(noAutomata.Dir)))
		}
		return fmt.Sprintf("; run compute automata -mult %s -out %s", noAutomata.A, root)
	case errors.Is(err, table.ErrNoManifest):
		return "; compute grundy -replace rewrites it with one"
	case errors.Is(err, table.ErrOldBreakpoints):
		return "; run compute grundy again"
	case errors.As(err, &noChecks):
		return fmt.Sprintf(": run make (or compute all -out %s) first", noChecks.Root)
	case errors.As(err, &missing):
		return ": make writes it (compute verify)"
	case errors.Is(err, paper.ErrNoFibonacci):
		return " (compute grundy -n N -mult 2)"
	case errors.As(err, &summary):
		return fmt.Sprintf(" (remove it to compute a = %s again)", summary.A)
	case errors.As(err, &noAtlas):
		return fmt.Sprintf(": run compute atlas -mults LIST -n N -out %s first", noAtlas.Root)
	case errors.As(err, &incomplete):
		return fmt.Sprintf("; run the shards that hold them (compute atlas -mults %q -n %d -out %s -shard i/M)", incomplete.Plan.List, incomplete.Plan.N, incomplete.Root)
	case errors.As(err, &foreignJrnl):
		return "; remove it"
	}
	return ""
}
