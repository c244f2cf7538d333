//go:build !unix

package provenance

// peakRSS is unknown where getrusage is not: -1.
func peakRSS() int64 { return -1 }
