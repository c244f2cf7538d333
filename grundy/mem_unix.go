//go:build unix

package grundy

import (
	"strconv"
	"syscall"
	"unsafe"
)

// allocRows returns n zeroed rows mapped from the system, outside the Go
// heap, so that freeRows gives them back at once: the Go heap would keep
// freed memory until a collection and its scavenger return it.
func allocRows(n int) []uint32 {
	if n == 0 {
		return nil
	}
	b, err := syscall.Mmap(-1, 0, 4*n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		panic("grundy: cannot map " + strconv.Itoa(4*n) + " bytes: " + err.Error())
	}
	return unsafe.Slice((*uint32)(unsafe.Pointer(&b[0])), n)
}

// freeRows gives rows from allocRows back to the system.
func freeRows(r []uint32) {
	if len(r) == 0 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&r[0])), 4*len(r))
	if err := syscall.Munmap(b); err != nil {
		panic("grundy: munmap: " + err.Error())
	}
}

// allocRunChunk returns a chunk of a run list, mapped as allocRows does.
func allocRunChunk() *[runChunk]Run {
	r := allocRows(runChunk * 3)
	return (*[runChunk]Run)(unsafe.Pointer(&r[0]))
}

// freeRunChunk gives a chunk from allocRunChunk back.
func freeRunChunk(c *[runChunk]Run) {
	freeRows(unsafe.Slice((*uint32)(unsafe.Pointer(c)), runChunk*3))
}
