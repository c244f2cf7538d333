package atlas

import (
	"bytes"
	"strings"
	"testing"

	"fibnim/grundy"
	"fibnim/table"
)

// synthetic is a row with the given slope and, if last > 0, the
// conjecture's analogue failing up to n = last (of a range of 1000).
func synthetic(a string, alpha, rms float64, last int64) table.AtlasRow {
	m, _ := grundy.ParseMultiplier(a)
	r := newRow(m, 1500)
	r.Alpha, r.RMS, r.StepTop = alpha, rms, 1000
	for _, c := range r.Checks() {
		*c.Status = "holds"
	}
	r.StepDiffs, r.StepCounts = []int64{1, 2}, []int64{600, 400}
	if last > 0 {
		r.UpperStatus, r.UpperFailures, r.UpperLastN, r.StepLastOutside = "fails", 7, last, last
		r.StepDiffs, r.StepCounts = []int64{1, 2, 3}, []int64{600, 393, 7}
	}
	return r
}

// The reading says what the rows hold, and changes when they do: every
// sentence is computed.
func TestReportReading(t *testing.T) {
	rows := []table.AtlasRow{
		synthetic("1", 40, 8, 990),
		synthetic("3/2", 2.9, 0.3, 0),
		synthetic("2", 4, 0.4, 50),
		synthetic("3", 5, 0.3, 0),
		synthetic("4", 5.5, 0.3, 0),
		synthetic("5", 6.5, 0.3, 0),
	}
	list, _ := ParseList("1,3/2,2..5")
	plan := NewPlan("1,3/2,2..5", list, 1500)
	md := string(Report(plan, rows))
	for _, want := range []string{
		"# The multiplier atlas: 6 multipliers, N = 1,500",
		"FT-P-positions(a) holds for all 6 multipliers",
		"fails for 2 of the 6 multipliers: a = 1 (7 n, last 990), 2 (7 n, last 50).",
		"It holds for every multiplier above a = 2 (the 3 from a = 3 to a = 5)",
		"the verdict changes 3 times: it fails at a = 1; holds at a = 3/2; fails at a = 2; holds for a = 3 .. 5 (3 multipliers).",
		"every failure lies in the first tenth of the range: a = 2 (last 50 of 1,000)",
		"For the other 1 failing multipliers",
		"takes values from 1 (first at a = 1) to 3 (first at a = 1)",
		"The log fit is poor (RMS more than 3 times the median 0.300) for a = 1 (alpha = 40.00, RMS 8.00)",
		"ranges from 2.9000 (a = 3/2) to 6.5000 (a = 5)",
		"At a = 2 (Fibonacci nim) alpha = 4.0000",
		"1 of the 5 multipliers with a good fit grow more slowly",
		"Alpha increases with a throughout.",
		"| 2 | 0 | 4.0000 | 0.0000 | 0.400 | ok | ok | ok | ok | 7 | 50 | 1: 600, 2: 393, 3: 7 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the report lacks %q:\n%s", want, md)
		}
	}
	// A failing check and a drop in alpha change the reading.
	rows[3].SchwenkStatus, rows[3].SchwenkFailures = "fails", 12
	rows[4].Alpha = 4.5
	md = string(Report(plan, rows))
	for _, want := range []string{"SCHWENK-strategy(a) fails for 1 of the 6 multipliers: a = 3 (12 failures).", "decreases at 1 of the 4 steps", "(3 -> 4)"} {
		if !strings.Contains(md, want) {
			t.Errorf("after the changes the report lacks %q:\n%s", want, md)
		}
	}
	if !bytes.Equal(Report(plan, rows), Report(plan, rows)) {
		t.Error("the report is not reproducible")
	}
}
