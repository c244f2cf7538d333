package filehash

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"runtime"
	"sync"
	"time"
)

// Spare hashes files, one goroutine for all of them, in the CPU time that
// the rest of the process leaves unused: it works only while the process
// used less than GOMAXPROCS - 1/2 cores over the last look (spareWindow),
// and then hashes for as long (spareBurst) before it looks again. A writer hands it a
// file once complete (Add); the sum goes into Sums, so that a manifest
// made afterwards need not read the file. Where the process's CPU time is
// unknown (no getrusage), it hashes nothing: Stop leaves every file to
// the manifest.
//
// It was made for the complete table at N = 10^9, whose breakpoint files
// (9.6 GB) were read back and hashed after the engine, about 18 s on two
// cores, while the engine's last values leave most of a core unused
// (results/bench.md).
type Spare struct {
	sums   *Sums
	mu     sync.Mutex
	queue  []string
	wake   chan struct{}
	stop   chan struct{}
	once   sync.Once
	done   chan struct{}
	added  int // files handed over, guarded by mu
	hashed int // files hashed, written by the hashing goroutine only
}

// spareWindow is how long Spare looks at the process's CPU use before it
// hashes, and spareBurst how long it hashes before it looks again: it
// takes at most half a core (results/bench.md: a longer burst measured
// worse).
const (
	spareWindow = 20 * time.Millisecond
	spareBurst  = spareWindow
)

// NewSpare starts a Spare that records into sums; ctx stops it.
func NewSpare(ctx context.Context, sums *Sums) *Spare {
	s := &Spare{sums: sums, wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	go s.run(ctx)
	return s
}

// Add hands over the complete file at path, which must not change again.
func (s *Spare) Add(path string) {
	s.mu.Lock()
	s.queue = append(s.queue, path)
	s.added++
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Stop ends the hashing and waits for it: a file it was hashing is left
// out of Sums, and so is every file still queued. It returns how many
// files were handed over and how many of them it hashed. A second Stop
// stops nothing.
func (s *Spare) Stop() (added, hashed int) {
	s.once.Do(func() { close(s.stop) })
	<-s.done
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.added, s.hashed
}

func (s *Spare) next() (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.queue) == 0 {
		return "", false
	}
	p := s.queue[0]
	s.queue = s.queue[1:]
	return p, true
}

func (s *Spare) run(ctx context.Context) {
	defer close(s.done)
	if _, ok := processCPU(); !ok {
		return
	}
	for {
		path, ok := s.next()
		if !ok {
			select {
			case <-s.wake:
				continue
			case <-s.stop:
				return
			case <-ctx.Done():
				return
			}
		}
		sum, ok := s.hash(ctx, path)
		if !ok {
			return
		}
		if sum != nil {
			s.sums.Put(path, *sum)
			s.hashed++
		}
	}
}

// hash hashes the file at path in the spare time; it returns false when
// stopped, and a nil sum when the file could not be read (the manifest
// reads it again, and reports the error).
func (s *Spare) hash(ctx context.Context, path string) (*Sum, bool) {
	f, err := os.Open(path)
	if err != nil {
		return nil, true
	}
	defer f.Close()
	h := sha256.New()
	buf := make([]byte, 1<<20)
	var size int64
	for {
		if !s.waitSpare(ctx) {
			return nil, false
		}
		t0 := time.Now()
		for time.Since(t0) < spareBurst {
			n, err := f.Read(buf)
			h.Write(buf[:n])
			size += int64(n)
			if err == io.EOF {
				return &Sum{Size: size, SHA256: hex.EncodeToString(h.Sum(nil))}, true
			}
			if err != nil {
				return nil, true
			}
		}
	}
}

// waitSpare returns once the process (not hashing meanwhile) has left at
// least half a core unused over a window, or false when stopped.
func (s *Spare) waitSpare(ctx context.Context) bool {
	limit := float64(runtime.GOMAXPROCS(0)) - 0.5
	for {
		c0, _ := processCPU()
		t0 := time.Now()
		select {
		case <-time.After(spareWindow):
		case <-s.stop:
			return false
		case <-ctx.Done():
			return false
		}
		c1, _ := processCPU()
		if used := (c1 - c0).Seconds() / time.Since(t0).Seconds(); used < limit {
			return true
		}
	}
}
