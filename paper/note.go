package paper

import (
	"bytes"
	_ "embed"
	"fmt"
	"math"
	"math/big"
	"regexp"
	"sort"
	"strings"
	"text/template"
	"time"
	"unicode"
	"unicode/utf8"

	"fibnim/atlas"
	"fibnim/conjectures"
	"fibnim/ntimes"
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
		return nil, fmt.Errorf("checks.json has no result of %s: the note needs the table of a = 2 (compute grundy -n N -mult 2)", report.IDs.Lower53)
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
	v.Global = v.globalText()
	v.Reproduce = v.reproduceText()
	v.Sums = d.Sums
	v.Abstract = v.abstract(lower)
	return v, nil
}

// num is x in math mode with thousands separators.
func num(x int64) string { return report.TeXInt(x) }

func grp(x int64) string { return report.TeXGroup(x) }

// digitRuns matches the runs of digits in a computed value, to group them.
var digitRuns = regexp.MustCompile(`[0-9]+`)

// mathOf typesets a check's "computed" text ("G(471) = 18, G(707) = 21")
// as math, each comma-separated part on its own, numbers grouped.
func mathOf(s string) string {
	var parts []string
	for _, p := range strings.Split(s, ", ") {
		p = digitRuns.ReplaceAllStringFunc(p, func(x string) string {
			if len(x) > 15 {
				return x
			}
			var n int64
			fmt.Sscan(x, &n)
			return grp(n)
		})
		p = strings.NewReplacer(">=", `\ge `, "<=", `\le `).Replace(p)
		parts = append(parts, "$"+p+"$")
	}
	return strings.Join(parts, ", ")
}

// citeKey is the key of the reference whose first author's family name is
// family; a missing one is an error of the note.
func (v *view) citeKey(family string) string {
	k, ok := v.cite[family]
	if !ok {
		if v.err == nil {
			v.err = fmt.Errorf("CITATION.cff has no reference by %s, which the note cites", family)
		}
		return "?"
	}
	return k
}

func (v *view) citep(family string) string { return "~\\cite{" + v.citeKey(family) + "}" }

func (v *view) bibliography() {
	item := func(key, authors, title, rest string) string {
		return fmt.Sprintf("\\bibitem{%s} %s, \\emph{%s}%s.", key, authors, title, rest)
	}
	for _, r := range v.d.Cite.References {
		if len(r.Authors) == 0 {
			continue
		}
		key := strings.ToLower(strings.ReplaceAll(r.Authors[0].Family+r.Authors[0].Name, " ", "")) + r.Year
		v.cite[r.Authors[0].Family] = key
		var names []string
		for _, a := range r.Authors {
			names = append(names, report.TeXText(a.String()))
		}
		rest := ""
		if r.Journal != "" {
			rest += ", " + report.TeXText(r.Journal)
		}
		if r.Volume != "" {
			rest += " " + report.TeXText(r.Volume)
			if r.Issue != "" {
				rest += "(" + report.TeXText(r.Issue) + ")"
			}
		}
		if r.Year != "" {
			rest += " (" + report.TeXText(r.Year) + ")"
		}
		if r.Start != "" && r.End != "" {
			rest += ", " + report.TeXText(r.Start) + "--" + report.TeXText(r.End)
		}
		for _, id := range r.Identifiers {
			rest += ", " + report.TeXText(id)
		}
		v.Bib = append(v.Bib, item(key, strings.Join(names, ", "), report.TeXText(r.Title), rest))
	}
	var names []string
	for _, a := range v.d.Cite.Authors {
		names = append(names, report.TeXText(a.String()))
	}
	v.cite["fibnim"] = "fibnim"
	v.Bib = append(v.Bib, item("fibnim", strings.Join(names, ", "), report.TeXText(v.d.Cite.Title), ", software (CITATION.cff)"))
}

func (v *view) gameText() string {
	return "A position is $(n, r)$: $n$ tokens, of which at most $r$ may be taken now. Taking $k$ tokens, $1\\le k\\le r$, leads to $(n-k, \\min(\\lfloor ak\\rfloor, n-k))$. " +
		"The multiplier $a$ is $2$ in Fibonacci nim" + v.citep("Whinihan") + "; any rational $a\\ge 1$ gives $n$-times nim" + v.citep("Frankl") + ". " +
		"A pile of $n$ starts at $(n, n-1)$: the first player may take anything but the whole pile. " +
		"$G(n, r)$ is the Grundy value of $(n, r)$, the least value not among those of its options, and $G(n) = G(n, n)$, as in" + v.citep("Larsson") + ". " +
		"$G(n, r)$ is non-decreasing in $r$, so the row of $n$ is described by its breakpoints $R_g(n)$, the least $r$ with $G(n, r)\\ge g$. " +
		"$z_1(n)$ is the smallest part of the Zeckendorf representation of $n$, and $h(g)$ the least $n$ with $G(n) = g$. " +
		"For $n$-times nim, $F(a) = \\{f_1 < f_2 < \\dots\\}$ is the set of pile sizes that the second player wins, with $f_{k+1} = f_k + f_{r(k)}$ and $r(k) = \\min\\{r : a f_r\\ge f_k\\}$; " +
		"$k - r(k)$ never decreases and is eventually a constant $c(a)$, bounded by the $L$ and $U$ of Theorem~2~(vii) of" + v.citep("Frankl") + "."
}

// gib writes a byte count in GiB or MiB.
func gib(b int64) string {
	switch {
	case b < 0:
		return "--"
	case b >= 1<<30:
		return fmt.Sprintf("$%.2f$~GiB", float64(b)/(1<<30))
	}
	return fmt.Sprintf("$%.0f$~MiB", float64(b)/(1<<20))
}

func seconds(s float64) string {
	if s >= 120 {
		return fmt.Sprintf("$%.1f$~min", s/60)
	}
	return fmt.Sprintf("$%.1f$~s", s)
}

func (v *view) provenance() (text, machine string, rows []string) {
	if !v.d.HasProv {
		return "The results folder holds no run record (provenance.json), so this note cannot say how long the runs took or on which machine: rerun \\texttt{make} with this version to record them.", "", nil
	}
	for _, r := range v.d.Prov.Runs {
		rev := r.Revision
		if len(rev) > 12 && !strings.HasSuffix(rev, "-dirty") {
			rev = rev[:12]
		}
		cmd, n := r.Key, "--"
		if len(r.Tables) > 0 {
			var ns, ps []string
			for _, t := range r.Tables {
				ns = append(ns, num(t.N))
				ps = append(ps, t.Path)
			}
			n = strings.Join(ns, ", ")
			if p := strings.Join(ps, ", "); len(r.Command) > 1 && p != r.Command[1] {
				cmd = r.Command[1] + " " + p
			}
		}
		rows = append(rows, fmt.Sprintf("\\texttt{%s} & %s & %s & %s & \\texttt{%s} & %s \\\\", report.TeXText(cmd), n,
			seconds(r.WallSeconds), gib(r.PeakRSSBytes), report.TeXText(rev), r.Started.Format(time.DateOnly)))
	}
	m := v.d.Prov.Runs[0].Machine
	machine = fmt.Sprintf("%s/%s, %d CPUs", m.GOOS, m.GOARCH, m.CPUs)
	if m.CPUModel != "" {
		machine += " (" + report.TeXText(m.CPUModel) + ")"
	}
	if m.MemoryBytes > 0 {
		machine += ", " + gib(m.MemoryBytes) + " of memory"
	}
	machine += ", " + report.TeXText(v.d.Prov.Runs[0].GoVersion)
	text = "Table~\\ref{tab:runs} lists the runs that made the results this note reads, from their own records (\\path{results/provenance.json}): the command and the table it wrote, its size $N$ (the number of multipliers for \\texttt{ntimes}), the wall time, the peak resident memory of the process and the source revision."
	return text, machine, rows
}

func (v *view) conjText() string {
	r, ok := v.d.find(report.IDs.ConjUpper)
	if !ok {
		return "The closing conjecture was not checked: the table of $a = 2$ is missing."
	}
	lower, lok := v.d.find(report.IDs.ConjLower)
	var s strings.Builder
	s.WriteString("Larsson and Rubinstein-Salzedo close" + v.citep("Larsson") + " with the conjecture $G(n)+1\\le G(\\lceil 3n/2\\rceil)\\le G(n)+2$, from numerical evidence, which would make the growth of $G$ logarithmic. ")
	if r.Status == conjectures.Holds {
		fmt.Fprintf(&s, "Its upper half holds for every $n\\le %s$ with $\\lceil 3n/2\\rceil\\le N$. ", grp(r.Domain.To))
	} else {
		c := r.Counterexamples[0]
		fmt.Fprintf(&s, "\\textbf{Its upper half is false.} Of the %s values $%s\\le n\\le %s$ (those with $\\lceil 3n/2\\rceil\\le N$), %s are counterexamples. ",
			num(r.Cases), grp(r.Domain.From), grp(r.Domain.To), num(r.Failures))
		fmt.Fprintf(&s, "The smallest is $n = %s$: %s, where the conjecture says %s. ", grp(c.N), mathOf(c.Computed), mathOf(c.Predicted))
		if l := r.Largest; l != nil && l.N != c.N {
			fmt.Fprintf(&s, "The largest is $n = %s$ (%s)", grp(l.N), mathOf(l.Computed))
			if r.FailureFree != "" {
				fmt.Fprintf(&s, ", and the conjecture holds for every $n$ in $(%s, %s]$: the last %s\\,\\%% of the range", grp(l.N), grp(r.Domain.To),
					fmt.Sprintf("$%.0f$", 100*float64(r.Domain.To-l.N)/float64(r.Domain.To)))
			}
			s.WriteString(". ")
		}
	}
	var diffs []struct {
		Count      int64 `json:"count"`
		Difference int   `json:"difference"`
		FirstN     int64 `json:"first_n"`
	}
	if stat(r, "differences", &diffs) && len(diffs) > 0 {
		var parts []string
		for _, x := range diffs {
			parts = append(parts, fmt.Sprintf("$%d$ for %s values of $n$ (the first $n = %s$)", x.Difference, num(x.Count), grp(x.FirstN)))
		}
		s.WriteString("The difference $G(\\lceil 3n/2\\rceil)-G(n)$ is " + joinAnd(parts) + "; Table~\\ref{tab:decades} gives it by decade, and Figure~\\ref{fig:conjecture_gap} draws it. ")
	}
	if lok {
		if lower.Status == conjectures.Holds {
			fmt.Fprintf(&s, "The lower half holds for every $n\\le %s$. ", grp(lower.Domain.To))
		} else {
			fmt.Fprintf(&s, "The lower half fails too, for %s values of $n$. ", num(lower.Failures))
		}
	}
	if r.Status == conjectures.Fails && r.FailureFree != "" {
		s.WriteString(closingReading(r, v.d))
	}
	return s.String()
}

func (v *view) lowerText(r conjectures.Result) string {
	var s strings.Builder
	s.WriteString("Theorem~5.3 of" + v.citep("Larsson") + " states $\\log_{3/2} n\\le G(n)\\le\\lceil 2\\sqrt n\\,\\rceil+1$. ")
	if r.Status == conjectures.Holds {
		fmt.Fprintf(&s, "Its lower bound holds for every $n\\le %s$. ", grp(r.Domain.To))
	} else {
		c := r.Counterexamples[0]
		fmt.Fprintf(&s, "\\textbf{The lower bound as printed fails} for %s values of $n$: the smallest is $n = %s$, where %s but $\\log_{3/2} %s = %s$",
			num(r.Failures), grp(c.N), mathOf(c.Computed), grp(c.N), fmt.Sprintf("%.4f", math.Log(float64(c.N))/math.Log(1.5)))
		if l := r.Largest; l != nil && l.N != c.N {
			fmt.Fprintf(&s, ", and the largest $n = %s$ (%s)", grp(l.N), mathOf(l.Computed))
		}
		if r.FailureFree != "" && r.Largest != nil {
			fmt.Fprintf(&s, "; it holds for every $n$ in $(%s, %s]$", grp(r.Largest.N), grp(r.Domain.To))
		}
		s.WriteString(". ")
		s.WriteString("The paper's proof shows $G(\\lceil 3n/2\\rceil)\\ge G(n)+1$ (the lower half of the conjecture above) and iterates it, which gives the bound only up to an additive constant. ")
		var C float64
		var at int64
		if stat(r, "least_C", &C) && stat(r, "least_C_attained_at_n", &at) {
			fmt.Fprintf(&s, "With a constant, $\\log_{3/2} n - C\\le G(n)$ holds for every $n\\le %s$ with $C = %.4f$, the least such $C$, attained at $n = %s$. ", grp(r.Domain.To), C, grp(at))
		}
	}
	if up, ok := v.d.find(report.IDs.Upper53); ok && up.Status == conjectures.Holds {
		fmt.Fprintf(&s, "The upper bound holds for every $n\\le %s$.", grp(up.Domain.To))
	}
	return s.String()
}

func (v *view) ftText() string {
	if v.d.CRows == nil {
		return "The $n$-times nim tables were not computed (\\texttt{compute ntimes}), so Table~1 of Frankl and Tokushige is not compared here."
	}
	f := report.FTDisagreements(v.d.CRows)
	var s strings.Builder
	s.WriteString("Table~1 of" + v.citep("Frankl") + " gives, for $a = 2,\\dots,14$, the bounds $L$ and $U$ of Theorem~2~(vii), $c(a)$ and $\\lfloor a\\ln a\\rfloor$. Table~\\ref{tab:ft} sets the computed values beside the printed ones. ")
	if len(f.URows) > 0 {
		fmt.Fprintf(&s, "\\textbf{The printed $U$ differs from its definition} in %s of the rows", num(int64(len(f.URows))))
		if f.UIsFloor {
			s.WriteString(", and in every one of them the printed value is $\\lfloor \\ln a/(\\ln(a+1)-\\ln a)\\rfloor$, the floor where the theorem defines the ceiling (its proof needs $(a/(a+1))^U\\le 1/a$, which only the ceiling gives)")
		}
		s.WriteString(". ")
	}
	for _, c := range f.C {
		fmt.Fprintf(&s, "\\textbf{For $a = %d$ the print gives $c = %d$}; the computation gives $c(%d) = %d$", c.A, c.Printed, c.A, c.Computed)
		if c.Proved {
			fmt.Fprintf(&s, ", proved by the lemma of Section~\\ref{sec:lemma}: $k - r(k) = %d$ for $%s\\le k\\le %s$, so the printed value is wrong. ", c.Computed, grp(c.From), grp(c.To))
		} else {
			s.WriteString(", observed but not proved. ")
		}
	}
	if len(f.URows) == 0 && len(f.C) == 0 {
		s.WriteString("Every printed value agrees with the computation. ")
	}
	if r, ok := v.d.find(report.IDs.FTTable1); ok {
		fmt.Fprintf(&s, "In all, %s of the %s printed cells differ (check \\texttt{%s}).", num(r.Failures), num(r.Cases), report.TeXText(r.ID))
	}
	return s.String()
}

func (v *view) lrsText() string {
	counts := map[string]int{}
	rows := map[int]bool{}
	for _, c := range v.d.LRSCells {
		counts[c.Status]++
		if c.Status == "outside-table" {
			rows[c.N] = true
		}
	}
	in := len(v.d.LRSCells) - counts["outside-table"]
	top := 0
	for _, c := range v.d.LRSCells {
		top = max(top, c.N)
	}
	s := "Table~1 of" + v.citep("Larsson") + fmt.Sprintf(", $G(n, r)$ for $0\\le r\\le n\\le %d$, agrees with the computation in %s of its %s cells (Table~\\ref{tab:lrs})", top, num(int64(counts["agree"])), num(int64(in)))
	if k := counts["differs"] + counts["not-printed"]; k > 0 {
		s += fmt.Sprintf("; %s differ or are missing from the extraction of the print", num(int64(k)))
	}
	if o := counts["outside-table"]; o > 0 {
		var rs []int
		for n := range rows {
			rs = append(rs, n)
		}
		sort.Ints(rs)
		full := map[int]string{} // G(n, n), as computed
		for _, c := range v.d.LRSCells {
			if c.R == c.N && c.Computed >= 0 {
				full[c.N] = fmt.Sprint(c.Computed)
			}
		}
		same := 0
		for _, c := range v.d.LRSCells {
			if c.Status == "outside-table" && c.Printed == full[c.N] {
				same++
			}
		}
		s += fmt.Sprintf(". The plain-text extraction of the print has %s more cells with $r > n$, which are not positions, in rows %s", num(int64(o)), joinInts(rs))
		if same == o {
			s += "; each equals $G(n, n)$, so either the extraction padded the rows, or the print extends $G$ by $G(n, r) = G(n, n)$ for $r\\ge n$ (a quota above $n$ allows the moves of quota $n$), under which they agree"
		} else {
			s += fmt.Sprintf("; %s of them equal $G(n, n)$", num(int64(same)))
		}
	}
	return s + "."
}

func (v *view) othersText() string {
	var fails []string
	for _, r := range v.d.Checks {
		if r.Mult == "" || r.Mult == "2" || report.BaseID(r.ID) != report.IDs.ConjUpper || r.Status == conjectures.NotRun {
			continue
		}
		if r.Status == conjectures.Fails {
			fails = append(fails, fmt.Sprintf("$a = %s$ (%s failures, the first at $n = %s$)", r.Mult, num(r.Failures), grp(r.Counterexamples[0].N)))
		} else {
			fails = append(fails, fmt.Sprintf("$a = %s$ (holds on every $n\\le %s$)", r.Mult, grp(r.Domain.To)))
		}
	}
	if len(fails) == 0 {
		return ""
	}
	return "The papers' statements can be put for any multiplier $a$ with $\\lceil n/a\\rceil$ in place of $\\lceil n/2\\rceil$; Table~\\ref{tab:mults} checks them on the tables of the other multipliers computed. " +
		"The analogue of the conjecture's upper half, $G(n+\\lceil n/a\\rceil)\\le G(n)+2$, gives: " + joinAnd(fails) + "."
}

func (v *view) holdsText() string {
	holds, fails, total := 0, 0, 0
	for _, r := range v.d.Checks {
		if r.Mult != "" || strings.HasPrefix(r.ID, report.IDs.GlobalPrefix) || r.Status == conjectures.NotRun {
			continue
		}
		total++
		switch r.Status {
		case conjectures.Holds:
			holds++
		case conjectures.Fails:
			fails++
		}
	}
	s := fmt.Sprintf("Table~\\ref{tab:verification} lists every check of the papers' own statements: %s of the %s hold on the whole range, and the %s that fail are the ones above.", num(int64(holds)), num(int64(total)), num(int64(fails)))
	if r, ok := v.d.find(report.IDs.Brilliant); ok {
		var wins int64
		if stat(r, "first_player_wins", &wins) {
			s += fmt.Sprintf(" Among them, the count of first-player wins among the starting piles $%s\\le n\\le %s$ is %s, as the solutions of the Brilliant problem say.", grp(r.Domain.From), grp(r.Domain.To), num(wins))
		}
	}
	return s
}

func (v *view) oeisText() string {
	r, ok := v.d.find(report.IDs.OEISA003411)
	if !ok {
		return ""
	}
	var meaning string
	stat(r, "meaning", &meaning)
	if r.Status != conjectures.Holds {
		return "OEIS A003411 is $F(3)$; the check of its recurrence did not pass: " + report.TeXText(meaning) + "."
	}
	return "OEIS A003411 is $F(3)$, and the OEIS marks its generating function as conjectured. The lemma of Section~\\ref{sec:lemma} proves the recurrence: " +
		report.TeXText(meaning) + "; with the first terms this gives the generating function too (\\path{results/oeis/README.md}). " +
		"No OEIS entry was found, in the offline copies this project could search, for $G(n, n-1)$ or for $h(g)$; drafts of both are in \\path{results/oeis/}, to be checked against the live OEIS before they are submitted."
}

func (v *view) growthText() string {
	r, ok := v.d.find(report.IDs.ConjLower)
	if !ok {
		return ""
	}
	var alpha, beta, rms float64
	var h []int64
	var s strings.Builder
	if stat(r, "fit_alpha", &alpha) && stat(r, "fit_beta", &beta) && stat(r, "fit_rms_residual", &rms) {
		sign := "+"
		if beta < 0 {
			sign, beta = "-", -beta
		}
		fmt.Fprintf(&s, "The least-squares fit over $1\\le n\\le %s$ is $G(n)\\approx %.4f\\ln n %s %.4f$, with an RMS residual of $%.3f$ (Figure~\\ref{fig:start_value_growth}). ", grp(v.nTo), alpha, sign, beta, rms)
	}
	if stat(r, "h", &h) && len(h) > 1 {
		fmt.Fprintf(&s, "Table~\\ref{tab:h} lists $h(g)$ for $g = 0,\\dots,%d$, and Figure~\\ref{fig:first_occurrence} draws it with its ratios $h(g+1)/h(g)$, which the conjecture's lower half keeps at most about $3/2$.", len(h)-1)
	}
	return s.String()
}

func (v *view) lemmaText() (statement, use string) {
	statement = "If $k - r(k) = c$ for the $c+2$ consecutive indices $K-c-1\\le k\\le K$, then $k - r(k) = c$ for every $k\\ge K-c-1$."
	var s strings.Builder
	if r, ok := v.d.find(report.IDs.FTCProved); ok {
		var proved, notProved, largest int64
		stat(r, "proved", &proved)
		stat(r, "not_proved", &notProved)
		stat(r, "largest_proved_from", &largest)
		lo, hi := int64(math.MaxInt64), int64(0)
		for _, c := range v.d.CRows {
			if c.ADen == 1 {
				lo, hi = min(lo, c.ANum), max(hi, c.ANum)
			}
		}
		fmt.Fprintf(&s, "The computed terms of $F(a)$ hold such a window for %s of the %s multipliers computed", num(proved), num(r.Cases))
		if hi > 0 {
			fmt.Fprintf(&s, " (every integer $%s\\le a\\le %s$)", grp(lo), grp(hi))
		}
		fmt.Fprintf(&s, ", so $c(a)$ is proved for them, not only observed; the latest window ends at $K = %s$. ", grp(largest))
		if notProved > 0 {
			fmt.Fprintf(&s, "For %s the terms computed hold no window. ", num(notProved))
		}
	}
	if len(v.d.RealC) > 0 {
		proved := 0
		for _, c := range v.d.RealC {
			if c.Proved {
				proved++
			}
		}
		fmt.Fprintf(&s, "For real $a$, $c$ is constant on %s intervals of $[%s, %s)$ with exact rational ends (Table~\\ref{tab:ftreal}); %s of them are proved, piece by piece: on a piece of an interval the first terms of $F(a)$ are the same for every $a$, and a window inside them proves $c$ on the piece. ",
			num(int64(len(v.d.RealC))), v.d.RealC[0].Lo, v.d.RealC[len(v.d.RealC)-1].Hi, num(int64(proved)))
		if first := firstSplitInterval(v.d.RealC, v.d.RealT); first != "" {
			fmt.Fprintf(&s, "One piece per interval does not suffice: from $%s$ on, the first terms are not the same across a whole interval, which is then covered by several pieces, each proved on its own.", first)
		}
	}
	return statement, s.String()
}

// firstSplitInterval is the first interval of c that no single piece of
// the first terms (real_terms) covers, as TeX ("[7/2, 43/11)"), or "".
func firstSplitInterval(realC, realT []ntimes.RealRow) string {
	for _, c := range realC {
		covered := false
		for _, t := range realT {
			if ratLE(t.Lo, c.Lo) && (t.Hi == "" || (c.Hi != "" && ratLE(c.Hi, t.Hi))) {
				covered = true
				break
			}
		}
		if !covered {
			return "[" + c.Lo + ", " + c.Hi + ")"
		}
	}
	return ""
}

func (v *view) atlasText() string {
	rows := v.d.Atlas
	if len(rows) == 0 {
		return "This results folder holds no atlas (\\texttt{compute atlas}, then \\texttt{compute atlas -merge})."
	}
	fails, complete := 0, 0
	best := -1
	for i, r := range rows {
		if r.Status != atlas.Complete {
			continue
		}
		complete++
		if r.StepLastOutside >= 0 {
			fails++
		}
		if best < 0 || r.Alpha < rows[best].Alpha {
			best = i
		}
	}
	s := fmt.Sprintf("The atlas summarises %s multipliers $a$, each computed to $N = %s$ (Table~\\ref{tab:atlas}, Figures~\\ref{fig:atlas_alpha} and~\\ref{fig:atlas_conjecture}). ", num(int64(len(rows))), grp(rows[0].N))
	s += fmt.Sprintf("For %s of the %s complete rows the analogue of the conjecture, $G(n)+1\\le G(n+\\lceil n/a\\rceil)\\le G(n)+2$, fails somewhere on the range; for the others it holds on all of it. ", num(int64(fails)), num(int64(complete)))
	if best >= 0 {
		s += fmt.Sprintf("The slope $\\alpha$ of the fit $G(n)\\approx\\alpha\\ln n+\\beta$ is smallest at $a = %s$ ($%.3f$). ", rows[best].Multiplier, rows[best].Alpha)
	}
	return s + "What holds here is an observation on this range, stated for the multipliers listed; \\path{results/tables/atlas.md} reads the rows further."
}

func (v *view) globalText() string {
	var held, total int
	var mults []string
	var M int64
	seen := map[string]bool{}
	var startP []string
	for _, r := range v.d.Checks {
		if !strings.HasPrefix(r.ID, report.IDs.GlobalPrefix) || r.Status == conjectures.NotRun {
			continue
		}
		a := report.MultOf(r.ID)
		if a != "" && !seen[a] {
			seen[a] = true
			mults = append(mults, a)
		}
		M = max(M, r.Domain.To)
		total++
		if r.Status == conjectures.Holds {
			held++
		}
		if report.BaseID(r.ID) == report.IDs.GlobalStartP && r.Status == conjectures.Holds {
			startP = append(startP, a)
		}
	}
	if total == 0 {
		return ""
	}
	s := fmt.Sprintf("Two piles share one move limit: a move takes $k\\le r$ tokens from either pile, and the next limit is $\\lfloor ak\\rfloor$. The tables of $a = %s$ cover every position with piles up to $M = %s$; %s of their %s checks hold (\\path{results/report.md} lists them, \\path{docs/global.md} explains them). ",
		strings.Join(mults, ", "), grp(M), num(int64(held)), num(int64(total)))
	if len(startP) > 0 {
		s += "For $a = " + strings.Join(startP, ", ") + "$ the P-positions at the start, $r = \\min(x+y-1, \\max(x, y))$, are exactly $x = y$ and $(0, n)$, $(n, 0)$ with $n\\in F(a)$, as a lemma proves and the tables confirm (Figure~\\ref{fig:global_p_positions}). "
	}
	return s + "Larsson and Rubinstein-Salzedo's paper on this game was not available to this project, so nothing here is compared with it."
}

func (v *view) reproduceText() string {
	return "Every file this note reads is in \\path{results/}: the tables as Parquet under \\path{grundy/}, \\path{ntimes/}, \\path{global/} and \\texttt{atlas.parquet}, every check in \\texttt{checks.json} and \\texttt{report.md}, and the tables and figures it includes under \\path{tables/} and \\path{figures/}. " +
		"From a clone of the repository at revision \\texttt{" + v.Revision + "}, \\texttt{make} recomputes them at the scale of this note, \\texttt{make paper} writes and compiles this note, and \\texttt{make release} writes \\path{results/release/}: the SHA-256 of every result file (\\texttt{SHA256SUMS}, checked with \\texttt{cd results \\&\\& sha256sum -c release/SHA256SUMS}), the run records, \\texttt{CITATION.cff} and this PDF. " +
		"Table~\\ref{tab:sums} gives the sums of the main files."
}

func (v *view) abstract(lower conjectures.Result) string {
	var parts []string
	parts = append(parts, fmt.Sprintf("We computed the Grundy values $G(n, r)$ of Fibonacci nim for every position with $0\\le r\\le n\\le %s$ and checked the theorems and the closing conjecture of Larsson and Rubinstein-Salzedo on all of them.", grp(lower.Domain.To)))
	if r, ok := v.d.find(report.IDs.ConjUpper); ok && r.Status == conjectures.Fails {
		parts = append(parts, fmt.Sprintf("The upper half of the conjecture, $G(\\lceil 3n/2\\rceil)\\le G(n)+2$, fails: the smallest counterexample is $n = %s$, and there are %s for $n\\le %s$.", grp(r.Counterexamples[0].N), num(r.Failures), grp(r.Domain.To)))
	}
	if lower.Status == conjectures.Fails {
		parts = append(parts, fmt.Sprintf("The lower bound $\\log_{3/2}n\\le G(n)$ of Theorem~5.3 fails as printed for %s small $n$.", num(lower.Failures)))
	}
	if v.d.CRows != nil {
		f := report.FTDisagreements(v.d.CRows)
		var says []string
		if len(f.URows) > 0 {
			u := fmt.Sprintf("the printed $U$ differs from its definition in %s rows", num(int64(len(f.URows))))
			if f.UIsFloor {
				u += ", a floor where the theorem has a ceiling"
			}
			says = append(says, u)
		}
		var as []string
		proved := true
		for _, c := range f.C {
			as = append(as, fmt.Sprintf("$a = %d$", c.A))
			proved = proved && c.Proved
		}
		if len(as) > 0 {
			c := "the printed $c(a)$ is wrong for " + joinAnd(as)
			if proved {
				c += ", as a lemma on the recurrence proves"
			}
			says = append(says, c)
		}
		if len(says) > 0 {
			parts = append(parts, "In Table~1 of Frankl and Tokushige on $n$-times nim, "+joinAnd(says)+".")
		}
	}
	parts = append(parts, "Every number in this note is read from the data by the program that wrote the note.")
	return strings.Join(parts, " ")
}

// table is the template's {{table NAME LABEL}}: the \input of
// tables/NAME.tex with its notes, or a sentence saying it is missing.
func (v *view) table(name, label, caption string) string {
	file := name + ".tex"
	if !v.d.Tables[file] {
		v.missing["tab:"+label] = "tables/" + file
		return fmt.Sprintf("\\noindent\\emph{Table %s was not written: its data is missing from this results folder.}\\par", report.TeXText(file))
	}
	s := "\\begin{table}[htbp]\n\\centering\\footnotesize\n\\input{../tables/" + file + "}\n\\caption{" + caption + "}\\label{tab:" + label + "}\n"
	if v.d.Tables[name+"_notes.tex"] {
		s += "\\par\\smallskip\\begin{minipage}{0.9\\linewidth}\\footnotesize\\input{../tables/" + name + "_notes.tex}\\end{minipage}\n"
	}
	return s + "\\end{table}"
}

// figure is the template's {{figure NAME}}: the figure's file with its
// caption from figures/README.md, or a sentence saying it is missing.
func (v *view) figure(name string) string {
	file, ok := v.d.Figures[name]
	if !ok {
		ext := ".pdf"
		if rasterFigures[name] {
			ext = ".png"
		}
		v.missing["fig:"+name] = "figures/" + name + ext
		if _, listed := v.d.Captions[name]; listed {
			v.lacks = append(v.lacks, "figures/"+name+ext)
		}
		return fmt.Sprintf("\\noindent\\emph{Figure %s was not drawn: run \\texttt{plot -in results}.}\\par", report.TeXText(name))
	}
	caption, err := captionTeX(v.d.Captions[name])
	if err != nil && v.err == nil {
		v.err = fmt.Errorf("figure %s: %v", name, err)
	}
	return "\\begin{figure}[htbp]\n\\centering\n\\includegraphics[width=\\linewidth]{" + file + "}\n\\caption{" + caption + "}\\label{fig:" + name + "}\n\\end{figure}"
}

// captionTeX turns a caption of figures/README.md into TeX: the text
// escaped, and its mathematics set as mathematics (mathSpans): a function
// of one letter applied to its arguments, G(n), R₁(x, y), G(⌈3n/2⌉), and
// the mathematical characters elsewhere, in math mode.
func captionTeX(s string) (string, error) {
	var b strings.Builder
	for _, sp := range mathSpans(s) {
		if sp.math {
			m, err := mathTeX(sp.s)
			if err != nil {
				return "", err
			}
			b.WriteString("$" + m + "$")
			continue
		}
		t, err := textTeX(sp.s)
		if err != nil {
			return "", err
		}
		b.WriteString(t)
	}
	return b.String(), nil
}

// span is a stretch of a caption: text, or mathematics.
type span struct {
	s    string
	math bool
}

// mathSpans cuts s into text and the applications of a one-letter
// function: a Latin letter that no letter or digit precedes, an optional
// subscript 1 (₁ or _1), and a balanced parenthesis.
func mathSpans(s string) []span {
	rs := []rune(s)
	var out []span
	text := 0
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if !(r < 0x80 && unicode.IsLetter(r)) || i > 0 && (unicode.IsLetter(rs[i-1]) || unicode.IsDigit(rs[i-1])) {
			continue
		}
		j := i + 1
		if j < len(rs) && rs[j] == '₁' {
			j++
		} else if j+1 < len(rs) && rs[j] == '_' && rs[j+1] == '1' {
			j += 2
		}
		if (j >= len(rs) || rs[j] != '(') && j > i+1 && (j == len(rs) || !unicode.IsLetter(rs[j])) {
			// A subscripted letter alone: R_1.
			if text < i {
				out = append(out, span{s: string(rs[text:i])})
			}
			out = append(out, span{s: string(rs[i:j]), math: true})
			text, i = j, j-1
			continue
		}
		if j >= len(rs) || rs[j] != '(' {
			continue
		}
		depth, k := 0, j
		for ; k < len(rs); k++ {
			if rs[k] == '(' {
				depth++
			} else if rs[k] == ')' {
				if depth--; depth == 0 {
					break
				}
			}
		}
		if k == len(rs) || k == j+1 {
			continue // unbalanced, or empty: not an application
		}
		if text < i {
			out = append(out, span{s: string(rs[text:i])})
		}
		out = append(out, span{s: string(rs[i : k+1]), math: true})
		text = k + 1
		i = k
	}
	if text < len(rs) {
		out = append(out, span{s: string(rs[text:])})
	}
	return out
}

// mathTeX writes a span of mathematics in TeX's math mode (without the $).
func mathTeX(s string) (string, error) {
	s = sqrtArg.ReplaceAllString(s, "\\sqrt{$1}")
	s = strings.NewReplacer("≤", `\le `, "≥", `\ge `, "≈", `\approx `, "α", `\alpha `, "β", `\beta `,
		"−", "-", "⌈", `\lceil `, "⌉", `\rceil `, "⌊", `\lfloor `, "⌋", `\rfloor `, "₁", "_1", "×", `\times `, "…", `\dots `,
		"&", `\&`, "%", `\%`, "#", `\#`, "√", `\sqrt{}`, "{", `\{`, "}", `\}`).Replace(s)
	s = strings.ReplaceAll(s, `\sqrt\{`, `\sqrt{`) // the braces of \sqrt{x} just written
	for i, r := range s {
		if r >= utf8.RuneSelf {
			return "", fmt.Errorf("character %q at byte %d has no LaTeX form here", r, i)
		}
	}
	return s, nil
}

// textTeX writes a span of text, its mathematical characters in math mode.
func textTeX(s string) (string, error) {
	s = sqrtArg.ReplaceAllString(s, "\x00$1\x01")
	s = report.TeXText(s)
	s = strings.NewReplacer("\x00", `$\sqrt{`, "\x01", `}$`, "≤", `$\le$`, "≥", `$\ge$`, "≈", `$\approx$`, "α", `$\alpha$`, "β", `$\beta$`,
		"−", `$-$`, "–", "--", "⌈", `$\lceil$`, "⌉", `$\rceil$`, "₁", `$_1$`, "×", `$\times$`, "√", `$\sqrt{}$`, "…", `\dots{}`).Replace(s)
	for i, r := range s {
		if r >= utf8.RuneSelf {
			return "", fmt.Errorf("character %q at byte %d has no LaTeX form here", r, i)
		}
	}
	return s, nil
}

// sqrtArg is √ with the name or number it applies to.
var sqrtArg = regexp.MustCompile(`√([A-Za-z0-9]+)`)

func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprintf("$%d$", x)
	}
	return joinAnd(s)
}

// ratLE says whether the fraction x ("7/2") is at most y.
func ratLE(x, y string) bool {
	a, ok1 := new(big.Rat).SetString(x)
	b, ok2 := new(big.Rat).SetString(y)
	return ok1 && ok2 && a.Cmp(b) <= 0
}

// closingReading is the last sentence on the closing conjecture when it
// fails and holds after its last counterexample: with a committed frontier
// table that fails past this range, it says so (issue 33: the note made
// at 10^6 called the conjecture a candidate for "true for all large n"
// while the frontier had failures up to 1,363,554,612).
func closingReading(r conjectures.Result, d *Data) string {
	if f, ok := d.further("2"); ok && r.Largest != nil && f.Last > r.Domain.To {
		return fmt.Sprintf("So the conjecture is false as stated. It holds on this range after its last counterexample, but the frontier table (\\texttt{%s}) finds counterexamples up to $n = %s$: a last counterexample early in a range is no evidence for ``true for all large $n$''.",
			report.TeXText(f.Path), grp(f.Last))
	}
	return "So the conjecture is false as stated; it holds on the part of the range after its last counterexample, which these data do not extend to all large $n$."
}
