//go:build unix

package rss

import (
	"runtime"
	"syscall"
)

// Peak is the largest resident set of this process so far, in bytes
// (getrusage's ru_maxrss: kilobytes on Linux, bytes on macOS), or -1.
func Peak() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return int64(ru.Maxrss)
	}
	return int64(ru.Maxrss) << 10
}
