package report

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"fibnim/atlas"
	"fibnim/conjectures"
	"fibnim/grundy"
)

// The README's list of findings lies between these two lines, and
// Readme writes what is between them.
const (
	FindingsBegin = "<!-- findings: written by `compute readme` from the committed results (make readme); do not edit by hand -->"
	FindingsEnd   = "<!-- end of findings -->"
)

// ChecksFile is the checks of a verification, in a results folder.
const ChecksFile = "checks.json"

// FrontierDir holds, under a results folder, the verification of the
// largest tables: frontier/mult=A/checks.json.
const FrontierDir = "frontier"

// Findings renders the README's list of findings from what the results
// folder dir holds, each source under a line that names its file and the
// range it covers:
//   - what is proved for all n (automataFindings): the automata folders
//     of dir and dir/heavy, the checks they prove, the band theorems;
//   - dir/multipliers/automata/summary.json, the sweep of Grundy classes
//     proved for all n over many multipliers, where there is one
//     (sweepFindings);
//   - dir/checks.json, the verification that make runs (required);
//   - dir/frontier/mult=A/checks.json, the verification of the largest
//     table of each multiplier, where there is one;
//   - dir/atlas.parquet, the multiplier atlas, where there is one
//     (atlas.Findings);
//
// Every number in it is read from those files; links are relative to the
// folder that holds dir (the repository, for the README).
func Findings(dir string) ([]byte, error) {
	var b bytes.Buffer
	base := filepath.Base(dir)
	rs, err := readChecks(filepath.Join(dir, ChecksFile))
	if err != nil {
		return nil, err
	}
	if err := automataFindings(&b, dir, rs); err != nil {
		return nil, err
	}
	if err := sweepFindings(&b, dir); err != nil {
		return nil, err
	}
	checksFindings(&b, "`make`'s own run", base+"/"+ChecksFile, rs)
	frontier, err := filepath.Glob(filepath.Join(dir, FrontierDir, grundy.FolderGlob, ChecksFile))
	if err != nil {
		return nil, err
	}
	sort.Strings(frontier)
	type frontierFail struct {
		conjectures.Result
		path string
	}
	upper := map[string][]frontierFail{} // the upper half's failures in frontier tables, by multiplier
	for _, path := range frontier {
		rs, err := readChecks(path)
		if err != nil {
			return nil, err
		}
		rel, _ := filepath.Rel(filepath.Dir(dir), path)
		checksFindings(&b, "the frontier table", filepath.ToSlash(rel), rs)
		for _, r := range rs {
			if (r.ID == conjectures.IDConjUpper || strings.HasPrefix(r.ID, conjectures.IDConjUpper+"(")) && r.Failures > 0 {
				a := r.Mult
				if a == "" {
					a = "2" // the papers' own statements are of Fibonacci nim
				}
				upper[a] = append(upper[a], frontierFail{Result: r, path: filepath.ToSlash(rel)})
			}
		}
	}
	path := filepath.Join(dir, atlas.ParquetFile)
	if _, err := os.Stat(path); err == nil {
		rows, list, earlier, err := atlas.ReadWithEarlier(dir)
		if err != nil {
			return nil, err
		}
		N := int64(0)
		if len(rows) > 0 {
			N = rows[0].N
		}
		fmt.Fprintf(&b, "- **The multiplier atlas** ([%s/tables/%s](%s/tables/%s); %s/%s: %d multipliers, `%s`, each on 0 <= n <= %s). Observations on that range, not theorems:\n",
			base, atlas.ReportFile, base, atlas.ReportFile, base, atlas.ParquetFile, len(rows), list, group(N))
		further, err := atlas.ReadFurther(dir)
		if err != nil {
			return nil, err
		}
		for _, line := range atlas.Findings(rows, list, earlier, further) {
			fmt.Fprintf(&b, "  - %s\n", line)
		}
		if earlier != nil {
			if line := atlas.ChangeFindings(*earlier, rows); line != "" {
				fmt.Fprintf(&b, "  - %s\n", line)
			}
		}
		// A frontier table of one of the atlas's multipliers that finds
		// failures of the conjecture's upper half past the atlas's range.
		for _, r := range rows {
			for _, c := range upper[r.Multiplier] {
				if c.Largest != nil && c.Largest.N > r.StepTop {
					fmt.Fprintf(&b, "  - At a = %s the frontier table (%s) reaches further: %s fails there up to n = %s, past this atlas's range (last failure here %s). A last failure early in a range is no evidence that a statement holds for all large n.\n",
						r.Multiplier, c.path, c.ID, group(c.Largest.N), lastOrNone(r.StepLastOutside))
					break // one line a multiplier: LRS-conj-upper and LRS-conj-upper(a=2) are one statement
				}
			}
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	return b.Bytes(), nil
}

// MissingChecksError is the error of [Findings] when a checks.json it
// reads (Path) is not there; it matches os.ErrNotExist.
type MissingChecksError struct{ Path string }

func (e *MissingChecksError) Error() string { return e.Path + " is missing" }

// Is reports whether target is os.ErrNotExist.
func (e *MissingChecksError) Is(target error) bool { return target == os.ErrNotExist }

func readChecks(path string) ([]conjectures.Result, error) {
	js, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, &MissingChecksError{Path: path}
	}
	if err != nil {
		return nil, err
	}
	rs, err := conjectures.DecodeChecks(js)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return rs, nil
}

// checksFindings writes the findings of one checks.json: each failing
// statement of the papers on a line of its own, with its count, its
// smallest and largest counterexample and the failure-free stretch at the
// top of its range; then the statements put for every multiplier, the
// global game's checks, and what holds and what was not run, by id.
func checksFindings(b *bytes.Buffer, what, path string, rs []conjectures.Result) {
	var own, perA, global []conjectures.Result
	for _, r := range rs {
		switch {
		case strings.HasPrefix(r.ID, "GLOBAL-"):
			global = append(global, r)
		case r.Mult != "":
			perA = append(perA, r)
		default:
			own = append(own, r)
		}
	}
	N := int64(-1)
	for _, r := range own {
		if r.Index == "" && r.Status != conjectures.NotRun {
			N = max(N, r.Domain.To)
		}
	}
	rng := ""
	if N >= 0 {
		rng = ", a = 2 to N = " + group(N)
	}
	rep := strings.TrimSuffix(path, ChecksFile) + "report.md"
	fmt.Fprintf(b, "- **From %s** ([%s](%s)%s; every check, its range and counterexamples: [%s](%s)):\n", what, path, path, rng, rep, rep)
	var holds, notRun []string
	for _, r := range own {
		switch r.Status {
		case conjectures.Fails:
			fmt.Fprintf(b, "  - %s\n", failLine(r))
		case conjectures.Holds:
			if r.Proved != nil {
				holds = append(holds, r.ID+" (proved for all n)")
			} else {
				holds = append(holds, r.ID)
			}
		default:
			notRun = append(notRun, r.ID)
		}
	}
	if len(perA) > 0 {
		fmt.Fprintf(b, "  - %s\n", perMultiplierLine(perA))
	}
	if len(global) > 0 {
		fmt.Fprintf(b, "  - %s\n", globalLine(global))
	}
	if len(holds) > 0 {
		fmt.Fprintf(b, "  - Hold on their whole range: %s.\n", strings.Join(holds, ", "))
	}
	if len(notRun) > 0 {
		fmt.Fprintf(b, "  - Not run (report.md says why): %s.\n", strings.Join(notRun, ", "))
	}
}

// failLine is a failing statement: what it says, where it comes from, how
// often it fails, its smallest and largest counterexample, and where it
// holds at the top of the range.
func failLine(r conjectures.Result) string {
	ix := r.IndexName()
	s := fmt.Sprintf("**%s fails**: %s (%s). On %s = %s..%s, %s of %s cases fail", r.ID, r.Statement, r.Source,
		ix, group(r.Domain.From), group(r.Domain.To), group(r.Failures), group(r.Cases))
	if len(r.Counterexamples) > 0 {
		c := r.Counterexamples[0]
		s += fmt.Sprintf("; the smallest at %s = %s (%s; predicted %s)", ix, group(c.N), c.Computed, c.Predicted)
	}
	if l := r.Largest; l != nil && (len(r.Counterexamples) == 0 || l.N != r.Counterexamples[0].N) {
		s += fmt.Sprintf(", the largest at %s = %s (%s)", ix, group(l.N), l.Computed)
	}
	if r.FailureFree != "" {
		s += "; it holds on " + r.FailureFree
	}
	s += "."
	if st, ok, _ := conjectures.StatsOf[conjectures.LowerBoundStats](r); ok && conjectures.BaseID(r.ID) == conjectures.IDLower53 {
		s += fmt.Sprintf(" With a constant: %v; C = %.4f, attained at n = %v.", st.LeastCMeaning, st.LeastC, st.LeastCAttainedAt)
	}
	return s
}

// perMultiplierLine sums up the statements put for every multiplier: the
// multipliers, and for each statement that fails somewhere, where.
func perMultiplierLine(rs []conjectures.Result) string {
	var mults, ids []string
	seenM, seenID := map[string]bool{}, map[string]bool{}
	failing := map[string][]string{}
	for _, r := range rs {
		if !seenM[r.Mult] {
			seenM[r.Mult] = true
			mults = append(mults, r.Mult)
		}
		id, _, _ := strings.Cut(r.ID, "(")
		id += "(a)"
		if !seenID[id] {
			seenID[id] = true
			ids = append(ids, id)
		}
		if r.Status == conjectures.Fails {
			f := fmt.Sprintf("%s (%s of %s n", r.Mult, group(r.Failures), group(r.Cases))
			if r.Largest != nil {
				f += ", the largest " + group(r.Largest.N)
			}
			failing[id] = append(failing[id], f+")")
		}
	}
	s := fmt.Sprintf("The statements put for every multiplier (%s), on a = %s:", strings.Join(ids, ", "), strings.Join(mults, ", "))
	var parts []string
	for _, id := range ids {
		if f := failing[id]; len(f) > 0 {
			parts = append(parts, fmt.Sprintf("%s fails for a = %s", id, strings.Join(f, ", ")))
		}
	}
	if len(parts) == 0 {
		return s + " all hold on their whole range."
	}
	return s + " " + strings.Join(parts, "; ") + "; the others hold on their whole range."
}

// globalLine sums up the checks of global Fibonacci nim.
func globalLine(rs []conjectures.Result) string {
	M := int64(0)
	var fails []string
	holds := 0
	for _, r := range rs {
		M = max(M, r.Domain.To)
		switch r.Status {
		case conjectures.Fails:
			fails = append(fails, r.ID)
		case conjectures.Holds:
			holds++
		}
	}
	s := fmt.Sprintf("Global Fibonacci nim ([docs/global.md](docs/global.md)), piles up to M = %s: %d of its %d checks hold", group(M), holds, len(rs))
	if len(fails) > 0 {
		s += fmt.Sprintf("; these observations fail: %s", strings.Join(fails, ", "))
	}
	return s + "."
}

// Readme puts findings between the markers FindingsBegin and FindingsEnd
// of readme, each on a line of its own, and returns the result.
func Readme(readme, findings []byte) ([]byte, error) {
	begin := bytes.Index(readme, []byte(FindingsBegin+"\n"))
	end := bytes.Index(readme, []byte(FindingsEnd+"\n"))
	if begin < 0 || end < begin {
		return nil, fmt.Errorf("the README has no lines %q and %q, in that order, to write the findings between", FindingsBegin, FindingsEnd)
	}
	var out bytes.Buffer
	out.Write(readme[:begin+len(FindingsBegin)+1])
	out.Write(findings)
	out.Write(readme[end:])
	return out.Bytes(), nil
}

func lastOrNone(n int64) string {
	if n < 1 {
		return "none"
	}
	return group(n)
}
