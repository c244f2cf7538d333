package pool

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// Each calls fn(i) for i = 0, 1, ..., n-1 on at most workers goroutines
// (GOMAXPROCS if workers < 1), handing out the indices in increasing
// order. It stops handing them out once ctx is done or a call of fn has
// returned an error, waits for the calls in flight, and returns the first
// error of fn or, failing that, ctx's error. No goroutine it starts
// outlives it.
func Each(ctx context.Context, n, workers int, fn func(i int) error) error {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, n)
	var (
		next  atomic.Int64
		mu    sync.Mutex
		first error
		stop  atomic.Bool
		wg    sync.WaitGroup
	)
	for range workers {
		wg.Go(func() {
			for !stop.Load() && ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if err := fn(i); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
					stop.Store(true)
					return
				}
			}
		})
	}
	wg.Wait()
	if first != nil {
		return first
	}
	return ctx.Err()
}
