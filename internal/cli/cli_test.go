package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestReport(t *testing.T) {
	for _, c := range []struct {
		err    error
		status int
		out    string
	}{
		{nil, 0, ""},
		{flag.ErrHelp, 0, ""},
		{Usagef("-n %q is not a number\nmore", "x"), 2, "p: -n \"x\" is not a number (see help)\n"},
		{fmt.Errorf("wrapped: %w", UsageError{"bad flag"}), 2, "p: bad flag (see help)\n"},
		{errors.New("disk full\nsecond line"), 1, "p: disk full\n"},
	} {
		var b bytes.Buffer
		if got := report(&b, "p", "see help", c.err); got != c.status || b.String() != c.out {
			t.Errorf("report(%v) = %d, %q; want %d, %q", c.err, got, b.String(), c.status, c.out)
		}
	}
}

// Sizes are read exactly: 2.5e7 and 2.5·10^7 are whole, 2.5e0 is not, and
// an error echoes at most 40 characters of what was given.
func TestParseSize(t *testing.T) {
	for s, want := range map[string]int{
		"1000000": 1000000, "1_000_000": 1000000, "1e6": 1000000, "1E6": 1000000, "1e+6": 1000000,
		"2.5e7": 25000000, "2.5·10^7": 25000000, "2.5*10^7": 25000000, "2.5x10^7": 25000000, "2.5×10^7": 25000000,
		"10^6": 1000000, "2^20": 1 << 20, "0": 0, " 3000 ": 3000, "1.5e3": 1500, "12.50e1": 125, "4611686018427387904": 1 << 62,
	} {
		got, err := ParseSize("n", s)
		if err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
	long := "1" + strings.Repeat("0", 100) + ".5"
	for s, want := range map[string]string{
		"2.5e0":      `-n 2.5e0 is not a whole number`,
		"2.5":        `-n 2.5 is not a whole number`,
		"1e-3":       `-n 1e-3 is not a whole number`,
		"1e30":       `-n 1e30 is too large`,
		"1e99999999": `-n 1e99999999 is too large`,
		"2^63":       `-n 2^63 is too large`,
		"-5":         `-n -5 is negative`,
		"abc":        `-n abc is not a whole number (sizes look like`,
		"1e6.5":      `-n 1e6.5 is not a whole number`,
		"2.5·10^x":   `is not a whole number`,
		"2.5·3^7":    `is not a whole number`,
		"1 000":      `-n "1 000" is not a whole number`,
		long:         `-n ` + long[:37] + `... is not a whole number`,
	} {
		_, err := ParseSize("n", s)
		var ue UsageError
		if !errors.As(err, &ue) || !strings.Contains(ue.Msg, want) {
			t.Errorf("ParseSize(%q): %v; want a usage error with %q", s, err, want)
		}
		if err != nil && strings.Count(err.Error(), "0") > 45 {
			t.Errorf("ParseSize(%q) echoes all of it: %v", s, err)
		}
	}
}

// TestCheckOutputs: an output folder or file that cannot be written is
// refused before any work, and nothing is left behind (issue 36, item 2).
func TestCheckOutputs(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, ok := range []string{dir, filepath.Join(dir, "new", "deeper")} {
		if err := CheckDir(ok); err != nil {
			t.Errorf("CheckDir(%s): %v", ok, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "new")); err == nil {
		t.Error("CheckDir created the folder it checked")
	}
	for _, bad := range []string{file, filepath.Join(file, "x"), "/nonexistent\x00/x"} {
		if err := CheckDir(bad); err == nil {
			t.Errorf("CheckDir(%q) let it through", bad)
		}
	}
	if err := CheckFile(filepath.Join(dir, "x.csv")); err != nil {
		t.Errorf("CheckFile: %v", err)
	}
	for _, bad := range []string{"/nonexistent/x.csv", filepath.Join(file, "x.csv"), dir} {
		if err := CheckFile(bad); err == nil {
			t.Errorf("CheckFile(%q) let it through", bad)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("the checks left %d entries in %s, want 1", len(ents), dir)
	}
}

// MakeDir says which folders it made, and RemoveEmpty takes back those
// still empty, never one that holds anything, nor one that was there.
func TestMakeDirAndRemoveEmpty(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b", "c")
	made, err := MakeDir(deep)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{filepath.Join(root, "a"), filepath.Join(root, "a", "b"), deep}; !slices.Equal(made, want) {
		t.Errorf("MakeDir made %v, want %v", made, want)
	}
	if again, err := MakeDir(deep); err != nil || len(again) != 0 {
		t.Errorf("MakeDir of a folder that is there: %v, %v", again, err)
	}
	if err := os.WriteFile(filepath.Join(root, "a", "kept"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	RemoveEmpty(append([]string{root}, made...))
	if _, err := os.Stat(filepath.Join(root, "a", "b")); !os.IsNotExist(err) {
		t.Errorf("a/b, empty, stayed: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "a", "kept")); err != nil {
		t.Errorf("a, which holds a file, went: %v", err)
	}
	if _, err := os.Stat(root); err != nil {
		t.Errorf("root: %v", err)
	}
	// A folder that cannot be made is an error, and none is made.
	file := filepath.Join(root, "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if made, err := MakeDir(filepath.Join(file, "z")); err == nil || made != nil {
		t.Errorf("MakeDir under a file: %v, %v", made, err)
	}
}

// Interrupted words every error of a run that an interrupt stopped as the
// one line, and leaves the others as they are.
func TestInterrupted(t *testing.T) {
	done, cancel := context.WithCancel(context.Background())
	cancel()
	live := context.Background()
	cause := errors.New("writing x: context canceled")
	ue := Usagef("-n: bad")
	for _, c := range []struct {
		ctx  context.Context
		err  error
		then string
		want string
	}{
		{live, cause, "", cause.Error()},
		{done, nil, "", ""},
		{done, cause, "", "interrupted; earlier results left in place"},
		{done, cause, "run it again", "interrupted; earlier results left in place; run it again"},
		{done, ue, "", "-n: bad"},
		{done, &InterruptedError{Then: "kept"}, "other", "interrupted; earlier results left in place; kept"},
	} {
		got := Interrupted(c.ctx, c.err, c.then)
		if s := fmt.Sprint(got); got == nil && c.want != "" || got != nil && s != c.want {
			t.Errorf("Interrupted(%v, %q) = %v, want %q", c.err, c.then, got, c.want)
		}
		if c.ctx == done && c.err == cause && (!errors.Is(got, ErrInterrupted) || !errors.Is(got, cause)) {
			t.Errorf("Interrupted(%v) does not wrap ErrInterrupted and its cause", c.err)
		}
		var b bytes.Buffer
		if c.ctx == done && c.err == cause && report(&b, "p", "h", got) != 1 {
			t.Errorf("an interrupted run exits %d, want 1", report(&b, "p", "h", got))
		}
	}
}
