//go:build unix

package fibautomata

import (
	"runtime"
	"syscall"
)

// peakRSS is the largest resident set of this process so far, in bytes
// (getrusage's ru_maxrss), or -1.
func peakRSS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return int64(ru.Maxrss)
	}
	return int64(ru.Maxrss) << 10
}
