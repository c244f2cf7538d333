package figures

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"

	"fibnim/grundy"
	"fibnim/table"
)

// Source reads the Parquet files that "compute" wrote under one folder,
// each file at most once, for the figures drawn from it. It is not safe
// for concurrent use.
type Source struct {
	dir, gdir string
	mult      grundy.Multiplier

	valid  bool // the table folder passed table.Open
	dense  *denseTable
	starts *startValues
	cRows  []table.CRow
	seqs   []table.SeqRow
	realC  []table.RealRow
}

// NewSource returns a Source for the results under dir: the Grundy tables
// of multiplier mult in dir/grundy/mult=A/ and the n-times nim tables in
// dir/ntimes/. Nothing is read until a figure needs it.
func NewSource(dir string, mult grundy.Multiplier) *Source {
	return &Source{dir: dir, gdir: filepath.Join(dir, "grundy", "mult="+mult.Folder()), mult: mult}
}

// validate refuses, once, a table folder that table.Open refuses: a gap,
// a stray or a foreign file is an error, never a figure of the wrong data.
// A missing folder is left to need.
func (s *Source) validate() error {
	if s.valid {
		return nil
	}
	t, err := table.Open(s.gdir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	t.Close()
	s.valid = true
	return nil
}

// need reports a missing file as MissingError, and passes other errors on.
func need(path string) error {
	_, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return MissingError{path + " not found"}
	}
	return err
}

// denseTable holds G(n, r) for 0 <= r <= n <= N: rows[n][r].
type denseTable struct {
	rows [][]int16
	mult string
}

func (t *denseTable) N() int { return len(t.rows) - 1 }

func (s *Source) loadDense() (*denseTable, error) {
	if s.dense != nil {
		return s.dense, nil
	}
	path := filepath.Join(s.gdir, "dense.parquet")
	if err := need(path); err != nil {
		return nil, err
	}
	if err := s.validate(); err != nil {
		return nil, err
	}
	rd, err := table.OpenFile[table.DenseCell](path)
	if err != nil {
		return nil, err
	}
	cells := rd.NumRows()
	rd.Close()
	// (N+1)(N+2)/2 cells.
	N := int((math.Sqrt(8*float64(cells)+1)-3)/2 + 0.5)
	if N < 0 || int64(N+1)*int64(N+2)/2 != cells {
		return nil, fmt.Errorf("%s: %w: %d cells is not a triangle 0 <= r <= n <= N", path, table.ErrCorrupt, cells)
	}
	t := &denseTable{rows: make([][]int16, N+1), mult: s.mult.String()}
	for n := range t.rows {
		t.rows[n] = make([]int16, n+1)
		for r := range t.rows[n] {
			t.rows[n][r] = -1
		}
	}
	_, err = table.Scan(path, 1<<16, func(b []table.DenseCell) error {
		for _, c := range b {
			if c.N < 0 || int(c.N) > N || c.R < 0 || c.R > c.N || c.G < 0 || c.G > math.MaxInt16 {
				return fmt.Errorf("%s: %w: cell (%d, %d) = %d out of range", path, table.ErrCorrupt, c.N, c.R, c.G)
			}
			t.rows[c.N][c.R] = int16(c.G)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for n, row := range t.rows {
		for r, g := range row {
			if g < 0 {
				return nil, fmt.Errorf("%s: %w: cell (%d, %d) missing", path, table.ErrCorrupt, n, r)
			}
		}
	}
	s.dense = t
	return t, nil
}

// startValues holds G(n, n-1) and G(n) for n = 0..N.
type startValues struct {
	start, full []uint8
	mult        string
}

func (v *startValues) N() int { return len(v.full) - 1 }

func (s *Source) loadStarts() (*startValues, error) {
	if s.starts != nil {
		return s.starts, nil
	}
	path := filepath.Join(s.gdir, "start_values.parquet")
	if err := need(path); err != nil {
		return nil, err
	}
	if err := s.validate(); err != nil {
		return nil, err
	}
	start, full, err := table.ReadStarts(path)
	if err != nil {
		return nil, err
	}
	s.starts = &startValues{start: start, full: full, mult: s.mult.String()}
	return s.starts, nil
}

func readAll[T any](dir, name string, dst *[]T) ([]T, error) {
	if *dst != nil {
		return *dst, nil
	}
	path := filepath.Join(dir, "ntimes", name)
	if err := need(path); err != nil {
		return nil, err
	}
	rows, _, err := table.ReadFile[T](path)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, MissingError{path + " has no rows"}
	}
	*dst = rows
	return rows, nil
}

func (s *Source) loadCTable() ([]table.CRow, error) {
	return readAll(s.dir, "c_table.parquet", &s.cRows)
}
func (s *Source) loadSequences() ([]table.SeqRow, error) {
	return readAll(s.dir, "sequences.parquet", &s.seqs)
}
func (s *Source) loadRealC() ([]table.RealRow, error) {
	if s.realC != nil {
		return s.realC, nil
	}
	var rows []table.RealCRow
	if _, err := readAll(s.dir, "real_c.parquet", &rows); err != nil {
		return nil, err
	}
	for _, r := range rows {
		s.realC = append(s.realC, r.Row())
	}
	return s.realC, nil
}
