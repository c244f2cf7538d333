package tablewrite

import (
	"strconv"

	"fibnim/grundy"
	"fibnim/internal/parquetfile"
	"fibnim/table"
)

// RunFile writes R_g's runs, as the engine makes them, into breakpoint
// file path (a grundy.RunWriter): the file appears at path only when Close
// succeeds, and Abort leaves the destination as it was. It hands the
// columns of table.Breakpoint to parquetfile.Columns whole, which writes
// the file that parquetfile.Writer would write from the rows, byte for
// byte, with about 40% less CPU (results/bench.md, "The breakpoint
// writer").
type RunFile struct {
	w      *parquetfile.Columns[table.Breakpoint]
	g      int32
	lo, hi [4]int32 // the bounds of the rows just written, per column
}

// CreateRunFile starts breakpoint file path for value g; meta is the
// table's metadata (Meta), to which it adds g.
func CreateRunFile(path string, meta map[string]string, g int) (*RunFile, error) {
	m := make(map[string]string, len(meta)+1)
	for k, v := range meta {
		m[k] = v
	}
	m[table.MetaG] = strconv.Itoa(g)
	w, err := parquetfile.CreateColumns[table.Breakpoint](path, m)
	if err != nil {
		return nil, err
	}
	return &RunFile{w: w, g: int32(g)}, nil
}

// Write appends runs, which must continue the file in row order with
// maximal runs (as grundy.Breakpoints hands them on).
func (f *RunFile) Write(runs []grundy.Run) error {
	for len(runs) > 0 {
		cols, err := f.w.Grow(len(runs)) // n, g, r_min, run: table.Breakpoint's fields in order
		if err != nil {
			return err
		}
		n := cols[0]
		g, r, l := cols[1][:len(n)], cols[2][:len(n)], cols[3][:len(n)]
		// The bounds of each column, found while filling it (Bound): n
		// increases along a file, g is the file's, r_min and run are
		// compared here.
		rlo, rhi := int32(runs[0].R), int32(runs[0].R)
		llo, lhi := int32(runs[0].Len), int32(runs[0].Len)
		for i, run := range runs[:len(n)] {
			ri, li := int32(run.R), int32(run.Len)
			n[i], g[i], r[i], l[i] = int32(run.N), f.g, ri, li
			rlo, rhi = min(rlo, ri), max(rhi, ri)
			llo, lhi = min(llo, li), max(lhi, li)
		}
		f.lo = [4]int32{n[0], f.g, rlo, llo}
		f.hi = [4]int32{n[len(n)-1], f.g, rhi, lhi}
		f.w.Bound(f.lo[:], f.hi[:])
		runs = runs[len(n):]
	}
	return nil
}

// Close moves the file into place.
func (f *RunFile) Close() error { return f.w.Close() }

// Abort discards the file.
func (f *RunFile) Abort() { f.w.Abort() }
