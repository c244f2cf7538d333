package grundyproof

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	au "fibnim/automatic"
	"fibnim/grundy"
)

// plainWriter writes a run's folder without the command's report files.
func plainWriter(dir string, res *Result, nc *NotConvergedError) error {
	return Write(dir, res.System, res.S, res.Proof, res.N, nil)
}

// sweepList is the small sweep of the tests: base 2, Zeckendorf and the
// band of c = 2 below 7/2, and two multipliers past it (c = 4 and c = 5).
var sweepList = []grundy.Multiplier{{P: 1, Q: 1}, {P: 2, Q: 1}, {P: 5, Q: 2}, {P: 7, Q: 2}, {P: 4, Q: 1}}

func sweepPlan() SweepPlan {
	return NewSweepPlan("1,2,5/2,7/2,4", sweepList, 3, 20000, 0, time.Hour, 0, 20000, nil)
}

// sweepAll runs the whole list in shards of m into a fresh root and
// merges it.
func sweepAll(t *testing.T, m int) (string, *SweepSummary) {
	t.Helper()
	root := t.TempDir()
	plan := sweepPlan()
	for i := range m {
		var mine []grundy.Multiplier
		for j := i; j < len(sweepList); j += m {
			mine = append(mine, sweepList[j])
		}
		if _, _, err := Sweep(t.Context(), SweepConfig{Root: root, Plan: plan, Mine: mine, Write: plainWriter}); err != nil {
			t.Fatal(err)
		}
	}
	s, tm, err := MergeSweep(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(tm) != len(sweepList) {
		t.Fatalf("%d timings for %d multipliers", len(tm), len(sweepList))
	}
	if _, err := WriteSweep(root, s, tm, "the test machine"); err != nil {
		t.Fatal(err)
	}
	return root, s
}

// The small sweep: every multiplier below 7/2 proves S_0..S_3 (their
// classes the same as Run's own), every one from 7/2 on gets the row "not
// decidable" with its adder's search that does not close; summary.json
// reads back; summary.md names every row.
func TestSweepSmall(t *testing.T) {
	if testing.Short() {
		t.Skip("a sweep of five multipliers")
	}
	root, s := sweepAll(t, 1)
	if len(s.Rows) != len(sweepList) {
		t.Fatalf("%d rows", len(s.Rows))
	}
	for i, r := range s.Rows {
		a := sweepList[i]
		if r.Multiplier != a.String() {
			t.Fatalf("row %d is a = %s, want %s", i, r.Multiplier, a)
		}
		if Below(a) {
			if r.Status != StatusProved || r.ProvedUpTo != 3 || len(r.ClassStates) != 4 || !r.Pisot || r.Edge != nil {
				t.Errorf("a = %s: %+v", a, r)
			}
			f, err := Load(t.Context(), Dir(root, a), a, LoadOptions{Reprove: true})
			if err != nil || f.Proved != 3 {
				t.Fatalf("a = %s: the folder proved again: %v", a, err)
			}
			continue
		}
		if r.Status != StatusNotPisot || r.Pisot || r.ProvedUpTo != -1 || r.Edge == nil {
			t.Fatalf("a = %s: %+v", a, r)
		}
		if e := r.Edge; !e.Searched || e.Closed || !e.Growing() || e.Explored <= e.Budget {
			t.Errorf("a = %s: the adder's search %+v, want one that does not close within its budget", a, *e)
		}
		if _, err := os.Stat(filepath.Join(Dir(root, a), ProofFile)); err == nil {
			t.Errorf("a = %s: a proof folder for a multiplier not Pisot", a)
		}
	}
	back, err := ReadSweepSummary(SummaryPath(root))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(mustJSON(t, back), mustJSON(t, s)) {
		t.Fatal("summary.json reads back different")
	}
	md, _ := os.ReadFile(filepath.Join(SweepDir(root), SummaryMD))
	for _, want := range []string{"| [5/2](mult=5_2/report.md) | 2 | msd_ntc2 | 3 |", "| 7/2 | 4 | msd_nt7_2 | - |", NotPisotText, "K >= 3 for 3 of them"} {
		if !bytes.Contains(md, []byte(want)) {
			t.Errorf("summary.md lacks %q:\n%s", want, md)
		}
	}
	if host, _ := os.Hostname(); host != "" && bytes.Contains(md, []byte("| "+host+" |")) {
		t.Errorf("summary.md names the host, as timings.md does:\n%s", md)
	}
}

// A sweep in two shards, merged, writes summary.json, summary.md and edge.md
// byte for byte as one process does.
func TestSweepShardsEqualOne(t *testing.T) {
	if testing.Short() {
		t.Skip("two sweeps of five multipliers")
	}
	one, _ := sweepAll(t, 1)
	two, _ := sweepAll(t, 2)
	for _, f := range []string{SummaryJSON, SummaryMD, EdgeMD} {
		a, _ := os.ReadFile(filepath.Join(SweepDir(one), f))
		b, _ := os.ReadFile(filepath.Join(SweepDir(two), f))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s differs between one process and two shards", f)
		}
	}
}

// A sweep stopped in the middle of its second multiplier's proof keeps the
// first's row and writes none for the second; the same sweep started again
// skips the first and computes the rest; the merge equals an
// uninterrupted sweep's. Merging before the end names what is missing.
func TestSweepResumes(t *testing.T) {
	if testing.Short() {
		t.Skip("a sweep of five multipliers, twice")
	}
	root := t.TempDir()
	plan := sweepPlan()
	// Stopped in the middle of a = 2's proof (its adder's induction done).
	ctx, cancel := context.WithCancel(t.Context())
	computed, _, err := Sweep(ctx, SweepConfig{Root: root, Plan: plan, Mine: sweepList, Write: plainWriter,
		Progress: func(a grundy.Multiplier, line string) {
			if a == (grundy.Multiplier{P: 2, Q: 1}) && strings.HasPrefix(line, "add_step holds") {
				cancel()
			}
		}})
	if !errors.Is(err, context.Canceled) || computed != 1 {
		t.Fatalf("stopped sweep: %d computed, %v", computed, err)
	}
	if _, err := os.Stat(filepath.Join(Dir(root, grundy.Multiplier{P: 2, Q: 1}), RowFile)); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a = 2, stopped, has a row: %v", err)
	}
	var inc *IncompleteSweepError
	if _, _, err := MergeSweep(root); !errors.As(err, &inc) || len(inc.Missing) != 4 || inc.Missing[0] != "2" {
		t.Fatalf("merge of a stopped sweep: %v", err)
	}
	var skippedA []string
	computed, skipped, err := Sweep(t.Context(), SweepConfig{Root: root, Plan: plan, Mine: sweepList, Write: plainWriter,
		Done: func(ev SweepEvent) {
			if ev.Skipped {
				skippedA = append(skippedA, ev.A.String())
			}
		}})
	if err != nil || computed != 4 || skipped != 1 || len(skippedA) != 1 || skippedA[0] != "1" {
		t.Fatalf("resumed: %d computed, %d skipped (%v), %v", computed, skipped, skippedA, err)
	}
	s, tm, err := MergeSweep(root)
	if err != nil {
		t.Fatal(err)
	}
	_, whole := sweepAll(t, 1)
	if !bytes.Equal(mustJSON(t, s), mustJSON(t, whole)) {
		t.Fatal("the resumed sweep's summary differs from an uninterrupted one's")
	}
	// Another plan in the same folder is refused.
	other := plan
	other.MaxG = 4
	if _, _, err := Sweep(t.Context(), SweepConfig{Root: root, Plan: other, Mine: sweepList, Write: plainWriter}); !errors.Is(err, ErrOtherSweep) {
		t.Fatalf("another plan: %v", err)
	}
	_ = tm
}

// Every file the merge reads refuses a corruption, naming it: a row whose
// class sizes are not its folder's, a class file changed under its
// proof.json, a stray folder, and summary.json changed in format, rows or
// fields.
func TestSweepRefusesCorruption(t *testing.T) {
	if testing.Short() {
		t.Skip("a sweep of five multipliers")
	}
	root, _ := sweepAll(t, 1)
	two := grundy.Multiplier{P: 2, Q: 1}
	rowPath := filepath.Join(Dir(root, two), RowFile)
	edit := func(path string, f func([]byte) []byte) (restore func()) {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, f(bytes.Clone(b)), 0o644); err != nil {
			t.Fatal(err)
		}
		return func() { os.WriteFile(path, b, 0o644) }
	}
	if _, _, err := MergeSweep(root); err != nil {
		t.Fatalf("the uncorrupted sweep: %v", err)
	}
	for _, c := range []struct {
		what string
		do   func() func()
		want string
	}{
		{"a class size in sweep.json", func() func() {
			return edit(rowPath, func(b []byte) []byte {
				var r SweepRow
				json.Unmarshal(b, &r)
				r.ClassStates[2]++
				out, _ := json.MarshalIndent(r, "", "  ")
				return out
			})
		}, "the row says S_0..S_3 of sizes"},
		{"a class file", func() func() {
			return edit(filepath.Join(Dir(root, two), ClassFile(1)), func(b []byte) []byte { return append(b, '\n') })
		}, "does not match its files"},
		{"sweep.json's status", func() func() {
			return edit(rowPath, func(b []byte) []byte {
				return bytes.Replace(b, []byte(`"status": "proved"`), []byte(`"status": "short"`), 1)
			})
		}, "status short"},
		{"a stray folder", func() func() {
			p := filepath.Join(SweepDir(root), "mult=9")
			os.Mkdir(p, 0o755)
			return func() { os.Remove(p) }
		}, "mult=9 is not part of the sweep"},
	} {
		restore := c.do()
		_, _, err := MergeSweep(root)
		restore()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s changed: merge says %v, want %q", c.what, err, c.want)
		}
	}
	if _, _, err := MergeSweep(root); err != nil {
		t.Fatalf("restored: %v", err)
	}
	sum := SummaryPath(root)
	for _, c := range []struct {
		what string
		f    func([]byte) []byte
		want string
	}{
		{"format", func(b []byte) []byte { return bytes.Replace(b, []byte(SummaryFormat), []byte("other/1"), 1) }, "format"},
		{"a row's multiplier", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"multiplier": "5/2"`), []byte(`"multiplier": "3"`), 1)
		}, "not 5/2"},
		{"a row's K", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"proved_up_to": 3`), []byte(`"proved_up_to": 2`), 1)
		}, "class sizes for S_0..S_2"},
		{"an unknown field", func(b []byte) []byte { return bytes.Replace(b, []byte(`"rows"`), []byte(`"extra": 1, "rows"`), 1) }, "unknown field"},
		{"a pisot flag", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"pisot": false`), []byte(`"pisot": true`), 1)
		}, "row 4"},
		{"trailing data", func(b []byte) []byte { return append(b, []byte("{}")...) }, "data after"},
	} {
		restore := edit(sum, c.f)
		_, err := ReadSweepSummary(sum)
		restore()
		if !errors.Is(err, ErrInvalidSweep) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("summary.json's %s changed: %v, want %q", c.what, err, c.want)
		}
	}
	if _, err := ReadSweepSummary(sum); err != nil {
		t.Fatal(err)
	}
}

// The step of a budget error and of a progress line, and the value it
// belongs to: what decides the next attempt's K.
func TestSweepSteps(t *testing.T) {
	for _, c := range []struct {
		in   string
		step string
		g    int
	}{
		{"w9: automatic: a step of the proof built more than 5 states", "w9", 9},
		{"mex3: automatic: ...", "mex3", 3},
		{"cap: automatic: ...", "cap", -1},
		{"add: automatic: ...", "add", -1},
	} {
		if s := stepOf(c.in); s != c.step || valueOf(s) != c.g {
			t.Errorf("%q: step %q value %d, want %q %d", c.in, s, valueOf(s), c.step, c.g)
		}
	}
	for _, c := range []struct {
		line string
		g    int
	}{
		{StepLine(stepResult("w4", false)), 4},
		{StepLine(stepResult("mex4", true)), 5},
		{StepLine(stepResult("cap", false)), -1},
		{"T_7: learning on N = 100000, suffixes of 6 digits", -1},
	} {
		if g := valueOf(progressStep(c.line)); g != c.g {
			t.Errorf("%q: at %q, value %d, want %d", c.line, progressStep(c.line), g, c.g)
		}
	}
	if progressStep("T_7: 12 states") != "T_7" {
		t.Error("a learner's line")
	}
}

// stepResult is a proof step's result as Prove reports it: a claim
// (holds) or a definition.
func stepResult(name string, claim bool) au.Result {
	if claim {
		return au.Result{Name: name, Kind: au.ClaimStep, Holds: true}
	}
	return au.Result{Name: name, Kind: au.DefineStep}
}

// A multiplier whose attempt passes the memory budget (here 1 MiB: any
// process does) gets a short row that names the budget and the step, and
// summary.md says the row depends on the machine.
func TestSweepMemoryBudget(t *testing.T) {
	root := t.TempDir()
	a := grundy.Multiplier{P: 5, Q: 2}
	plan := NewSweepPlan("5/2", []grundy.Multiplier{a}, 3, 20000, 0, time.Hour, 1<<20, 20000, nil)
	if _, _, err := Sweep(t.Context(), SweepConfig{Root: root, Plan: plan, Mine: []grundy.Multiplier{a}, Write: plainWriter}); err != nil {
		t.Fatal(err)
	}
	s, _, err := MergeSweep(root)
	if err != nil {
		t.Fatal(err)
	}
	r := s.Rows[0]
	if r.Status != StatusShort || r.ProvedUpTo != -1 || len(r.Attempts) != 1 || r.Attempts[0].Outcome != OutcomeMemoryBudget ||
		!strings.HasPrefix(r.Stop, "K = 3: the memory budget passed during ") || !r.MachineDependent() {
		t.Fatalf("row %+v", r)
	}
	if md := SummaryMarkdown(s); !bytes.Contains(md, []byte("The rows of a = 5/2 stopped at the CPU or memory budget")) {
		t.Errorf("summary.md does not say the row depends on the machine:\n%s", md)
	}
}
