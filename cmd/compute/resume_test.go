package main

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"syscall"
	"testing"
	"time"

	"fibnim/provenance"
)

// TestMain lets a test run this binary as the compute command in a child
// process, so that the child can be killed with SIGKILL.
func TestMain(m *testing.M) {
	if os.Getenv("FIBNIM_AS_COMPUTE") == "1" {
		if err := run(context.Background(), os.Args[1:], os.Stdout, os.Stderr); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// dirFiles reads every file under dir, by its path relative to dir. It
// leaves out provenance.json, the run record, which holds the run's
// time, memory and machine and is the one output that does not reproduce.
func dirFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && info.Name() != provenance.File {
			b, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
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

	cmd := exec.Command(os.Args[0], append(args, "-out", out)...)
	cmd.Env = append(os.Environ(), "FIBNIM_AS_COMPUTE=1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ck := filepath.Join(out, "grundy", "mult=2", ".run", "checkpoint.bin")
	deadline := time.Now().Add(60 * time.Second)
	for {
		if _, err := os.Stat(ck); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("no checkpoint appeared")
		}
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	if _, err := os.Stat(ck); err != nil {
		t.Skip("the child finished before it could be killed")
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
	var files []map[string][]byte
	for _, args := range [][]string{{"-workers", "2"}, {"-workers", "1", "-runs-from", "-1"}, {"-workers", "2", "-runs-from", "1"}, {"-workers", "3", "-runs-from", "6"}} {
		out := t.TempDir()
		a := append([]string{"grundy", "-n", "300000", "-engine", "breakpoint", "-out", out}, args...)
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
