package atlas

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"fibnim/conjectures"
	"fibnim/grundy"
)

// FrontierGlob finds, under a results folder, the verification of the
// largest table of each multiplier: frontier/mult=A/checks.json.
const FrontierGlob = "frontier/" + grundy.FolderGlob + "/checks.json"

// Further is a failure of the closing conjecture's upper half, put for a,
// that a table larger than an atlas's found: its largest counterexample,
// which may lie past the atlas's range. The texts that read "every failure
// in the first tenth of the range" must say it.
type Further struct {
	Mult string // the multiplier, "2" for the papers' own statement
	ID   string // the check's id
	Path string // the checks.json it was read from, relative to the folder that holds the results folder
	Last int64  // the largest counterexample
	N    int64  // the top of that check's range
}

// ReadFurther reads the failures of LRS-conj-upper (and LRS-conj-upper(a))
// in root's frontier verifications (FrontierGlob), one per multiplier (the
// largest), in the order of the files; none without a frontier.
func ReadFurther(root string) ([]Further, error) {
	paths, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(FrontierGlob)))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var out []Further
	for _, path := range paths {
		checks, err := conjectures.ReadChecks(path)
		if err != nil {
			return nil, err
		}
		rel, err := filepath.Rel(filepath.Dir(filepath.Clean(root)), path)
		if err != nil {
			rel = path
		}
		seen := map[string]bool{}
		for _, r := range checks {
			if r.Status != conjectures.Fails || r.Largest == nil || conjectures.BaseID(r.ID) != conjectures.IDConjUpper {
				continue
			}
			a := conjectures.MultOf(r.ID)
			if a == "" {
				a = "2" // the papers' own statements are of Fibonacci nim
			}
			if seen[a] {
				continue // LRS-conj-upper and LRS-conj-upper(a=2) are one statement
			}
			seen[a] = true
			out = append(out, Further{Mult: a, ID: r.ID, Path: filepath.ToSlash(rel), Last: r.Largest.N, N: r.Domain.To})
		}
	}
	return out, nil
}

// earlyAgain is what became, in rows, of the multipliers whose failures
// all lay in the first tenth of the earlier atlas's range: how many there
// were, and those that failed again past it.
func earlyAgain(earlier *Earlier, rows []AtlasRow) (early int, again []string) {
	if earlier == nil || len(earlier.Rows) == 0 || len(rows) == 0 {
		return 0, nil
	}
	both, _, _ := compare(*earlier, rows)
	for _, c := range both {
		if c.prevEarly {
			early++
			if c.newFails > 0 {
				again = append(again, c.a)
			}
		}
	}
	return early, again
}

// earlyCaveat is what the texts say after the list of multipliers whose
// failures all lie in the first tenth of the range: that this is no
// evidence for all large n, with the committed results that show it (the
// earlier atlas's such multipliers that failed again, a frontier table's
// failures past the range).
func earlyCaveat(rows []AtlasRow, earlier *Earlier, further []Further) string {
	s := "A last failure early in a range is no evidence that the analogue holds for all large n"
	var why []string
	if early, again := earlyAgain(earlier, rows); early > 0 && len(again) > 0 {
		why = append(why, fmt.Sprintf("of the %d multipliers with this pattern at N = %s (%s), %d failed again past it (a = %s)",
			early, group(earlier.Rows[0].N), earlier.File, len(again), strings.Join(again, ", ")))
	}
	top := map[string]int64{}
	for _, r := range rows {
		top[r.Multiplier] = r.StepTop
	}
	for _, f := range further {
		if t, ok := top[f.Mult]; ok && f.Last > t {
			why = append(why, fmt.Sprintf("at a = %s the frontier table (%s) finds failures of %s up to n = %s, past this range", f.Mult, f.Path, f.ID, group(f.Last)))
		}
	}
	if len(why) == 0 {
		return s + "."
	}
	return s + ": " + strings.Join(why, "; and ") + "."
}
