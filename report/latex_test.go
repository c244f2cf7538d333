package report

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fibnim/atlas"
	"fibnim/conjectures"
	"fibnim/grundy"
	latex "fibnim/internal/tex"
	"fibnim/ntimes"
)

func TestTexNumbers(t *testing.T) {
	for _, c := range []struct {
		x          int64
		int, bound string
	}{{0, "$0$", "0"}, {471, "$471$", "471"}, {48702, "$48{,}702$", "48{,}702"}, {-3578, "$-3{,}578$", "-3{,}578"},
		{1000000, "$1{,}000{,}000$", "10^{6}"}, {666666, "$666{,}666$", "666{,}666"}, {1000, "$1{,}000$", "1{,}000"}} {
		if got := texInt(c.x); got != c.int {
			t.Errorf("texInt(%d) = %q, want %q", c.x, got, c.int)
		}
		if got := texBound(c.x); got != c.bound {
			t.Errorf("texBound(%d) = %q, want %q", c.x, got, c.bound)
		}
	}
	if got := texText(`a_1 & 50% <= {x} < y`); got != `a\_1 \& 50\% $\le$ \{x\} $<$ y` {
		t.Errorf("texText: %q", got)
	}
}

// sampleResults are checks as Verify returns them: one that fails with
// statistics by decade, one with h(g), and the statements put for a = 2.
func sampleResults() []conjectures.Result {
	cx := func(n int64) conjectures.Counterexample {
		return conjectures.Counterexample{N: n, Computed: fmt.Sprintf("G(%d) = 18, G(%d) = 21", n, n*3/2+1), Predicted: "<= 20"}
	}
	upper := conjectures.Result{ID: IDs.ConjUpper, Status: conjectures.Fails, Domain: conjectures.Domain{From: 1, To: 666666, Cells: "every n"},
		Cases: 666666, Failures: 48702, Counterexamples: []conjectures.Counterexample{cx(471), cx(472)}, FailureFree: "every n in (337,194, 666,666]",
		Stats: map[string]any{"by_decade": []map[string]int64{
			{"decade": 2, "difference": 1, "count": 136, "first_n": 104, "last_n": 841},
			{"decade": 2, "difference": 3, "count": 71, "first_n": 471, "last_n": 605},
			{"decade": 5, "difference": 2, "count": 247748, "first_n": 100000, "last_n": 666666}}}}
	large := cx(337194)
	upper.Largest = &large
	lower := conjectures.Result{ID: IDs.ConjLower, Status: conjectures.Holds, Domain: conjectures.Domain{From: 1, To: 666666}, Cases: 666666,
		Counterexamples: []conjectures.Counterexample{}, Stats: map[string]any{"h": []int64{0, 1, 2, 3, 5, 8, 12, 16, 22}}}
	res := []conjectures.Result{upper, lower}
	for _, b := range IDs.MultBases {
		r := conjectures.Result{ID: MultID(b, "2"), Mult: "2", Status: conjectures.Holds, Domain: conjectures.Domain{From: 1, To: 1000000}, Cases: 1000000}
		if b == IDs.ConjUpper {
			r.Status, r.Failures, r.Counterexamples, r.Largest = conjectures.Fails, 48702, upper.Counterexamples, upper.Largest
		}
		res = append(res, r)
	}
	return res
}

// sampleCRows are c_table rows for a = 2..14 that differ from the print
// where the computation does: U by one in every row, c(14).
func sampleCRows() []ntimes.CRow {
	var rows []ntimes.CRow
	for _, p := range conjectures.FTTable1Printed {
		c := p.C
		if p.A == 14 {
			c--
		}
		rows = append(rows, ntimes.CRow{Multiplier: fmt.Sprint(p.A), ANum: int64(p.A), ADen: 1, L: int32(p.L), C: int32(c), U: int32(p.U + 1),
			ALogA: int32(p.ALogA), Proved: true, ProvedFrom: int64(7 * p.A)})
	}
	return rows
}

// allTeX is every LaTeX table and notes file the package writes, from
// small inputs.
func allTeX(t *testing.T) []File {
	tab, err := grundy.Dense(20, grundy.Fibonacci, 1)
	if err != nil {
		t.Fatal(err)
	}
	files := []File{{Name: "lrs_table1.tex", Data: LRSTable1TeX(tab)}}
	real := []ntimes.RealRow{{Lo: "1", Hi: "2", C: 0, Proved: true, ProvedFrom: 2}, {Lo: "2", Hi: "5/2", C: 1, Proved: true, ProvedFrom: 4},
		{Lo: "5/2", Hi: "3", C: 2}}
	files = append(files, FTTeXFiles(sampleCRows(), real)...)
	rows, _, err := atlas.Read("../results/atlas.parquet")
	if err != nil {
		t.Fatal(err)
	}
	atlas, notes := AtlasTeX(rows)
	files = append(files, File{Name: "atlas.tex", Data: atlas}, File{Name: "atlas_notes.tex", Data: notes})
	return append(files, CheckTables(sampleResults())...)
}

func TestCheckTablesContent(t *testing.T) {
	byName := map[string]string{}
	for _, f := range CheckTables(sampleResults()) {
		byName[f.Name] = string(f.Data)
	}
	for name, wants := range map[string][]string{
		"verification.tex":             {`\textbf{fails} & $48{,}702$ & $n = 471$ to $337{,}194$ & $(337{,}194,\ 666{,}666]$`, `$1$--$666{,}666$ & $666{,}666$ & holds`},
		"verification_multipliers.tex": {`$2$ & $1{,}000{,}000$ & holds & holds & holds & holds & $48{,}702$: $n = 471$ to $337{,}194$`},
		"conjecture_decades.tex":       {`$[10^{2}, 10^{3})$ & $1$ & $136$`, `& $\mathbf{3}$ & $71$ & $471$ & $605$`, `$[10^{5}, 666{,}666]$ & $2$`},
		"first_occurrence.tex":         {`$g$ & $h(g)$ & $g$ & $h(g)$`, `$0$ & $0$ & $3$ & $3$ & $6$ & $12$ &  &  \\`, `$2$ & $2$ & $5$ & $8$ & $8$ & $22$`},
	} {
		for _, w := range wants {
			if !strings.Contains(byName[name], w) {
				t.Errorf("%s lacks %q:\n%s", name, w, byName[name])
			}
		}
	}
	// A statement put for a is not the paper's statement of the same name.
	if strings.Contains(byName["verification.tex"], `n/a`) || !strings.Contains(byName["verification_multipliers_notes.tex"], `(v) $G(n+\lceil n/a\rceil)\le G(n)+2$`) {
		t.Errorf("the statements put for a are mixed with the papers' own")
	}
	ft, notes := FTTable1TeX(sampleCRows())
	for _, w := range []string{`$14$ & $35$ & $35$ & $36$ & $\mathbf{37}$ & $39$ & $\mathbf{38}$`, `printed$^\dagger$`} {
		if !bytes.Contains(ft, []byte(w)) {
			t.Errorf("ft_table1.tex lacks %q:\n%s", w, ft)
		}
	}
	if !bytes.Contains(notes, []byte(`$c(14)=36$ is proved`)) || !bytes.Contains(notes, []byte(`the floor where`)) {
		t.Errorf("ft_table1_notes.tex: %s", notes)
	}
}

// TestRowWidth: a row with the wrong number of cells is a programmer's
// mistake, caught at once.
func TestRowWidth(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a row of 2 cells in a table of 3 columns was accepted")
		}
	}()
	newTex(3, "lll").row("a", "b")
}

// TestTeXCompiles compiles every table the package writes, each in a
// document with 6.5 in text width at \footnotesize, with its notes under
// the caption, and reads the PDF back: pdflatex must accept it, no table
// may be wider than the text, and the numbers must read as typeset.
// Without pdflatex it is skipped, unless FIBNIM_NEED_TEX is set (make
// test sets it after scripts/tex.sh).
func TestTeXCompiles(t *testing.T) {
	needTeX(t)
	dir := t.TempDir()
	files := allTeX(t)
	// The atlas table must show the last failure of its first failing a
	// past a = 1 (from the committed atlas, not typed here).
	var atlasWant string
	if rows, _, err := atlas.Read("../results/atlas.parquet"); err == nil {
		for _, r := range rows[1:] {
			if r.StepLastOutside >= 1 {
				atlasWant = group(r.StepLastOutside)
				break
			}
		}
	}
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range files {
		name, ok := strings.CutSuffix(f.Name, ".tex")
		if !ok || strings.HasSuffix(name, "_notes") {
			continue
		}
		notes := ""
		if _, err := os.Stat(filepath.Join(dir, name+"_notes.tex")); err == nil {
			notes = "\\par\\input{" + name + "_notes.tex}"
		}
		doc := "\\documentclass{article}\n\\usepackage[margin=1in,letterpaper]{geometry}\n\\usepackage{booktabs,amsmath,amssymb}\n" +
			"\\begin{document}\n\\begin{table}\\centering\\footnotesize\n\\input{" + f.Name + "}\n\\caption{A table.}" + notes + "\n\\end{table}\n\\end{document}\n"
		src := "doc_" + name + ".tex"
		if err := os.WriteFile(filepath.Join(dir, src), []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := latex.Compile(context.Background(), dir, src, 1); err != nil {
			t.Errorf("%s: %v", f.Name, err)
			continue
		}
		log, _ := os.ReadFile(filepath.Join(dir, "doc_"+name+".log"))
		if bytes.Contains(log, []byte("Overfull \\hbox")) {
			t.Errorf("%s is wider than a 6.5 in text at \\footnotesize:\n%s", f.Name, log[bytes.Index(log, []byte("Overfull")):][:80])
		}
		text, err := latex.Text(context.Background(), filepath.Join(dir, "doc_"+name+".pdf"))
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"atlas": atlasWant, "verification": "48,702", "conjecture_decades": "247,748", "lrs_table1": "20", "ft_table1": "37", "first_occurrence": "22"}[name]
		if want != "" && !strings.Contains(text, want) {
			t.Errorf("%s: the PDF's text lacks %q:\n%s", f.Name, want, text)
		}
	}
}

func needTeX(t *testing.T) {
	t.Helper()
	if err := latex.Available(); err != nil {
		if os.Getenv("FIBNIM_NEED_TEX") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
}

func TestIDs(t *testing.T) {
	id := MultID(IDs.ConjUpper, "5/2")
	if BaseID(id) != IDs.ConjUpper || MultOf(id) != "5/2" || MultOf(IDs.ConjUpper) != "" || BaseID(IDs.ConjUpper) != IDs.ConjUpper {
		t.Errorf("MultID %q: base %q, multiplier %q", id, BaseID(id), MultOf(id))
	}
}

// An atlas too long for a page lists only the multipliers where a
// statement fails, and its notes count the others; one where a statement
// fails at a multiplier that was quiet shows it.
func TestAtlasTeXLongAtlas(t *testing.T) {
	rows, _, err := atlas.Read("../results/atlas.parquet")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) <= atlasBlocks*atlasPageRows {
		t.Skip("the committed atlas fits on a page")
	}
	tab, notes := AtlasTeX(rows)
	var quiet atlas.AtlasRow
	for _, r := range rows {
		if r.StepLastOutside < 1 {
			quiet = r
		}
	}
	if bytes.Contains(tab, []byte(texRat(quiet.Multiplier)+" &")) || !bytes.Contains(notes, []byte("multipliers $a$ listed,")) {
		t.Fatalf("a = %s, where every statement holds, is listed, or the notes do not say what is left out:\n%s", quiet.Multiplier, notes)
	}
	for i := range rows {
		if rows[i].Multiplier == quiet.Multiplier {
			rows[i] = rows[i].Clone()
			l52 := rows[i].Check("LRS-5.2")
			l52.Status, l52.Failures = conjectures.Fails, 1
		}
	}
	tab, _ = AtlasTeX(rows)
	if !bytes.Contains(tab, []byte(texRat(quiet.Multiplier)+"$^*$")) {
		t.Errorf("a = %s with LRS-5.2(a) failing is not listed with its mark", quiet.Multiplier)
	}
}
