package conjectures

import (
	"context"
	"errors"
	"math/big"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"fibnim/internal/parquetfile"
	"fibnim/ntimes"
)

// verifyNtimes recomputes every multiplier of c_table.parquet on a worker
// pool; cancelled, it stops handing out multipliers, returns the
// context's error, and leaves no goroutine behind.
func TestVerifyNtimesStopsWhenCancelled(t *testing.T) {
	dir := t.TempDir()
	var rows []ntimes.CRow
	for p := int64(2); p <= 40; p++ {
		a := big.NewRat(p, 2)
		if a.Cmp(big.NewRat(1, 1)) < 0 {
			continue
		}
		rows = append(rows, ntimes.NewCRow(ntimes.Solve1(a, 20, 2, 1000)))
	}
	if err := parquetfile.WriteFile(filepath.Join(dir, "c_table.parquet"), nil, rows); err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	_, err := verifyNtimes(ctx, dir, func(string) {
		if calls++; calls == 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("verifyNtimes cancelled after 3 multipliers: %v", err)
	}
	if calls >= len(rows) {
		t.Errorf("verifyNtimes recomputed all %d multipliers after it was cancelled", calls)
	}
	for i := 0; runtime.NumGoroutine() > before; i++ {
		if i == 100 {
			t.Fatalf("%d goroutines before verifyNtimes, %d after", before, runtime.NumGoroutine())
		}
		time.Sleep(10 * time.Millisecond)
	}
	// Not cancelled, it checks every multiplier.
	res, err := verifyNtimes(context.Background(), dir, nil)
	if err != nil || len(res) == 0 {
		t.Fatalf("verifyNtimes: %d results, %v", len(res), err)
	}
}
