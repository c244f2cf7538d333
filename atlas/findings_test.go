package atlas

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// Findings counts what the rows hold: the failing multipliers of the
// conjecture's analogue, those failing only in the first tenth, and a
// statement that fails somewhere is not said to hold for all.
func TestFindingsCountTheRows(t *testing.T) {
	rows, _, err := Read(filepath.Join("..", "results", ParquetFile))
	if err != nil {
		t.Fatal(err)
	}
	fail, early := 0, 0
	for _, r := range rows {
		if r.Status == Complete && r.StepLastOutside >= 1 {
			fail++
			if r.StepLastOutside <= r.StepTop/10 {
				early++
			}
		}
	}
	text := strings.Join(Findings(rows, "", nil, nil), "\n")
	for _, want := range []string{
		fmt.Sprintf("fails for %d of the %d multipliers", fail, len(rows)),
		fmt.Sprintf("For %d of the %d failing multipliers", early, fail),
		fmt.Sprintf("hold for all %d multipliers", len(rows)),
	} {
		if !strings.Contains(text, want) {
			t.Errorf("findings lack %q:\n%s", want, text)
		}
	}

	// Corrupt: SCHWENK fails at one multiplier, which must then be said.
	bad := append([]AtlasRow(nil), rows...)
	bad[5] = bad[5].Clone()
	bad[5].Check("SCHWENK-strategy").Failures = 3
	text = strings.Join(Findings(bad, "", nil, nil), "\n")
	if !strings.Contains(text, "SCHWENK-strategy(a) fails for 1 of them") || strings.Contains(text, "SCHWENK-strategy(a), LRS") {
		t.Errorf("a failing SCHWENK row is not reported:\n%s", text)
	}
	if got := Findings(nil, "", nil, nil); len(got) != 1 || !strings.Contains(got[0], "No multiplier") {
		t.Errorf("Findings(nil) = %q", got)
	}
}
