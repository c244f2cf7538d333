package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"fibnim/grundy"
	"fibnim/table"
	"fibnim/tablebuild"
)

// child starts this test binary as compute with args and the extra
// environment env; stdout and stderr go to the returned buffer.
func child(t *testing.T, env []string, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), "FIBNIM_AS_COMPUTE=1"), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &out
}

// holds opens dir and says which table it holds, or why it does not
// validate.
func holds(dir string) string {
	t, err := table.Open(dir)
	if err != nil {
		return "invalid: " + err.Error()
	}
	defer t.Close()
	return fmt.Sprintf("N=%d breakpoints=%v", t.N(), t.HasBreakpoints())
}

// A compute grundy killed with SIGKILL at every phase boundary of its run
// (after a checkpoint, with every file staged, with the manifest staged,
// with the staging folder complete, right after the swap) leaves the
// folder holding the old table or the new one, complete, never a mix;
// the same command then completes, with the files of a run never killed.
// (Issue "Safe tables", H2: a SIGKILL between the writes of the final
// files left a mixed folder.)
func TestSIGKILLAtEveryPhase(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	args := []string{"grundy", "-n", "300000", "-engine", "breakpoint", "-checkpoint-every", "0", "-workers", "2"}
	ref := t.TempDir()
	if _, err := runArgs(t, append(args, "-out", ref)...); err != nil {
		t.Fatal(err)
	}
	want := dirFiles(t, ref)
	for _, phase := range []string{"checkpoint", "files", "manifest", "staged", "swapped"} {
		t.Run(phase, func(t *testing.T) {
			out := t.TempDir()
			dir := table.Dir(out, grundy.Fibonacci)
			if _, err := runArgs(t, "grundy", "-n", "30000", "-engine", "breakpoint", "-out", out); err != nil {
				t.Fatal(err)
			}
			cmd, log := child(t, []string{"FIBNIM_FAILPOINT=" + phase}, append(args, "-out", out)...)
			err := cmd.Wait()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
				t.Fatalf("the child was not killed at %s: %v\n%s", phase, err, log)
			}
			got := holds(dir)
			if got != "N=30000 breakpoints=true" && !(phase == "swapped" && got == "N=300000 breakpoints=true") {
				t.Fatalf("killed at %s: the folder holds %s", phase, got)
			}
			if _, err := runArgs(t, append(args, "-out", out)...); err != nil {
				t.Fatal(err)
			}
			if got := holds(dir); got != "N=300000 breakpoints=true" {
				t.Fatalf("after the rerun: %s", got)
			}
			if !reflect.DeepEqual(dirFiles(t, out), want) {
				t.Errorf("killed at %s and rerun: files differ from an uninterrupted run", phase)
			}
		})
	}
}

// Two writers into one folder: the second fails at once, exit status 1,
// in one line naming the folder and the first one's pid and command;
// readers (Open, info) keep working meanwhile and see the old table; the
// first completes. (Issue "Safe tables", H3: two runs started together
// left a folder that did not validate, one of them saying "wrote".)
func TestSecondWriterIsRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a child process")
	}
	out := t.TempDir()
	dir := table.Dir(out, grundy.Fibonacci)
	if _, err := runArgs(t, "grundy", "-n", "30000", "-engine", "breakpoint", "-out", out); err != nil {
		t.Fatal(err)
	}
	paused := filepath.Join(t.TempDir(), "paused")
	first, log := child(t, []string{"FIBNIM_PAUSE=checkpoint", "FIBNIM_PAUSED=" + paused},
		"grundy", "-n", "300000", "-engine", "breakpoint", "-checkpoint-every", "0", "-out", out)
	defer first.Process.Kill()
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(paused); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the first writer never reached its first checkpoint\n%s", log)
		}
	}
	second, log2 := child(t, nil, "grundy", "-n", "200000", "-engine", "breakpoint", "-out", out)
	err := second.Wait()
	msg := strings.TrimSpace(log2.String())
	if second.ProcessState.ExitCode() != 1 || strings.Contains(msg, "\n") ||
		!strings.Contains(msg, dir+" is being written by another run (pid "+fmt.Sprint(first.Process.Pid)+": ") || !strings.Contains(msg, "-n 300000") {
		t.Errorf("second writer: %v, exit %d:\n%s", err, second.ProcessState.ExitCode(), msg)
	}
	if got := holds(dir); got != "N=30000 breakpoints=true" {
		t.Errorf("a reader during the write: %s", got)
	}
	if _, err := runArgs(t, "info", out); err != nil {
		t.Errorf("info during the write: %v", err)
	}
	first.Process.Kill()
	first.Wait()
	// The killed first writer left its staging folder; run again, it
	// resumes and completes.
	if _, err := runArgs(t, "grundy", "-n", "300000", "-engine", "breakpoint", "-checkpoint-every", "0", "-out", out); err != nil {
		t.Fatal(err)
	}
	if got := holds(dir); got != "N=300000 breakpoints=true" {
		t.Errorf("after the first writer's rerun: %s", got)
	}
}

// Two writers started together: whichever runs second either fails at the
// lock or finds the table already there; the folder then holds the new
// table, and no run says it wrote a table that is not there.
func TestTwoWritersStartedTogether(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	out := t.TempDir()
	dir := table.Dir(out, grundy.Fibonacci)
	if _, err := runArgs(t, "grundy", "-n", "30000", "-engine", "breakpoint", "-out", out); err != nil {
		t.Fatal(err)
	}
	args := []string{"grundy", "-n", "1000000", "-engine", "breakpoint", "-out", out}
	a, logA := child(t, nil, args...)
	b, logB := child(t, nil, args...)
	a.Wait()
	b.Wait()
	wrote := 0
	for _, c := range []struct {
		cmd *exec.Cmd
		log *bytes.Buffer
	}{{a, logA}, {b, logB}} {
		s := c.log.String()
		switch {
		case c.cmd.ProcessState.ExitCode() == 0 && strings.Contains(s, "wrote "):
			wrote++
		case c.cmd.ProcessState.ExitCode() == 0 && strings.Contains(s, "already holds this table"):
		case c.cmd.ProcessState.ExitCode() == 1 && strings.Contains(s, "is being written by another run"):
		default:
			t.Errorf("exit %d:\n%s", c.cmd.ProcessState.ExitCode(), s)
		}
	}
	if wrote != 1 {
		t.Errorf("%d runs wrote the table, want 1:\n%s\n%s", wrote, logA, logB)
	}
	if got := holds(dir); got != "N=1000000 breakpoints=true" {
		t.Errorf("after both: %s", got)
	}
}

// The command-line side of never-less (H1): a rerun with
// -breakpoints=false, or a smaller -n, over a complete table is refused in
// one line (exit 1) and leaves it; the same command again says the table
// is there and exits 0 without computing; -replace replaces it.
func TestGrundyNeverLess(t *testing.T) {
	out := t.TempDir()
	dir := table.Dir(out, grundy.Fibonacci)
	if _, err := runArgs(t, "grundy", "-n", "1e5", "-out", out); err != nil {
		t.Fatal(err)
	}
	before := dirFiles(t, out)
	for _, args := range [][]string{
		{"grundy", "-n", "1e5", "-breakpoints=false", "-out", out},
		{"grundy", "-n", "1000", "-out", out},
		{"grundy", "-n", "5e4", "-out", out},
	} {
		_, err := runArgs(t, args...)
		var ue usageError
		if err == nil || errors.As(err, &ue) || !strings.Contains(err.Error(), "-replace") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: %v, want a one-line runtime error naming -replace", args, err)
		}
	}
	if !reflect.DeepEqual(dirFiles(t, out), before) {
		t.Fatal("a refused run changed the table")
	}
	var stdout, stderr bytes.Buffer
	start := time.Now()
	if err := run(context.Background(), []string{"grundy", "-n", "1e5", "-out", out}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout.String(), "already holds this table") || strings.Contains(stderr.String(), "breakpoint engine") {
		t.Errorf("the same command again:\n%s%s", stdout.String(), stderr.String())
	}
	t.Logf("already there: %v", time.Since(start))
	if _, err := runArgs(t, "grundy", "-n", "1000", "-replace", "-out", out); err != nil {
		t.Fatal(err)
	}
	if got := holds(dir); got != "N=1000 breakpoints=false" {
		t.Errorf("after -replace: %s", got)
	}
}

// The dense engine stops within a second of Ctrl-C (it ran to the end:
// 17 to 21 s), and leaves the earlier table. The bound is generous (the
// stop itself takes a few rows of work, milliseconds); the deterministic
// check is that the run fails as interrupted instead of completing.
func TestDenseEngineStopsOnInterrupt(t *testing.T) {
	out := t.TempDir()
	if _, err := runArgs(t, "grundy", "-n", "2000", "-out", out); err != nil {
		t.Fatal(err)
	}
	before := dirFiles(t, out)
	ctx, cancel := context.WithCancel(context.Background())
	var stopped time.Time
	errc := make(chan error, 1)
	go func() {
		errc <- run(ctx, []string{"grundy", "-n", "25000", "-engine", "dense", "-out", out}, io.Discard, io.Discard)
	}()
	time.Sleep(100 * time.Millisecond)
	stopped = time.Now()
	cancel()
	err := <-errc
	took := time.Since(stopped)
	if !errors.Is(err, tablebuild.ErrInterrupted) {
		t.Fatalf("dense engine under Ctrl-C: %v, want interrupted", err)
	}
	if took > 5*time.Second {
		t.Errorf("stopped %v after Ctrl-C", took)
	}
	if !reflect.DeepEqual(dirFiles(t, out), before) {
		t.Error("the interrupted run changed the earlier table")
	}
}

// A flipped byte in a breakpoint file that no check reads (M1: g = 5)
// passes info, whose checks are cheap (sizes), and is caught, with the
// file named, by info -full and by verify, which compare every file's
// SHA-256 with the manifest.
func TestFlippedByteIsCaught(t *testing.T) {
	out := t.TempDir()
	if _, err := runArgs(t, "grundy", "-n", "1e5", "-out", out); err != nil {
		t.Fatal(err)
	}
	if _, err := runArgs(t, "verify", "-in", out); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(table.Dir(out, grundy.Fibonacci), "breakpoints", "g=0005.parquet")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/3] ^= 0x10
	os.WriteFile(path, b, 0o644)
	if s, err := runArgs(t, "info", out); err != nil || !strings.Contains(s, "validates (sizes match its manifest)") {
		t.Errorf("info (sizes only): %v\n%s", err, s)
	}
	s, err := runArgs(t, "info", "-full", out)
	if err == nil || !strings.Contains(s, "g=0005.parquet does not match manifest.json") {
		t.Errorf("info -full: %v\n%s", err, s)
	}
	_, err = runArgs(t, "verify", "-in", out)
	if err == nil || !strings.Contains(err.Error(), "breakpoints/g=0005.parquet does not match manifest.json") || strings.Contains(err.Error(), "\n") {
		t.Errorf("verify: %v", err)
	}
}

// verify writes to -out (default -in), checks that it can before any
// work, and replaces checks.json, report.md and the b-files as one set.
func TestVerifyOut(t *testing.T) {
	in, out := t.TempDir(), filepath.Join(t.TempDir(), "report")
	if _, err := runArgs(t, "grundy", "-n", "3000", "-out", in); err != nil {
		t.Fatal(err)
	}
	if _, err := runArgs(t, "verify", "-in", in, "-out", out); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"checks.json", "report.md", "oeis/b_fibonacci_nim_G.txt"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("-out: %v", err)
		}
		if _, err := os.Stat(filepath.Join(in, f)); err == nil {
			t.Errorf("-out %s: %s written to -in too", out, f)
		}
	}
	if l, _ := tablebuild.Leftovers(out); len(l) > 0 {
		t.Errorf("left %v", l)
	}
	start := time.Now()
	_, err := runArgs(t, "verify", "-in", in, "-out", "/proc/nope")
	var ue usageError
	if !errors.As(err, &ue) || !strings.Contains(ue.Msg, "-out") {
		t.Errorf("verify -out /proc/nope: %v, want a usage error", err)
	}
	t.Logf("refused in %v", time.Since(start))
	ro := filepath.Join(t.TempDir(), "ro")
	os.Mkdir(ro, 0o555)
	if os.Getuid() != 0 { // root writes anywhere
		if _, err := runArgs(t, "verify", "-in", in, "-out", ro); !errors.As(err, &ue) {
			t.Errorf("verify -out read-only: %v, want a usage error", err)
		}
	}
}

// info lists what stopped runs left, with its size and how to remove it,
// and says when a table has no manifest (written before manifests), which
// still validates.
func TestInfoReportsLeftovers(t *testing.T) {
	out := t.TempDir()
	dir := table.Dir(out, grundy.Fibonacci)
	if _, err := runArgs(t, "grundy", "-n", "3000", "-out", out); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, table.ManifestFile))
	for _, p := range []string{filepath.Join(tablebuild.StagingDir(table.Dir(out, grundy.Multiplier{P: 5, Q: 2})), ".checkpoint.bin"), filepath.Join(dir, ".run", "checkpoint.bin"), filepath.Join(out, ".verify.commit")} {
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, make([]byte, 5000), 0o644)
	}
	s, err := runArgs(t, "info", out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"validates, but has no manifest", "left by stopped runs", ".mult=5_2.staging", "rm -rf " + tablebuild.StagingDir(table.Dir(out, grundy.Multiplier{P: 5, Q: 2})), filepath.Join(dir, ".run"), ".verify.commit", "5 KiB"} {
		if !strings.Contains(s, want) {
			t.Errorf("info does not say %q:\n%s", want, s)
		}
	}
}
