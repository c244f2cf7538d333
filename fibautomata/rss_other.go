//go:build !unix

package fibautomata

func peakRSS() int64 { return -1 }
