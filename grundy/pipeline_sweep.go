package grundy

import (
	"sync/atomic"
	"time"
)

// This file holds the sweeps of the breakpoint engine as it runs them: a
// sweep job (the sweep of one value, R_v to R_{v+1}, with its input and
// output streams), swept over rows (sweep.go's step) or over runs
// (runsweep.go's step).

// sweepJob is the sweep of value v: R_v (in) to R_{v+1} (out).
type sweepJob struct {
	v      int
	runs   bool      // a run sweep
	in     *sweepJob // the sweep of v-1, whose out is this one's input (nil: R_0 = 0)
	out    *stream
	writer RunWriter // R_{v+1}'s, or nil
	// overwrites is the stream whose whole array out writes over (its tap
	// must be ahead); after is closed once its Whole call returned.
	overwrites *stream
	after      chan struct{}
	released   chan struct{} // closed once Whole(v+1) returned or was not called
	extra      bool          // out is a whole layer outside the chains' rotation (see the widening)
	// Results, set before done is closed.
	finite   int // rows of R_{v+1}; -1: stopped
	first    int // the least row of R_{v+1}, -1 if none
	stats    SweepStats
	rowsSeen int // a sample of R_{v+1}: its rows and runs, for the switch
	runsSeen int
	swept    *atomic.Int64 // BreakpointConfig.Swept, or nil
	busy     time.Duration // time in the sweep's own steps
	done     chan struct{}
	tapDone  chan struct{} // closed when the tap has closed its writer (nil: no tap)
}

// sampleEvery is how often (in blocks of publishStride rows) a row sweep
// counts the runs of its output, for the switch to runs.
const sampleEvery = 16

// sweepRows runs a row sweep over all rows, from j.in (nil: R_0 = 0) into
// j.out, publishing its progress every publishStride rows. It sets
// j.finite (-1 if stop was set before it finished) and j.first.
func (j *sweepJob) sweepRows(sw *sweeper, counts *StartCounts, zero []uint32, stop *atomic.Bool) {
	sw.start(j.v, counts)
	N := sw.N
	var in *stream
	out := j.out
	if j.in != nil {
		in = j.in.out
	}
	// A row sweep after run sweeps (the chooser went back to rows) reads
	// runs and expands them a block at a time.
	var rr *runReader
	var expanded []uint32
	if in != nil && in.isRuns {
		rr, expanded = &runReader{s: in}, make([]uint32, publishStride)
	}
	j.first = -1
	for b, n0 := 0, 0; n0 <= N; b, n0 = b+1, n0+publishStride {
		n1 := min(N+1, n0+publishStride)
		src := zero[:n1-n0]
		// A sweep that has to wait for another waits for a good stretch
		// (a quarter of a ring ahead, or half a ring freed), so that waits,
		// and the wake-ups they cost when the cores are busy, are rare.
		// The two thresholds leave a gap, so the two cannot wait for each
		// other at once.
		if rr != nil {
			src = expanded[:n1-n0]
			if !rr.fill(n0, src, stop) {
				return
			}
		} else if in != nil {
			if in.prog.done.Load() < int64(n1) {
				target := min(int64(N+1), int64(n1+ringRows/4))
				if in.prog.waitBeyond(target-1, stop) < 0 {
					return
				}
			}
			src = in.rows(n0, n1)
		}
		if out.ring != nil {
			if need := int64(n1 - len(out.ring)); need > 0 && out.readers() < need {
				if !waitReaders(out, need+ringRows/2, stop) {
					return
				}
			}
		} else if ow := j.overwrites; ow != nil && ow.tap != nil && ow.tap.done.Load() < int64(n1) {
			// Writing over a whole array: its tap must have read it.
			if ow.tap.waitBeyond(int64(n1)-1, stop) < 0 {
				return
			}
		}
		dst := out.rows(n0, n1)
		t := time.Now()
		sw.run(src, dst)
		j.busy += time.Since(t)
		if j.first < 0 && sw.finite > 0 {
			for i, r := range dst {
				if r != Inf {
					j.first = n0 + i
					break
				}
			}
		}
		if b%sampleEvery == 0 {
			j.rowsSeen, j.runsSeen = countRuns(dst, j.rowsSeen, j.runsSeen)
		}
		out.prog.done.Store(int64(n1))
		if j.swept != nil {
			j.swept.Add(int64(n1 - n0))
		}
		if in != nil && rr == nil {
			in.head.done.Store(int64(n1))
			if in.drop.Load() && n1&(rowChunk-1) == 0 {
				in.releaseRead()
			}
		}
		if stop.Load() && n1 <= N {
			return
		}
	}
	j.finite = sw.finite
}

// countRuns adds the finite rows of R and the runs that begin in it.
func countRuns(R []uint32, rows, runs int) (int, int) {
	prev := uint32(Inf - 1)
	for _, r := range R {
		if r != Inf {
			rows++
			if r != prev+1 {
				runs++
			}
		}
		prev = r
	}
	return rows, runs
}

// sweepRuns runs a run sweep from j.in (runs, or rows turned into runs a
// block at a time) into j.out.
func (j *sweepJob) sweepRuns(rs *runSweeper, counts *StartCounts, stop *atomic.Bool) {
	rs.start(j.v, counts)
	N := int(rs.N)
	in, out := j.in.out, j.out
	j.first = -1
	if ow := j.overwrites; ow != nil {
		// The array this chain's end would have written over is the last
		// of the row sweeps: give it back behind its readers.
		ow.drop.Store(true)
		ow.releaseRead()
	}
	e := &runEmitter{j: j}
	var res []Run
	var ok bool
	passed := int64(0) // runs input: the rows passed, for j.swept
	if !in.isRuns {
		res, ok = j.runsFromRows(rs, e, stop)
	} else {
		res, passed, ok = j.runsFromRuns(rs, e, stop)
	}
	if !ok {
		return
	}
	res = rs.finish(res)
	if !e.emit(res, stop) {
		return
	}
	if j.swept != nil && in.isRuns {
		j.swept.Add(int64(N+1) - passed) // the rows after the last run of R_v
	}
	j.stats.Segments, j.stats.Blocks = rs.segments, rs.made
	if out.list != nil {
		out.list.closeList()
	}
	j.finite = int(rs.finite)
}

// runsFromRows feeds the run sweep rs the rows of j.in, turned into runs
// a block at a time, and emits what it makes. It returns the buffer of
// results (emptied) and false if stop was set first.
func (j *sweepJob) runsFromRows(rs *runSweeper, e *runEmitter, stop *atomic.Bool) ([]Run, bool) {
	N := int(rs.N)
	in := j.in.out
	var buf, res []Run
	for n0 := 0; n0 <= N; n0 += publishStride {
		n1 := min(N+1, n0+publishStride)
		if in.prog.done.Load() < int64(n1) {
			target := min(int64(N+1), int64(n1+ringRows/4))
			if in.prog.waitBeyond(target-1, stop) < 0 {
				return res, false
			}
		}
		t := time.Now()
		buf = appendRuns(buf[:0], n0, in.rows(n0, n1))
		j.stats.InRuns += len(buf)
		res = rs.feed(buf, res)
		j.busy += time.Since(t)
		if !e.emit(res, stop) {
			return res, false
		}
		res = res[:0]
		if j.swept != nil {
			j.swept.Add(int64(n1 - n0))
		}
		in.head.done.Store(int64(n1))
		if in.drop.Load() && n1&(rowChunk-1) == 0 {
			in.releaseRead()
		}
		if stop.Load() && n1 <= N {
			return res, false
		}
	}
	return res, true
}

// runsFromRuns feeds the run sweep rs the runs of j.in, feedRuns at a
// time, and emits what it makes. It returns the buffer of results
// (emptied), the rows the input's runs have passed, and false if stop was
// set first.
func (j *sweepJob) runsFromRuns(rs *runSweeper, e *runEmitter, stop *atomic.Bool) ([]Run, int64, bool) {
	in := j.in.out
	var buf, res []Run
	passed := int64(0)
	for i := 0; ; {
		avail := int(in.prog.done.Load())
		if avail == i {
			if in.ended.Load() {
				if avail = int(in.prog.done.Load()); avail == i {
					break
				}
			} else if in.prog.waitBeyondOrEnd(int64(i), &in.ended, stop) < 0 {
				return res, passed, false
			}
			continue
		}
		k := min(avail, i+feedRuns)
		j.stats.InRuns += k - i
		buf = in.readRuns(buf[:0], i, k)
		t := time.Now()
		res = rs.feed(buf, res)
		j.busy += time.Since(t)
		if !e.emit(res, stop) {
			return res, passed, false
		}
		res = res[:0]
		if last := len(buf) - 1; j.swept != nil && last >= 0 {
			end := int64(buf[last].N) + int64(buf[last].Len)
			j.swept.Add(end - passed)
			passed = end
		}
		if in.head.done.Store(int64(k)); k/runChunk != i/runChunk {
			in.releaseRead()
		}
		i = k
		if stop.Load() {
			return res, passed, false
		}
	}
	return res, passed, true
}

// runEmitter writes what a run sweep makes into its output stream: a ring
// (waiting for the readers to leave room) or a whole list.
type runEmitter struct {
	j       *sweepJob
	written int // runs written
}

// emit writes res to the sweep's output and counts its rows and runs for
// the switch; it returns false if stop was set while it waited.
func (e *runEmitter) emit(res []Run, stop *atomic.Bool) bool {
	if len(res) == 0 {
		return true
	}
	j, out := e.j, e.j.out
	if j.first < 0 {
		j.first = int(res[0].N)
	}
	j.runsSeen += len(res)
	for _, r := range res {
		j.rowsSeen += int(r.Len)
	}
	for rest := res; len(rest) > 0; {
		k := len(rest)
		if out.rring != nil {
			k = min(k, ringRuns/4)
			if need := int64(e.written + k - ringRuns); need > 0 && out.readers() < need {
				if !waitReaders(out, need+ringRuns/2, stop) {
					return false
				}
			}
			o := e.written & (ringRuns - 1)
			k = min(k, ringRuns-o)
			copy(out.rring[o:], rest[:k])
		} else {
			out.list.append(rest[:k])
		}
		e.written += k
		rest = rest[k:]
		out.prog.done.Store(int64(e.written))
	}
	return true
}

// appendRuns appends the runs of rows R (from row n0) to runs, cut at the
// block's ends: a run sweep takes a run cut in pieces as the run itself.
func appendRuns(runs []Run, n0 int, R []uint32) []Run {
	i := 0
	for i < len(R) {
		if R[i] == Inf {
			i++
			continue
		}
		s := i
		for i++; i < len(R) && R[i] == R[i-1]+1; i++ {
		}
		runs = append(runs, Run{N: uint32(n0 + s), R: R[s], Len: uint32(i - s)})
	}
	return runs
}
