package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fibnim/conjectures"
	"fibnim/internal/parquetfile"
	"fibnim/ntimes"
	"fibnim/table"
)

// readChecks reads the results of checks.json under dir by id.
func readChecks(t *testing.T, dir string) map[string]conjectures.Result {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "checks.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Results []conjectures.Result `json:"checks"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	out := map[string]conjectures.Result{}
	for _, r := range doc.Results {
		out[r.ID] = r
	}
	return out
}

// The repro of issue 33 (T1): one cell of c_table.parquet rewritten
// through the project's own Parquet writer, with the file's metadata kept.
// verify judges the recomputation, not the file: FT-table1 keeps the
// disagreements with the print that the untouched folder has, and
// FT-stored fails, naming the file, the multiplier, the column, and the
// stored and recomputed values. At 8772ee7 the first tamper cut
// FT-table1's disagreements by one, the second blamed the paper for the
// file's error, and the third went unnoticed.
func TestVerifyTamperedCTable(t *testing.T) {
	if testing.Short() {
		t.Skip("solves n-times nim for a = 2..15 four times")
	}
	base := t.TempDir()
	if _, err := runArgs(t, "ntimes", "-mults", "2..15", "-out", base); err != nil {
		t.Fatal(err)
	}
	if _, err := runArgs(t, "verify", "-in", base); err != nil {
		t.Fatal(err)
	}
	clean := readChecks(t, base)
	if r := clean[conjectures.IDFTStored]; r.Status != conjectures.Holds || r.Cases == 0 {
		t.Fatalf("FT-stored on the untouched folder: %s on %d cases, %+v", r.Status, r.Cases, r.Counterexamples)
	}
	printed := clean[conjectures.IDFTTable1]
	for _, c := range []struct {
		a      int64
		column string
		set    func(*ntimes.CRow) string
	}{
		{2, "U", func(r *ntimes.CRow) string { r.U = 1; return "1" }},
		{7, "L", func(r *ntimes.CRow) string { r.L++; return "13" }},
		{15, "k0", func(r *ntimes.CRow) string { r.K0 = 124; return "124" }},
	} {
		dir := t.TempDir()
		if err := os.CopyFS(dir, os.DirFS(base)); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "ntimes", ntimes.CTableFile)
		rows, meta, err := table.ReadFile[ntimes.CRow](path)
		if err != nil {
			t.Fatal(err)
		}
		stored := ""
		for i := range rows {
			if rows[i].ANum == c.a && rows[i].ADen == 1 {
				stored = c.set(&rows[i])
			}
		}
		if err := parquetfile.WriteFile(path, meta, rows); err != nil {
			t.Fatal(err)
		}
		out, err := runArgs(t, "verify", "-in", dir)
		if err != nil {
			t.Fatal(err)
		}
		got := readChecks(t, dir)
		ft := got[conjectures.IDFTTable1]
		if ft.Failures != printed.Failures || ft.Cases != printed.Cases {
			t.Errorf("a = %d, %s tampered: FT-table1 fails %d of %d cases, untouched %d of %d", c.a, c.column, ft.Failures, ft.Cases, printed.Failures, printed.Cases)
		}
		st := got[conjectures.IDFTStored]
		want := "c_table.parquet, a = " + itoa64(c.a) + ", column " + c.column + ": stored " + stored
		if st.Status != conjectures.Fails || st.Failures != 1 || len(st.Counterexamples) != 1 || st.Counterexamples[0].Computed != want {
			t.Errorf("a = %d, %s tampered: FT-stored %s, %d failures, %+v; want one: %q", c.a, c.column, st.Status, st.Failures, st.Counterexamples, want)
		} else if p := st.Counterexamples[0].Predicted; !strings.HasPrefix(p, "recomputed ") || p == "recomputed "+stored {
			t.Errorf("a = %d, %s tampered: recomputed value %q", c.a, c.column, p)
		}
		if !strings.Contains(out, "FT-stored fails") || !strings.Contains(out, want) {
			t.Errorf("a = %d, %s tampered: verify's console does not name the file:\n%s", c.a, c.column, out)
		}
	}
}

func itoa64(x int64) string { b, _ := json.Marshal(x); return string(b) }

// No case, no verdict (issue 33, T2): at N = 1 the closing conjecture's
// halves, Theorem 5.1 and the step of Theorem 5.3 have no n in their
// domains. At 8772ee7 they "held" on 0 cases, and the console counted
// them so; now they are not run, with the reason, and every result that
// holds visited a case.
func TestVerifyNoCaseNoVerdict(t *testing.T) {
	dir := t.TempDir()
	if _, err := runArgs(t, "grundy", "-n", "1", "-out", dir); err != nil {
		t.Fatal(err)
	}
	out, err := runArgs(t, "verify", "-in", dir)
	if err != nil {
		t.Fatal(err)
	}
	got := readChecks(t, dir)
	holds, notRun := 0, 0
	for id, r := range got {
		switch r.Status {
		case conjectures.Holds:
			holds++
			if r.Cases == 0 {
				t.Errorf("%s holds on 0 cases", id)
			}
		case conjectures.NotRun:
			notRun++
			if r.Note == "" {
				t.Errorf("%s is not run without a reason", id)
			}
		}
	}
	for _, id := range []string{"LRS-5.1", "LRS-conj-lower", "LRS-conj-upper", "LRS-5.3-step(a=2)", "LRS-conj-upper(a=2)"} {
		if r := got[id]; r.Status != conjectures.NotRun || !strings.HasPrefix(r.Note, "no case in its domain: every ") {
			t.Errorf("%s at N = 1: %s, note %q", id, r.Status, r.Note)
		}
	}
	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(md), "| 1..0 |") || strings.Contains(string(md), "| holds | 1..1 (every non-Fibonacci") {
		t.Errorf("report.md gives a verdict on no case:\n%s", md)
	}
	want := fmt.Sprintf("%d hold, 0 fail, %d not run", holds, notRun)
	if !strings.Contains(out, want) {
		t.Errorf("console: %q, want %q", out, want)
	}
}
