package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fibnim/atlas"
)

// The README's findings are what the committed results give: run
// "make readme" (compute readme) after the results change, and commit both.
// A mismatch writes README.md.got beside it.
func TestReadmeFindingsMatchCommittedResults(t *testing.T) {
	findings, err := Findings(filepath.Join("..", "results"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "README.md")
	readme, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Readme(readme, findings)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, readme) {
		os.WriteFile(path+".got", got, 0o644)
		t.Errorf("README.md's findings differ from what results/ gives (README.md.got has it): run make readme and commit README.md")
	}
}

// A result changed in checks.json or a row of the atlas changed shows in
// the findings: they are read, not kept.
func TestFindingsFollowTheResults(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "results")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	js, err := os.ReadFile(filepath.Join("..", "results", ChecksFile))
	if err != nil {
		t.Fatal(err)
	}
	var v map[string][]map[string]any
	if err := json.Unmarshal(js, &v); err != nil {
		t.Fatal(err)
	}
	changed := false
	for _, c := range v["checks"] {
		if c["id"] == "LRS-conj-upper" {
			c["failures"] = 1234567
			changed = true
		}
	}
	if !changed {
		t.Fatal("no LRS-conj-upper in results/checks.json")
	}
	js, _ = json.Marshal(v)
	if err := os.WriteFile(filepath.Join(dir, ChecksFile), js, 0o644); err != nil {
		t.Fatal(err)
	}
	before, err := Findings(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(before), "1,234,567 of") {
		t.Errorf("the changed failure count is not in the findings:\n%s", before)
	}
	if strings.Contains(string(before), "multiplier atlas") {
		t.Errorf("findings name an atlas where there is none:\n%s", before)
	}

	rows, meta, err := atlas.ReadMeta(filepath.Join("..", "results", atlas.ParquetFile))
	if err != nil {
		t.Fatal(err)
	}
	for i := range rows {
		if rows[i].ANum == 3 && rows[i].ADen == 1 {
			rows[i].StepLastOutside = rows[i].StepTop - 1 // a = 3 fails to the end
		}
	}
	if err := atlas.WriteFile(filepath.Join(dir, atlas.ParquetFile), meta, rows); err != nil {
		t.Fatal(err)
	}
	if since := meta[atlas.MetaSince]; since != "" { // the earlier atlas it is compared with, beside it
		data, err := os.ReadFile(filepath.Join("..", "results", since))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, since), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	after, err := Findings(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(after), "multiplier atlas") || strings.Contains(string(after), "3 (last 684,264") {
		t.Errorf("the changed atlas row does not show:\n%s", after)
	}

	// A frontier table's checks get their own entry, naming their file.
	front := filepath.Join(dir, FrontierDir, "mult=2")
	os.MkdirAll(front, 0o755)
	os.WriteFile(filepath.Join(front, ChecksFile), js, 0o644)
	withFrontier, err := Findings(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(withFrontier), "(results/frontier/mult=2/checks.json)") {
		t.Errorf("the frontier's checks are not listed:\n%s", withFrontier)
	}

	os.Remove(filepath.Join(dir, ChecksFile))
	if _, err := Findings(dir); err == nil {
		t.Error("Findings without checks.json: no error")
	}
}

func TestReadmeMarkers(t *testing.T) {
	in := "# x\n\n" + FindingsBegin + "\nold\n" + FindingsEnd + "\nrest\n"
	got, err := Readme([]byte(in), []byte("- new\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "# x\n\n" + FindingsBegin + "\n- new\n" + FindingsEnd + "\nrest\n"; string(got) != want {
		t.Errorf("Readme = %q, want %q", got, want)
	}
	for _, bad := range []string{"no markers\n", FindingsEnd + "\n" + FindingsBegin + "\n", FindingsBegin + "\n"} {
		if _, err := Readme([]byte(bad), nil); err == nil {
			t.Errorf("Readme(%q): no error", bad)
		}
	}
}
