package tablebuild

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fibnim/globalnim"
	"fibnim/grundy"
	"fibnim/table"
)

// sameFiles fails unless the two folders hold the same files, byte for
// byte.
func sameFiles(t *testing.T, what string, got, want map[string][]byte) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d files, want %d", what, len(got), len(want))
	}
	for name, b := range want {
		if !bytes.Equal(got[name], b) {
			t.Fatalf("%s: %s differs", what, name)
		}
	}
}

// TestGlobalNeverLess is the repro: a table of M = 100, then a run
// of M = 20 on the same folder, is refused in one line with the M = 100
// table left whole with its manifest; the same M is left alone; -replace
// (Replace) writes the smaller table, and a larger M replaces without it.
func TestGlobalNeverLess(t *testing.T) {
	root := t.TempDir()
	a := grundy.Fibonacci
	dir := globalnim.Dir(root, a)
	cfg := GlobalConfig{Dir: dir, M: 100, Mult: a, Workers: 2, Revision: "test", Command: "compute global -n 100"}
	if _, err := Global(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	want := folderBytes(t, dir)
	if _, ok := want[globalnim.ManifestFile]; !ok {
		t.Fatalf("no manifest in %v", want)
	}
	small := cfg
	small.M = 20
	_, err := Global(context.Background(), small)
	var se *GlobalShrinkError
	if !errors.As(err, &se) || se.Old != 100 || se.New != 20 || strings.Contains(err.Error(), "\n") {
		t.Fatalf("M = 20 over M = 100: %v, want a one-line *GlobalShrinkError", err)
	}
	sameFiles(t, "after the refused run", folderBytes(t, dir), want)
	if _, err := globalnim.Open(dir); err != nil {
		t.Fatal(err)
	}
	if m, err := globalnim.ReadManifest(dir); err != nil || m.M != 100 || m.Command != "compute global -n 100" {
		t.Fatalf("manifest after the refused run: %+v, %v", m, err)
	}
	res, err := Global(context.Background(), cfg)
	if err != nil || !res.AlreadyThere || res.NoManifest || res.MaxG < 1 {
		t.Fatalf("the same M again: %+v, %v", res, err)
	}
	sameFiles(t, "after the same M", folderBytes(t, dir), want)

	// A damaged table whose manifest says M = 100 is not replaced by less.
	os.Remove(table.BreakpointFile(filepath.Join(dir, table.BreakpointsDir), 3))
	if _, err := Global(context.Background(), small); !errors.As(err, &se) || se.Damage == nil {
		t.Fatalf("M = 20 over a damaged M = 100: %v", err)
	}
	small.Replace = true
	if _, err := Global(context.Background(), small); err != nil {
		t.Fatal(err)
	}
	if tab, err := globalnim.Open(dir); err != nil || tab.M != 20 {
		t.Fatalf("after -replace: %v", err)
	}
	if _, err := Global(context.Background(), cfg); err != nil {
		t.Fatalf("a larger M: %v", err)
	}
	sameFiles(t, "M = 100 again", folderBytes(t, dir), want)
	if v := visible(t, filepath.Dir(dir)); len(v) != 1 {
		t.Fatalf("left %v beside the table", v)
	}
}

// TestGlobalWithoutManifest: a table written before global tables had
// manifests opens, counts as complete for a run of its M (which says it
// has no manifest), and a run with Replace rewrites it with one.
func TestGlobalWithoutManifest(t *testing.T) {
	root := t.TempDir()
	dir := buildGlobal(t, root, 30, grundy.Fibonacci, 2)
	os.Remove(filepath.Join(dir, globalnim.ManifestFile))
	if _, err := globalnim.Open(dir); err != nil {
		t.Fatalf("an older table: %v", err)
	}
	if err := globalnim.CheckHashes(context.Background(), dir); !errors.Is(err, globalnim.ErrNoManifest) {
		t.Fatalf("CheckHashes without a manifest: %v", err)
	}
	cfg := GlobalConfig{Dir: dir, M: 30, Mult: grundy.Fibonacci, Workers: 2, Revision: "test"}
	res, err := Global(context.Background(), cfg)
	if err != nil || !res.AlreadyThere || !res.NoManifest {
		t.Fatalf("rerun over an older table: %+v, %v", res, err)
	}
	cfg.Replace = true
	if _, err := Global(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	if err := globalnim.CheckHashes(context.Background(), dir); err != nil {
		t.Fatal(err)
	}
}

// TestGlobalCheckHashes: a byte changed in place (the size kept) passes
// the sizes but not the hashes, and the error names the file.
func TestGlobalCheckHashes(t *testing.T) {
	dir := buildGlobal(t, t.TempDir(), 30, grundy.Fibonacci, 2)
	if err := globalnim.CheckHashes(context.Background(), dir); err != nil {
		t.Fatal(err)
	}
	path := table.BreakpointFile(filepath.Join(dir, table.BreakpointsDir), 2)
	b, _ := os.ReadFile(path)
	b[len(b)/2] ^= 1
	os.WriteFile(path, b, 0o644)
	err := globalnim.CheckHashes(context.Background(), dir)
	if !errors.Is(err, table.ErrInvalid) || !strings.Contains(err.Error(), "g=0002") {
		t.Fatalf("CheckHashes after a byte changed: %v", err)
	}
}

// TestGlobalStops: a run stopped at each phase, by a signal (its context
// cancelled there) or by a crash (the phase fails), leaves the earlier
// table whole, or, from the swap on, the new one; the same command then
// ends with the files of a run never stopped, and nothing beside them.
func TestGlobalStops(t *testing.T) {
	a := grundy.Fibonacci
	oldT := folderBytes(t, buildGlobal(t, t.TempDir(), 30, a, 2))
	newT := folderBytes(t, buildGlobal(t, t.TempDir(), 60, a, 2))
	defer func() { Failpoint = nil }()
	for _, phase := range []string{"planned", "engine", "files", "manifest", "staged", "swapped"} {
		for _, how := range []string{"signal", "crash"} {
			t.Run(phase+"/"+how, func(t *testing.T) {
				dir := buildGlobal(t, t.TempDir(), 30, a, 2)
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				hit := false
				Failpoint = func(p string) error {
					if p != phase {
						return nil
					}
					hit = true
					if how == "crash" {
						return errors.New("crash at " + p)
					}
					cancel()
					return nil
				}
				_, err := Global(ctx, GlobalConfig{Dir: dir, M: 60, Mult: a, Workers: 2, Revision: "test", Replace: true})
				Failpoint = nil
				if !hit {
					t.Fatalf("the run never reached %s", phase)
				}
				switch {
				case phase == "swapped" && how == "signal":
					// The swap is made: the run completes.
					if err != nil {
						t.Fatal(err)
					}
				case how == "signal" && !errors.Is(err, ErrInterrupted):
					t.Fatalf("stopped at %s: %v, want ErrInterrupted", phase, err)
				case how == "crash" && err == nil:
					t.Fatalf("crash at %s: no error", phase)
				}
				if phase == "swapped" {
					sameFiles(t, "after the swap", folderBytes(t, dir), newT)
				} else {
					sameFiles(t, "the earlier table", folderBytes(t, dir), oldT)
				}
				if _, err := Global(context.Background(), GlobalConfig{Dir: dir, M: 60, Mult: a, Workers: 2, Revision: "test", Replace: true}); err != nil {
					t.Fatalf("the same command again: %v", err)
				}
				sameFiles(t, "after the rerun", folderBytes(t, dir), newT)
				if v := visible(t, filepath.Dir(dir)); len(v) != 1 {
					t.Fatalf("left %v beside the table", v)
				}
			})
		}
	}
}

// TestGlobalLockedAndSpace: a second writer of the folder fails at once,
// naming the holder; a run that would not fit on the disk is refused
// before any work, and writes nothing.
func TestGlobalLockedAndSpace(t *testing.T) {
	root := t.TempDir()
	dir := globalnim.Dir(root, grundy.Fibonacci)
	os.MkdirAll(filepath.Dir(dir), 0o755)
	l, err := lockFolder(dir, "compute global -n 5000")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Global(context.Background(), GlobalConfig{Dir: dir, M: 20, Mult: grundy.Fibonacci, Workers: 1})
	var le *LockedError
	if !errors.As(err, &le) || le.PID != os.Getpid() || le.Command != "compute global -n 5000" {
		t.Fatalf("a second writer: %v", err)
	}
	l.unlock()

	defer func() { freeSpace = freeBytes }()
	freeSpace = func(string) (uint64, bool) { return 1000, true }
	_, err = Global(context.Background(), GlobalConfig{Dir: dir, M: 200, Mult: grundy.Fibonacci, Workers: 1})
	var se *SpaceError
	if !errors.As(err, &se) || se.Disk.Table < GlobalDisk(200).Table {
		t.Fatalf("no space: %v", err)
	}
	if v := visible(t, filepath.Dir(dir)); len(v) != 0 {
		t.Fatalf("a refused run left %v", v)
	}
}

// TestGlobalDiskBound: the disk plan is above what the tables measured
// here take (the constant's comment), for a few multipliers and M.
func TestGlobalDiskBound(t *testing.T) {
	sizes := []int{50, 300}
	if testing.Short() {
		sizes = sizes[:1]
	}
	for _, M := range sizes {
		for _, s := range []string{"1", "3/2", "2", "10", "100"} {
			a, _ := grundy.ParseMultiplier(s)
			var n int64
			for _, b := range folderBytes(t, buildGlobal(t, t.TempDir(), M, a, 2)) {
				n += int64(len(b))
			}
			if est := GlobalDisk(M).Table; uint64(n) > est {
				t.Errorf("M = %d, a = %s: %d bytes on disk, planned %d", M, s, n, est)
			}
		}
	}
}
