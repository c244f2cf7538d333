package table

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"

	"fibnim/internal/atomicfile"
)

// WriteAtomic writes data to path through a temporary file in the same
// folder, synced, and a rename, so that a killed run never leaves a
// half-written file where a good one was (package internal/atomicfile,
// the one such writer).
func WriteAtomic(path string, data []byte) error { return atomicfile.Write(path, data) }

// SyncDir flushes the folder dir to disk, so that the files created,
// renamed or removed in it stay so after a crash (fsync of the folder).
func SyncDir(dir string) error { return atomicfile.SyncDir(dir) }

// SwapDir puts the folder staging in place of the folder target. Where
// target exists, the two are exchanged in one step (renameat2 with
// RENAME_EXCHANGE, which ext4, xfs, btrfs and tmpfs support), so that at
// every instant target names either its old content or the new one, and
// the old content is left at staging for the caller to remove; old is
// then staging. Where target does not exist, staging is renamed to it and
// old is "". Both must be on one filesystem. The parent folder is synced.
//
// On a filesystem that cannot exchange, it renames target to
// staging+".old" first and staging to target next: for a moment target
// does not exist (a reader then finds no table, never a mixed one), and a
// crash between the two renames leaves the old table at old, where
// package build finds it.
func SwapDir(staging, target string) (old string, err error) {
	parent := filepath.Dir(target)
	if _, err := os.Lstat(target); errors.Is(err, os.ErrNotExist) {
		if err := os.Rename(staging, target); err != nil {
			return "", err
		}
		return "", SyncDir(parent)
	}
	err = unix.Renameat2(unix.AT_FDCWD, staging, unix.AT_FDCWD, target, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EOPNOTSUPP) {
		old = staging + ".old"
		if err := os.Rename(target, old); err != nil {
			return "", err
		}
		if err := os.Rename(staging, target); err != nil {
			return old, err
		}
		return old, SyncDir(parent)
	}
	if err != nil {
		return "", err
	}
	if d := filepath.Dir(staging); d != parent {
		if err := SyncDir(d); err != nil {
			return staging, err
		}
	}
	return staging, SyncDir(parent)
}

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

// FileSetHook, when set (by tests), is called at each step of a Commit:
// "staged" (every file written, no journal yet), "journal" (the journal is
// on disk), "renamed" after each rename, and "done". An error it returns
// stops the Commit there, as a crash would.
var FileSetHook func(step string) error

func hook(step string) error {
	if FileSetHook != nil {
		return FileSetHook(step)
	}
	return nil
}

// journalName is the journal of the set name in dir.
func journalName(dir, name string) string {
	return filepath.Join(dir, "."+name+".commit")
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
		return false, fmt.Errorf("%s: not a journal of fibnim (%v); remove it", path, err)
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
		if err := hook("renamed"); err != nil {
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
// writes target's new content in full (and syncs it: the table writers
// and WriteAtomic do). Commit renames it to target.
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
	return WriteAtomic(s.Stage(target), data)
}

// Commit replaces every target with its staged file, as one set.
func (s *FileSet) Commit() error {
	if s.done {
		return errors.New("table: FileSet committed twice")
	}
	s.done = true
	if err := hook("staged"); err != nil {
		return err
	}
	b, err := json.MarshalIndent(s.renames, "", "  ")
	if err != nil {
		return err
	}
	if err := WriteAtomic(s.journal, b); err != nil {
		return err
	}
	if err := hook("journal"); err != nil {
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
	return hook("done")
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

// Leftovers lists what stopped runs left in the folder dir: unfinished
// FileSet journals (the next run of that command finishes them), staging
// folders of table runs (".mult=A.staging": a run that can be resumed) and
// their swap markers, and the .run/ folders of table runs made before
// staging folders, with their sizes.
func Leftovers(dir string) ([]FileSize, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []FileSize
	for _, e := range entries {
		name := e.Name()
		switch {
		case strings.HasSuffix(name, ".commit") && strings.HasPrefix(name, "."),
			strings.HasSuffix(name, StagingSuffix) || strings.HasSuffix(name, StagingSuffix+".old"),
			strings.HasPrefix(name, ".mult=") && strings.HasSuffix(name, ".swap"),
			name == runDir:
			p := filepath.Join(dir, name)
			out = append(out, FileSize{Name: p, Size: du(p)})
		}
	}
	return out, nil
}

// du is the size of the files under path.
func du(path string) int64 {
	var n int64
	filepath.Walk(path, func(_ string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			n += info.Size()
		}
		return nil
	})
	return n
}
