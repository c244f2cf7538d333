package paper

import (
	"bytes"
	_ "embed"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"text/template"

	"fibnim/report"
)

// noteTemplate is the note's skeleton: its sections and their prose. It
// holds no number: every number comes from the view that Note builds from
// the data, and the template's delimiters are << and >>, which LaTeX does
// not use.
//
//go:embed note.tex.tmpl
var noteTemplate string

// Note writes the note, fibnim-note.tex, from d. It \input's the LaTeX
// tables of the results folder and includes its figures, both through
// paths relative to the note's folder (ROOT/paper). Every number in it
// is read from the data; the same data give the same bytes.
func Note(d *Data) ([]byte, error) {
	b, _, err := write(d)
	return b, err
}

// Lacks lists the files of the results folder that the note of d would
// need and does not find, relative to the folder: the run
// record, the n-times nim tables, each figure that figures/README.md
// lists but whose file is missing, and each table the text refers to
// that was not written. A note written from d with something lacking
// says so in its text and prints "??" where it refers to it; compute
// all and plot write all of them.
func Lacks(d *Data) ([]string, error) {
	_, lacks, err := write(d)
	return lacks, err
}

// write executes the template on d's view: the note, and what it lacks.
func write(d *Data) ([]byte, []string, error) {
	v, err := newView(d)
	if err != nil {
		return nil, nil, err
	}
	t, err := template.New("note").Delims("<<", ">>").Funcs(template.FuncMap{
		"table":  v.table,
		"figure": v.figure,
		"tt":     report.TeXText,
	}).Parse(noteTemplate)
	if err != nil {
		return nil, nil, err
	}
	var b bytes.Buffer
	if err := t.Execute(&b, v); err != nil {
		return nil, nil, err
	}
	if v.err != nil {
		return nil, nil, v.err
	}
	return b.Bytes(), v.lacking(b.String()), nil
}

// lacking is what the note written as text lacks: what newView found
// missing (the run record and the data first), then the file of every
// table the text refers to but does not define, then the figures.
func (v *view) lacking(text string) []string {
	seen := map[string]bool{}
	var data, tables, figs []string
	add := func(f string) {
		if seen[f] {
			return
		}
		seen[f] = true
		switch {
		case strings.HasPrefix(f, "tables/"):
			tables = append(tables, f)
		case strings.HasPrefix(f, "figures/"):
			figs = append(figs, f)
		default:
			data = append(data, f)
		}
	}
	for _, f := range v.lacks {
		add(f)
	}
	for _, m := range refs.FindAllStringSubmatch(text, -1) {
		if f, ok := v.missing[m[1]]; ok {
			add(f)
		}
	}
	sort.Strings(tables)
	sort.Strings(figs)
	return append(append(data, tables...), figs...)
}

// refs matches a \ref and its label.
var refs = regexp.MustCompile(`\\ref\{([^}]*)\}`)

// view is what the template reads: TeX, ready to print.
type view struct {
	d   *Data
	err error // the first figure or table that could not be written

	lacks   []string          // files the note needs that are missing (Lacks)
	missing map[string]string // label of a table not written -> its file

	Title, Authors, Revision string
	N                        string // a = 2's N, in math mode
	Abstract                 string
	Game                     string
	Computed, Machine        string
	Runs                     []string // rows of the provenance table
	ConjUpper, Lower53, FT   string
	LRS, Others, Holds       string
	OEIS                     string
	Growth                   string
	Lemma, LemmaUse          string
	Atlas, Global            string
	Automata                 string
	Sweep                    string // the Grundy classes proved over many multipliers (section_sweep.go)
	Reproduce                string
	Sums                     []Sum
	Bib                      []string
	cite                     map[string]string // first author's family name -> key
	nTo                      int64             // a = 2's N
}

func newView(d *Data) (*view, error) {
	v := &view{d: d, cite: map[string]string{}, missing: map[string]string{}}
	if !d.HasProv {
		v.lacks = append(v.lacks, "provenance.json")
	}
	if d.CRows == nil {
		v.lacks = append(v.lacks, "ntimes/c_table.parquet")
	}
	v.Title = report.TeXText(d.Cite.Title)
	var names []string
	for _, a := range d.Cite.Authors {
		names = append(names, report.TeXText(a.String()))
	}
	v.Authors = strings.Join(names, " \\and ")
	v.bibliography()
	v.Revision = "unknown"
	if r, ok := d.Prov.Find("verify"); ok {
		v.Revision = report.TeXText(r.Revision)
	}
	lower, ok := d.find(report.IDs.Lower53)
	if !ok {
		return nil, fmt.Errorf("checks.json has no result of %s: %w", report.IDs.Lower53, ErrNoFibonacci)
	}
	v.nTo = lower.Domain.To
	v.N = "$N = " + report.TeXGroup(lower.Domain.To) + "$"
	v.Game = v.gameText()
	v.Computed, v.Machine, v.Runs = v.provenance()
	v.ConjUpper = v.conjText()
	v.Lower53 = v.lowerText(lower)
	v.FT = v.ftText()
	v.LRS = v.lrsText()
	v.Others = v.othersText()
	v.Holds = v.holdsText()
	v.OEIS = v.oeisText()
	v.Growth = v.growthText()
	v.Lemma, v.LemmaUse = v.lemmaText()
	v.Atlas = v.atlasText()
	v.Automata = v.automataText()
	v.Global = v.globalText()
	v.Sweep = v.sweepText()
	v.Reproduce = v.reproduceText()
	v.Sums = d.Sums
	v.Abstract = v.abstract(lower)
	return v, nil
}
