package atlas

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fibnim/grundy"
)

// synthetic is a row with the given slope and, if last > 0, the
// conjecture's analogue failing up to n = last (of a range of 1000).
func synthetic(a string, alpha, rms float64, last int64) AtlasRow {
	m, _ := grundy.ParseMultiplier(a)
	r := newRow(m, 1500)
	r.Alpha, r.RMS, r.StepTop = alpha, rms, 1000
	for i := range r.Checks {
		r.Checks[i].Status = "holds"
	}
	r.StepDiffs, r.StepCounts = []int64{1, 2}, []int64{600, 400}
	if last > 0 {
		up := r.Check(IDUpper)
		up.Status, up.Failures, up.FirstN, up.LastN, r.StepLastOutside = "fails", 7, 3, last, last
		r.StepDiffs, r.StepCounts = []int64{1, 2, 3}, []int64{600, 393, 7}
	}
	return r
}

// verdicts are the cells a synthetic row's statements have in the
// report's table, in the registry's order, whatever statements it holds:
// upper for LRS-conj-upper, ok for every other.
func verdicts(r AtlasRow, upper string) string {
	var cells []string
	for _, c := range r.Checks {
		if c.ID == IDUpper {
			cells = append(cells, upper)
		} else {
			cells = append(cells, "ok")
		}
	}
	return strings.Join(cells, " | ")
}

// The reading says what the rows hold, and changes when they do: every
// sentence is computed.
func TestReportReading(t *testing.T) {
	rows := []AtlasRow{
		synthetic("1", 40, 8, 990),
		synthetic("3/2", 2.9, 0.3, 0),
		synthetic("2", 4, 0.4, 50),
		synthetic("3", 5, 0.3, 0),
		synthetic("4", 5.5, 0.3, 0),
		synthetic("5", 6.5, 0.3, 0),
	}
	list, _ := ParseList("1,3/2,2..5")
	plan := NewPlan("1,3/2,2..5", list, 1500)
	md := string(Report(plan, rows, nil, nil))
	for _, want := range []string{
		"# The multiplier atlas: 6 multipliers, N = 1,500",
		"FT-P-positions(a) holds for all 6 multipliers",
		"fails for 2 of the 6 multipliers: a = 1 (7 n, last 990), 2 (7 n, last 50).",
		"It holds for every sampled multiplier above a = 2: the 3 sampled of the list `1,3/2,2..5` from a = 3 to a = 5, each on n + ceil(n/a) <= 1,500.",
		"the verdict changes 3 times: it fails at a = 1; holds at a = 3/2; fails at a = 2; holds for a = 3 .. 5 (3 multipliers).",
		"every failure lies in the first tenth of the range: a = 2 (last 50 of 1,000)",
		"For the other 1 failing multipliers",
		"takes values from 1 (first at a = 1) to 3 (first at a = 1)",
		"The log fit is poor (RMS more than 3 times the median 0.300) for a = 1 (alpha = 40.00, RMS 8.00)",
		"ranges from 2.9000 (a = 3/2) to 6.5000 (a = 5)",
		"At a = 2 (Fibonacci nim) alpha = 4.0000",
		"1 of the 5 multipliers with a good fit grow more slowly",
		"Alpha increases with a throughout.",
		"| 2 | 0 | 4.0000 | 0.0000 | 0.400 | " + verdicts(rows[2], "7") + " | 50 | 1: 600, 2: 393, 3: 7 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the report lacks %q:\n%s", want, md)
		}
	}
	// A failing check and a drop in alpha change the reading.
	sc := rows[3].Check("SCHWENK-strategy")
	sc.Status, sc.Failures = "fails", 12
	rows[4].Alpha = 4.5
	md = string(Report(plan, rows, nil, nil))
	for _, want := range []string{"SCHWENK-strategy(a) fails for 1 of the 6 multipliers: a = 3 (12 failures).", "decreases at 1 of the 4 steps", "(3 -> 4)"} {
		if !strings.Contains(md, want) {
			t.Errorf("after the changes the report lacks %q:\n%s", want, md)
		}
	}
	if !bytes.Equal(Report(plan, rows, nil, nil), Report(plan, rows, nil, nil)) {
		t.Error("the report is not reproducible")
	}
}

// The multipliers whose failures all lie in the first tenth of the range
// are no candidates for "true for all large n" once a larger table fails
// past the range (issue 33, T7): the report and the findings say so, with
// the frontier's file and its last failure, and call nothing a candidate.
func TestReportEarlyFailuresFollowTheFrontier(t *testing.T) {
	rows := []AtlasRow{synthetic("3/2", 2.9, 0.3, 0), synthetic("2", 4, 0.4, 50), synthetic("3", 5, 0.3, 0)}
	list, _ := ParseList("3/2,2,3")
	plan := NewPlan("3/2,2,3", list, 1500)
	further := []Further{{Mult: "2", ID: "LRS-conj-upper", Path: "results/frontier/mult=2/checks.json", Last: 5000, N: 9000}}
	want := "A last failure early in a range is no evidence that the analogue holds for all large n: at a = 2 the frontier table (results/frontier/mult=2/checks.json) finds failures of LRS-conj-upper up to n = 5,000, past this range."
	md := string(Report(plan, rows, nil, further))
	f := strings.Join(Findings(rows, plan.List, nil, further), "\n")
	for _, text := range []string{md, f} {
		if !strings.Contains(text, "every failure lies in the first tenth of the range: a = 2 (last 50 of 1,000)") || !strings.Contains(text, want) {
			t.Errorf("the text lacks the frontier's failures past the range (%q):\n%s", want, text)
		}
		if strings.Contains(text, "candidate") {
			t.Errorf("the text calls a multiplier a candidate:\n%s", text)
		}
	}
	// A frontier whose failures stay inside the range adds nothing.
	further[0].Last = 40
	if md := string(Report(plan, rows, nil, further)); strings.Contains(md, "frontier") {
		t.Errorf("a frontier failure inside the range is reported as past it:\n%s", md)
	}
}

// The conjecture "the analogue holds for every a > 3" is tested on every
// sampled a > 3, and a failure at one of them is reported.
func TestReportAboveThree(t *testing.T) {
	rows := []AtlasRow{synthetic("3", 5, 0.3, 40), synthetic("7/2", 5.2, 0.3, 0), synthetic("4", 5.5, 0.3, 0), synthetic("5", 6.5, 0.3, 0)}
	list, _ := ParseList("3,7/2,4,5")
	plan := NewPlan("3,7/2,4,5", list, 1500)
	want := `The conjecture "the analogue holds for every a > 3", tested on all 3 sampled a > 3 (a = 7/2 to 5), each on n + ceil(n/a) <= 1,500: no counterexample.`
	if md := string(Report(plan, rows, nil, nil)); !strings.Contains(md, want) {
		t.Errorf("the report lacks %q:\n%s", want, md)
	}
	rows[2] = synthetic("4", 5.5, 0.3, 800)
	want = `tested on all 3 sampled a > 3 (a = 7/2 to 5), each on n + ceil(n/a) <= 1,500: it fails for 1 of them: a = 4 (7 n, the smallest 3, the largest 800, none on (800, 1,000]).`
	if md := string(Report(plan, rows, nil, nil)); !strings.Contains(md, want) {
		t.Errorf("with a failure at a = 4 the report lacks %q:\n%s", want, md)
	}
	if f := strings.Join(Findings(rows, "", nil, nil), "\n"); !strings.Contains(f, want) {
		t.Errorf("with a failure at a = 4 the findings lack %q:\n%s", want, f)
	}
}

// grown is row r as an atlas at 10 times its N would have it: the same
// h(g) below r's N, alpha moved by dAlpha, and extra failures of the
// analogue past the earlier range, the last at last (none if extra = 0).
func grown(r AtlasRow, dAlpha float64, extra, last int64) AtlasRow {
	g := r.Clone()
	g.N, g.StepTop = 10*r.N, 10*r.StepTop
	g.H = append(append([]int64(nil), r.H...), 10*r.N-1)
	g.Alpha += dAlpha
	if extra > 0 {
		up := g.Check(IDUpper)
		up.Status, up.Failures, g.StepLastOutside = "fails", r.Check(IDUpper).Failures+extra, last
	}
	return g
}

// The section on what changed since an earlier atlas: failures past the
// earlier range, failures that stayed early, alpha's moves, the list of
// changed verdicts; and a disagreement of the two atlases on h(g) is
// caught.
func TestChanges(t *testing.T) {
	prev := []AtlasRow{
		synthetic("2", 4, 0.4, 50),
		synthetic("5/2", 4.2, 0.4, 60),
		synthetic("3", 5, 0.3, 0),
		synthetic("4", 5.5, 0.3, 0),
	}
	for i := range prev {
		prev[i].H = []int64{0, 1, 3, 100}
	}
	cur := []AtlasRow{
		grown(prev[0], 0.1, 0, 0),
		grown(prev[1], -0.2, 5, 9000),
		grown(prev[2], 0.05, 3, 2000),
		grown(prev[3], 0.01, 0, 0),
		grown(synthetic("5", 6.5, 0.3, 0), 0, 0, 0),
	}
	cur[4].H = []int64{0, 1, 3, 100, 14999}
	lines := strings.Join(Changes(Earlier{File: "atlas-small.parquet", Rows: prev}, cur), "\n")
	for _, want := range []string{
		"## What changed from N = 1,500 to N = 15,000",
		"Compared with atlas-small.parquet (4 multipliers, N = 1,500), row by row: the 4 multipliers in both atlases. The 1 multipliers new here",
		"The two atlases agree: for all 4 multipliers",
		"for 2 of the 4 multipliers: a = 5/2 (5 new, the last at 9,000; at N = 1,500 last failure 60); 3 (3 new, the last at 2,000; at N = 1,500 it held).",
		"The verdict changed from holds to fails for 1 multipliers: a = 3.",
		"For 1 of the 2 multipliers that failed at N = 1,500 no failure appeared past it: a = 2 (last 50).",
		"Of the 2 multipliers whose failures all lay in the first tenth of the range at N = 1,500, 1 stayed failure-free past it (a = 2; each one's last failure now lies within the first 0.50% of its range), and 1 failed again past it: a = 5/2 (last 60, now 9,000).",
		"The verdict or the last failure changed for 2 multipliers: a = 5/2 (last 60 -> last 9,000), 3 (holds -> last 2,000).",
		"alpha rose for 3 multipliers and fell for 1",
		"the largest rise +0.1000 (a = 2, 4.0000 -> 4.1000), the largest fall -0.2000 (a = 5/2, 4.2000 -> 4.0000)",
		"| 5/2 | 4.2000 | 4.0000 | -0.2000 | 0.400 | 0.400 | 7 | 12 | 60 | 9,000 |",
	} {
		if !strings.Contains(lines, want) {
			t.Errorf("the section lacks %q:\n%s", want, lines)
		}
	}
	short := ChangeFindings(Earlier{File: "atlas-small.parquet", Rows: prev}, cur)
	if want := "Against the atlas at N = 1,500 (atlas-small.parquet, 4 multipliers in both): failures of the analogue appeared past 1,500 for 2 of them; of the 2 whose failures all lay in the first tenth at N = 1,500, 1 stayed failure-free and 1 failed again: a = 5/2 (last 60, now 9,000)."; short != want {
		t.Errorf("ChangeFindings:\n got %s\nwant %s", short, want)
	}
	// Corrupt h(g) below the earlier N in one row of the new atlas.
	cur[3].H = append([]int64(nil), cur[3].H...)
	cur[3].H[2] = 4
	lines = strings.Join(Changes(Earlier{File: "atlas-small.parquet", Rows: prev}, cur), "\n")
	if want := "The two atlases DISAGREE on h(g) below N = 1,500 for 1 of the 4 multipliers: a = 4."; !strings.Contains(lines, want) {
		t.Errorf("a changed h(2) at a = 4: the section lacks %q:\n%s", want, lines)
	}
	if short := ChangeFindings(Earlier{File: "x", Rows: prev}, cur); !strings.Contains(short, "DISAGREE on h(g) below N = 1,500 for a = 4") {
		t.Errorf("a changed h(2) at a = 4: the short form says %s", short)
	}
	// A value reached below the earlier N that the earlier atlas did not see.
	cur[3].H = []int64{0, 1, 3, 100, 1499}
	if lines = strings.Join(Changes(Earlier{File: "x", Rows: prev}, cur), "\n"); !strings.Contains(lines, "DISAGREE") {
		t.Errorf("h(4) = 1,499 below the earlier N was not caught:\n%s", lines)
	}
	if Changes(Earlier{}, cur) != nil {
		t.Error("no earlier rows gave a section")
	}
}

// The committed report is what results/atlas.parquet (and the earlier
// atlas it names) gives: no number in it is typed by hand.
func TestCommittedReport(t *testing.T) {
	root := filepath.Join("..", "results")
	got, err := Regenerate(root)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(root, "tables", ReportFile))
	if err != nil {
		t.Fatal(err)
	}
	if *updateReport {
		if err := os.WriteFile(filepath.Join(root, "tables", ReportFile), got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(got, want) {
		os.WriteFile(filepath.Join(root, "tables", ReportFile+".got"), got, 0o644)
		t.Errorf("results/tables/atlas.md differs from what results/atlas.parquet gives (atlas.md.got has it): go test ./atlas -run TestCommittedReport -update writes it from the committed atlas (Regenerate), or run compute atlas -merge again (with -since for the earlier atlas); commit the result")
	}
}

// updateReport rewrites results/tables/atlas.md from the committed atlas
// (Regenerate): the path by which a change of the report's texts reaches
// the committed file.
var updateReport = flag.Bool("update", false, "rewrite results/tables/atlas.md from results/atlas.parquet (Regenerate)")

// No case, no verdict (issue 33, T2): a check that was not run for a
// multiplier (no case in its domain) is not counted as holding there, in
// the report and in the findings.
func TestReportCountsNotRun(t *testing.T) {
	rows := []AtlasRow{synthetic("3/2", 2.9, 0.3, 0), synthetic("2", 4, 0.4, 0), synthetic("3", 5, 0.3, 0)}
	l52 := rows[1].Check("LRS-5.2")
	l52.Status, l52.Cases = "not run", 0
	list, _ := ParseList("3/2,2,3")
	plan := NewPlan("3/2,2,3", list, 1500)
	md := string(Report(plan, rows, nil, nil))
	if want := "LRS-5.2(a) holds for 2 of the 3 multipliers on the whole range. It was not run (no case in its domain) for a = 2."; !strings.Contains(md, want) {
		t.Errorf("the report lacks %q:\n%s", want, md)
	}
	f := strings.Join(Findings(rows, plan.List, nil, nil), "\n")
	if want := "LRS-5.2(a) holds for 2 of them and was not run for a = 2"; !strings.Contains(f, want) || strings.Contains(f, "LRS-5.2(a), ") {
		t.Errorf("the findings lack %q:\n%s", want, f)
	}
}
