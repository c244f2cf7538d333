package tablebuild

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// LockedError is the error of a run whose table folder another writer
// holds: one line naming the folder and, where the lock file says, the
// holder's pid and command. It states the fact; what to do about it
// (wait, or write elsewhere) is the command's to say.
type LockedError struct {
	Dir     string
	PID     int    // 0 if unknown
	Command string // "" if unknown
}

func (e *LockedError) Error() string {
	who := "another run"
	if e.PID > 0 {
		who = fmt.Sprintf("another run (pid %d", e.PID)
		if e.Command != "" {
			who += ": " + e.Command
		}
		who += ")"
	}
	return fmt.Sprintf("%s is being written by %s", e.Dir, who)
}

// folderLock is an exclusive lock on a table folder: flock on
// lockFile(dir), which holds the holder's pid and command. The
// kernel drops it when the process ends, however it ends, so a killed run
// leaves no stale lock.
type folderLock struct {
	f   *os.File
	dir string
}

// lockOpened, when set (by a test), is called between the opening of the
// lock file and its lock: where another writer's unlock can remove it.
var lockOpened func()

// lockFolder takes the lock of the table folder dir, or fails at once
// with a *LockedError if another process holds it.
func lockFolder(dir, command string) (*folderLock, error) {
	path := lockFile(dir)
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, err
		}
		if lockOpened != nil {
			lockOpened()
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			defer f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				le := &LockedError{Dir: dir}
				if b, err := os.ReadFile(path); err == nil {
					le.PID, le.Command = parseHolder(string(b))
				}
				return nil, le
			}
			return nil, fmt.Errorf("locking %s: %w", path, err)
		}
		// A holder that leaves nothing of the table removes the lock file
		// before it lets go (unlock): a lock on the file it removed locks
		// nothing, so the file locked must still be the one at path.
		held, herr := f.Stat()
		there, terr := os.Stat(path)
		if herr == nil && terr == nil && os.SameFile(held, there) {
			// Who holds it, for the error of the next writer.
			if err := f.Truncate(0); err == nil {
				fmt.Fprintf(f, "pid %d\ncommand %s\n", os.Getpid(), command)
			}
			return &folderLock{f: f, dir: dir}, nil
		}
		f.Close()
		if herr != nil {
			return nil, herr
		}
		if terr != nil && !errors.Is(terr, os.ErrNotExist) {
			return nil, terr
		}
	}
}

// parseHolder reads the pid and command a lock file holds.
func parseHolder(s string) (pid int, command string) {
	for _, line := range strings.Split(s, "\n") {
		if v, ok := strings.CutPrefix(line, "pid "); ok {
			pid, _ = strconv.Atoi(v)
		}
		if v, ok := strings.CutPrefix(line, "command "); ok {
			command = v
		}
	}
	return pid, command
}

// unlock releases the lock. The lock file stays beside a table folder,
// its staging folder or its swap marker; where none of them is there (a
// run stopped before it kept anything), it is removed too, while still
// held, so that such a run leaves nothing behind. A writer that opened it
// before it went finds, once it holds the lock, that the file is no longer
// the one at its path, and locks that one instead (lockFolder).
func (l *folderLock) unlock() {
	if l == nil {
		return
	}
	l.f.Truncate(0)
	if !exists(l.dir) && !exists(StagingDir(l.dir)) && !exists(swapMarker(l.dir)) {
		os.Remove(lockFile(l.dir))
	}
	l.f.Close()
}

// exists says whether path names a file or folder (a broken link counts).
func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
