package tablewrite

import (
	"strconv"

	"fibnim/grundy"
	"fibnim/internal/parquetfile"
	"fibnim/table"
)

// runFileBatch is the number of rows a breakpoint file's writer hands to
// the Parquet writer at a time: always this many but the last, so that a
// file's bytes do not depend on how the engine's pieces of runs arrive.
const runFileBatch = 1 << 16

// RunFile writes R_g's runs, as the engine makes them, into breakpoint
// file path (a grundy.RunWriter): the file appears at path only when Close
// succeeds, and Abort leaves the destination as it was.
type RunFile struct {
	w    *parquetfile.Writer[table.Breakpoint]
	g    int32
	rows []table.Breakpoint
}

// CreateRunFile starts breakpoint file path for value g; meta is the
// table's metadata (Meta), to which it adds g.
func CreateRunFile(path string, meta map[string]string, g int) (*RunFile, error) {
	m := make(map[string]string, len(meta)+1)
	for k, v := range meta {
		m[k] = v
	}
	m[table.MetaG] = strconv.Itoa(g)
	w, err := parquetfile.Create[table.Breakpoint](path, m)
	if err != nil {
		return nil, err
	}
	return &RunFile{w: w, g: int32(g), rows: make([]table.Breakpoint, 0, runFileBatch)}, nil
}

// Write appends runs, which must continue the file in row order with
// maximal runs (as grundy.Breakpoints hands them on).
func (f *RunFile) Write(runs []grundy.Run) error {
	for _, r := range runs {
		f.rows = append(f.rows, table.Breakpoint{N: int32(r.N), G: f.g, RMin: int32(r.R), Run: int32(r.Len)})
		if len(f.rows) == runFileBatch {
			if err := f.w.Write(f.rows); err != nil {
				return err
			}
			f.rows = f.rows[:0]
		}
	}
	return nil
}

// Close writes what is left and moves the file into place.
func (f *RunFile) Close() error {
	if len(f.rows) > 0 {
		if err := f.w.Write(f.rows); err != nil {
			f.w.Abort()
			return err
		}
	}
	return f.w.Close()
}

// Abort discards the file.
func (f *RunFile) Abort() { f.w.Abort() }
