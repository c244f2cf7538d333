//go:build !unix

package rss

// Peak is -1 where getrusage is not available: the peak is unknown.
func Peak() int64 { return -1 }
