package report

import (
	"fmt"
	"strings"

	"fibnim/conjectures"
)

// CheckTables renders what Verify found as LaTeX tables, for a results
// folder's tables/: verification.tex (the papers' own checks: statement,
// range, verdict, failures, the smallest and largest counterexample and
// the failure-free stretch), verification_multipliers.tex (the statements
// put for every a, one row per multiplier), conjecture_decades.tex (the
// closing conjecture's difference by decade) and first_occurrence.tex
// (h(g)). A table whose check did not run is left out.
func CheckTables(results []conjectures.Result) []File {
	var files []File
	add := func(name string, tab, notes []byte) {
		if tab != nil {
			files = append(files, File{Name: name + ".tex", Data: tab})
		}
		if notes != nil {
			files = append(files, File{Name: name + "_notes.tex", Data: notes})
		}
	}
	add("verification", verificationTeX(results), nil)
	tab, notes := multipliersTeX(results)
	add("verification_multipliers", tab, notes)
	tab, notes = decadesTeX(results)
	add("conjecture_decades", tab, notes)
	add("first_occurrence", firstOccurrenceTeX(results), nil)
	return files
}

// find returns the result with id, if it ran.
func find(results []conjectures.Result, id string) (conjectures.Result, bool) {
	for _, r := range results {
		if r.ID == id && r.Status != conjectures.NotRun {
			return r, true
		}
	}
	return conjectures.Result{}, false
}

// stat decodes r's statistic key into v (conjectures.Result.Stat); the
// readers validate every statistic first (conjectures.ValidateStats).
func stat(r conjectures.Result, key string, v any) bool {
	ok, err := r.Stat(key, v)
	return ok && err == nil
}

// texCase is a counterexample's index in math mode: $n = 471$, $a = 14$.
func texCase(r conjectures.Result, c conjectures.Counterexample) string {
	ix := r.IndexName()
	if ix == "row" {
		return "row " + texInt(c.N)
	}
	return "$" + ix + " = " + texGroup(c.N) + "$"
}

func texStatement(r conjectures.Result) string {
	if s := texStatement0(r.ID); s != "" {
		return s
	}
	return "\\texttt{" + texText(r.ID) + "}"
}

func verificationTeX(results []conjectures.Result) []byte {
	t := newTexSep(7, "@{}lrrlrll@{}", "3pt",
		"The verification summary: every check of the papers' own statements (a = 2), from `compute verify`.",
		"Range: the indices covered (n, or a, or k); cases: what was checked (cells, piles, terms); counterexamples: the",
		"smallest and the largest; holds on: the stretch after the largest, to the end of the range, on which the statement holds.")
	t.row("statement", "range", "cases", "verdict", "failures", "counterexamples", "holds on")
	t.midrule()
	rows := 0
	for _, r := range results {
		if r.Mult != "" || isGlobal(r.ID) || r.Status == conjectures.NotRun {
			continue
		}
		rows++
		cx, free := "--", "--"
		if len(r.Counterexamples) > 0 {
			cx = texCase(r, r.Counterexamples[0])
			if r.Largest != nil && r.Largest.N != r.Counterexamples[0].N {
				cx += " to " + texInt(r.Largest.N)
			}
		}
		if r.FailureFree != "" && r.Largest != nil {
			free = "$(" + texGroup(r.Largest.N) + ",\\ " + texBound(r.Domain.To) + "]$"
		}
		verdict := r.Status
		if r.Status == conjectures.Fails {
			verdict = "\\textbf{fails}"
		}
		t.row(texStatement(r), "$"+texBound(r.Domain.From)+"$--$"+texBound(r.Domain.To)+"$", texInt(r.Cases), verdict, texInt(r.Failures), cx, free)
	}
	if rows == 0 {
		return nil
	}
	return t.end()
}

func multipliersTeX(results []conjectures.Result) (tab, notes []byte) {
	var mults []string
	byID := map[string]conjectures.Result{}
	for _, r := range results {
		if r.Mult == "" || isGlobal(r.ID) || r.Status == conjectures.NotRun {
			continue
		}
		if !contains(mults, r.Mult) {
			mults = append(mults, r.Mult)
		}
		byID[r.ID] = r
	}
	if len(mults) == 0 {
		return nil, nil
	}
	cols := len(IDs.MultBases) + 2
	t := newTex(cols, "@{}rr"+strings.Repeat("l", len(IDs.MultBases))+"@{}",
		"The statements of the papers put for every multiplier a, from `compute verify` on the tables of each a:",
		"holds, or the number of failures and the smallest and largest counterexample n.")
	head := []string{"$a$", "$N$"}
	var legend []string
	for i, b := range IDs.MultBases {
		head = append(head, "("+roman(i+1)+")")
		legend = append(legend, "("+roman(i+1)+") "+texStatement0(MultID(b, "a")))
	}
	t.row(head...)
	t.midrule()
	for _, a := range mults {
		cells := []string{texRat(a), ""}
		var N int64
		for _, b := range IDs.MultBases {
			r, ok := byID[MultID(b, a)]
			switch {
			case !ok:
				cells = append(cells, "not run")
			case r.Status == conjectures.Holds:
				cells = append(cells, "holds")
			default:
				c := texInt(r.Failures) + ": " + texCase(r, r.Counterexamples[0])
				if r.Largest != nil && r.Largest.N != r.Counterexamples[0].N {
					c += " to " + texInt(r.Largest.N)
				}
				cells = append(cells, c)
			}
			if ok {
				N = max(N, r.Domain.To)
			}
		}
		cells[1] = texInt(N)
		t.row(cells...)
	}
	return t.withNotes("N: the largest pile of the table of $a$. " + strings.Join(legend, "; ") +
		". Each is checked for every $n$ with the pile sizes it names at most $N$; a failing one shows its number of failures, its smallest counterexample and its largest.")
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// decade is one row of the closing conjecture's by_decade statistics.
type decade struct {
	Decade     int   `json:"decade"`
	Difference int   `json:"difference"`
	Count      int64 `json:"count"`
	FirstN     int64 `json:"first_n"`
	LastN      int64 `json:"last_n"`
}

func decadesTeX(results []conjectures.Result) (tab, notes []byte) {
	r, ok := find(results, IDs.ConjUpper)
	var rows []decade
	if !ok || !stat(r, "by_decade", &rows) || len(rows) == 0 {
		return nil, nil
	}
	t := newTex(5, "@{}lrrrr@{}",
		"The closing conjecture of Larsson & Rubinstein-Salzedo by decade: how often G(ceil(3n/2)) - G(n) takes each value,",
		"with the first and the last n, for every n with ceil(3n/2) <= N; from `compute verify`.")
	t.row("$n$", "$G(\\lceil 3n/2\\rceil)-G(n)$", "count", "first $n$", "last $n$")
	t.midrule()
	for i, x := range rows {
		label := ""
		if i == 0 || rows[i-1].Decade != x.Decade {
			if i > 0 {
				t.space()
			}
			hi := fmt.Sprintf("10^{%d})", x.Decade+1)
			if top := pow10(x.Decade+1) - 1; top > r.Domain.To {
				hi = texGroup(r.Domain.To) + "]"
			}
			label = fmt.Sprintf("$[10^{%d}, %s$", x.Decade, hi)
		}
		d := texInt(int64(x.Difference))
		if x.Difference < 1 || x.Difference > 2 {
			d = "$\\mathbf{" + texGroup(int64(x.Difference)) + "}$"
		}
		t.row(label, d, texInt(x.Count), texInt(x.FirstN), texInt(x.LastN))
	}
	return t.withNotes("Bold: a difference outside the conjectured $\\{1, 2\\}$.")
}

func pow10(k int) int64 {
	x := int64(1)
	for range k {
		x *= 10
	}
	return x
}

func firstOccurrenceTeX(results []conjectures.Result) []byte {
	r, ok := find(results, IDs.ConjLower)
	var h []int64
	if !ok || !stat(r, "h", &h) || len(h) == 0 {
		return nil
	}
	const blocks = 4
	per := (len(h) + blocks - 1) / blocks
	spec := "@{}" + strings.Repeat("rr@{\\qquad}", blocks-1) + "rr@{}"
	t := newTex(2*blocks, spec,
		"h(g), the least n with G(n) = g (Larsson & Rubinstein-Salzedo's h; equivalently the least n with some G(n, r) = g),",
		fmt.Sprintf("for g = 0..%d, every value reached by n <= N; from `compute verify`.", len(h)-1))
	var head []string
	for range blocks {
		head = append(head, "$g$", "$h(g)$")
	}
	t.row(head...)
	t.midrule()
	for i := range per {
		var cells []string
		for b := range blocks {
			g := b*per + i
			if g < len(h) {
				cells = append(cells, texInt(int64(g)), texInt(h[g]))
			} else {
				cells = append(cells, "", "")
			}
		}
		t.row(cells...)
	}
	return t.end()
}

// roman is k in lower-case roman numerals, for k < 40.
func roman(k int) string {
	var b strings.Builder
	for _, d := range []struct {
		v int
		s string
	}{{10, "x"}, {9, "ix"}, {5, "v"}, {4, "iv"}, {1, "i"}} {
		for ; k >= d.v; k -= d.v {
			b.WriteString(d.s)
		}
	}
	return b.String()
}

// StatOf decodes r.Stats[key] into v, whether the stats came from Verify
// or from checks.json; false if there is no such statistic.
func StatOf(r conjectures.Result, key string, v any) bool { return stat(r, key, v) }
