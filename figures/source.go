package figures

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"fibnim/globalnim"
	"fibnim/grundy"
	"fibnim/ntimes"
	"fibnim/table"
)

// Source reads the Parquet files that "compute" wrote under one folder,
// each file at most once, for the figures drawn from it. It is not safe
// for concurrent use.
type Source struct {
	dir, gdir string
	mult      grundy.Multiplier // asked for; the figures take theirs from the data (dataMult)

	valid  bool // the table folder passed table.Open
	dense  *denseTable
	starts *startValues
	global *globalnim.Table // the global game's table, once read (global_figures.go)
	cRows  []ntimes.CRow
	seqs   []ntimes.SeqRow
	realC  []ntimes.RealRow
}

// NewSource returns a Source for the results under dir: the Grundy tables
// of multiplier mult in dir/grundy/mult=A/ and the n-times nim tables in
// dir/ntimes/. Nothing is read until a figure needs it.
func NewSource(dir string, mult grundy.Multiplier) *Source {
	return &Source{dir: dir, gdir: table.Dir(dir, mult), mult: mult}
}

// validate refuses, once, a table folder that table.Open refuses: a gap,
// a stray or a foreign file is an error, never a figure of the wrong data.
// It also refuses a table of another multiplier than the one asked for
// (Open already refuses files whose multiplier is not the folder's). A
// missing folder is left to need.
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
	defer t.Close()
	if t.Mult() != s.mult {
		return fmt.Errorf("%s holds the table of a = %s, not of a = %s", s.gdir, t.Mult(), s.mult)
	}
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
	rows [][]uint16
	mult string // the table's multiplier, as read from its files
	a    grundy.Multiplier
}

func (t *denseTable) N() int { return len(t.rows) - 1 }

func (s *Source) loadDense() (*denseTable, error) {
	if s.dense != nil {
		return s.dense, nil
	}
	path := filepath.Join(s.gdir, table.DenseFile)
	if err := need(path); err != nil {
		return nil, err
	}
	if err := s.validate(); err != nil {
		return nil, err
	}
	tab, err := table.Open(s.gdir)
	if err != nil {
		return nil, err
	}
	defer tab.Close()
	rows, err := tab.DenseRows()
	if err != nil {
		return nil, err
	}
	t := &denseTable{rows: rows, mult: tab.Mult().String(), a: tab.Mult()}
	s.dense = t
	return t, nil
}

// startValues holds G(n, n-1) and G(n) for n = 0..N.
type startValues struct {
	start, full []uint16
	mult        string // the table's multiplier, as read from its files
	a           grundy.Multiplier
}

func (v *startValues) N() int { return len(v.full) - 1 }

func (s *Source) loadStarts() (*startValues, error) {
	if s.starts != nil {
		return s.starts, nil
	}
	path := filepath.Join(s.gdir, table.StartValuesFile)
	if err := need(path); err != nil {
		return nil, err
	}
	if err := s.validate(); err != nil {
		return nil, err
	}
	tab, err := table.Open(s.gdir)
	if err != nil {
		return nil, err
	}
	defer tab.Close()
	start, full, err := tab.StartValues()
	if err != nil {
		return nil, err
	}
	s.starts = &startValues{start: start, full: full, mult: tab.Mult().String(), a: tab.Mult()}
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

func (s *Source) loadCTable() ([]ntimes.CRow, error) {
	return readAll(s.dir, ntimes.CTableFile, &s.cRows)
}
func (s *Source) loadSequences() ([]ntimes.SeqRow, error) {
	return readAll(s.dir, ntimes.SequencesFile, &s.seqs)
}
func (s *Source) loadRealC() ([]ntimes.RealRow, error) {
	if s.realC != nil {
		return s.realC, nil
	}
	var rows []ntimes.RealCRow
	if _, err := readAll(s.dir, ntimes.RealCFile, &rows); err != nil {
		return nil, err
	}
	for _, r := range rows {
		s.realC = append(s.realC, r.Row())
	}
	return s.realC, nil
}
