package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"fibnim/internal/cli"
	"fibnim/provenance"
	"fibnim/table"
	"fibnim/tablebuild"
)

// TestMain lets a test run this binary as the compute command in a child
// process, so that the child can be killed with SIGKILL. In a child,
// FIBNIM_FAILPOINT=PHASE kills the process with SIGKILL at that phase
// boundary of a table run (tablebuild.Failpoint; PHASE#K: the K-th time it
// comes), and FIBNIM_PAUSE=PHASE stops it there until it is killed, after
// creating the file FIBNIM_PAUSED.
func TestMain(m *testing.M) {
	if os.Getenv("FIBNIM_AS_COMPUTE") == "1" {
		kill, pause := os.Getenv("FIBNIM_FAILPOINT"), os.Getenv("FIBNIM_PAUSE")
		seen := map[string]int{}
		tablebuild.Failpoint = func(phase string) error {
			// PHASE, or PHASE#K for its K-th time.
			seen[phase]++
			at := func(want string) bool {
				return want == phase || want == fmt.Sprintf("%s#%d", phase, seen[phase])
			}
			switch {
			case at(kill):
				syscall.Kill(os.Getpid(), syscall.SIGKILL)
				select {}
			case at(pause):
				os.WriteFile(os.Getenv("FIBNIM_PAUSED"), nil, 0o644)
				select {}
			}
			return nil
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
		stop()
		if os.Getenv("FIBNIM_REPORT_HWM") == "1" {
			// VmHWM, this process's own peak RSS: the rusage of a child
			// also counts the parent's RSS at the fork, folded in when the
			// child execs.
			b, _ := os.ReadFile("/proc/self/status")
			for _, line := range strings.Split(string(b), "\n") {
				if strings.HasPrefix(line, "VmHWM:") {
					fmt.Fprintln(os.Stderr, "peak-rss", strings.TrimSpace(strings.TrimPrefix(line, "VmHWM:")))
				}
			}
		}
		cli.Exit("compute", `run "compute help" for usage`, err)
	}
	os.Exit(m.Run())
}

// dirFiles maps every file under dir to its content, leaving out the
// writers' lock files and provenance.json, the run record, which holds the
// run's time, memory and machine and is the one output that does not
// reproduce. A manifest's command line, which names -out and the flags, is
// blanked, so that runs into different folders compare equal.
func dirFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && !strings.HasSuffix(info.Name(), ".lock") && info.Name() != provenance.File {
			b, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			if info.Name() == table.ManifestFile {
				b = regexp.MustCompile(`"command": ".*"`).ReplaceAll(b, []byte(`"command": ""`))
			}
			files[rel] = b
		}
		return nil
	})
	return files
}

// A run killed with SIGKILL after a checkpoint, then started again with the
// same arguments, ends with output identical to an uninterrupted run, and
// the earlier complete results stay intact while the killed run is unfinished.
func TestBreakpointRunResumesAfterSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a child process")
	}
	args := []string{"grundy", "-n", "2000000", "-engine", "breakpoint", "-checkpoint-every", "0", "-workers", "2"}
	ref := t.TempDir()
	if err := run(context.Background(), append(args, "-out", ref), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	want := dirFiles(t, ref)

	out := t.TempDir()
	// An earlier complete result of another size lives in the same folder.
	if err := run(context.Background(), []string{"grundy", "-n", "30000", "-engine", "breakpoint", "-out", out}, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	earlier := dirFiles(t, out)

	// The child stops right after its 5th checkpoint (of about 40), as if
	// the machine went down there, and is killed with SIGKILL: a kill at a
	// chosen point, where a timed one could come after the run ended.
	paused := filepath.Join(t.TempDir(), "paused")
	cmd := exec.Command(os.Args[0], append(args, "-out", out)...)
	cmd.Env = append(os.Environ(), "FIBNIM_AS_COMPUTE=1", "FIBNIM_PAUSE=checkpoint#5", "FIBNIM_PAUSED="+paused)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ck := filepath.Join(out, "grundy", ".mult=2.staging", ".checkpoint.bin")
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(5 * time.Millisecond) {
		if _, err := os.Stat(paused); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("the child never reached its 5th checkpoint")
		}
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	if _, err := os.Stat(ck); err != nil {
		t.Fatalf("no checkpoint after the kill: %v", err)
	}
	got := dirFiles(t, out)
	for name, b := range earlier {
		if !reflect.DeepEqual(got[name], b) {
			t.Fatalf("the killed run changed the earlier result %s", name)
		}
	}
	if err := run(context.Background(), append(args, "-out", out), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	got = dirFiles(t, out)
	if len(got) != len(want) {
		t.Fatalf("resumed run left %d files, uninterrupted run %d", len(got), len(want))
	}
	for name, b := range want {
		if !reflect.DeepEqual(got[name], b) {
			t.Fatalf("%s differs between the resumed and the uninterrupted run", name)
		}
	}
}

// The files do not depend on the number of workers or on where the
// engine switches from rows to runs (-runs-from): byte for byte.
func TestBreakpointFilesIndependentOfEngine(t *testing.T) {
	N := "300000"
	if testing.Short() {
		N = "100000"
	}
	var files []map[string][]byte
	for _, args := range [][]string{{"-workers", "2"}, {"-workers", "1", "-runs-from", "-1"}, {"-workers", "2", "-runs-from", "1"}, {"-workers", "3", "-runs-from", "6"}} {
		out := t.TempDir()
		a := append([]string{"grundy", "-n", N, "-engine", "breakpoint", "-out", out}, args...)
		if err := run(context.Background(), a, io.Discard, io.Discard); err != nil {
			t.Fatal(err)
		}
		files = append(files, dirFiles(t, out))
	}
	for i := 1; i < len(files); i++ {
		if len(files[0]) < 10 || !reflect.DeepEqual(files[0], files[i]) {
			t.Fatalf("output %d differs from the first (%d files)", i, len(files[0]))
		}
	}
}

// childRSS runs this test binary as compute with args and returns its
// stderr and its peak RSS in bytes (VmHWM, which load does not change).
func childRSS(t *testing.T, args ...string) (string, uint64) {
	t.Helper()
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc/self/status: peak RSS cannot be measured here")
	}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "FIBNIM_AS_COMPUTE=1", "FIBNIM_REPORT_HWM=1")
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("compute %v: %v\n%s", args, err, errb.String())
	}
	var kib uint64
	m := regexp.MustCompile(`peak-rss (\d+) kB`).FindStringSubmatch(errb.String())
	if m == nil {
		t.Fatalf("no peak RSS in\n%s", errb.String())
	}
	fmt.Sscan(m[1], &kib)
	return errb.String(), kib << 10
}
