//go:build unix

package rss

import (
	"syscall"
	"time"
)

// CPU is the CPU time this process has used so far, user and system
// together (getrusage), or -1: what a budget of CPU seconds is measured
// in, which a loaded machine stretches less than wall time.
func CPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
