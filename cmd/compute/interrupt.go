package main

import (
	"context"
	"errors"
	"sync"

	"fibnim/internal/cli"
	"fibnim/tablebuild"
)

// What every command does when an interrupt (SIGINT, SIGTERM) stops it,
// in one place: run ends it with cli.ErrInterrupted's line, and removes
// the folders the run made (prepareDir) that are still empty, so that a
// run that did not get to write anything leaves nothing behind. The
// packages remove what they staged and cannot take up again (tablebuild:
// a staging folder without a checkpoint, a lock beside nothing); what they
// keep for the same command (a checkpoint, a complete staged table, an
// atlas's summaries) the line names.

// interrupted is the error a command ends with after dispatch returned
// err: cli.Interrupted's, with what the same command takes up, where the
// run kept something for it.
func interrupted(ctx context.Context, err error) error {
	then := ""
	var tb *tablebuild.InterruptedError
	var k *keptError
	switch {
	case errors.As(err, &k):
		then = k.then
	case errors.As(err, &tb) && (tb.Checkpoint != "" || tb.Complete != ""):
		then = tb.Resume()
	}
	return cli.Interrupted(ctx, err, then)
}

// keptError is the error of a command that an interrupt stopped after it
// kept some of its work for the same command to take up: then says what
// that command does with it (interrupted puts it after the line).
type keptError struct{ then string }

func (e *keptError) Error() string { return cli.ErrInterrupted.Error() + "; " + e.then }

// madeDirs are the folders that a run's prepareDir calls created, the
// outermost of each call first.
type madeDirs struct {
	mu   sync.Mutex
	dirs []string
}

type madeKey struct{}

// trackDirs returns ctx with the record of the folders a run makes, and
// whether it is this run's own: a command that another runs (compute all)
// adds to the record of the one that runs it, which removes them.
func trackDirs(ctx context.Context) (context.Context, *madeDirs, bool) {
	if m, ok := ctx.Value(madeKey{}).(*madeDirs); ok {
		return ctx, m, false
	}
	m := new(madeDirs)
	return context.WithValue(ctx, madeKey{}, m), m, true
}

// removeEmpty removes the folders made that are empty, the innermost
// first.
func (m *madeDirs) removeEmpty() {
	m.mu.Lock()
	defer m.mu.Unlock()
	cli.RemoveEmpty(m.dirs)
	m.dirs = nil
}

// prepareDir creates dir and checks that a file can be written in it,
// without touching anything already there; a failure is a usage error.
// The folders it creates are recorded in ctx (trackDirs), so that a run
// that fails removes those it left empty.
func prepareDir(ctx context.Context, dir string) error {
	made, err := cli.MakeDir(dir)
	if err != nil {
		return usageError{Msg: err.Error()}
	}
	if m, ok := ctx.Value(madeKey{}).(*madeDirs); ok {
		m.mu.Lock()
		m.dirs = append(m.dirs, made...)
		m.mu.Unlock()
	}
	return nil
}
