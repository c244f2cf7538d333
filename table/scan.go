package table

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"

	"github.com/parquet-go/parquet-go"

	"fibnim/grundy"
	"fibnim/internal/pool"
)

// One pass over a table. Scan reads the start values and the breakpoint
// files side by side, in n order, a window of ScanRows rows at a time: the
// start values of the window first, then every file's runs that meet it
// (on GOMAXPROCS goroutines, a file at a time), each checked against the
// start values as it is read, and R_1..R_k expanded for the caller. Each
// file is decoded once, page by page in file order (scanFile), so the
// memory is a page per column of each file open at once, whatever N.
// Check, the deep check of "compute info -full", is Scan with every file
// and no caller; compute verify runs its checks on the windows of the same
// pass (package conjectures), so a table is decoded once for both.

// ScanRows is the number of rows in a window that Scan hands out: windows
// are n = 0..ScanRows-1, ScanRows..2*ScanRows-1, and so on, the last one
// shorter.
const ScanRows = 1 << 16

// Window is the rows n = Lo .. Lo+len(Full)-1 of a table, as Scan hands
// them out: Start[i] = G(n, n-1) and Full[i] = G(n) for n = Lo+i, and, for
// g = 1..len(R), R[g-1][i] = R_g(n), the least r with G(n, r) >= g
// (grundy.Inf where G(n) < g). The slices are the receiver's: Scan does not
// touch them again.
type Window struct {
	Lo          int
	Start, Full []uint16
	R           [][]uint32
}

// ScanOptions say what Scan reads.
type ScanOptions struct {
	// R is how many of R_1, R_2, ... the windows carry, read from
	// breakpoint files 1..R (a table without breakpoint files has none to
	// give: R > 0 is then an error). Files past the largest value give
	// grundy.Inf.
	R int
	// Every reads every file of the table, each page's checksum included,
	// as Check does: the start values, dense.parquet and every breakpoint
	// file. Otherwise Scan reads only the start values and breakpoint
	// files 1..R.
	Every bool
	// Reuse says that fn keeps no slice of the windows it gets: Scan
	// fills them again for a later window once fn has returned.
	Reuse bool
}

// Scan reads the table once, in n order, and calls fn (nil: no one) with
// each window of ScanRows rows, from one goroutine, in increasing n. What
// it reads it checks, as Check does: the start values (one row per n,
// each value in range), the rows of each breakpoint file it reads (as
// Runs checks them), that the runs of file g cover exactly the n with
// G(n) >= g, and with Every, dense.parquet (every cell once and in range;
// its rows then stay in the table for the reads that follow, as after
// DenseRows). A window is handed to fn once every file read has been
// checked up to its end; the checks that need the whole file (the number
// of rows each covers, the end of each file) come after the last window,
// so fn may see windows of a table that Scan then refuses: use what fn
// saw only where Scan returns nil. An error of fn stops the scan, and
// Scan returns it. Scan stops when ctx is done.
func (t *Table) Scan(ctx context.Context, opt ScanOptions, fn func(Window) error) (err error) {
	if t.closed {
		return ErrClosed
	}
	if opt.R < 0 {
		return fmt.Errorf("table: Scan with R = %d", opt.R)
	}
	if opt.R > 0 && t.files == nil {
		return fmt.Errorf("%s holds no breakpoint files", t.dir)
	}
	nfiles := len(t.files)
	if !opt.Every {
		nfiles = min(nfiles, opt.R)
	}
	sc := &tableScan{t: t, opt: opt, files: make([]*scanFile, nfiles), spare: make(chan Window, 4)}
	for i := range sc.files {
		sc.files[i] = newScanFile(t, i+1)
	}
	defer func() {
		for _, f := range sc.files {
			f.close()
		}
	}()

	ctx, cancel := context.WithCancel(ctx)
	var dense, starts <-chan error
	defer func() {
		// The goroutines end before Scan returns: they use the table.
		cancel()
		for _, c := range []<-chan error{dense, starts} {
			if c != nil {
				<-c
			}
		}
	}()
	if opt.Every && t.denseN >= 0 && t.dense == nil {
		dense = goErr(func() error { return t.loadDense(t.denseN) })
	}
	windows := make(chan Window, 2)
	starts = goErr(func() error {
		defer close(windows)
		return t.scanStarts(ctx, windows, sc.spare)
	})
	for w := range windows {
		if err := sc.window(ctx, &w); err != nil {
			return err
		}
		if fn != nil {
			if err := fn(w); err != nil {
				return err
			}
		}
		if opt.Reuse || fn == nil {
			sc.recycle(w)
		}
	}
	err = <-starts
	starts = nil
	if err == nil {
		err = ctx.Err()
	}
	if err == nil {
		err = sc.end(ctx)
	}
	if err == nil && dense != nil {
		err = <-dense
		dense = nil
	}
	return err
}

// tableScan is the state of Scan.
type tableScan struct {
	t     *Table
	opt   ScanOptions
	files []*scanFile // the breakpoint files read
	// hist[v] is the number of rows n so far with G(n) = v, for the rows
	// each file must cover.
	hist   []int64
	spare  chan Window  // windows fn is done with, for their start values
	spareR [][][]uint32 // and their R
}

// window reads the runs of every file that meet the rows of w, whose
// start values are read: into w.R, for files 1..opt.R.
func (sc *tableScan) window(ctx context.Context, w *Window) error {
	least := uint16(math.MaxUint16) // the least G(n) of the window
	for _, v := range w.Full {
		if int(v) >= len(sc.hist) {
			sc.hist = append(sc.hist, make([]int64, int(v)+1-len(sc.hist))...)
		}
		sc.hist[v]++
		least = min(least, v)
	}
	w.R = nil
	if k := len(sc.spareR); k > 0 {
		w.R, sc.spareR = sc.spareR[k-1], sc.spareR[:k-1]
	}
	w.R = slices.Grow(w.R[:0], sc.opt.R)[:sc.opt.R]
	for g := range w.R {
		w.R[g] = slices.Grow(w.R[g][:0], len(w.Full))[:len(w.Full)]
		if g >= len(sc.files) {
			fillInf(w.R[g]) // past the files read: past the largest value
		}
	}
	return pool.Each(ctx, len(sc.files), 0, func(i int) error {
		var R []uint32
		if i < sc.opt.R {
			R = w.R[i]
		}
		return sc.files[i].window(w.Lo, w.Full, least, R)
	})
}

// recycle keeps the slices of w for a later window.
func (sc *tableScan) recycle(w Window) {
	sc.spareR = append(sc.spareR, w.R)
	select {
	case sc.spare <- w:
	default:
	}
}

// end checks, once every row is read, that each file ends there and that
// the runs of file g cover as many rows as have G(n) >= g (their rows
// were checked to have it as they were read).
func (sc *tableScan) end(ctx context.Context) error {
	if err := pool.Each(ctx, len(sc.files), 0, func(i int) error { return sc.files[i].end() }); err != nil {
		return err
	}
	// atLeast[g]: the number of n with G(n) >= g.
	hist := sc.hist
	atLeast := make([]int64, len(hist)+1)
	for v := len(hist) - 1; v >= 0; v-- {
		atLeast[v] = atLeast[v+1] + hist[v]
	}
	for _, f := range sc.files {
		if want := atLeast[min(f.g, len(hist))]; f.covered != want {
			return fmt.Errorf("%s: the runs of g = %d cover %d rows, but %d have G(n) >= %d", sc.t.dir, f.g, f.covered, want, f.g)
		}
	}
	return nil
}

// goErr runs f on a goroutine of its own, and gives its error on the
// channel returned once it is done.
func goErr(f func() error) <-chan error {
	c := make(chan error, 1)
	go func() { c <- f() }()
	return c
}

func fillInf(R []uint32) {
	for i := range R {
		R[i] = grundy.Inf
	}
}

// scanStarts sends the start values in windows of ScanRows rows, as
// ScanStartValues reads and checks them: in the slices of a window from
// spare where there is one, or else in new ones.
func (t *Table) scanStarts(ctx context.Context, out chan<- Window, spare <-chan Window) error {
	var w Window
	send := func() bool {
		select {
		case out <- w:
		case <-ctx.Done():
			return false
		}
		w = Window{Lo: w.Lo + len(w.Full)}
		return true
	}
	stopped := false
	err := t.ScanStartValues(func(_ int, start, full []uint16) bool {
		for len(full) > 0 {
			if w.Full == nil {
				rows := min(ScanRows, t.n+1-w.Lo)
				select {
				case old := <-spare:
					w.Start, w.Full = old.Start[:0:rows], old.Full[:0:rows]
				default:
					w.Start, w.Full = make([]uint16, 0, rows), make([]uint16, 0, rows)
				}
			}
			k := min(len(full), cap(w.Full)-len(w.Full))
			w.Start, w.Full = append(w.Start, start[:k]...), append(w.Full, full[:k]...)
			start, full = start[k:], full[k:]
			if len(w.Full) == cap(w.Full) && !send() {
				stopped = true
				return false
			}
		}
		return true
	})
	if err == nil && stopped {
		err = ctx.Err()
	}
	return err
}

// scanFile reads breakpoint file g once, in row order, a window of rows
// at a time (window), checking each row as Runs does and that the runs
// cover only n with G(n) >= g; end checks the file's end. Each column is
// read page by page (colCursor), within each row group, so that the rows
// of the four columns line up.
type scanFile struct {
	t    *Table
	g    int
	path string
	pf   *parquet.File
	cols [4]int // leaf column indexes of n, g, r_min, run
	err  error  // from newScanFile

	group     int   // the next row group
	groupLeft int64 // rows of the current row group not read yet
	cur       [4]colCursor[int32]
	buf       [4][]int32 // a batch of rows: n, g, r_min, run
	i         int        // the next row of the batch
	done      bool       // every row group read

	// The current run, from n on: a run that passes a window's end keeps
	// its rest for the next window.
	n, r, run int64
	have      bool
	next      int64 // the least n at which the next row may begin
	covered   int64 // the rows of the table that the runs cover
}

func newScanFile(t *Table, g int) *scanFile {
	f := &scanFile{t: t, g: g, path: BreakpointFile(filepath.Join(t.dir, BreakpointsDir), g), pf: t.files[g-1].File()}
	for i, name := range []string{"n", "g", "r_min", "run"} {
		c, ok := f.pf.Schema().Lookup(name)
		if !ok {
			f.err = fmt.Errorf("%s: %w (no column %s)", f.path, ErrCorrupt, name)
			break
		}
		f.cols[i] = c.ColumnIndex
	}
	return f
}

// window checks the runs of the file that meet rows lo..lo+len(full)-1,
// whose G(n) is full[n-lo] (least: the least of them), and writes R_g(n)
// into R[n-lo] (R nil: not asked; R_g(n) = grundy.Inf where no run covers
// n).
func (f *scanFile) window(lo int, full []uint16, least uint16, R []uint32) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: %w (%v)", f.path, ErrCorrupt, p)
		}
	}()
	if R != nil {
		fillInf(R)
	}
	w := span{lo: int64(lo), full: full, least: least, R: R, g: uint16(f.g), dir: f.t.dir}
	hi := w.lo + int64(len(full))
	for {
		if !f.have {
			if err := f.batch(&w, hi); err != nil || f.done {
				return err
			}
			if !f.have {
				continue
			}
		}
		// The run kept, from n = f.n on: it reaches past the window, or
		// begins past it.
		if f.n >= hi {
			return nil
		}
		end := min(f.n+f.run, hi)
		if err := w.cover(f.n, end, f.r); err != nil {
			return err
		}
		f.covered += end - f.n
		if end < f.n+f.run {
			f.r += end - f.n
			f.run -= end - f.n
			f.n = end
			return nil
		}
		f.have = false
	}
}

// batch takes the rows of the current batch (the next one where it is
// taken), checked as Runs checks them: the runs that end by hi are
// covered here, one row at a time, and the first that reaches past hi is
// kept (f.have).
func (f *scanFile) batch(w *span, hi int64) error {
	if f.i == len(f.buf[0]) {
		if err := f.fill(); err != nil || f.done {
			return err
		}
	}
	ns := f.buf[0][f.i:]
	gs, rs, runs := f.buf[1][f.i:len(f.buf[0])], f.buf[2][f.i:len(f.buf[0])], f.buf[3][f.i:len(f.buf[0])]
	N1 := int64(f.t.n) + 1
	j := 0
	for ; j < len(ns); j++ {
		n, r, run := int64(ns[j]), int64(rs[j]), int64(runs[j])
		if run < 1 || n < f.next || r < 1 || r > n || n+run > N1 || gs[j] != int32(f.g) {
			f.i += j + 1
			return fmt.Errorf("%s: %w: bad breakpoint row n=%d g=%d r_min=%d run=%d", f.path, ErrCorrupt, n, gs[j], r, run)
		}
		f.next = n + run
		if n+run > hi {
			f.n, f.r, f.run, f.have = n, r, run, true
			j++
			break
		}
		if err := w.cover(n, n+run, r); err != nil {
			return err
		}
		f.covered += run
	}
	f.i += j
	return nil
}

// span is a window of rows as one file's reader sees it: rows lo.., with
// G(n) = full[n-lo] (least: the least of them), R_g(n) to be written
// into R[n-lo] (R nil: not asked).
type span struct {
	lo    int64
	full  []uint16
	least uint16
	R     []uint32
	g     uint16
	dir   string
}

// cover takes the rows n = from..end-1 of a run, where R_g(from) = r: it
// checks that G(n) >= g on each and writes R_g(n). Where every row of the
// window has G(n) >= g (G(n) does not decrease for the multipliers
// computed so far, LRS Theorem 5.2 and its analogue: then every file
// below the window's values) it need look at none.
func (w *span) cover(from, end, r int64) error {
	a, b := from-w.lo, end-w.lo
	if w.least < w.g {
		for i, v := range w.full[a:b] {
			if v < w.g {
				m := from + int64(i)
				return fmt.Errorf("%s: a run of g = %d covers n = %d, but G(%d) = %d", w.dir, w.g, m, m, v)
			}
		}
	}
	if w.R != nil {
		for i := range w.R[a:b] {
			w.R[a+int64(i)] = uint32(r) + uint32(i)
		}
	}
	return nil
}

// end checks that the file holds no row past the last window.
func (f *scanFile) end() (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: %w (%v)", f.path, ErrCorrupt, p)
		}
	}()
	if f.have {
		return fmt.Errorf("%s: %w: a run at n = %d past N = %d", f.path, ErrCorrupt, f.n, f.t.n)
	}
	ok, err := f.nextRun()
	if err == nil && ok {
		err = fmt.Errorf("%s: %w: a run at n = %d past N = %d", f.path, ErrCorrupt, f.n, f.t.n)
	}
	return err
}

// nextRun reads the next row of the file into the current run, and checks
// it as Runs does; ok is false past the last row.
func (f *scanFile) nextRun() (ok bool, err error) {
	if f.i == len(f.buf[0]) {
		if err := f.fill(); err != nil {
			return false, err
		}
		if f.done {
			return false, nil
		}
	}
	i := f.i
	f.i++
	n, bg, r, run := int64(f.buf[0][i]), int64(f.buf[1][i]), int64(f.buf[2][i]), int64(f.buf[3][i])
	if run < 1 || n < f.next || r < 1 || r > n || n+run > int64(f.t.n)+1 || bg != int64(f.g) {
		return false, fmt.Errorf("%s: %w: bad breakpoint row n=%d g=%d r_min=%d run=%d", f.path, ErrCorrupt, n, bg, r, run)
	}
	f.next = n + run
	f.n, f.r, f.run, f.have = n, r, run, true
	return true, nil
}

// fill takes the next batch of rows: as many as the current page of each
// column still holds, read in place (colCursor), from the next row group
// where the current one is read; done is set past the last.
func (f *scanFile) fill() error {
	if f.err != nil || f.done {
		return f.err
	}
	groups := f.pf.RowGroups()
	for f.groupLeft == 0 {
		if f.group > 0 {
			for c := range f.cur {
				if err := f.cur[c].end(); err != nil {
					return fmt.Errorf("%s: %w (row group %d: %v)", f.path, ErrCorrupt, f.group-1, err)
				}
				f.cur[c].close()
			}
		}
		if f.group == len(groups) {
			f.done = true
			f.buf = [4][]int32{}
			f.i = 0
			return nil
		}
		rg := groups[f.group]
		f.group++
		f.groupLeft = rg.NumRows()
		for c := range f.cur {
			f.cur[c].open(rg.ColumnChunks()[f.cols[c]])
		}
	}
	k := f.groupLeft
	for c := range f.cur {
		if err := f.cur[c].next(); err != nil {
			if errors.Is(err, io.EOF) {
				err = errors.New("a column ends before its row group")
			}
			return fmt.Errorf("%s: %w (row group %d: %v)", f.path, ErrCorrupt, f.group-1, err)
		}
		k = min(k, int64(len(f.cur[c].vals)))
	}
	for c := range f.cur {
		f.buf[c], f.cur[c].vals = f.cur[c].vals[:k], f.cur[c].vals[k:]
	}
	f.groupLeft -= k
	f.i = 0
	return nil
}

func (f *scanFile) close() {
	for c := range f.cur {
		f.cur[c].close()
	}
}
