package tablewrite

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"fibnim/grundy"
	"fibnim/internal/parquetfile"
	"fibnim/table"
)

// rowRunFile is the breakpoint writer as it was before RunFile handed
// columns over (up to 0fa0360): table.Breakpoint rows through
// parquet-go's generic writer (parquetfile.Writer), 1<<16 at a time. It
// is the reference RunFile's files are compared with.
type rowRunFile struct {
	w    *parquetfile.Writer[table.Breakpoint]
	g    int32
	rows []table.Breakpoint
}

func createRowRunFile(path string, meta map[string]string, g int) (*rowRunFile, error) {
	m := map[string]string{table.MetaG: fmt.Sprint(g)}
	for k, v := range meta {
		m[k] = v
	}
	w, err := parquetfile.Create[table.Breakpoint](path, m)
	return &rowRunFile{w: w, g: int32(g)}, err
}

func (f *rowRunFile) Write(runs []grundy.Run) error {
	for _, r := range runs {
		f.rows = append(f.rows, table.Breakpoint{N: int32(r.N), G: f.g, RMin: int32(r.R), Run: int32(r.Len)})
		if len(f.rows) == 1<<16 {
			if err := f.w.Write(f.rows); err != nil {
				return err
			}
			f.rows = f.rows[:0]
		}
	}
	return nil
}

func (f *rowRunFile) Close() error {
	if len(f.rows) > 0 {
		if err := f.w.Write(f.rows); err != nil {
			return err
		}
	}
	return f.w.Close()
}

func (f *rowRunFile) Abort() { f.w.Abort() }

// TestRunFileEqualsRows writes every breakpoint file of the tables of
// a = 2 at N = 2^20 + 1000 (past the first 2^20 rows, where the pilot of
// the memory estimate stops) and a = 3/2 at 2^19 + 1000 with RunFile and
// with the writer of rows it replaced, as the engine hands the runs over
// (in its pieces, from its goroutines): the files must be equal byte for
// byte, and read back as the runs, row by row. (parquetfile's
// TestColumnsEqualsWriter covers files of several row groups.)
func TestRunFileEqualsRows(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the engine at N = 2^20 + 1000 and 2^19 + 1000")
	}
	for _, c := range []struct {
		a grundy.Multiplier
		N int
	}{{grundy.Fibonacci, 1<<20 + 1000}, {grundy.Multiplier{P: 3, Q: 2}, 1<<19 + 1000}} {
		a, N := c.a, c.N
		meta := Meta("breakpoint", N, a, 0, "test")
		dir := t.TempDir()
		var mu sync.Mutex
		var files, rows int
		err := eachRunWriter(N, a, func(g int) (grundy.RunWriter, error) {
			sub := filepath.Join(dir, fmt.Sprint(g))
			if err := os.Mkdir(sub, 0o755); err != nil {
				return nil, err
			}
			old, err := createRowRunFile(filepath.Join(sub, "old.parquet"), meta, g)
			if err != nil {
				return nil, err
			}
			w, err := CreateRunFile(filepath.Join(sub, "new.parquet"), meta, g)
			if err != nil {
				return nil, err
			}
			return &tee{old: old, new: w, check: func(runs []grundy.Run) {
				oldB, _ := os.ReadFile(filepath.Join(sub, "old.parquet"))
				newB, _ := os.ReadFile(filepath.Join(sub, "new.parquet"))
				if !bytes.Equal(oldB, newB) {
					t.Errorf("a = %s, g = %d, %d runs: the files differ (%d and %d bytes)", a, g, len(runs), len(oldB), len(newB))
				}
				got, _, err := table.ReadFile[table.Breakpoint](filepath.Join(sub, "new.parquet"))
				if err != nil || len(got) != len(runs) {
					t.Errorf("a = %s, g = %d: read back %d rows of %d (%v)", a, g, len(got), len(runs), err)
					return
				}
				for i, r := range runs {
					if want := (table.Breakpoint{N: int32(r.N), G: int32(g), RMin: int32(r.R), Run: int32(r.Len)}); got[i] != want {
						t.Errorf("a = %s, g = %d, row %d: read %+v, wrote %+v", a, g, i, got[i], want)
						return
					}
				}
				os.RemoveAll(sub)
				mu.Lock()
				files++
				rows += len(runs)
				mu.Unlock()
			}}, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if files < 20 {
			t.Errorf("a = %s: %d files compared", a, files)
		}
		t.Logf("a = %s, N = %d: %d files, %d runs, equal", a, N, files, rows)
	}
}

// tee writes the runs of one value into both writers, and checks the
// files once both are closed.
type tee struct {
	old, new grundy.RunWriter
	runs     []grundy.Run
	check    func(runs []grundy.Run)
}

func (w *tee) Write(runs []grundy.Run) error {
	w.runs = append(w.runs, runs...)
	if err := w.old.Write(runs); err != nil {
		return err
	}
	return w.new.Write(runs)
}

func (w *tee) Close() error {
	if err := w.old.Close(); err != nil {
		return err
	}
	if err := w.new.Close(); err != nil {
		return err
	}
	w.check(w.runs)
	return nil
}

func (w *tee) Abort() { w.old.Abort(); w.new.Abort() }
