package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"fibnim/grundy"
	"fibnim/table"
)

// Layout of a breakpoint run in DIR/grundy/mult=A/:
//
//	breakpoints/g=0001.parquet ...  one file per value g: rows (n, g, r_min,
//	                                run), each a run of n with G(n, n) >= g
//	                                (table.Breakpoint)
//	start_values.parquet, dense.parquet
//	.run/                           work in progress: the new breakpoint
//	                                files and checkpoint.bin; renamed into
//	                                place only when the run completes
func breakpointFile(dir string, g int) string {
	return filepath.Join(dir, fmt.Sprintf("g=%04d.parquet", g))
}

func runBreakpointGrundy(ctx context.Context, o grundyOpts, stdout, stderr io.Writer) error {
	// Breakpoint files are written on up to one goroutine per worker, each
	// holding its R_g, so that encoding (as costly as the sweeps) overlaps
	// them; with less memory, fewer, down to writing in the main loop.
	const writerBytes = 256 << 20 // Parquet writer buffers (and the dense side table)
	hold := 0
	if o.breakpoints {
		hold = o.workers
	}
	need := func(hold int) uint64 {
		return grundy.BreakpointBytes(o.N, o.workers, hold) + grundy.StartCountsBytes(o.N) + uint64(max(hold, 1))*writerBytes
	}
	for hold > 0 && o.maxMem > 0 && need(hold) > o.maxMem {
		hold--
	}
	if o.maxMem > 0 && need(hold) > o.maxMem {
		return usagef("-n %d: the breakpoint engine needs about %s with %d workers, more than the %s allowed (-max-mem); try fewer -workers", o.N, humanBytes(need(hold)), o.workers, humanBytes(o.maxMem))
	}
	dir := filepath.Join(o.out, "grundy", "mult="+o.mult.Folder())
	if err := prepareDir(dir); err != nil {
		return err
	}
	work := filepath.Join(dir, ".run")
	workBP := filepath.Join(work, "breakpoints")
	ckPath := filepath.Join(work, "checkpoint.bin")
	ck, err := loadCheckpoint(ckPath, o.N, o.mult, o.breakpoints)
	if ck != nil && o.breakpoints {
		for g := 1; g <= ck.G; g++ {
			if _, serr := os.Stat(breakpointFile(workBP, g)); serr != nil {
				ck, err = nil, fmt.Errorf("breakpoint file g=%d is missing", g)
				break
			}
		}
	}
	switch {
	case ck != nil:
		fmt.Fprintf(stderr, "grundy: resuming from the checkpoint at g=%d in %s\n", ck.G, work)
	case errors.Is(err, os.ErrNotExist):
	case errors.Is(err, errStale):
		fmt.Fprintf(stderr, "grundy: ignoring an unfinished run with other parameters in %s\n", work)
	default:
		fmt.Fprintf(stderr, "grundy: ignoring an unusable checkpoint: %v\n", err)
	}
	if ck == nil {
		if err := os.RemoveAll(work); err != nil {
			return err
		}
		ck = &checkpoint{N: o.N, P: o.mult.P, Q: o.mult.Q, breakpoints: o.breakpoints, counts: grundy.NewStartCounts(o.N)}
	}
	if err := os.MkdirAll(workBP, 0o755); err != nil {
		return err
	}
	// A killed run may have left half-written temporary files behind.
	for _, d := range []string{dir, workBP} {
		stale, _ := filepath.Glob(filepath.Join(d, ".*.tmp-*"))
		for _, f := range stale {
			os.Remove(f)
		}
	}
	writers := ""
	if o.breakpoints {
		switch hold {
		case 0:
			writers = ", files written in turn"
		case 1:
			writers = ", 1 file writer"
		default:
			writers = fmt.Sprintf(", %d file writers", hold)
		}
	}
	fmt.Fprintf(stderr, "grundy: breakpoint engine, N=%d, a=%s, %d workers%s, estimated peak %s\n", o.N, o.mult, o.workers, writers, humanBytes(need(hold)))

	meta := runMeta("breakpoint", o)
	counts := ck.counts
	prog := newProgress(stderr, o.N, ck.G)
	start := time.Now()
	lastCk := time.Now()
	// A checkpoint holds 6 bytes per row (6 GB at N = 10^9). Until one has
	// been timed, assume it writes at 200 MB/s and wait ten times as long.
	// -checkpoint-every 0 means after every value, as asked.
	ckGap := o.ckptEvery
	if ckGap > 0 {
		ckGap = max(ckGap, 10*time.Duration(6*float64(o.N+1)/200e6*float64(time.Second)))
	}
	files := newFileWriters(ctx, max(hold, 1))
	// emit hands R_g to a file writer, which calls release once the file
	// is written. A checkpoint at g claims the files up to g, so it first
	// waits for every file in flight, and keeps R until it is saved.
	emit := func(g int, R []uint32, release func()) error {
		if err := files.failed(); err != nil {
			release()
			return err
		}
		first := -1
		for n, r := range R {
			if r <= uint32(n) {
				first = n
				break
			}
		}
		// Keep R here when a checkpoint is due (or there is no memory for
		// holding it); otherwise the writer releases it.
		keep := time.Since(lastCk) >= ckGap || hold == 0 || !o.breakpoints
		if o.breakpoints {
			after := release
			if keep {
				after = func() {}
			}
			files.write(breakpointFile(workBP, g), meta, g, R, after)
			if keep {
				if err := files.wait(); err != nil {
					release()
					return err
				}
			}
		}
		prog.finished(g, first)
		if !keep {
			return nil
		}
		defer release()
		if time.Since(lastCk) < ckGap {
			return nil
		}
		t0 := time.Now()
		c := &checkpoint{N: o.N, G: g, P: o.mult.P, Q: o.mult.Q, breakpoints: o.breakpoints, R: R, counts: counts}
		if err := c.save(ckPath); err != nil {
			return fmt.Errorf("writing checkpoint: %w", err)
		}
		lastCk = time.Now()
		// Keep the time spent writing checkpoints under 5% of the run.
		if o.ckptEvery > 0 {
			ckGap = max(o.ckptEvery, 20*lastCk.Sub(t0))
		}
		return nil
	}
	maxG, err := grundy.Breakpoints(ctx, grundy.BreakpointConfig{N: o.N, Mult: o.mult, Workers: o.workers, FromG: ck.G, FromR: ck.R, Counts: counts, EmitHeld: emit, Hold: hold})
	if werr := files.wait(); err == nil {
		err = werr
	}
	prog.stop(err == nil)
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("interrupted; earlier results left in place; run the same command again to resume from the last checkpoint in %s", work)
		}
		return err
	}
	elapsed := time.Since(start)
	meta["fibnim.max_g"] = strconv.Itoa(maxG)

	// The dense side table is small; the dense engine fills it.
	dmax := min(o.N, o.denseMax)
	tab, err := grundy.Dense(dmax, o.mult, o.workers)
	if err != nil {
		return err
	}
	if err := writeDense(ctx, filepath.Join(dir, "dense.parquet"), meta, tab, dmax); err != nil {
		return err
	}
	if o.breakpoints {
		final := filepath.Join(dir, "breakpoints")
		old := filepath.Join(work, "old-breakpoints")
		if _, err := os.Stat(final); err == nil {
			if err := os.Rename(final, old); err != nil {
				return err
			}
		}
		if err := os.Rename(workBP, final); err != nil {
			return err
		}
	}
	if err := writeStartValues(ctx, filepath.Join(dir, "start_values.parquet"), meta, o.N, counts.StartValue, counts.G); err != nil {
		return err
	}
	if err := os.RemoveAll(work); err != nil {
		return err
	}
	what := "start_values.parquet"
	if o.breakpoints {
		what = "start_values.parquet and breakpoints/ (" + strconv.Itoa(maxG) + " files)"
	}
	fmt.Fprintf(stdout, "wrote %s/%s: N=%d, max G(n)=%d, engine time %v\n", dir, what, o.N, maxG, elapsed.Round(time.Millisecond))
	return nil
}

// fileWriters writes breakpoint files on goroutines, at most limit at a
// time, and keeps the first error.
type fileWriters struct {
	ctx   context.Context
	slots chan struct{}
	wg    sync.WaitGroup
	mu    sync.Mutex
	err   error
}

func newFileWriters(ctx context.Context, limit int) *fileWriters {
	return &fileWriters{ctx: ctx, slots: make(chan struct{}, limit)}
}

// write writes the file for R_g and then calls release, also on failure.
func (f *fileWriters) write(path string, meta map[string]string, g int, R []uint32, release func()) {
	f.wg.Add(1)
	go func() {
		defer f.wg.Done()
		defer release()
		f.slots <- struct{}{}
		defer func() { <-f.slots }()
		if f.failed() != nil {
			return
		}
		if err := writeBreakpointFile(f.ctx, path, meta, g, R); err != nil {
			f.mu.Lock()
			if f.err == nil {
				f.err = err
			}
			f.mu.Unlock()
		}
	}()
}

// failed returns the first error of a finished write.
func (f *fileWriters) failed() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}

// wait waits for every write so far and returns the first error.
func (f *fileWriters) wait() error {
	f.wg.Wait()
	return f.failed()
}

func writeBreakpointFile(ctx context.Context, path string, meta map[string]string, g int, R []uint32) error {
	m := make(map[string]string, len(meta)+1)
	for k, v := range meta {
		m[k] = v
	}
	m["fibnim.g"] = strconv.Itoa(g)
	w, err := table.Create[table.Breakpoint](path, m)
	if err != nil {
		return err
	}
	// R is encoded in chunks of C entries; rows are written in batches of
	// about C, so the buffer stays bounded whatever the run lengths.
	const C = 1 << 16
	buf := make([]table.Breakpoint, 0, 2*C)
	enc := table.NewRunEncoder(g)
	for lo := 0; lo < len(R); lo += C {
		if err := ctx.Err(); err != nil {
			w.Abort()
			return err
		}
		buf = enc.Add(buf, R[lo:min(lo+C, len(R))])
		last := lo+C >= len(R)
		if last {
			buf = enc.Flush(buf)
		}
		if len(buf) > 0 && (len(buf) >= C || last) {
			if err := w.Write(buf); err != nil {
				w.Abort()
				return err
			}
			buf = buf[:0]
		}
	}
	return w.Close()
}
