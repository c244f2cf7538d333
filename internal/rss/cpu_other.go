//go:build !unix

package rss

import "time"

// CPU is -1 where getrusage is not available: the CPU time is unknown.
func CPU() time.Duration { return -1 }
