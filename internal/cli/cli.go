package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// UsageError is a mistake in the command line: exit status 2.
type UsageError struct{ Msg string }

func (e UsageError) Error() string { return e.Msg }

// Usagef returns a UsageError.
func Usagef(format string, args ...any) error {
	return UsageError{fmt.Sprintf(format, args...)}
}

// FirstLine is s trimmed and cut at its first newline.
func FirstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// Exit ends the command prog after run returned err: status 0 for nil or
// -h, 2 with "prog: message (hint)" for a UsageError, 1 with "prog:
// message" otherwise. Messages are one line.
func Exit(prog, hint string, err error) {
	os.Exit(report(os.Stderr, prog, hint, err))
}

// Status is the exit status of a command whose run returned err: 0 for
// nil or -h, 2 for a UsageError, 1 otherwise.
func Status(err error) int {
	var ue UsageError
	switch {
	case err == nil || errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ue):
		return 2
	}
	return 1
}

// report writes err as Exit does and returns the exit status.
func report(w io.Writer, prog, hint string, err error) int {
	switch Status(err) {
	case 0:
		return 0
	case 2:
		var ue UsageError
		errors.As(err, &ue)
		fmt.Fprintf(w, "%s: %s (%s)\n", prog, FirstLine(ue.Msg), hint)
		return 2
	}
	fmt.Fprintf(w, "%s: %s\n", prog, FirstLine(err.Error()))
	return 1
}

// PrepareDir creates dir and checks that a file can be written in it,
// without touching anything already there. The error is one line.
func PrepareDir(dir string) error {
	_, err := MakeDir(dir)
	return err
}

// MakeDir is PrepareDir, and returns the folders it created, dir and
// those above it that were not there, the outermost first: what a command
// that fails later removes again if they are still empty (RemoveEmpty).
// On an error it leaves none of them.
func MakeDir(dir string) (made []string, err error) {
	for p := filepath.Clean(dir); ; {
		if _, err := os.Lstat(p); err == nil {
			break
		}
		made = append(made, p)
		up := filepath.Dir(p)
		if up == p {
			break
		}
		p = up
	}
	slices.Reverse(made)
	defer func() {
		if err != nil {
			RemoveEmpty(made)
			made = nil
		}
	}()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return made, fmt.Errorf("cannot create output folder %s: %v", dir, PathErr(err))
	}
	f, err := os.CreateTemp(dir, ".probe-*")
	if err != nil {
		return made, fmt.Errorf("output folder %s is not writable: %v", dir, PathErr(err))
	}
	f.Close()
	os.Remove(f.Name())
	return made, nil
}

// RemoveEmpty removes the folders of dirs that are empty, the last
// first, so that a folder whose only content was a folder removed before
// it goes too. A folder that holds anything stays (os.Remove removes no
// folder that is not empty).
func RemoveEmpty(dirs []string) {
	for i := len(dirs) - 1; i >= 0; i-- {
		if st, err := os.Lstat(dirs[i]); err == nil && st.IsDir() {
			os.Remove(dirs[i])
		}
	}
}

// PathErr is the cause inside an *os.PathError, for messages that name the
// path themselves.
func PathErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
