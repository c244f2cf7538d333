package tablebuild

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"fibnim/grundy"
	"fibnim/table"
)

// config is a small breakpoint run into root.
func config(root string, N int) Config {
	return Config{Root: root, N: N, Mult: grundy.Fibonacci, Engine: EngineBreakpoint, Workers: 2, Breakpoints: true, DenseMax: 100, Revision: "test", Command: "test"}
}

func mustRun(t *testing.T, cfg Config) Result {
	t.Helper()
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// files maps every file under dir (hidden ones too) to its content.
func files(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			b, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			out[rel] = b
		}
		return nil
	})
	return out
}

// describe opens dir and says what table it holds: "N=..., bp=..., dense=...".
func describe(dir string) string {
	t, err := table.Open(dir)
	if err != nil {
		return "invalid: " + err.Error()
	}
	defer t.Close()
	return fmt.Sprintf("N=%d bp=%v dense=%d manifest=%v", t.N(), t.HasBreakpoints(), t.DenseN(), t.Manifest() != nil)
}

// A run never replaces a table that holds more (a larger N, breakpoint
// files, more dense rows) without Replace; one with the same outputs is
// left alone and reported; one with more replaces it. (Issue "Safe
// tables", H1: "-breakpoints=false" over a complete table, or a typo in
// -n, silently destroyed it.)
func TestNeverLess(t *testing.T) {
	root := t.TempDir()
	dir := table.Dir(root, grundy.Fibonacci)
	mustRun(t, config(root, 3000))
	before := files(t, dir)
	for _, c := range []struct {
		name   string
		modify func(*Config)
	}{
		{"smaller N", func(c *Config) { c.N = 1000 }},
		{"no breakpoints", func(c *Config) { c.Breakpoints = false }},
		{"fewer dense rows", func(c *Config) { c.DenseMax = 50 }},
		{"the oracle", func(c *Config) { c.N, c.Engine = 3000, EngineBrute }},
		{"larger N without breakpoints", func(c *Config) { c.N, c.Breakpoints = 5000, false }},
	} {
		cfg := config(root, 3000)
		c.modify(&cfg)
		_, err := Run(context.Background(), cfg)
		var se *ShrinkError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), "more than this run would write") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want a one-line *ShrinkError saying the table holds more (compute's advice names -replace)", c.name, err)
		}
		if got := files(t, dir); !reflect.DeepEqual(got, before) {
			t.Errorf("%s: the refused run changed the table", c.name)
		}
	}
	// The same outputs: nothing is done, whatever the engine or the workers.
	cfg := config(root, 3000)
	cfg.Workers = 1
	res := mustRun(t, cfg)
	if !res.AlreadyThere || res.NoManifest || res.MaxG < 1 {
		t.Errorf("same run again: %+v, want AlreadyThere", res)
	}
	if got := files(t, dir); !reflect.DeepEqual(got, before) {
		t.Error("a run with the same outputs rewrote the table")
	}
	// Replace: the smaller table replaces the larger one.
	cfg = config(root, 1000)
	cfg.Breakpoints, cfg.Replace = false, true
	mustRun(t, cfg)
	if got := describe(dir); got != "N=1000 bp=false dense=100 manifest=true" {
		t.Errorf("after -replace: %s", got)
	}
	// More: a larger N with breakpoints replaces it without asking.
	mustRun(t, config(root, 2000))
	if got := describe(dir); got != "N=2000 bp=true dense=100 manifest=true" {
		t.Errorf("after a larger run: %s", got)
	}
}

// A damaged table whose manifest says it held more is not replaced by a
// smaller run without -replace (a mistyped -n must not throw away a big
// table because one of its files went bad), and says that it is damaged.
func TestNeverLessDamaged(t *testing.T) {
	root := t.TempDir()
	dir := table.Dir(root, grundy.Fibonacci)
	mustRun(t, config(root, 3000))
	path := filepath.Join(dir, table.BreakpointsDir, "g=0005.parquet")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b[:len(b)-100], 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), config(root, 1000))
	var se *ShrinkError
	if !errors.As(err, &se) || se.Damage == nil || !strings.Contains(err.Error(), "does not validate") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("a smaller run over a damaged larger table: %v, want a one-line *ShrinkError that says it is damaged", err)
	}
	cfg := config(root, 1000)
	cfg.Replace = true
	mustRun(t, cfg)
	if got := describe(dir); got != "N=1000 bp=true dense=100 manifest=true" {
		t.Errorf("after -replace: %s", got)
	}
}

// A full disk (0 bytes free, and known to be) refuses the run before any
// work, as a disk with too little space does.
func TestDiskFullBeforeTheRun(t *testing.T) {
	root := t.TempDir()
	defer func(f func(string) (uint64, bool)) { freeSpace = f }(freeSpace)
	freeSpace = func(string) (uint64, bool) { return 0, true }
	_, err := Run(context.Background(), config(root, 2000))
	var se *SpaceError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "is free") {
		t.Errorf("0 bytes free: %v, want a *SpaceError", err)
	}
	// Unknown free space (Statfs failed): the run goes on.
	freeSpace = func(string) (uint64, bool) { return 0, false }
	mustRun(t, config(root, 2000))
}

// A table written before manifests is "already there" too, and says that
// it has none.
func TestAlreadyThereWithoutManifest(t *testing.T) {
	root := t.TempDir()
	dir := table.Dir(root, grundy.Fibonacci)
	mustRun(t, config(root, 1000))
	os.Remove(filepath.Join(dir, table.ManifestFile))
	if got := describe(dir); got != "N=1000 bp=true dense=100 manifest=false" {
		t.Fatalf("without its manifest: %s", got)
	}
	res := mustRun(t, config(root, 1000))
	if !res.AlreadyThere || !res.NoManifest {
		t.Errorf("%+v, want AlreadyThere and NoManifest", res)
	}
}

// A second writer of a folder fails at once, in one line naming the
// folder and the holder's pid and command, and changes nothing.
func TestSecondWriterFails(t *testing.T) {
	root := t.TempDir()
	dir := table.Dir(root, grundy.Fibonacci)
	mustRun(t, config(root, 1000))
	before := files(t, dir)
	lock, err := lockFolder(dir, "compute grundy -n 1e9 -out "+root)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = Run(context.Background(), config(root, 2000))
	var le *LockedError
	if !errors.As(err, &le) || le.PID != os.Getpid() || !strings.Contains(err.Error(), "compute grundy -n 1e9") || !strings.Contains(err.Error(), dir) || strings.Contains(err.Error(), "\n") {
		t.Errorf("second writer: %v", err)
	}
	if time.Since(start) > 30*time.Second {
		t.Errorf("the second writer waited %v", time.Since(start))
	}
	if got := files(t, dir); !reflect.DeepEqual(got, before) {
		t.Error("the second writer changed the table")
	}
	lock.unlock()
	mustRun(t, config(root, 2000)) // free again
}

// A run stopped at any phase boundary leaves the folder holding the old
// table or the new one, complete, never a mix; the same command then
// completes, and its files are those of a run never stopped.
func TestStopAtEveryPhase(t *testing.T) {
	ref := t.TempDir()
	mustRun(t, config(ref, 3000))
	want := files(t, table.Dir(ref, grundy.Fibonacci))
	stop := errors.New("stopped by the test")
	for _, phase := range []string{"checkpoint", "files", "manifest", "staged", "swapped"} {
		t.Run(phase, func(t *testing.T) {
			root := t.TempDir()
			dir := table.Dir(root, grundy.Fibonacci)
			mustRun(t, config(root, 1000))
			Failpoint = func(p string) error {
				if p == phase {
					return stop
				}
				return nil
			}
			cfg := config(root, 3000)
			cfg.CheckpointEvery = 0
			_, err := Run(context.Background(), cfg)
			Failpoint = nil
			if !errors.Is(err, stop) {
				t.Fatalf("stopped at %s: %v", phase, err)
			}
			got := describe(dir)
			old, new := "N=1000 bp=true dense=100 manifest=true", "N=3000 bp=true dense=100 manifest=true"
			if got != old && !(phase == "swapped" && got == new) {
				t.Fatalf("stopped at %s: the folder holds %s", phase, got)
			}
			var log bytes.Buffer
			cfg.Log = &log
			res := mustRun(t, cfg)
			if got := describe(dir); got != new {
				t.Fatalf("after the rerun: %s\n%s", got, log.String())
			}
			if !reflect.DeepEqual(files(t, dir), want) {
				t.Errorf("stopped at %s, then rerun: files differ from a run never stopped\n%s", phase, log.String())
			}
			if phase == "manifest" || phase == "staged" {
				if !strings.Contains(log.String(), "committing it") {
					t.Errorf("stopped at %s: the rerun did not commit the staged table: %+v\n%s", phase, res, log.String())
				}
			}
			if _, err := os.Stat(StagingDir(dir)); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("stopped at %s: the staging folder is left after the rerun", phase)
			}
		})
	}
}

// A full disk while the new table is written (here, the error a write
// gets) gives one line that says so, leaves the old table whole, and
// keeps the staged run for the same command to resume.
func TestDiskFull(t *testing.T) {
	root := t.TempDir()
	dir := table.Dir(root, grundy.Fibonacci)
	mustRun(t, config(root, 1000))
	before := files(t, dir)
	Failpoint = func(p string) error {
		if p == "files" {
			return &fs.PathError{Op: "write", Path: filepath.Join(StagingDir(dir), "start_values.parquet"), Err: syscall.ENOSPC}
		}
		return nil
	}
	cfg := config(root, 3000)
	cfg.CheckpointEvery = 0
	_, err := Run(context.Background(), cfg)
	Failpoint = nil
	var de *DiskFullError
	if !errors.As(err, &de) || !strings.Contains(err.Error(), "no space left") || !strings.Contains(err.Error(), "as it was") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("full disk: %v", err)
	}
	if got := files(t, dir); !reflect.DeepEqual(got, before) {
		t.Error("the full disk changed the old table")
	}
	if _, err := os.Stat(StagingDir(dir)); err != nil {
		t.Errorf("the staged run is gone: %v", err)
	}
}

// A run refuses at once, in one line, where the disk has less free space
// than it estimates; and the estimate is not below what runs write, for
// multipliers whose tables differ by a factor of 100 in bytes per row.
func TestDiskEstimate(t *testing.T) {
	for _, c := range []struct {
		a grundy.Multiplier
		N int
	}{{grundy.Fibonacci, 200000}, {grundy.Multiplier{P: 1, Q: 1}, 100000}, {grundy.Multiplier{P: 3, Q: 2}, 200000}, {grundy.Multiplier{P: 100, Q: 1}, 50000}} {
		root := t.TempDir()
		cfg := config(root, c.N)
		cfg.Mult = c.a
		d, err := PlanDisk(context.Background(), &cfg, 1) // 1 byte free: the pilot runs
		if err != nil {
			t.Fatal(err)
		}
		res := mustRun(t, cfg)
		var written int64
		for _, b := range files(t, res.Dir) {
			written += int64(len(b))
		}
		t.Logf("a = %s, N = %d: estimated %d bytes, wrote %d", c.a, c.N, d.Table, written)
		if d.Table < uint64(written) || d.Table > 40*uint64(written)+10<<20 {
			t.Errorf("a = %s, N = %d: estimated %d bytes, wrote %d", c.a, c.N, d.Table, written)
		}
	}
	root := t.TempDir()
	defer func(f func(string) (uint64, bool)) { freeSpace = f }(freeSpace)
	freeSpace = func(string) (uint64, bool) { return 100 << 10, true }
	_, err := Run(context.Background(), config(root, 200000))
	var se *SpaceError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "100 KiB is free") || strings.Contains(err.Error(), "\n") {
		t.Errorf("100 KiB free: %v", err)
	}
	if _, err := os.Stat(StagingDir(table.Dir(root, grundy.Fibonacci))); !errors.Is(err, fs.ErrNotExist) {
		t.Error("a refused run staged files")
	}
}

// The manifest lists every data file with its size and SHA-256; a flipped
// byte passes Open (the size is the same) and fails CheckHashes, which
// names the file. (Issue "Safe tables", M1.)
func TestManifestCatchesFlippedByte(t *testing.T) {
	root := t.TempDir()
	dir := table.Dir(root, grundy.Fibonacci)
	mustRun(t, config(root, 5000))
	tb, err := table.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := tb.Manifest()
	if m == nil || len(m.Files) < 10 || m.N != 5000 || m.Command != "test" || m.Revision != "test" {
		t.Fatalf("manifest %+v", m)
	}
	if err := tb.CheckHashes(context.Background()); err != nil {
		t.Fatal(err)
	}
	tb.Close()
	path := filepath.Join(dir, "breakpoints", "g=0005.parquet")
	b, _ := os.ReadFile(path)
	b[len(b)/2] ^= 1
	os.WriteFile(path, b, 0o644)
	tb, err = table.Open(dir)
	if err != nil {
		t.Fatalf("Open checks sizes only, yet: %v", err)
	}
	defer tb.Close()
	err = tb.CheckHashes(context.Background())
	if !errors.Is(err, table.ErrInvalid) || !strings.Contains(err.Error(), "breakpoints/g=0005.parquet") {
		t.Errorf("CheckHashes after a flipped byte: %v", err)
	}
	// A truncated file fails Open already.
	os.WriteFile(path, b[:len(b)-1], 0o644)
	if _, err := table.Open(dir); !errors.Is(err, table.ErrInvalid) || !strings.Contains(err.Error(), "g=0005.parquet") {
		t.Errorf("Open after a truncation: %v", err)
	}
}

// A run with Replace over a complete table with breakpoint files, that
// writes none, leaves none: the folder is the new table only.
func TestReplaceLeavesNoStaleFiles(t *testing.T) {
	root := t.TempDir()
	dir := table.Dir(root, grundy.Fibonacci)
	mustRun(t, config(root, 600))
	cfg := config(root, 400)
	cfg.Engine, cfg.Replace = EngineDense, true
	mustRun(t, cfg)
	if got := describe(dir); got != "N=400 bp=false dense=100 manifest=true" {
		t.Errorf("after the dense run: %s", got)
	}
	if _, err := os.Stat(filepath.Join(dir, table.BreakpointsDir)); !errors.Is(err, fs.ErrNotExist) {
		t.Error("breakpoints/ of the old table is left")
	}
}

// An interrupted run says what the same command will do: start over when
// no checkpoint was written, resume when one was; the old table stays.
func TestInterruptMessage(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	root := t.TempDir()
	cfg := config(root, 100000)
	cfg.DenseMax, cfg.CheckpointEvery = 10, time.Hour
	_, err := Run(ctx, cfg)
	if !errors.Is(err, ErrInterrupted) || !strings.Contains(err.Error(), "starts over") || strings.Contains(err.Error(), "resume") {
		t.Errorf("interrupted before any checkpoint: %v", err)
	}
	// With a checkpoint after every value, one exists by the time it stops.
	ctx, cancel = context.WithCancel(context.Background())
	done := 0
	cfg.CheckpointEvery, cfg.Workers = 0, 1
	cfg.Done = func(g, _ int) {
		if done++; done == 3 {
			cancel()
		}
	}
	_, err = Run(ctx, cfg)
	if !errors.Is(err, ErrInterrupted) || !strings.Contains(err.Error(), "resume from the last checkpoint") {
		t.Errorf("interrupted after checkpoints: %v", err)
	}
	// The dense engine stops too, and starts over.
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	cfg = config(root, 20000)
	cfg.Engine = EngineDense
	if _, err := Run(ctx, cfg); !errors.Is(err, ErrInterrupted) || !strings.Contains(err.Error(), "starts over") {
		t.Errorf("dense engine interrupted: %v", err)
	}
}

// SIGINT or SIGTERM (a cancelled context) at any phase boundary stops the
// run there with ErrInterrupted, before the next phase does its work:
// the folder keeps the old table, and the same command then completes
// with the files of a run never stopped. The hook (Failpoint) cancels;
// no clock is raced.
func TestCancelAtEveryPhase(t *testing.T) {
	ref := t.TempDir()
	mustRun(t, config(ref, 3000))
	want := files(t, table.Dir(ref, grundy.Fibonacci))
	for _, phase := range []string{"planned", "checkpoint", "engine", "files", "manifest", "staged"} {
		t.Run(phase, func(t *testing.T) {
			root := t.TempDir()
			dir := table.Dir(root, grundy.Fibonacci)
			mustRun(t, config(root, 1000))
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var after []string // the phases reached after the cancel
			cancelled := false
			Failpoint = func(p string) error {
				if cancelled {
					after = append(after, p)
				}
				if p == phase && !cancelled {
					cancel()
					cancelled = true
				}
				return nil
			}
			cfg := config(root, 3000)
			cfg.CheckpointEvery = 0
			_, err := Run(ctx, cfg)
			Failpoint = nil
			if !errors.Is(err, ErrInterrupted) {
				t.Fatalf("cancelled at %s: %v, want ErrInterrupted", phase, err)
			}
			// A checkpoint being saved when the cancel comes may be the
			// last; no later phase runs.
			for _, p := range after {
				if p != "checkpoint" {
					t.Errorf("cancelled at %s: the run went on to %s", phase, p)
				}
			}
			if got := describe(dir); got != "N=1000 bp=true dense=100 manifest=true" {
				t.Fatalf("cancelled at %s: the folder holds %s", phase, got)
			}
			mustRun(t, cfg)
			if !reflect.DeepEqual(files(t, dir), want) {
				t.Errorf("cancelled at %s, then rerun: files differ from a run never stopped", phase)
			}
		})
	}
}

// The preflight's memory estimate runs a pilot from 2^20 rows on; a
// cancelled context stops it (grundy's pilot tests stop it mid-way).
func TestPreflightCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	cfg := config(t.TempDir(), 3000000)
	cfg.Mult, _ = grundy.ParseMultiplier("1")
	if err := Preflight(ctx, &cfg); !errors.Is(err, ErrInterrupted) {
		t.Fatalf("cancelled preflight: %v, want ErrInterrupted", err)
	}
}

// entries lists every name under dir, hidden ones included, by path
// relative to it; nil when dir is not there.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path != dir {
			rel, _ := filepath.Rel(dir, path)
			out = append(out, rel)
		}
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A first run interrupted before it kept anything (no checkpoint, no
// complete staged table) leaves nothing in its folder: no staging folder
// (which compute info listed as a run to resume) and no lock file. One
// that kept a checkpoint leaves it, with its lock; one over an earlier
// table leaves that table and its lock; and a run that resumed from an
// earlier run's checkpoint keeps that checkpoint when it is stopped
// before its own first.
func TestInterruptedRunLeavesNothing(t *testing.T) {
	cancelAt := func(cfg *Config, value int) context.Context {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		cfg.Done = func(g, _ int) {
			if g >= value {
				cancel()
			}
		}
		return ctx
	}
	for _, c := range []struct {
		name string
		ctx  func(cfg *Config) context.Context
	}{
		{"cancelled before the run", func(*Config) context.Context {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			return ctx
		}},
		{"breakpoint engine, at its third value", func(cfg *Config) context.Context { return cancelAt(cfg, 3) }},
		{"dense engine, as it starts", func(cfg *Config) context.Context {
			cfg.Engine = EngineDense
			ctx, cancel := context.WithCancel(context.Background())
			t.Cleanup(cancel)
			cfg.Started = func(Plan, int) { cancel() }
			return ctx
		}},
		{"start values only, at its third value", func(cfg *Config) context.Context {
			cfg.Breakpoints = false
			return cancelAt(cfg, 3)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			cfg := config(root, 60000)
			cfg.CheckpointEvery = time.Hour
			ctx := c.ctx(&cfg)
			_, err := Run(ctx, cfg)
			var ie *InterruptedError
			if !errors.As(err, &ie) || ie.Checkpoint != "" || ie.Complete != "" {
				t.Fatalf("interrupted: %v, want an InterruptedError with nothing kept", err)
			}
			if got := entries(t, root); len(got) > 1 || len(got) == 1 && got[0] != "grundy" {
				t.Errorf("an interrupted first run left %v", got)
			}
		})
	}

	// A checkpoint is kept, with the lock beside it; the same command
	// resumes from it, and stopped again before its own first checkpoint,
	// keeps it.
	root := t.TempDir()
	cfg := config(root, 60000)
	cfg.CheckpointEvery, cfg.Workers = 0, 1
	ctx := cancelAt(&cfg, 3)
	_, err := Run(ctx, cfg)
	var ie *InterruptedError
	if !errors.As(err, &ie) || ie.Checkpoint == "" {
		t.Fatalf("interrupted after checkpoints: %v", err)
	}
	stage := StagingDir(table.Dir(root, grundy.Fibonacci))
	kept := files(t, stage)
	if len(kept) == 0 || !hasCheckpoint(stage) {
		t.Fatalf("the checkpoint in %s is gone", stage)
	}
	cfg.CheckpointEvery = time.Hour
	ctx, cancel := context.WithCancel(context.Background())
	cfg.Started = func(Plan, int) { cancel() }
	cfg.Done = nil
	if _, err := Run(ctx, cfg); !errors.As(err, &ie) || ie.Checkpoint != stage {
		t.Fatalf("a resumed run, stopped: %v", err)
	}
	if !hasCheckpoint(stage) {
		t.Fatal("a resumed run, stopped before its own first checkpoint, removed the earlier one")
	}
	if _, err := os.Stat(lockFile(table.Dir(root, grundy.Fibonacci))); err != nil {
		t.Errorf("the lock beside a kept staging folder: %v", err)
	}

	// Over an earlier table: the table and its lock stay.
	root = t.TempDir()
	mustRun(t, config(root, 1000))
	dir := table.Dir(root, grundy.Fibonacci)
	before := files(t, dir)
	cfg = config(root, 60000)
	cfg.CheckpointEvery = time.Hour
	if _, err := Run(cancelAt(&cfg, 3), cfg); !errors.Is(err, ErrInterrupted) {
		t.Fatalf("interrupted over a table: %v", err)
	}
	if !reflect.DeepEqual(files(t, dir), before) {
		t.Error("the earlier table changed")
	}
	if got := entries(t, filepath.Dir(dir)); !slices.Equal(got, []string{filepath.Base(lockFile(dir)), "mult=2"}) && !slices.Contains(got, "mult=2/"+table.StartValuesFile) {
		t.Errorf("beside the earlier table: %v", got)
	}
	if _, err := os.Stat(StagingDir(dir)); err == nil {
		t.Error("the staging folder of the stopped run is left")
	}
	if _, err := os.Stat(lockFile(dir)); err != nil {
		t.Errorf("the lock beside the table: %v", err)
	}
}

// A lock file removed by a holder that leaves nothing (unlock) is not
// kept locked by a writer that opened it just before: that writer finds
// the file gone from its path once it holds it, and locks the file at the
// path instead, so that a third writer is refused (without the check in
// lockFolder, the second would hold the removed file and the third the
// new one: two writers of one folder).
func TestLockFileRemovedUnderAWaiter(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mult=2")
	first, err := lockFolder(dir, "first")
	if err != nil {
		t.Fatal(err)
	}
	opened := 0
	lockOpened = func() {
		// The second writer has opened the file; the first lets go now,
		// with nothing of the table there, so the file goes.
		if opened++; opened == 1 {
			first.unlock()
			if _, err := os.Stat(lockFile(dir)); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("unlock with nothing written left the lock file: %v", err)
			}
		}
	}
	second, err := lockFolder(dir, "second")
	lockOpened = nil
	if err != nil {
		t.Fatalf("the second writer: %v", err)
	}
	defer second.unlock()
	if opened != 2 {
		t.Errorf("the second writer opened the lock file %d times, want 2 (the removed one, then the new one)", opened)
	}
	if _, err := lockFolder(dir, "third"); err == nil {
		t.Error("two writers hold the folder")
	}
}
