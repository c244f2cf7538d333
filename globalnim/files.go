package globalnim

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"fibnim/grundy"
	"fibnim/table"
)

// The tables of the global game, one folder per multiplier beside
// ROOT/grundy/ (package tablebuild writes them, with Sweep):
//
//	ROOT/global/mult=A/
//	    positions.parquet                GlobalPosition rows: every 0 <= x <= y <= M
//	    breakpoints/g=0001.parquet ...   GlobalBreakpoint rows, one file per value g
//	    manifest.json                    Manifest, written last (manifest.go)
//
// Rows run in the engine's order (Index): by the larger pile y,
// then the smaller pile x. Every file carries the metadata keys of a
// table folder's (package table) with fibnim.N = M, the largest pile, and
// fibnim.game = "global".
const (
	Folder        = "global"            // ROOT/global: the global game's table folders
	PositionsFile = "positions.parquet" // GlobalPosition rows
	MetaStart     = "fibnim.start"      // the starting convention, in words

	// Game and Engine are table.MetaGame and table.MetaEngine of every
	// file of a global table.
	Game   = "global"
	Engine = "global-sweep"
)

// Dir is the global game's table folder of multiplier a under a
// results folder.
func Dir(root string, a grundy.Multiplier) string {
	return filepath.Join(root, Folder, a.FolderName())
}

// GlobalPosition is one row of global/mult=A/positions.parquet: the
// position {x, y} with x <= y and its value at the starting convention
// (StartLimit: r = min(x+y-1, y)) and with an unrestricted move
// (r = y).
//
// The type's name is the name of the files' Parquet schema: it stays
// GlobalPosition, so that the files are byte for byte those of earlier versions.
type GlobalPosition struct {
	X      int32 `parquet:"x,delta"`
	Y      int32 `parquet:"y,delta"`
	GStart int32 `parquet:"g_start,dict"` // G(x, y, min(x+y-1, y)); G(0, 0, 0) = 0
	GFull  int32 `parquet:"g_full,dict"`  // G(x, y, y), also the number of breakpoints
	R1     int32 `parquet:"r_1,delta"`    // R_1(x, y): (x, y, r) is a P-position exactly when r < r_1; -1 if it is for every r
}

// GlobalBreakpoint is one row of global/mult=A/breakpoints/g=XXXX.parquet:
// R_g(x, y) = R, the least limit r with G(x, y, r) >= g. File g holds a
// row for exactly the positions with G(x, y, y) >= g, in the order of
// positions.parquet, so G(x, y, r) is the number of files whose row for
// (x, y) has R <= r.
//
// The type's name is the name of the files' Parquet schema: it stays
// GlobalBreakpoint, so that the files are byte for byte those of earlier versions.
type GlobalBreakpoint struct {
	X int32 `parquet:"x,delta"`
	Y int32 `parquet:"y,delta"`
	G int32 `parquet:"g,delta"`
	R int32 `parquet:"r,delta"`
}

// footer returns the key-value metadata and the number of rows of the
// Parquet file path, reading its footer only.
func footer[T any](path string) (map[string]string, int64, error) {
	r, err := table.OpenFile[T](path)
	if err != nil {
		return nil, 0, err
	}
	defer r.Close()
	return r.Meta, r.NumRows(), nil
}

// Open validates the global table folder dir (Dir) and reads
// it into memory. It refuses, with an error wrapping table.ErrInvalid, a folder
// without positions.parquet; a file of another game, M or multiplier, or
// one that disagrees with the folder's name mult=A; a breakpoints/ folder
// that lacks a file g=XXXX.parquet for some g from 1 to the largest
// G(x, y, y), or holds any other file; a manifest (Manifest) that is not
// a global table's, disagrees with positions.parquet, or does not list
// exactly the files there with their sizes; rows out of order, missing or
// extra; a breakpoint outside 1..y or below the one before it; and a
// g_start, g_full or r_1 that the breakpoints do not give. A folder
// without a manifest, as written before global tables had one, opens when
// all of that holds (ReadManifest says whether there is one). A folder
// that does not exist gives an error satisfying errors.Is(err,
// fs.ErrNotExist).
func Open(dir string) (*Table, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		return nil, invalid(dir, "not a folder")
	}
	posPath := filepath.Join(dir, PositionsFile)
	meta, _, err := footer[GlobalPosition](posPath)
	if errors.Is(err, os.ErrNotExist) {
		return nil, invalid(dir, "no %s", PositionsFile)
	}
	if err != nil {
		return nil, err
	}
	var pos []GlobalPosition
	var bad error
	err = table.ScanColumns(posPath, []string{"x", "y", "g_start", "g_full", "r_1"}, func(_ int64, v [][]int64) bool {
		for i := range v[0] {
			for c := range v {
				if v[c][i] < math.MinInt32 || v[c][i] > math.MaxInt32 {
					bad = invalid(dir, "%s: a value %d outside int32", PositionsFile, v[c][i])
					return false
				}
			}
			pos = append(pos, GlobalPosition{X: int32(v[0][i]), Y: int32(v[1][i]), GStart: int32(v[2][i]), GFull: int32(v[3][i]), R1: int32(v[4][i])})
		}
		return true
	})
	if err == nil {
		err = bad
	}
	if err != nil {
		return nil, err
	}
	if meta[table.MetaGame] != Game {
		return nil, invalid(dir, "%s is not a global game table (%s = %q)", PositionsFile, table.MetaGame, meta[table.MetaGame])
	}
	M, err := strconv.Atoi(meta[table.MetaN])
	if err != nil || M < 0 || M > MaxM || len(pos) != Positions(M) {
		return nil, invalid(dir, "%s holds %d rows, but its metadata says M = %q", PositionsFile, len(pos), meta[table.MetaN])
	}
	a, err := grundy.ParseMultiplier(meta[table.MetaMult])
	if err != nil {
		return nil, invalid(dir, "%s names no multiplier (%s = %q)", PositionsFile, table.MetaMult, meta[table.MetaMult])
	}
	if base := filepath.Base(filepath.Clean(dir)); strings.HasPrefix(base, grundy.FolderPrefix) && base != a.FolderName() {
		return nil, invalid(dir, "the folder is named %s, but its files are for a = %s", base, a)
	}
	maxG := 0
	p := 0
	for y := 0; y <= M; y++ {
		for x := 0; x <= y; x++ {
			r := pos[p]
			if int(r.X) != x || int(r.Y) != y {
				return nil, invalid(dir, "%s: row %d is (%d, %d), want (%d, %d)", PositionsFile, p, r.X, r.Y, x, y)
			}
			if r.GFull < 0 || r.GFull > int32(min(x+y, MaxValue)) || r.GStart < 0 || r.GStart > r.GFull { // at most x+y moves
				return nil, invalid(dir, "%s: (%d, %d) has g_start %d, g_full %d", PositionsFile, x, y, r.GStart, r.GFull)
			}
			maxG = max(maxG, int(r.GFull))
			p++
		}
	}
	if s := meta[table.MetaMaxG]; s != strconv.Itoa(maxG) {
		return nil, invalid(dir, "%s records %s = %q, but its largest g_full is %d", PositionsFile, table.MetaMaxG, s, maxG)
	}
	if err := onlyTableFiles(dir); err != nil {
		return nil, err
	}
	if _, err := checkManifest(dir, M, a.String(), maxG); err != nil {
		return nil, err
	}
	bdir := filepath.Join(dir, table.BreakpointsDir)
	files, err := os.ReadDir(bdir)
	if err != nil && !(errors.Is(err, os.ErrNotExist) && maxG == 0) {
		return nil, invalid(dir, "no %s/ folder for values 1..%d", table.BreakpointsDir, maxG)
	}
	for _, e := range files {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		g, ok := table.BreakpointG(e.Name())
		if !ok {
			return nil, invalid(dir, "%s/%s is not a breakpoint file g=XXXX.parquet", table.BreakpointsDir, e.Name())
		}
		if g < 1 || g > maxG || e.Name() != filepath.Base(table.BreakpointFile(bdir, g)) {
			return nil, invalid(dir, "%s/%s: no position reaches g = %d (the largest G(x, y, y) is %d)", table.BreakpointsDir, e.Name(), g, maxG)
		}
	}
	full := make([]uint16, len(pos))
	for i, r := range pos {
		full[i] = uint16(r.GFull)
	}
	b := NewSizedBuilder(M, a, full)
	R := make([]uint16, len(pos))
	for g := 1; g <= maxG; g++ {
		path := table.BreakpointFile(bdir, g)
		for i := range R {
			R[i] = Inf
		}
		fm, _, err := footer[GlobalBreakpoint](path)
		if errors.Is(err, os.ErrNotExist) {
			return nil, invalid(dir, "no %s/%s, but positions reach g = %d", table.BreakpointsDir, filepath.Base(path), maxG)
		}
		if err != nil {
			return nil, err
		}
		p := 0 // the next position that may have a row
		var bad error
		err = table.ScanColumns(path, []string{"x", "y", "g", "r"}, func(_ int64, v [][]int64) bool {
			for i := range v[0] {
				x, y, gg, r := v[0][i], v[1][i], v[2][i], v[3][i]
				if x < 0 || x > y || y > int64(M) || gg != int64(g) {
					bad = invalid(dir, "%s: row (x %d, y %d, g %d) outside the table", filepath.Base(path), x, y, gg)
					return false
				}
				q := Index(int(x), int(y))
				if q < p {
					bad = invalid(dir, "%s: row (%d, %d) out of order", filepath.Base(path), x, y)
					return false
				}
				if r < 1 || r > y {
					bad = invalid(dir, "%s: R_%d(%d, %d) = %d outside 1..%d", filepath.Base(path), g, x, y, r, y)
					return false
				}
				R[q] = uint16(r)
				p = q + 1
			}
			return true
		})
		if err == nil {
			err = bad
		}
		if err != nil {
			return nil, err
		}
		if fm[table.MetaGame] != Game || fm[table.MetaN] != meta[table.MetaN] || fm[table.MetaMult] != meta[table.MetaMult] || fm[table.MetaG] != strconv.Itoa(g) {
			return nil, invalid(dir, "%s is for game %q, M = %s, a = %s, g = %s, but %s is for M = %s, a = %s", filepath.Base(path),
				fm[table.MetaGame], fm[table.MetaN], fm[table.MetaMult], fm[table.MetaG], PositionsFile, meta[table.MetaN], meta[table.MetaMult])
		}
		// Add refuses a row for a position whose g_full is below g, or
		// none where it is g or more.
		if err := b.Add(g, R); err != nil {
			return nil, invalid(dir, "%s: %v", filepath.Base(path), err)
		}
	}
	t := b.Table() // not nil: every g = 1..maxG was added
	for _, r := range pos {
		if got := t.Start(int(r.X), int(r.Y)); got != int(r.GStart) {
			return nil, invalid(dir, "%s: (%d, %d) has g_start %d, but its breakpoints give %d", PositionsFile, r.X, r.Y, r.GStart, got)
		}
		want := int32(-1)
		if bs := t.Breakpoints(int(r.X), int(r.Y)); len(bs) > 0 {
			want = int32(bs[0])
		}
		if r.R1 != want {
			return nil, invalid(dir, "%s: (%d, %d) has r_1 %d, but its breakpoints give %d", PositionsFile, r.X, r.Y, r.R1, want)
		}
	}
	return t, nil
}

// Footers checks a global table folder from its files' footers:
// positions.parquet of the folder's multiplier with a row per position,
// and a breakpoint file of the same M and multiplier for each g from 1 to
// fibnim.max_g and no other, no file a global table does not hold, and
// its manifest, if it has one, agreeing with positions.parquet and listing
// exactly the files there with their sizes. It returns M and the largest
// value. It reads no row: Open reads and checks them all.
func Footers(dir string, a grundy.Multiplier) (M, maxG int, err error) {
	meta, rows, err := footer[GlobalPosition](filepath.Join(dir, PositionsFile))
	if errors.Is(err, os.ErrNotExist) {
		return 0, 0, invalid(dir, "no %s", PositionsFile)
	}
	if err != nil {
		return 0, 0, err
	}
	M, err1 := strconv.Atoi(meta[table.MetaN])
	maxG, err2 := strconv.Atoi(meta[table.MetaMaxG])
	switch {
	case meta[table.MetaGame] != Game:
		return 0, 0, invalid(dir, "%s is not a global game table", PositionsFile)
	case err1 != nil || err2 != nil || M < 0 || M > MaxM || rows != int64(Positions(M)):
		return 0, 0, invalid(dir, "%s holds %d rows, but its metadata says M = %q, max_g = %q", PositionsFile, rows, meta[table.MetaN], meta[table.MetaMaxG])
	case meta[table.MetaMult] != a.String():
		return 0, 0, invalid(dir, "the folder is for a = %s, but its files are for a = %s", a, meta[table.MetaMult])
	}
	if err := onlyTableFiles(dir); err != nil {
		return 0, 0, err
	}
	if _, err := checkManifest(dir, M, a.String(), maxG); err != nil {
		return 0, 0, err
	}
	files, err := os.ReadDir(filepath.Join(dir, table.BreakpointsDir))
	if err != nil && !(errors.Is(err, os.ErrNotExist) && maxG == 0) {
		return 0, 0, invalid(dir, "no %s/ folder for values 1..%d", table.BreakpointsDir, maxG)
	}
	n := 0
	for _, e := range files {
		if !strings.HasPrefix(e.Name(), ".") {
			n++
		}
	}
	if n != maxG {
		return 0, 0, invalid(dir, "%s/ holds %d files, not one for each value 1..%d", table.BreakpointsDir, n, maxG)
	}
	for g := 1; g <= maxG; g++ {
		path := table.BreakpointFile(filepath.Join(dir, table.BreakpointsDir), g)
		fm, _, err := footer[GlobalBreakpoint](path)
		if errors.Is(err, os.ErrNotExist) {
			return 0, 0, invalid(dir, "no %s/%s", table.BreakpointsDir, filepath.Base(path))
		}
		if err != nil {
			return 0, 0, err
		}
		if fm[table.MetaGame] != Game || fm[table.MetaN] != meta[table.MetaN] || fm[table.MetaMult] != meta[table.MetaMult] || fm[table.MetaG] != strconv.Itoa(g) {
			return 0, 0, invalid(dir, "%s is not value %d of this table", filepath.Base(path), g)
		}
	}
	return M, maxG, nil
}

// onlyTableFiles refuses a file in the global table folder dir that is
// not one of a global table's: positions.parquet, breakpoints/ and
// manifest.json (hidden files are a writer's, and left alone).
func onlyTableFiles(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		switch name := e.Name(); {
		case strings.HasPrefix(name, "."):
		case name == PositionsFile || name == ManifestFile || name == table.BreakpointsDir && e.IsDir():
		default:
			return invalid(dir, "%s does not belong to a global table folder (only %s, %s and %s/)", name, PositionsFile, ManifestFile, table.BreakpointsDir)
		}
	}
	return nil
}

// invalid is an error wrapping table.ErrInvalid, as table.Open gives.
func invalid(dir, format string, args ...any) error {
	return fmt.Errorf("%s: %w: %s", dir, table.ErrInvalid, fmt.Sprintf(format, args...))
}
