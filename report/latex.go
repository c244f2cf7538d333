package report

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// tex builds one LaTeX table: a booktabs tabular with no vertical rules,
// numbers in math mode with thousands separators, and no caption (the
// paper that \input's it has its own). Every .tex table is built by it,
// as every Markdown file is built by doc.
type tex struct {
	bytes.Buffer
	cols int
	sep  string // \tabcolsep in a group of the table's own, or ""
}

// newTex starts a table: comment lines saying what it is and who made it,
// then \begin{tabular}{spec} and \toprule. cols is the number of columns.
func newTex(cols int, spec string, about ...string) *tex {
	return newTexSep(cols, spec, "", about...)
}

// newTexSep is newTex with the space between columns set to sep (as
// \tabcolsep, "4pt") for a wide table, inside a group of its own.
func newTexSep(cols int, spec, sep string, about ...string) *tex {
	t := &tex{cols: cols, sep: sep}
	for _, l := range about {
		t.WriteString("% " + l + "\n")
	}
	t.WriteString("% A booktabs tabular (\\usepackage{booktabs}), without a caption: \\input it inside the\n")
	t.WriteString("% paper's own table environment. Generated; do not edit by hand.\n")
	if sep != "" {
		fmt.Fprintf(&t.Buffer, "{\\setlength{\\tabcolsep}{%s}%%\n", sep)
	}
	fmt.Fprintf(&t.Buffer, "\\begin{tabular}{%s}\n\\toprule\n", spec)
	return t
}

// row writes one row; it panics (a programmer's mistake) on a wrong
// number of cells.
func (t *tex) row(cells ...string) {
	if len(cells) != t.cols {
		panic(fmt.Sprintf("report: a row of %d cells in a table of %d columns", len(cells), t.cols))
	}
	t.WriteString(strings.Join(cells, " & ") + " \\\\\n")
}

// line writes one line as it is (a \multicolumn row, a \cmidrule).
func (t *tex) line(s string) { t.WriteString(s + "\n") }

func (t *tex) midrule() { t.WriteString("\\midrule\n") }

// space is booktabs' \addlinespace, between groups of rows.
func (t *tex) space() { t.WriteString("\\addlinespace\n") }

// end closes the table and returns it.
func (t *tex) end() []byte {
	t.WriteString("\\bottomrule\n\\end{tabular}\n")
	t.close()
	return t.Bytes()
}

// withNotes closes the table and returns it with its notes: a sentence or
// two that the paper's caption can \input (NAME_notes.tex), since the
// caption, and so what the marks in the table mean, is left to the paper.
func (t *tex) withNotes(notes string) (tab, note []byte) {
	return t.end(), []byte("% Notes to the table beside this file, for the paper's caption. Generated; do not edit by hand.\n" + notes + "\n")
}

// close ends the group that newTexSep opened.
func (t *tex) close() {
	if t.sep != "" {
		t.WriteString("}%\n")
	}
}

// texGroup writes x for math mode with thousands separators: 48{,}702.
func texGroup(x int64) string { return strings.ReplaceAll(group(x), ",", "{,}") }

// texBound is x for math mode, as a power of ten where it is one (10^{6}),
// else as texGroup writes it: for the ends of ranges.
func texBound(x int64) string {
	if x >= 10000 {
		k, y := 0, x
		for y%10 == 0 {
			y /= 10
			k++
		}
		if y == 1 {
			return fmt.Sprintf("10^{%d}", k)
		}
	}
	return texGroup(x)
}

// texInt is x in math mode: $48{,}702$, $-3$.
func texInt(x int64) string { return "$" + texGroup(x) + "$" }

// texFloat is x with prec decimals in math mode, with a true minus sign.
func texFloat(x float64, prec int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "--"
	}
	return "$" + strconv.FormatFloat(x, 'f', prec, 64) + "$"
}

// texRat is a multiplier p/q in math mode: $5/2$, $3$.
func texRat(a string) string { return "$" + a + "$" }

// texText escapes text for LaTeX's text mode.
func texText(s string) string {
	r := strings.NewReplacer(`\`, `\textbackslash{}`, `&`, `\&`, `%`, `\%`, `$`, `\$`, `#`, `\#`, `_`, `\_`,
		`{`, `\{`, `}`, `\}`, `~`, `\textasciitilde{}`, `^`, `\textasciicircum{}`, `<=`, `$\le$`, `>=`, `$\ge$`,
		`<`, `$<$`, `>`, `$>$`) // < and > in text mode print as ¡ and ¿ in the OT1 fonts
	return r.Replace(s)
}

// TeXGroup, TeXInt and TeXText are the number and
// text formats of the LaTeX tables, for other writers of LaTeX (the note
// of package paper), so that a number reads the same in a table and in
// the text.
func TeXGroup(x int64) string { return texGroup(x) }
func TeXInt(x int64) string   { return texInt(x) }
func TeXText(s string) string { return texText(s) }
