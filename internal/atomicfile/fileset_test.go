package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// A FileSet stopped at any step of its Commit leaves every file old (before
// its journal is on disk) or, once the next FileSet of the name has run,
// every file new: never a mix of the two runs' outputs. The renames made
// before a stop are counted, to stop after the first and after the second.
func TestFileSetAllOrNothing(t *testing.T) {
	stop := errors.New("stopped by the test")
	for _, c := range []struct {
		step  string
		after int // stop at the after-th time step comes
		fresh bool
	}{{"staged", 1, false}, {"journal", 1, true}, {"renamed", 1, true}, {"renamed", 2, true}, {"done", 1, true}} {
		root := t.TempDir()
		paths := []string{filepath.Join(root, "checks.json"), filepath.Join(root, "report.md"), filepath.Join(root, "oeis", "b.txt")}
		write := func(content string, stepHook func(string) error) error {
			s, _, err := NewFileSet(root, "verify")
			if err != nil {
				return err
			}
			for _, p := range paths {
				if err := s.Add(p, []byte(content+filepath.Base(p))); err != nil {
					return err
				}
			}
			hook = stepHook
			defer func() { hook = nil }()
			return s.Commit()
		}
		if err := write("old ", nil); err != nil {
			t.Fatal(err)
		}
		n := 0
		err := write("new ", func(step string) error {
			if step == c.step {
				if n++; n == c.after {
					return stop
				}
			}
			return nil
		})
		if !errors.Is(err, stop) {
			t.Fatalf("%s #%d: %v", c.step, c.after, err)
		}
		// The next FileSet of the name completes a journal it finds.
		recovered, err := RecoverFileSet(root, "verify")
		if err != nil {
			t.Fatal(err)
		}
		want := "old "
		if c.fresh {
			want = "new "
		}
		for _, p := range paths {
			b, _ := os.ReadFile(p)
			if string(b) != want+filepath.Base(p) {
				t.Errorf("stopped at %s #%d (recovered %v): %s holds %q, want %q", c.step, c.after, recovered, p, b, want+filepath.Base(p))
			}
		}
		if recovered != (c.fresh && c.step != "done") {
			t.Errorf("stopped at %s #%d: recovered %v", c.step, c.after, recovered)
		}
		entries, _ := os.ReadDir(root)
		for _, e := range entries {
			if IsJournal(e.Name()) {
				t.Errorf("stopped at %s #%d: left the journal %s after recovery", c.step, c.after, e.Name())
			}
		}
	}
}

// SwapDir exchanges two folders in one step: the target holds the new
// content and the old content is where the new one was.
func TestSwapDir(t *testing.T) {
	root := t.TempDir()
	target, stage := filepath.Join(root, "mult=2"), filepath.Join(root, ".mult=2.staging")
	for _, d := range []string{target, stage} {
		os.Mkdir(d, 0o755)
		os.WriteFile(filepath.Join(d, "f"), []byte(filepath.Base(d)), 0o644)
	}
	old, err := SwapDir(stage, target)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(target, "f")); string(b) != ".mult=2.staging" {
		t.Errorf("target holds %q", b)
	}
	if b, _ := os.ReadFile(filepath.Join(old, "f")); string(b) != "mult=2" {
		t.Errorf("old content at %s: %q", old, b)
	}
	// Into a target that does not exist: a rename, no old content.
	other := filepath.Join(root, "mult=3")
	if old, err := SwapDir(old, other); err != nil || old != "" {
		t.Errorf("SwapDir to a new name: %q, %v", old, err)
	}
}
