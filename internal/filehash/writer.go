package filehash

import (
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"path/filepath"
	"sync"
)

// Sum is a file's size in bytes and its SHA-256 in lower-case hex: what
// [File] returns, as one value.
type Sum struct {
	Size   int64
	SHA256 string
}

// Writer hashes the bytes written to it, so that a file's writer can give
// the sum of what it wrote without reading the file back: pass it beside
// the file (io.MultiWriter) and ask Sum once the last byte is written.
// The zero Writer is not ready; use NewWriter.
type Writer struct {
	h hash.Hash
	n int64
}

// NewWriter returns a Writer that has hashed nothing.
func NewWriter() *Writer { return &Writer{h: sha256.New()} }

// Write hashes p; it never fails.
func (w *Writer) Write(p []byte) (int, error) {
	w.h.Write(p)
	w.n += int64(len(p))
	return len(p), nil
}

// Sum is the size and SHA-256 of the bytes written so far.
func (w *Writer) Sum() Sum { return Sum{Size: w.n, SHA256: hex.EncodeToString(w.h.Sum(nil))} }

// Sums holds the sums of files that a run wrote, by path, so that a
// manifest made after them need not read them again. It is safe for
// concurrent use; the zero value and a nil *Sums are empty (a nil *Sums
// records nothing).
type Sums struct {
	mu sync.Mutex
	m  map[string]Sum
}

// Put records the sum of the file at path (cleaned).
func (s *Sums) Put(path string, sum Sum) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[string]Sum{}
	}
	s.m[filepath.Clean(path)] = sum
}

// Get returns the sum recorded for the file at path, if any.
func (s *Sums) Get(path string) (Sum, bool) {
	if s == nil {
		return Sum{}, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	sum, ok := s.m[filepath.Clean(path)]
	return sum, ok
}
