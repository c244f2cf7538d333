package paper

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"fibnim/atlas"
	"fibnim/conjectures"
	"fibnim/grundy"
	"fibnim/grundyproof"
	"fibnim/internal/filehash"
	"fibnim/ntimes"
	"fibnim/provenance"
	"fibnim/report"
	"fibnim/table"
)

// Dir is the folder of the note under a results folder.
const Dir = "paper"

// Name is the note's file name, without .tex or .pdf.
const Name = "fibnim-note"

// ChecksFile is what compute verify writes; the note cannot be written
// without it.
const ChecksFile = report.ChecksFile

// Data is everything the note is written from: what a results folder
// holds and CITATION.cff. Only checks.json is required; a part whose data
// is missing says so in the note.
type Data struct {
	Root     string
	Checks   []conjectures.Result
	Prov     provenance.Record
	HasProv  bool
	Atlas    []atlas.AtlasRow // nil without results/atlas.parquet
	Further  []atlas.Further  // the frontier tables' failures of the closing conjecture (atlas.ReadFurther)
	CRows    []ntimes.CRow    // nil without ntimes/c_table.parquet
	RealC    []ntimes.RealRow
	RealT    []ntimes.RealRow
	LRSCells []conjectures.Table1Cell // Table 1 of LRS against grundy.Dense, as compute lrs-table1 compares it
	Captions map[string]string        // figure name -> caption, from figures/README.md
	Figures  map[string]string        // figure name -> the file the note includes, relative to the note's folder
	Tables   map[string]bool          // the .tex files present in tables/
	Cite     Citation
	Sums     []Sum // SHA-256 of the main data files
	// Automata is the automata folder of a = 2 that proves the most values
	// (nil without one), AutomataDir its path under Root; Bands the band
	// theorems (automata/bands.json).
	Automata    *grundyproof.Folder
	AutomataDir string
	Bands       []grundyproof.BandRecord
}

// Sum is the SHA-256 of one file, its path relative to the results folder.
type Sum struct{ Path, Hex string }

// ReadChecks reads a checks.json.
func ReadChecks(path string) ([]conjectures.Result, error) { return conjectures.ReadChecks(path) }

// rasterFigures are drawn as a raster image in the note: their PDFs hold
// one too, or tens of thousands of cells (global_p_positions).
var rasterFigures = map[string]bool{"grundy_table_full": true, "global_values": true, "global_p_positions": true}

// NoChecksError is the error of [Load] for a results folder Root without
// ChecksFile: nothing was verified there yet. It matches os.ErrNotExist.
type NoChecksError struct{ Root string }

func (e *NoChecksError) Error() string { return fmt.Sprintf("no %s under %s", ChecksFile, e.Root) }

// Is reports whether target is os.ErrNotExist.
func (e *NoChecksError) Is(target error) bool { return target == os.ErrNotExist }

// ErrNoFibonacci is what the error of [Note] matches (errors.Is) when
// the checks hold no result of the table of a = 2, which the note needs.
var ErrNoFibonacci = errors.New("the note needs the table of a = 2")

// Load gathers the note's data from the results folder root and the
// CITATION.cff at citation.
func Load(root, citation string) (*Data, error) {
	d := &Data{Root: root, Captions: map[string]string{}, Figures: map[string]string{}, Tables: map[string]bool{}}
	var err error
	if d.Checks, err = ReadChecks(filepath.Join(root, ChecksFile)); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, &NoChecksError{Root: root}
		}
		return nil, err
	}
	b, err := os.ReadFile(citation)
	if err != nil {
		return nil, err
	}
	if d.Cite, err = ReadCitation(b); err != nil {
		return nil, err
	}
	switch d.Prov, err = provenance.Read(root); {
	case err == nil:
		d.HasProv = true
	case !errors.Is(err, os.ErrNotExist):
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(root, atlas.ParquetFile)); err == nil {
		if d.Atlas, _, err = atlas.Read(filepath.Join(root, atlas.ParquetFile)); err != nil {
			return nil, err
		}
	}
	if d.Further, err = atlas.ReadFurther(root); err != nil {
		return nil, err
	}
	nt := filepath.Join(root, "ntimes")
	if _, err := os.Stat(filepath.Join(nt, ntimes.CTableFile)); err == nil {
		if d.CRows, _, err = table.ReadFile[ntimes.CRow](filepath.Join(nt, ntimes.CTableFile)); err != nil {
			return nil, err
		}
		if d.RealC, _, err = table.ReadFile[ntimes.RealRow](filepath.Join(nt, ntimes.RealCFile)); err != nil {
			return nil, err
		}
		if d.RealT, _, err = table.ReadFile[ntimes.RealRow](filepath.Join(nt, ntimes.RealTermsFile)); err != nil {
			return nil, err
		}
	}
	tab, err := grundy.Dense(20, grundy.Fibonacci, 1)
	if err != nil {
		return nil, err
	}
	d.LRSCells = conjectures.CompareLRSTable1(tab.At)
	if err := d.readFigures(); err != nil {
		return nil, err
	}
	if err := d.readAutomata(); err != nil {
		return nil, err
	}
	tables, _ := filepath.Glob(filepath.Join(root, "tables", "*.tex"))
	for _, t := range tables {
		d.Tables[filepath.Base(t)] = true
	}
	for _, p := range []string{ChecksFile, filepath.ToSlash(filepath.Join(table.Dir("", grundy.Fibonacci), table.StartValuesFile)), "ntimes/c_table.parquet", atlas.ParquetFile} {
		_, h, err := filehash.File(context.Background(), filepath.Join(root, p))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		d.Sums = append(d.Sums, Sum{p, h})
	}
	return d, nil
}

// readFigures takes each figure's caption from figures/README.md and the
// file to include: the PDF (vector), or the PNG for the dense heat maps.
func (d *Data) readFigures() error {
	dir := filepath.Join(d.Root, "figures")
	f, err := os.Open(filepath.Join(dir, "README.md"))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "- `")
		if !ok {
			continue
		}
		name, rest, ok := strings.Cut(rest, "` (")
		if !ok {
			continue
		}
		_, caption, ok := strings.Cut(rest, "): ")
		if !ok {
			continue
		}
		d.Captions[name] = caption
		ext := ".pdf"
		if rasterFigures[name] {
			ext = ".png"
		}
		if _, err := os.Stat(filepath.Join(dir, name+ext)); err == nil {
			d.Figures[name] = "../figures/" + name + ext
		}
	}
	return sc.Err()
}

// find returns the check with id, if it ran.
func (d *Data) find(id string) (conjectures.Result, bool) {
	for _, r := range d.Checks {
		if r.ID == id && r.Status != conjectures.NotRun {
			return r, true
		}
	}
	return conjectures.Result{}, false
}

// further is the frontier's failure of the closing conjecture at a
// (atlas.ReadFurther), if there is one.
func (d *Data) further(a string) (atlas.Further, bool) {
	for _, f := range d.Further {
		if f.Mult == a {
			return f, true
		}
	}
	return atlas.Further{}, false
}

// stat decodes r's statistic key into v (conjectures.Result.Stat); Load
// validated every statistic of checks.json (conjectures.ValidateStats).
func stat(r conjectures.Result, key string, v any) bool {
	ok, err := r.Stat(key, v)
	return ok && err == nil
}
