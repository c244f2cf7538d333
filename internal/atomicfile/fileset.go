package atomicfile

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// A FileSet replaces several files together: all of them, or (after a
// crash) none until the next FileSet of the same name completes it. Each
// new file is written in full beside its target under a temporary name
// (Stage, Add) and synced; Commit then writes a journal naming every
// rename, syncs it, makes the renames and removes the journal. A run
// stopped before the journal is on disk leaves every target as it was; one
// stopped after it leaves the new files ready, and the next NewFileSet of
// that name (the same command run again) finishes the renames before it
// starts. Readers see each file replaced atomically, and the set replaced
// within the few microseconds of its renames.
//
// It is what compute ntimes, verify and atlas -merge write their outputs
// with; a table folder is replaced by one folder exchange instead
// (SwapDir), which needs no journal.
type FileSet struct {
	journal string
	renames []rename
	done    bool
}

type rename struct {
	Tmp    string `json:"tmp"`
	Target string `json:"target"`
}

// hook, when set (by tests), is called at each step of a Commit:
// "staged" (every file written, no journal yet), "journal" (the journal is
// on disk), "renamed" after each rename, and "done". An error it returns
// stops the Commit there, as a crash would.
var hook func(step string) error

func runHook(step string) error {
	if hook != nil {
		return hook(step)
	}
	return nil
}

// journalName is the journal of the set name in dir.
func journalName(dir, name string) string {
	return filepath.Join(dir, "."+name+journalSuffix)
}

// journalSuffix ends the name of a FileSet's journal, which begins with '.'.
const journalSuffix = ".commit"

// IsJournal reports whether the file name (without its folder) is a
// FileSet's journal: one that a stopped Commit left, if it is still there
// when no command runs.
func IsJournal(name string) bool {
	return strings.HasPrefix(name, ".") && strings.HasSuffix(name, journalSuffix)
}

// NewFileSet starts a set of files named name whose journal lives in the
// folder dir (created if missing). If an earlier Commit of that name was
// stopped after its journal was written, its renames are finished first,
// and recovered reports it.
func NewFileSet(dir, name string) (s *FileSet, recovered bool, err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, false, err
	}
	s = &FileSet{journal: journalName(dir, name)}
	recovered, err = RecoverFileSet(dir, name)
	return s, recovered, err
}

// ForeignJournalError is the error of [RecoverFileSet] for a journal
// file (Path) that does not decode (Err): it was not written by fibnim,
// and nothing was renamed.
type ForeignJournalError struct {
	Path string
	Err  error
}

func (e *ForeignJournalError) Error() string {
	return fmt.Sprintf("%s: not a journal of fibnim (%v)", e.Path, e.Err)
}

func (e *ForeignJournalError) Unwrap() error { return e.Err }

// RecoverFileSet finishes the renames of a Commit of the set name in dir
// that was stopped after its journal was written, and reports whether
// there was one.
func RecoverFileSet(dir, name string) (bool, error) {
	path := journalName(dir, name)
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	var rs []rename
	if err := json.Unmarshal(b, &rs); err != nil {
		return false, &ForeignJournalError{Path: path, Err: err}
	}
	if err := apply(rs); err != nil {
		return true, err
	}
	if err := os.Remove(path); err != nil {
		return true, err
	}
	return true, SyncDir(dir)
}

// apply makes the renames whose temporary file is still there (the others
// were made before a stop), and syncs their folders.
func apply(rs []rename) error {
	dirs := map[string]bool{}
	for _, r := range rs {
		err := os.Rename(r.Tmp, r.Target)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		dirs[filepath.Dir(r.Target)] = true
		if err := runHook("renamed"); err != nil {
			return err
		}
	}
	for d := range dirs {
		if err := SyncDir(d); err != nil {
			return err
		}
	}
	return nil
}

// Stage returns the temporary path, beside target, at which the caller
// writes target's new content in full (and syncs it: the Parquet writers
// and Write do). Commit renames it to target.
func (s *FileSet) Stage(target string) string {
	tmp := filepath.Join(filepath.Dir(target), fmt.Sprintf(".%s.tmp-set%d", filepath.Base(target), len(s.renames)))
	s.renames = append(s.renames, rename{Tmp: tmp, Target: target})
	return tmp
}

// Add stages target with content data.
func (s *FileSet) Add(target string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return err
	}
	return Write(s.Stage(target), data)
}

// Commit replaces every target with its staged file, as one set.
func (s *FileSet) Commit() error {
	if s.done {
		return errors.New("atomicfile: FileSet committed twice")
	}
	s.done = true
	if err := runHook("staged"); err != nil {
		return err
	}
	b, err := json.MarshalIndent(s.renames, "", "  ")
	if err != nil {
		return err
	}
	if err := Write(s.journal, b); err != nil {
		return err
	}
	if err := runHook("journal"); err != nil {
		return err
	}
	if err := apply(s.renames); err != nil {
		return err
	}
	if err := os.Remove(s.journal); err != nil {
		return err
	}
	if err := SyncDir(filepath.Dir(s.journal)); err != nil {
		return err
	}
	return runHook("done")
}

// Abort removes the staged files of a set not committed; every target is
// left as it was.
func (s *FileSet) Abort() {
	if s.done {
		return
	}
	s.done = true
	for _, r := range s.renames {
		os.Remove(r.Tmp)
	}
}
