package table

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"fibnim/grundy"
	"fibnim/internal/pool"
)

// Table is a validated table folder: the start values of every n <= N and,
// where the run wrote them, the breakpoint files and the dense cells.
// Its methods read the files on demand; a Table is not safe for concurrent
// use. Close releases the open files.
type Table struct {
	dir    string
	n      int
	mult   grundy.Multiplier
	maxG   int // -1 until known (dense engine tables record none)
	engine string
	meta   map[string]string

	denseN int        // largest row of dense.parquet, -1 if absent
	dense  [][]uint16 // rows of dense.parquet, once read

	closed   bool
	manifest *Manifest // nil for a table written before manifests

	files []*Reader[Breakpoint] // files[g-1]; nil without breakpoints
	index []pageIndex           // index[g-1]: file g's pages (pages.go)
	cache *pageCache            // decoded pages (cache.go)
	// starts is start_values.parquet, opened by the first point read
	// (startAt) of a table without breakpoint files.
	starts *Reader[StartValue]
}

// ErrInvalid wraps every reason Open refuses a folder.
var ErrInvalid = errors.New("not a complete table folder")

func invalid(dir, format string, args ...any) error {
	return fmt.Errorf("%s: %w: %s", dir, ErrInvalid, fmt.Sprintf(format, args...))
}

var bpName = regexp.MustCompile(`^g=(\d{4,})\.parquet$`)

// BreakpointG is the value g of a breakpoint file named name, as
// BreakpointFile names it: g=XXXX.parquet, four digits or more. ok is
// false for any other name.
func BreakpointG(name string) (g int, ok bool) {
	m := bpName.FindStringSubmatch(name)
	if m == nil {
		return 0, false
	}
	g, _ = strconv.Atoi(m[1])
	return g, true
}

// Open validates the table folder dir (ROOT/grundy/mult=A, see Dir) and
// opens it. It refuses, with an error wrapping ErrInvalid:
//   - a folder without start_values.parquet;
//   - a file whose N or multiplier differs from start_values.parquet's, or
//     from the folder's name mult=A;
//   - a breakpoints/ folder that lacks a file g=XXXX.parquet for some g
//     from 1 to the largest value G(n) recorded by the run, or holds any
//     other file, or a file whose own g is not its name's;
//   - breakpoints/ beside start values that the breakpoint engine did not
//     write;
//   - any other file or folder in the table folder (hidden ones, such as
//     .run/ and writers' temporary files, are left alone);
//   - where manifest.json is there, a data file it does not list, or one
//     missing or of another size than it says, or a manifest of other
//     parameters than the files'. (Contents are checked by CheckHashes,
//     which reads every byte.)
//
// So a reader never answers from a table with a gap, a stray or a foreign
// file. Open reads each file's footer, metadata and page index once, not
// its pages (pages.go): rows are
// checked as they are read (sorted, not overlapping, inside 0..N,
// 1 <= r_min <= n, and decodable), so a bad one is an error, never a wrong
// value. Check reads every page. A folder that does not exist gives an
// error satisfying errors.Is(err, fs.ErrNotExist).
func Open(dir string) (*Table, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return nil, invalid(dir, "not a folder")
	}
	svPath := filepath.Join(dir, StartValuesFile)
	sv, err := OpenFile[StartValue](svPath)
	if errors.Is(err, os.ErrNotExist) {
		if st, err := os.Stat(filepath.Join(dir, "grundy")); err == nil && st.IsDir() {
			return nil, invalid(dir, "no %s: this is a results folder; open one of its table folders, %s", StartValuesFile, filepath.Join(dir, "grundy", "mult=A"))
		}
		return nil, invalid(dir, "no %s", StartValuesFile)
	}
	if err != nil {
		return nil, err
	}
	t := &Table{dir: dir, meta: sv.Meta, maxG: -1, denseN: -1, engine: sv.Meta[MetaEngine], cache: newPageCache(DefaultCacheBytes)}
	rows := sv.NumRows()
	sv.Close()
	if t.n, err = strconv.Atoi(sv.Meta[MetaN]); err != nil || int64(t.n)+1 != rows {
		return nil, invalid(dir, "%s holds %d rows, but its metadata says N = %q", StartValuesFile, rows, sv.Meta[MetaN])
	}
	if t.mult, err = grundy.ParseMultiplier(sv.Meta[MetaMult]); err != nil {
		return nil, invalid(dir, "%s names no multiplier (%s = %q)", StartValuesFile, MetaMult, sv.Meta[MetaMult])
	}
	if base := filepath.Base(filepath.Clean(dir)); strings.HasPrefix(base, "mult=") && base != "mult="+t.mult.Folder() {
		return nil, invalid(dir, "the folder is named %s, but its files are for a = %s", base, t.mult)
	}
	if s, ok := sv.Meta[MetaMaxG]; ok {
		if t.maxG, err = strconv.Atoi(s); err != nil || t.maxG < 0 {
			return nil, invalid(dir, "%s records a bad %s = %q", StartValuesFile, MetaMaxG, s)
		}
	}
	same := func(path string, meta map[string]string) error {
		if meta[MetaN] != sv.Meta[MetaN] || meta[MetaMult] != sv.Meta[MetaMult] {
			return invalid(dir, "%s is for N = %s, a = %s, but %s is for N = %s, a = %s", filepath.Base(path), meta[MetaN], meta[MetaMult], StartValuesFile, sv.Meta[MetaN], sv.Meta[MetaMult])
		}
		return nil
	}
	if dr, err := OpenFile[DenseCell](filepath.Join(dir, DenseFile)); err == nil {
		err = same(DenseFile, dr.Meta)
		cells := dr.NumRows()
		dr.Close()
		if err != nil {
			return nil, err
		}
		for int64(t.denseN+2)*int64(t.denseN+3)/2 <= cells {
			t.denseN++
		}
		if int64(t.denseN+1)*int64(t.denseN+2)/2 != cells || t.denseN > t.n {
			return nil, invalid(dir, "%s holds %d cells, not the rows 0..m of a table", DenseFile, cells)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		switch name := e.Name(); {
		case strings.HasPrefix(name, "."): // .run/ and writers' temporary files
		case name == StartValuesFile || name == DenseFile || name == ManifestFile || name == BreakpointsDir && e.IsDir():
		default:
			return nil, invalid(dir, "%s does not belong to a table folder (only %s, %s, %s and %s/)", name, StartValuesFile, DenseFile, ManifestFile, BreakpointsDir)
		}
	}
	// The manifest first: a file of the wrong size is named as such,
	// before its footer is read.
	m, err := ReadManifest(dir)
	if err == nil {
		err = m.checkSizes(dir)
	}
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if err := t.openBreakpoints(same); err != nil {
		t.Close()
		return nil, err
	}
	if err := t.checkManifest(m); err != nil {
		t.Close()
		return nil, err
	}
	return t, nil
}

// checkManifest checks that the manifest m (nil: none) is this table's.
func (t *Table) checkManifest(m *Manifest) error {
	if m == nil {
		return nil
	}
	if m.N != t.n || m.Multiplier != t.mult.String() || m.Breakpoints != (t.files != nil) || m.DenseN != t.denseN || t.maxG >= 0 && m.MaxG != t.maxG {
		return invalid(t.dir, "%s is for N = %d, a = %s, breakpoints %v, dense rows n <= %d, largest G %d, but the files are for N = %d, a = %s, breakpoints %v, dense rows n <= %d, largest G %d",
			ManifestFile, m.N, m.Multiplier, m.Breakpoints, m.DenseN, m.MaxG, t.n, t.mult, t.files != nil, t.denseN, t.maxG)
	}
	t.manifest = m
	return nil
}

func (t *Table) openBreakpoints(same func(string, map[string]string) error) error {
	bdir := filepath.Join(t.dir, BreakpointsDir)
	entries, err := os.ReadDir(bdir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if t.maxG < 0 {
		return invalid(t.dir, "%s/ is there, but %s was not written by the breakpoint engine (no %s): the two are from different runs", BreakpointsDir, StartValuesFile, MetaMaxG)
	}
	present := map[int]bool{}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue // a writer's temporary file
		}
		g := -1
		if v, ok := BreakpointG(e.Name()); ok {
			g = v
		}
		if g < 1 || g > t.maxG || e.Name() != filepath.Base(BreakpointFile("", g)) {
			return invalid(t.dir, "%s/%s does not belong to a table with values 1..%d", BreakpointsDir, e.Name(), t.maxG)
		}
		present[g] = true
	}
	for g := 1; g <= t.maxG; g++ {
		if !present[g] {
			return invalid(t.dir, "%s is missing: a table with values 1..%d must have a file for each", BreakpointFile(BreakpointsDir, g), t.maxG)
		}
	}
	for g := 1; g <= t.maxG; g++ {
		path := BreakpointFile(bdir, g)
		r, err := openBreakpointFile(path)
		if err != nil {
			return err
		}
		t.files = append(t.files, r)
		if err := same(path, r.Meta); err != nil {
			return err
		}
		if r.Meta[MetaG] != strconv.Itoa(g) {
			return invalid(t.dir, "%s says it holds g = %q", path, r.Meta[MetaG])
		}
		ix, err := readPageIndex(r)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		t.index = append(t.index, ix)
	}
	return nil
}

// ErrClosed is returned by the methods of a Table after Close.
var ErrClosed = errors.New("table: closed")

// Close closes the table's files. Methods that read called after it
// return ErrClosed.
func (t *Table) Close() error {
	var err error
	for _, f := range t.files {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if t.starts != nil {
		if cerr := t.starts.Close(); err == nil {
			err = cerr
		}
		t.starts = nil
	}
	t.closed = true
	return err
}

// Dir is the folder the table was opened from.
func (t *Table) Dir() string { return t.dir }

// N is the largest pile size n the table covers.
func (t *Table) N() int { return t.n }

// Mult is the multiplier a of the game.
func (t *Table) Mult() grundy.Multiplier { return t.mult }

// Meta is the key-value metadata of start_values.parquet: the run's
// parameters and the revision that wrote it.
func (t *Table) Meta() map[string]string { return t.meta }

// HasBreakpoints reports whether the table holds the breakpoint files, so
// that Value, Values, Row, Column and Runs answer for every n <= N.
func (t *Table) HasBreakpoints() bool { return t.files != nil }

// DenseN is the largest n of dense.parquet, or -1 if there is none.
func (t *Table) DenseN() int { return t.denseN }

// MaxValue is the largest G(n) for n <= N. A breakpoint run records it; for
// other tables it is read from the start values.
func (t *Table) MaxValue() (int, error) {
	if t.maxG >= 0 {
		return t.maxG, nil
	}
	_, full, err := t.StartValues()
	if err != nil {
		return 0, err
	}
	m := 0
	for _, g := range full {
		m = max(m, int(g))
	}
	t.maxG = m
	return m, nil
}

// StartValues returns start[n] = G(n, n-1) (G(0, 0) for n = 0) and
// full[n] = G(n) = G(n, n) for every n = 0..N.
// They take 2 bytes per row each.
func (t *Table) StartValues() (start, full []uint16, err error) {
	if t.closed {
		return nil, nil, ErrClosed
	}
	start, full, err = readStarts(filepath.Join(t.dir, StartValuesFile))
	if err == nil && len(full) != t.n+1 {
		err = invalid(t.dir, "%s has %d rows, want %d", StartValuesFile, len(full), t.n+1)
	}
	return start, full, err
}

func (t *Table) checkN(n int) error {
	if t.closed {
		return ErrClosed
	}
	if n < 0 || n > t.n {
		return fmt.Errorf("n = %d is outside the table %s, which covers 0 <= n <= %d", n, t.dir, t.n)
	}
	return nil
}

// R returns R_g(n) for every n = 0..N (grundy.Inf where G(n, n) < g), from
// breakpoint file g: 4 bytes per row.
func (t *Table) R(g int) ([]uint32, error) {
	if t.closed {
		return nil, ErrClosed
	}
	if t.files == nil {
		return nil, fmt.Errorf("%s holds no breakpoint files", t.dir)
	}
	R := make([]uint32, t.n+1)
	for i := range R {
		R[i] = grundy.Inf
	}
	if g < 1 || g > len(t.files) {
		return R, nil
	}
	path := BreakpointFile(filepath.Join(t.dir, BreakpointsDir), g)
	end, err := readRuns(t.files[g-1], 0, 0, R)
	if err == nil && end > int64(t.n)+1 {
		err = fmt.Errorf("a run ends past N = %d", t.n)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return R, nil
}

// Runs iterates over the rows of breakpoint file g in row order (increasing
// n), checking each as it goes: a row that is out of order, overlaps the
// one before, leaves 0..N or has r_min outside 1..n ends the iteration with
// an error. (A row's field N is the first n of its run, not the table's N.)
// For g above the largest value there is no file and no row: no n has
// G(n) >= g. A g below 1, a closed table or one without breakpoint files
// yields a single error.
func (t *Table) Runs(g int) iter.Seq2[Breakpoint, error] {
	return func(yield func(Breakpoint, error) bool) {
		switch {
		case t.closed:
			yield(Breakpoint{}, ErrClosed)
			return
		case t.files == nil:
			yield(Breakpoint{}, fmt.Errorf("%s holds no breakpoint files", t.dir))
			return
		case g < 1:
			yield(Breakpoint{}, fmt.Errorf("table: Runs(%d): values g start at 1", g))
			return
		case g > len(t.files):
			return
		}
		path := BreakpointFile(filepath.Join(t.dir, BreakpointsDir), g)
		next := int64(0)
		var bad error
		stopped := false
		err := ScanColumns(path, []string{"n", "g", "r_min", "run"}, func(_ int64, v [][]int64) bool {
			for i, n := range v[0] {
				bg, r, run := v[1][i], v[2][i], v[3][i]
				if run < 1 || n < next || r < 1 || r > n || n+run > int64(t.n)+1 || bg != int64(g) {
					bad = fmt.Errorf("%s: bad breakpoint row n=%d g=%d r_min=%d run=%d", path, n, bg, r, run)
					return false
				}
				next = n + run
				if !yield(Breakpoint{N: int32(n), G: int32(bg), RMin: int32(r), Run: int32(run)}, nil) {
					stopped = true
					return false
				}
			}
			return true
		})
		if stopped {
			return
		}
		if err == nil {
			err = bad
		}
		if err != nil {
			yield(Breakpoint{}, err)
		}
	}
}

// loadDense reads dense.parquet once, if it covers row n.
func (t *Table) loadDense(n int) error {
	if n > t.denseN {
		if t.denseN < 0 {
			return fmt.Errorf("%s holds neither breakpoint files nor %s", t.dir, DenseFile)
		}
		return fmt.Errorf("%s holds no breakpoint files, and %s covers only n <= %d", t.dir, DenseFile, t.denseN)
	}
	if t.dense != nil {
		return nil
	}
	rows := make([][]uint16, t.denseN+1)
	for m := range rows {
		rows[m] = make([]uint16, m+1)
	}
	// seen has a bit per cell, so that a missing or repeated cell is
	// caught whatever its value (every uint16 is a value).
	seen := make([]uint64, (int64(t.denseN+1)*int64(t.denseN+2)/2+63)/64)
	path := filepath.Join(t.dir, DenseFile)
	_, err := scan(path, 1<<16, func(b []DenseCell) error {
		for _, c := range b {
			if c.N < 0 || int(c.N) > t.denseN || c.R < 0 || c.R > c.N || c.G < 0 || c.G > grundy.MaxValue {
				return fmt.Errorf("%s: bad cell (%d, %d)", path, c.N, c.R)
			}
			i := int64(c.N)*int64(c.N+1)/2 + int64(c.R)
			if seen[i/64]&(1<<(i%64)) != 0 {
				return fmt.Errorf("%s: %w: cell (%d, %d) appears twice", path, ErrCorrupt, c.N, c.R)
			}
			seen[i/64] |= 1 << (i % 64)
			rows[c.N][c.R] = uint16(c.G)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for m, row := range rows {
		for r := range row {
			if i := int64(m)*int64(m+1)/2 + int64(r); seen[i/64]&(1<<(i%64)) == 0 {
				return fmt.Errorf("%s: %w: cell (%d, %d) is missing", path, ErrCorrupt, m, r)
			}
		}
	}
	t.dense = rows
	return nil
}

// DenseRows returns the rows of dense.parquet: rows[n][r] = G(n, r) for
// 0 <= r <= n <= DenseN, 2 bytes per cell, every cell checked present
// once and in range. The table keeps them for Value; do not modify them.
func (t *Table) DenseRows() ([][]uint16, error) {
	if t.closed {
		return nil, ErrClosed
	}
	if t.denseN < 0 {
		return nil, fmt.Errorf("%s holds no %s", t.dir, DenseFile)
	}
	if err := t.loadDense(t.denseN); err != nil {
		return nil, err
	}
	return t.dense, nil
}

// ScanDense calls fn on the cells of dense.parquet in batches.
func (t *Table) ScanDense(fn func([]DenseCell) error) error {
	if t.denseN < 0 {
		return fmt.Errorf("%s holds no %s", t.dir, DenseFile)
	}
	_, err := scan(filepath.Join(t.dir, DenseFile), 1<<16, fn)
	return err
}

// Check reads every row of every file of the table and checks it: the
// start values (one row per n, values in range), dense.parquet (every
// cell once) and every run of every breakpoint file (as Runs does), and
// that the runs of file g cover exactly the n with G(n) >= g. It is what
// "compute info -full" runs: Open alone reads only the files' footers.
// It stops when ctx is done.
func (t *Table) Check(ctx context.Context) error {
	_, full, err := t.StartValues()
	if err != nil {
		return err
	}
	if t.denseN >= 0 {
		if err := t.loadDense(t.denseN); err != nil {
			return err
		}
		t.dense = nil // 2 bytes per cell: do not keep it
	}
	// atLeast[g]: the number of n with G(n) >= g, for g up to the
	// largest value and one past it.
	top := 0
	for _, v := range full {
		top = max(top, int(v))
	}
	atLeast := make([]int64, top+2)
	for _, v := range full {
		atLeast[v]++
	}
	for v := len(atLeast) - 2; v >= 0; v-- {
		atLeast[v] += atLeast[v+1]
	}
	// The files are independent: read on GOMAXPROCS goroutines (each Runs
	// opens its own file), which halves the wall time of compute verify's
	// deep check on 2 cores.
	return pool.Each(ctx, len(t.files), 0, func(i int) error {
		g := i + 1
		covered := int64(0)
		for b, err := range t.Runs(g) {
			if err != nil {
				return err
			}
			for n := b.N; n < b.N+b.Run; n++ {
				if int(full[n]) < g {
					return fmt.Errorf("%s: a run of g = %d covers n = %d, but G(%d) = %d", t.dir, g, n, n, full[n])
				}
			}
			covered += int64(b.Run)
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if want := atLeast[min(g, top+1)]; covered != want {
			return fmt.Errorf("%s: the runs of g = %d cover %d rows, but %d have G(n) >= %d", t.dir, g, covered, want, g)
		}
		return nil
	})
}
