package grundy

import (
	"runtime"
	"sync/atomic"
	"time"
)

// This file is how R_{v+1} passes from the sweep that makes it to its
// readers (the next sweep and the RunWriter's tap): a stream of rows or
// runs, in a ring or in a whole layer, with the progress of its writer and
// of each reader.

// ringRows is the size of a ring of rows between two sweeps of a chain: a
// sweep runs at most this many rows ahead of the slowest reader.
const ringRows = 1 << 20

// ringRuns is the size of a ring of runs between two run sweeps.
const ringRuns = 1 << 16

// feedRuns is the most input runs a run sweep takes at a time.
const feedRuns = 4096

// stream carries R_{v+1} from the sweep that makes it to its readers: the
// next sweep (the head) and the RunWriter's goroutine (the tap), as rows
// (a ring, or the whole array of a chain's end) or runs (a ring, or a
// whole list).
type stream struct {
	isRuns bool
	arr    *rowArray // rows, whole
	ring   []uint32  // rows, ring
	list   *runList  // runs, whole
	rring  []Run     // runs, ring
	prog   progress  // rows or runs written
	ended  atomic.Bool
	head   progress  // rows or runs the next sweep has read
	tap    *progress // rows or runs the tap has read; nil if none
	// drop: nobody will write over this whole array or list (and no Whole
	// call holds it): its chunks are given back as soon as both readers
	// have passed them.
	drop atomic.Bool
	// users counts the readers (and, for a whole list, the Whole call)
	// still to finish; the last one gives back a ring or a list (free).
	users atomic.Int32
	free  func()
}

// done is called by each user of s when it has finished with it.
func (s *stream) done() {
	if s.users.Add(-1) == 0 && s.free != nil {
		s.free()
	}
}

func (s *stream) whole() bool { return s.arr != nil || s.list != nil }

// readers returns the least progress of the stream's readers.
func (s *stream) readers() int64 {
	d := s.head.done.Load()
	if s.tap != nil {
		d = min(d, s.tap.done.Load())
	}
	return d
}

// rows returns rows n0..n1-1 (within a publishStride block).
func (s *stream) rows(n0, n1 int) []uint32 {
	if s.arr != nil {
		return s.arr.rows(n0, n1)
	}
	o := n0 & (len(s.ring) - 1)
	return s.ring[o : o+n1-n0]
}

// readRuns appends runs i..j-1 of a run stream to buf.
func (s *stream) readRuns(buf []Run, i, j int) []Run {
	for i < j {
		if s.list != nil {
			k := min(j, (i/runChunk+1)*runChunk)
			buf = append(buf, s.list.slice(i, k)...)
			i = k
			continue
		}
		o := i & (len(s.rring) - 1)
		k := min(j-i, len(s.rring)-o)
		buf = append(buf, s.rring[o:o+k]...)
		i += k
	}
	return buf
}

// releaseRead gives back the chunks of a dropped array or list behind its
// readers.
func (s *stream) releaseRead() {
	if !s.drop.Load() {
		return
	}
	if s.arr != nil {
		s.arr.releaseBelow(int(s.readers()))
	} else if s.list != nil {
		s.list.releaseBelow(s.readers())
	}
}

// readAll is the progress of a reader that has read a stream to its end
// (or will read no more of it).
const readAll = 1 << 62

// runReader reads a run stream in row order for a row sweep, and expands
// it into rows.
type runReader struct {
	s   *stream
	i   int   // the runs read from the stream (copied into buf)
	buf []Run // runs read; those before k are used up
	k   int
}

// fill sets out to the rows n0 .. n0+len(out)-1 (Inf where no run covers
// a row), reading the stream as far as it needs, in order; it returns
// false if stop was set while it waited for the writer.
func (r *runReader) fill(n0 int, out []uint32, stop *atomic.Bool) bool {
	for i := range out {
		out[i] = Inf
	}
	n1 := n0 + len(out)
	in := r.s
	for {
		for ; r.k < len(r.buf); r.k++ {
			run := r.buf[r.k]
			s, e := int(run.N), int(run.N)+int(run.Len)
			if s >= n1 {
				return true
			}
			for n := max(s, n0); n < min(e, n1); n++ {
				out[n-n0] = run.R + uint32(n-s)
			}
			if e > n1 {
				return true
			}
		}
		avail := int(in.prog.done.Load())
		if avail == r.i {
			if in.ended.Load() {
				if int(in.prog.done.Load()) == r.i {
					return true // no more runs: the rest is Inf
				}
			} else if in.prog.waitBeyondOrEnd(int64(r.i), &in.ended, stop) < 0 {
				return false
			}
			continue
		}
		k := min(avail, r.i+feedRuns)
		r.buf, r.k = in.readRuns(r.buf[:0], r.i, k), 0
		// The runs are copied: the writer may reuse their place.
		if in.head.done.Store(int64(k)); k/runChunk != r.i/runChunk {
			in.releaseRead()
		}
		r.i = k
	}
}

// waitReaders waits until every reader of s has read need rows or runs,
// and reports false if stop was set first.
func waitReaders(s *stream, need int64, stop *atomic.Bool) bool {
	sleep := 10 * time.Microsecond
	for i := 0; ; i++ {
		if s.readers() >= need || s.head.done.Load() >= 1<<62 && (s.tap == nil || s.tap.done.Load() >= need) {
			return true
		}
		if stop.Load() {
			return false
		}
		switch {
		case i < 64:
		case i < 128:
			runtime.Gosched()
		default:
			time.Sleep(sleep)
			sleep = min(2*sleep, time.Millisecond)
		}
	}
}

// waitClosed waits until c is closed (nil: at once), and reports false if
// stop was set first.
func waitClosed(c chan struct{}, stop *atomic.Bool) bool {
	if c == nil {
		return true
	}
	t := time.NewTicker(5 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-c:
			return true
		case <-t.C:
			if stop.Load() {
				return false
			}
		}
	}
}
