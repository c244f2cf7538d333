package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Two ids that share a name test one statement: a check put for every
// multiplier, at a = 2, agrees with the paper's check of the same name on
// the same table. ("LRS-5.3-lower" was the printed log bound, which fails
// at n = 4, while "LRS-5.3-lower(a=2)" was the step G(n + ceil(n/2)) >=
// G(n) + 1, which holds: this test failed on them.) Every id is listed in
// docs/checks.md.
func TestCheckIDsNameOneStatement(t *testing.T) {
	dir := t.TempDir()
	if _, err := runArgs(t, "grundy", "-n", "5000", "-out", dir); err != nil {
		t.Fatal(err)
	}
	if _, err := runArgs(t, "verify", "-in", dir); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "checks.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Checks []struct {
			ID       string `json:"id"`
			Mult     string `json:"multiplier"`
			Status   string `json:"status"`
			Cases    int64  `json:"cases"`
			Failures int64  `json:"failures"`
		} `json:"checks"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	docs, err := os.ReadFile(filepath.Join("..", "..", "docs", "checks.md"))
	if err != nil {
		t.Fatal(err)
	}
	plain := map[string]int{}
	for i, c := range doc.Checks {
		if c.Mult == "" {
			plain[c.ID] = i
		}
	}
	suffix := regexp.MustCompile(`\(a=[^)]*\)$`)
	shared := 0
	for _, c := range doc.Checks {
		base := suffix.ReplaceAllString(c.ID, "")
		name := base
		if base != c.ID {
			name += "(a=A)"
		}
		if !strings.Contains(string(docs), "`"+name+"`") {
			t.Errorf("docs/checks.md does not list %s", name)
		}
		if c.Mult != "2" {
			continue
		}
		i, ok := plain[base]
		if !ok {
			continue
		}
		shared++
		p := doc.Checks[i]
		if p.Status != c.Status || p.Cases != c.Cases || p.Failures != c.Failures {
			t.Errorf("%s (%s, %d of %d fail) and %s (%s, %d of %d fail) share a name but not a verdict: two statements under one name",
				p.ID, p.Status, p.Failures, p.Cases, c.ID, c.Status, c.Failures, c.Cases)
		}
	}
	if shared == 0 {
		t.Error("no id of a = 2 shares a name with a paper's check: the test compares nothing")
	}
}
