package grundy

import (
	"context"
	"sync/atomic"
	"time"
)

// This file is the tap of a value: the goroutine that reads R_{v+1} as its
// sweep makes it and hands its maximal runs to the value's RunWriter
// (BreakpointConfig.Runs).

// runTap reads j.out as it is made and writes its maximal runs to
// j.writer, then closes it, or aborts it if R_{v+1} has no row or the
// sweep stopped. An error stops the run. It ends early only when abort is
// set (an error, or the run cancelled), not when the table is complete.
func (j *sweepJob) runTap(ctx context.Context, N int, abort *atomic.Bool, failRun func(error)) {
	stop := abort
	defer close(j.tapDone)
	out := j.out
	defer func() {
		out.tap.done.Store(readAll)
		out.releaseRead()
		out.done()
	}()
	b := runBuilder{w: j.writer}
	fail := func(err error) {
		j.writer.Abort()
		if err != nil {
			failRun(err)
		}
	}
	if !out.isRuns {
		for n0 := 0; n0 <= N; n0 += publishStride {
			n1 := min(N+1, n0+publishStride)
			if out.prog.done.Load() < int64(n1) {
				out.prog.waitBeyondOrEnd(int64(n1)-1, &out.ended, stop)
				if out.prog.done.Load() < int64(n1) {
					fail(nil) // the sweep stopped
					return
				}
			}
			if err := b.addRows(n0, out.rows(n0, n1)); err != nil {
				fail(err)
				return
			}
			out.tap.done.Store(int64(n1))
			if out.drop.Load() && n1&(rowChunk-1) == 0 {
				out.releaseRead()
			}
		}
	} else {
		var buf []Run
		for i := 0; ; {
			avail := int(out.prog.done.Load())
			if avail == i {
				if out.ended.Load() {
					if int(out.prog.done.Load()) == i {
						break
					}
				} else if out.prog.waitBeyondOrEnd(int64(i), &out.ended, stop) < 0 {
					fail(nil)
					return
				}
				continue
			}
			k := min(avail, i+ringRuns/4)
			buf = out.readRuns(buf[:0], i, k)
			if err := b.addRuns(buf); err != nil {
				fail(err)
				return
			}
			if out.tap.done.Store(int64(k)); k/runChunk != i/runChunk {
				out.releaseRead()
			}
			i = k
		}
	}
	// The sweep is done (its output has ended); j.finite was set before.
	for !out.ended.Load() {
		time.Sleep(100 * time.Microsecond)
	}
	if j.finite <= 0 || ctx.Err() != nil {
		fail(nil) // no row of value v+1, stopped, or cancelled
		return
	}
	if err := b.flush(true); err != nil {
		fail(err)
		return
	}
	if err := j.writer.Close(); err != nil {
		failRun(err)
	}
}

// runBuilder merges pieces of runs into maximal runs and hands them to a
// RunWriter in batches.
type runBuilder struct {
	w    RunWriter
	runs []Run
}

const tapBatch = 1 << 15

func (b *runBuilder) add(r Run) {
	if k := len(b.runs) - 1; k >= 0 && b.runs[k].N+b.runs[k].Len == r.N && b.runs[k].R+b.runs[k].Len == r.R {
		b.runs[k].Len += r.Len
		return
	}
	b.runs = append(b.runs, r)
}

func (b *runBuilder) addRuns(runs []Run) error {
	for _, r := range runs {
		b.add(r)
	}
	return b.flush(false)
}

func (b *runBuilder) addRows(n0 int, R []uint32) error {
	i := 0
	for i < len(R) {
		if R[i] == Inf {
			i++
			continue
		}
		s := i
		for i++; i < len(R) && R[i] == R[i-1]+1; i++ {
		}
		b.add(Run{N: uint32(n0 + s), R: R[s], Len: uint32(i - s)})
	}
	return b.flush(false)
}

// flush writes the runs made so far but the last, which may still grow,
// once there are enough of them; all of them when final.
func (b *runBuilder) flush(final bool) error {
	if len(b.runs) < tapBatch && !final || len(b.runs) == 0 {
		return nil
	}
	k := len(b.runs)
	if !final {
		k--
	}
	if err := b.w.Write(b.runs[:k]); err != nil {
		return err
	}
	n := copy(b.runs, b.runs[k:])
	b.runs = b.runs[:n]
	return nil
}
