package conjectures

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// JSON renders results as indented JSON.
func JSON(results []Result) ([]byte, error) {
	return json.MarshalIndent(map[string]any{"checks": results}, "", "  ")
}

// Markdown renders a readable report: findings first, then one section per
// check with its statement, range, verdict and counterexamples.
func Markdown(results []Result, header string) []byte {
	var b bytes.Buffer
	fmt.Fprintln(&b, "# Verification report")
	fmt.Fprintln(&b)
	if header != "" {
		fmt.Fprintln(&b, header)
		fmt.Fprintln(&b)
	}
	fmt.Fprintln(&b, "## Findings")
	fmt.Fprintln(&b)
	nf := 0
	for _, r := range results {
		if r.Status == Fails {
			nf++
			c := r.Counterexamples[0]
			fmt.Fprintf(&b, "- **%s fails** (%s): %d of %d cases; smallest counterexample n = %d: computed %s, the statement predicts %s.\n", r.ID, r.Source, r.Failures, r.Cases, c.N, c.Computed, c.Predicted)
		}
	}
	if nf == 0 {
		fmt.Fprintln(&b, "No check fails on the data verified.")
	}
	fmt.Fprintln(&b)
	fmt.Fprintln(&b, "| check | status | range | cases | failures |")
	fmt.Fprintln(&b, "|---|---|---|---|---|")
	for _, r := range results {
		rng := "-"
		if r.Status != NotRun {
			rng = fmt.Sprintf("%d..%d (%s)", r.Domain.From, r.Domain.To, r.Domain.Cells)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %d | %d |\n", r.ID, r.Status, rng, r.Cases, r.Failures)
	}
	for _, r := range results {
		fmt.Fprintf(&b, "\n## %s: %s\n\n", r.ID, r.Status)
		fmt.Fprintf(&b, "- Source: %s\n- Statement: %s\n", r.Source, r.Statement)
		if r.Status != NotRun {
			fmt.Fprintf(&b, "- Range: %d to %d, %s; %d cases\n", r.Domain.From, r.Domain.To, r.Domain.Cells, r.Cases)
		}
		if r.Note != "" {
			fmt.Fprintf(&b, "- Note: %s\n", r.Note)
		}
		if len(r.Counterexamples) > 0 {
			fmt.Fprintf(&b, "- %d failures; the smallest %d:\n\n| n | r | computed | predicted |\n|---|---|---|---|\n", r.Failures, len(r.Counterexamples))
			for _, c := range r.Counterexamples {
				fmt.Fprintf(&b, "| %d | %d | %s | %s |\n", c.N, c.R, c.Computed, c.Predicted)
			}
		}
		if len(r.Stats) > 0 {
			js, _ := json.MarshalIndent(r.Stats, "  ", "  ")
			s := string(js)
			if len(s) > 4000 {
				s = s[:4000] + "\n  ... (complete in checks.json)"
			}
			fmt.Fprintf(&b, "\n- Statistics:\n\n```\n  %s\n```\n", strings.TrimSpace(s))
		}
	}
	return b.Bytes()
}
