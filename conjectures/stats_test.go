package conjectures

import (
	"encoding/json"
	"strings"
	"testing"
)

// The statistics are typed (issue 33, T5): what a check stores comes back
// through StatsOf the same from the Result and from its JSON, and a key a
// reader does not know, or a value of another type, is an error, never a
// silent zero (at 8772ee7, verify read h(g) with r.Stats["h"].([]int64),
// which a renamed key or a changed type would have turned into nothing).
func TestStatsTyped(t *testing.T) {
	s, _ := testData(t)
	lo, _ := CheckConjecture(s)
	want := mustStats[ConjLowerStats](t, lo)
	if len(want.H) < 10 || len(want.Differences) == 0 || want.FitAlpha == 0 {
		t.Fatalf("LRS-conj-lower's statistics: %+v", want)
	}
	b, err := json.Marshal(struct {
		Checks []Result `json:"checks"`
	}{[]Result{lo}})
	if err != nil {
		t.Fatal(err)
	}
	rs, err := DecodeChecks(b)
	if err != nil {
		t.Fatal(err)
	}
	got := mustStats[ConjLowerStats](t, rs[0])
	if js1, js2 := mustJSON(t, want), mustJSON(t, got); js1 != js2 {
		t.Errorf("through checks.json:\n%s\nfrom the check:\n%s", js2, js1)
	}
	for _, c := range []struct {
		change func(m map[string]any)
		want   string
	}{
		{func(m map[string]any) { m["h_values"] = m["h"]; delete(m, "h") }, "unknown field \"h_values\""},
		{func(m map[string]any) { m["h"] = "1 2 3" }, "cannot unmarshal string"},
	} {
		bad := rs[0]
		bad.Stats = map[string]any{}
		for k, v := range rs[0].Stats {
			bad.Stats[k] = v
		}
		c.change(bad.Stats)
		if err := ValidateStats([]Result{bad}); err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), IDConjLower) {
			t.Errorf("a changed statistic: %v, want an error naming %s with %q", err, IDConjLower, c.want)
		}
	}
	if err := ValidateStats([]Result{{ID: "NEW-check", Stats: map[string]any{"x": 1}}}); err == nil {
		t.Error("statistics of a check with no type were accepted")
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
