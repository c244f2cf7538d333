//go:build !unix

package grundy

// allocRows returns n zeroed rows from the Go heap (systems without mmap).
func allocRows(n int) []uint32 { return make([]uint32, n) }

// freeRows drops rows; the collector takes them back.
func freeRows([]uint32) {}

func allocRunChunk() *[runChunk]Run { return new([runChunk]Run) }

func freeRunChunk(*[runChunk]Run) {}
