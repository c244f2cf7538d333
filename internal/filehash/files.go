package filehash

import (
	"context"
	"path/filepath"
	"sync"

	"fibnim/internal/pool"
)

// Files computes the size and SHA-256 of dir/names[i] (names slash-separated)
// for every i, on GOMAXPROCS goroutines, and calls fn with each, from one
// goroutine at a time. It returns the first error of fn, of a read (as
// [File] gives it), or ctx's.
func Files(ctx context.Context, dir string, names []string, fn func(i int, size int64, sum string) error) error {
	var mu sync.Mutex
	return pool.Each(ctx, len(names), 0, func(i int) error {
		size, sum, err := File(ctx, filepath.Join(dir, filepath.FromSlash(names[i])))
		if err != nil {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		return fn(i, size, sum)
	})
}
