package atlas

import (
	"fmt"
	"math"
	"strings"

	"fibnim/conjectures"
)

// Findings is the short reading of an atlas that the README lists: which
// of the statements put for every a hold on every multiplier, where the
// closing conjecture's analogue fails (the runs of verdicts in increasing
// a, the multipliers above which it always holds, those whose failures
// all lie in the first tenth of the range), and how the slope alpha of
// the log fit grows with a. Like Report, it computes every number from
// the rows and holds no date, host or revision. Report (atlas.md) has the
// long reading and every row.
//
// earlier and further, where not nil, are the earlier atlas and the
// failures larger tables found (ReadFurther): the reading of the
// multipliers whose failures all lie early in the range names those that
// failed again past it.
func Findings(rows []AtlasRow, list string, earlier *Earlier, further []Further) []string {
	var ok []AtlasRow
	over := 0
	for _, r := range rows {
		if r.Status == Complete {
			ok = append(ok, r)
		} else {
			over++
		}
	}
	var out []string
	if over > 0 {
		out = append(out, fmt.Sprintf("%d of the %d multipliers overflowed (atlas.md says which) and are left out here.", over, len(rows)))
	}
	if len(ok) == 0 {
		return append(out, "No multiplier has complete values.")
	}
	var holds, fails []string
	// The checks other than the upper half of the conjecture's analogue
	// (below), in the order of the atlas's columns (CheckIDs).
	for _, id := range CheckIDs(rows) {
		if id == IDUpper {
			continue
		}
		bad := 0
		var notRun, missing []string
		for _, r := range ok {
			switch x := r.Check(id); {
			case x == nil:
				missing = append(missing, r.Multiplier) // computed before the statement was
			case x.Status == conjectures.NotRun:
				notRun = append(notRun, r.Multiplier) // no case: no verdict
			case x.Failures > 0:
				bad++
			}
		}
		switch {
		case bad == 0 && len(notRun) == 0 && len(missing) == 0:
			holds = append(holds, id+"(a)")
		case bad == 0 && len(notRun) == 0:
			fails = append(fails, fmt.Sprintf("%s(a) holds for %d of them and has no result for a = %s (computed before it)", id, len(ok)-len(missing), strings.Join(missing, ", ")))
		case bad == 0:
			fails = append(fails, fmt.Sprintf("%s(a) holds for %d of them and was not run for a = %s", id, len(ok)-len(notRun)-len(missing), strings.Join(notRun, ", ")))
		case len(notRun) == 0:
			fails = append(fails, fmt.Sprintf("%s(a) fails for %d of them", id, bad))
		default:
			fails = append(fails, fmt.Sprintf("%s(a) fails for %d of them and was not run for a = %s", id, bad, strings.Join(notRun, ", ")))
		}
	}
	if len(holds) > 0 {
		s := fmt.Sprintf("%s hold for all %d multipliers on every n <= N (a conjecture for every rational a >= 1, from these samples only)", strings.Join(holds, ", "), len(ok))
		if len(fails) > 0 {
			s += "; " + strings.Join(fails, "; ")
		}
		out = append(out, s+".")
	} else {
		out = append(out, strings.Join(fails, "; ")+".")
	}

	var fail, early []AtlasRow
	for _, r := range ok {
		if r.StepLastOutside >= 1 {
			fail = append(fail, r)
			if earlyOnly(r) {
				early = append(early, r)
			}
		}
	}
	if len(fail) == 0 {
		out = append(out, fmt.Sprintf("The analogue of the closing conjecture, G(n) + 1 <= G(n + ceil(n/a)) <= G(n) + 2, holds for all %d multipliers.", len(ok)))
	} else {
		s := fmt.Sprintf("The analogue of the closing conjecture, G(n) + 1 <= G(n + ceil(n/a)) <= G(n) + 2, fails for %d of the %d multipliers. %s", len(fail), len(ok), verdictRuns(ok))
		i := len(ok)
		for i > 0 && ok[i-1].StepLastOutside < 1 {
			i--
		}
		if i < len(ok) && i > 0 {
			s += " " + sampledAbove(ok, i, list) + " Nothing was computed between them."
		}
		if t := aboveThree(ok); t != "" {
			s += " " + t
		}
		for _, r := range fail {
			if r.ANum == 2 && r.ADen == 1 {
				s += fmt.Sprintf(" At a = 2, where it is the closing conjecture itself, it fails for %s n, the last at n = %s of the %s checked.", group(r.StepOutside()), group(r.StepLastOutside), group(r.StepTop))
			}
		}
		out = append(out, s)
		if len(early) > 0 {
			var as []string
			for _, r := range early {
				as = append(as, fmt.Sprintf("%s (last %s of %s)", r.Multiplier, group(r.StepLastOutside), group(r.StepTop)))
			}
			out = append(out, fmt.Sprintf("For %d of the %d failing multipliers every failure lies in the first tenth of the range: a = %s. %s", len(early), len(fail), strings.Join(as, ", "), earlyCaveat(rows, earlier, further)))
		}
	}

	// The slope alpha, over the multipliers whose fit is good (RMS within
	// 3 times the median, as Report has it).
	good, _, _ := goodFits(newFits(ok))
	if len(good) == 0 {
		return out
	}
	lo, hi := alphaRange(good)
	how := conjectures.FitEstimator
	if refit, _ := FitOrigins(good); refit > 0 {
		how += ", recomputed from h(g); the file's own fit columns hold ordinary least squares"
	}
	s := fmt.Sprintf("The slope alpha of the fit G(n) ~ alpha ln n + beta (%s), a description of the range and not a growth law, runs from %.3f (a = %s) to %.3f (a = %s) over the %d multipliers with a good fit", how, lo.Alpha, lo.Multiplier, hi.Alpha, hi.Multiplier, len(good))
	for _, r := range good {
		if r.ANum == 2 && r.ADen == 1 {
			s += fmt.Sprintf(" (%.3f at a = 2)", r.Alpha)
		}
	}
	var xs, ys []float64
	for _, r := range good {
		if r.A >= 3 {
			xs, ys = append(xs, r.A), append(ys, r.Alpha)
		}
	}
	if len(xs) >= 3 {
		slope, icpt, dev := lineFit(xs, ys)
		s += fmt.Sprintf("; for a >= 3 it lies within %.2f of the line alpha = %.3f a %s %.3f", dev, slope, sign(icpt), math.Abs(icpt))
	}
	return append(out, s+".")
}
