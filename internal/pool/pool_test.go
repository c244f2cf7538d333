package pool

import (
	"context"
	"errors"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// Every index is visited once, for any number of workers, and the output
// written slot by slot is the same.
func TestEachVisitsEveryIndexOnce(t *testing.T) {
	for _, workers := range []int{0, 1, 2, 8, 100} {
		const n = 1000
		var hits [n]atomic.Int32
		out := make([]int, n)
		err := Each(context.Background(), n, workers, func(i int) error {
			hits[i].Add(1)
			out[i] = i * i
			return nil
		})
		if err != nil {
			t.Fatalf("workers %d: %v", workers, err)
		}
		for i := range n {
			if hits[i].Load() != 1 || out[i] != i*i {
				t.Fatalf("workers %d: index %d visited %d times, out %d", workers, i, hits[i].Load(), out[i])
			}
		}
	}
	if err := Each(context.Background(), 0, 4, func(int) error { t.Fatal("called with n = 0"); return nil }); err != nil {
		t.Fatal(err)
	}
}

// The first error stops the handing out and comes back; indices after it
// are not all visited.
func TestEachStopsAtError(t *testing.T) {
	bad := errors.New("bad")
	var calls atomic.Int32
	err := Each(context.Background(), 1_000_000, 2, func(i int) error {
		calls.Add(1)
		if i == 10 {
			return bad
		}
		return nil
	})
	if !errors.Is(err, bad) {
		t.Fatalf("err = %v, want %v", err, bad)
	}
	if c := calls.Load(); c > 1000 {
		t.Errorf("%d calls after an error at index 10", c)
	}
}

// Cancelling ctx stops it, returns ctx's error, and leaves no goroutine
// behind, even when the calls are blocked until the cancel.
func TestEachCancelLeavesNoGoroutine(t *testing.T) {
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan struct{}, 100)
	go func() {
		<-started
		cancel()
	}()
	err := Each(ctx, 100, 4, func(i int) error {
		started <- struct{}{}
		<-ctx.Done()
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	// Goroutines that called wg.Done may take a moment to exit.
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after Each returned, %d before", n, before)
	}
}
