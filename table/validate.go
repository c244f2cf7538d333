package table

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"fibnim/grundy"
)

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
	if base := filepath.Base(filepath.Clean(dir)); strings.HasPrefix(base, grundy.FolderPrefix) && base != t.mult.FolderName() {
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
