package tablebuild

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"fibnim/grundy"
)

// A cancelled save stops with the context's error, removes its temporary
// file and leaves the checkpoint already at the path as it was: Ctrl-C
// during a checkpoint (8 GB at N = 10^9) must neither wait for it nor
// lose the last good one.
func TestCheckpointSaveCancelled(t *testing.T) {
	const N = 1 << 20 // 8 MiB: more than the writer's buffer
	a := grundy.Fibonacci
	dir := t.TempDir()
	path := filepath.Join(dir, "checkpoint.bin")
	R := grundy.NewRowLayer(N)
	inf := make([]uint32, N+1)
	for n := range inf {
		inf[n] = grundy.Inf
	}
	R.Fill(0, inf)
	old := &checkpoint{N: N, G: 3, P: a.P, Q: a.Q, R: R, counts: grundy.NewStartCounts(N)}
	if err := old.save(context.Background(), path); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	next := &checkpoint{N: N, G: 4, P: a.P, Q: a.Q, R: R, counts: grundy.NewStartCounts(N)}
	if err := next.save(ctx, path); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled save: %v, want context.Canceled", err)
	}
	got, err := loadCheckpoint(path, N, a, false)
	if err != nil {
		t.Fatal(err)
	}
	if got.G != 3 {
		t.Errorf("checkpoint at G = %d after a cancelled save of G = 4, want the earlier G = 3", got.G)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the directory, want the checkpoint only", len(entries))
	}
}
