package report

import (
	"fmt"
	"path/filepath"

	"fibnim/grundy"
	"fibnim/grundyproof"
)

// BandsMD is the band theorems' report, beside grundyproof.BandsFile.
const BandsMD = "bands.md"

// BandsMarkdown renders the band theorems (bands.json, package
// grundyproof) as bands.md.
func BandsMarkdown(recs []grundyproof.BandRecord) []byte {
	d := newDoc("Theorems for every real multiplier of an interval")
	d.line("Written by `compute automata -bands` (grundyproof.RunBands) from `bands.json`; docs/automata.md says how they")
	d.line("are proved. Each row: for every real a in [from, to), the positions of Grundy values 0..J are those of")
	d.line("a = like (the classes S_0..S_J that `compute automata -mult like` proves), for all n. For a real a, the")
	d.line("cap floor(a k) of a move lies in [floor(from k), ceil(to k) - 1]; the class by class claims show that")
	d.line("no cap in that interval changes which positions have value j <= J. Where the claim of J + 1 fails, a")
	d.line("multiplier of the band that plays a position differently (brute force, at the breakpoints j/k of")
	d.line("floor(a k)) shows that the statement is false, not merely unproved.")
	d.line("")
	d.header("every real a in", "numeration", "like", "values", "status", "how", "where it fails")
	for _, r := range recs {
		how, where := "", ""
		switch r.Status {
		case "proved":
			how = r.Method
			if r.Method == string(grundyproof.ClassCheck) {
				how = fmt.Sprintf("class by class (the sandwich holds to %d)", r.SandwichUpTo)
			}
		case "failed":
			where = fmt.Sprintf("%s fails at %s", r.FailedClaim, leastString(r.Least))
			if w := r.RefutedBy; w != nil {
				where += fmt.Sprintf("; **false**: a = %s has G(%d, %d) = %d, a = %s has %d", w.Multiplier, w.N, w.R, w.G, r.Like, w.GLike)
			} else {
				where += fmt.Sprintf("; every a of the band agrees with a = %s on n <= %d: not refuted", r.Like, r.WitnessN)
			}
		}
		status := "proved for all n"
		if r.Status != "proved" {
			status = "not proved"
			if r.RefutedBy != nil {
				status = "false"
			}
		}
		d.row(fmt.Sprintf("[%s, %s)", r.From, r.To), "`msd_"+r.Numeration+"`", r.Like, fmt.Sprintf("0..%d", r.MaxValue), status, how, where)
	}
	d.line("")
	d.line("At a = 2 the classes of values 0..3 are Larsson & Rubinstein-Salzedo's Theorems 4.1, 4.5, 4.6 and 4.7, proved")
	d.line("as printed (results/%s/report.md); where the band [2, 5/2) is proved to value J, those", filepath.ToSlash(grundyproof.Dir("", grundy.Fibonacci)))
	d.line("theorems of value <= J hold for every real a in [2, 5/2).")
	return d.Bytes()
}
