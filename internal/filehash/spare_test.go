package filehash

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// In an idle process a Spare hashes every file it is given, to the sums
// File gives; after Stop it hashes nothing more, and a second Stop does
// nothing.
func TestSpare(t *testing.T) {
	if _, ok := processCPU(); !ok {
		t.Skip("no CPU time on this system: a Spare hashes nothing")
	}
	dir := t.TempDir()
	var paths []string
	for i, size := range []int{0, 1, 1 << 20, 5<<20 + 3} {
		p := filepath.Join(dir, fmt.Sprint(i))
		b := make([]byte, size)
		for j := range b {
			b[j] = byte(j*31 + i)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	sums := new(Sums)
	s := NewSpare(context.Background(), sums)
	for _, p := range paths {
		s.Add(p)
	}
	// The process is idle but for this test: the Spare hashes within a
	// few windows. The deadline only bounds a broken Spare.
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(10 * time.Millisecond) {
		if _, ok := sums.Get(paths[len(paths)-1]); ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a Spare in an idle process did not hash its files")
		}
	}
	s.Stop()
	s.Stop()
	for _, p := range paths {
		size, sha, err := File(context.Background(), p)
		if got, ok := sums.Get(p); err != nil || !ok || got != (Sum{Size: size, SHA256: sha}) {
			t.Errorf("%s: Spare %+v (%v), File %d %s (%v)", p, got, ok, size, sha, err)
		}
	}
	late := filepath.Join(dir, "late")
	os.WriteFile(late, []byte("x"), 0o644)
	s.Add(late) // after Stop: never hashed
	time.Sleep(3 * spareWindow)
	if _, ok := sums.Get(late); ok {
		t.Error("a stopped Spare hashed a file")
	}
}

// A Spare stopped (or cancelled) before it reaches its files leaves them
// out of the sums, and Stop returns.
func TestSpareStopped(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	os.WriteFile(p, make([]byte, 1<<20), 0o644)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sums := new(Sums)
	s := NewSpare(ctx, sums)
	s.Add(p)
	s.Stop()
	if _, ok := sums.Get(p); ok {
		t.Error("a cancelled Spare hashed a file")
	}
}
