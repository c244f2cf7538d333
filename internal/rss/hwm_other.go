//go:build !linux

package rss

// ResetPeak is false where the peak cannot be reset: [HighWater] is then
// the whole process's peak.
func ResetPeak() bool { return false }

// HighWater is the process's peak resident set, as [Peak] gives it.
func HighWater() int64 { return Peak() }

// Current is -1 where /proc/self/status is not there: unknown.
func Current() int64 { return -1 }
