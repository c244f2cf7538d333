package atlas

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strings"

	"fibnim/conjectures"
	"fibnim/internal/digits"
)

// ReportFile is the atlas's report, in a results folder's tables/.
const ReportFile = "atlas.md"

// Report renders the atlas as Markdown: how it was made, a reading of
// what varies with a, and the table of every row. Every number and every
// statement of the reading is computed from the rows here; none is
// written in advance. It holds no date, host or revision, so the same
// rows give the same bytes. With an earlier atlas (not nil) it ends with
// the section on what changed since (Changes).
//
// further are the failures that larger tables found (ReadFurther); the
// reading of the multipliers whose failures all lie early in the range
// names those past it.
func Report(plan Plan, rows []AtlasRow, earlier *Earlier, further []Further) []byte {
	return ReportWith(plan, rows, earlier, further, nil)
}

// ReportWith is Report with the column "values proved for all n" from a
// sweep of proved classes (ReadProved; none when proved is nil).
func ReportWith(plan Plan, rows []AtlasRow, earlier *Earlier, further []Further, proved *Proved) []byte {
	var b bytes.Buffer
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	w("# The multiplier atlas: %d multipliers, N = %s", len(rows), group(int64(plan.N)))
	w("")
	w("Made by `compute atlas -mults %s -n %d` (in shards, or in one process: the rows are the same) and `compute atlas -merge`.", plan.List, plan.N)
	w("Each row is one multiplier a: the breakpoint engine's G(n) for 0 <= n <= N, the fit G(n) ~ alpha ln n + beta over 1 <= n <= N by")
	w("%s (each decade of n weighs alike; a description of the range, not a law: Larsson & Rubinstein-Salzedo prove", conjectures.FitEstimator)
	w("log_{3/2}(n) <= G(n) <= ceil(2 sqrt(n)) + 1 for a = 2 and nothing closer), and the statements that package conjectures puts for every a,")
	w("checked on every n (and every cell (n, r) for SCHWENK):")
	w("FT-P-positions(a) (G(n, n-1) = 0 exactly on F(a)), SCHWENK-strategy(a) (G(n, r) = 0 exactly when r < z_1(n)), LRS-5.2(a)")
	w("(G(n) <= G(n+1) <= G(n) + 1), and the two halves of the closing conjecture of Larsson & Rubinstein-Salzedo put for a,")
	w("LRS-5.3-step(a): G(n + ceil(n/a)) >= G(n) + 1 and LRS-conj-upper(a): G(n + ceil(n/a)) <= G(n) + 2, for n + ceil(n/a) <= N.")
	for _, id := range CheckIDs(rows) {
		if _, ok := columnNames[id]; !ok {
			w("%s", extraStatement(id))
		}
	}
	w("The data are in atlas.parquet (one row per a; `compute export -in atlas.parquet` writes CSV).")
	if refit, old := FitOrigins(rows); refit > 0 || old > 0 {
		w("Its fit columns (fit_alpha, fit_beta, fit_rms, fit_max_residual, fit_max_at_n) hold ordinary least squares, every n weighted alike, as")
		w("the run that made it fitted (it has no %s). Here alpha, beta and RMS are the weighted fit, recomputed from h(g) for %s", MetaFit, count(refit))
		w("multipliers: where LRS-5.2(a) holds, G(n) = g exactly for h(g) <= n < h(g+1), so this is the fit the run would have made;")
		w("the file's own alpha is the column \"alpha in the file\".")
		if old > 0 {
			var as []string
			for _, r := range rows {
				if r.OldFit {
					as = append(as, r.Multiplier)
				}
			}
			w("At a = %s, where LRS-5.2(a) does not hold, h(g) does not give G(n): the fit there is the file's ordinary one, and the reading leaves it out.", strings.Join(as, ", "))
		}
	}
	w("")
	var ok, over []AtlasRow
	for _, r := range rows {
		if r.Status == Complete {
			ok = append(ok, r)
		} else {
			over = append(over, r)
		}
	}
	w("## What varies with a")
	w("")
	w("Observations on 0 <= n <= %s for the multipliers listed, not theorems: a statement that holds here may fail further on.", group(int64(plan.N)))
	w("")
	for _, line := range reading(plan, ok, over, rows, earlier, further) {
		w("- %s", line)
	}
	w("")
	slopeByDecade(w, ok)
	w("## Every multiplier")
	w("")
	ids := CheckIDs(rows)
	w("alpha, beta, RMS: the fit G(n) ~ alpha ln n + beta (%s) and its RMS residual, weighted alike. The %s checks: `ok` where it holds on the whole range,", conjectures.FitEstimator, count(len(ids)))
	w("else the number of failures. Last outside [1, 2]: the largest n where G(n + ceil(n/a)) - G(n) is not 1 or 2 (- if none);")
	w("differences: how often each value of G(n + ceil(n/a)) - G(n) occurs.")
	if proved != nil {
		w("Values proved for all n: S_0..S_K, the positions of Grundy values 0..K, proved for every n by automata over the numeration of")
		w("a's P-position piles (%s, `compute automata -mults`; - where the sweep has no row); not Pisot: from a = 7/2 on the", proved.Path)
		w("numeration is not Pisot and the method decides nothing.")
	}
	w("")
	refit, _ := FitOrigins(rows)
	head := []string{"a", "G(N)", "alpha", "beta", "RMS"}
	if refit > 0 {
		head = append(head, "alpha in the file")
	}
	for _, id := range ids {
		head = append(head, columnName(id))
	}
	head = append(head, "last outside [1, 2]", "differences")
	if proved != nil {
		head = append(head, "values proved for all n")
	}
	w("| %s |", strings.Join(head, " | "))
	w("|%s", strings.Repeat("---|", len(head)))
	for _, r := range rows {
		if r.Status != Complete {
			if proved != nil {
				w("| %s | %s |%s %s | %s |", r.Multiplier, gn(r), strings.Repeat(" |", len(head)-4), r.Status+": "+r.Note, proved.value(r.Multiplier))
				continue
			}
			w("| %s | %s |%s %s |", r.Multiplier, gn(r), strings.Repeat(" |", len(head)-3), r.Status+": "+r.Note)
			continue
		}
		last := "-"
		if r.StepLastOutside >= 0 {
			last = group(r.StepLastOutside)
		}
		var diffs []string
		for i, d := range r.StepDiffs {
			diffs = append(diffs, fmt.Sprintf("%d: %s", d, group(r.StepCounts[i])))
		}
		cells := []string{r.Multiplier, fmt.Sprint(r.GN), fmt.Sprintf("%.4f", r.Alpha), fmt.Sprintf("%.4f", r.Beta), fmt.Sprintf("%.3f", r.RMS)}
		if refit > 0 {
			file := "-"
			if r.Refit {
				file = fmt.Sprintf("%.4f", r.FileAlpha)
			}
			cells = append(cells, file)
		}
		for _, id := range ids {
			if c := r.Check(id); c != nil {
				cells = append(cells, verdict(c.Status, c.Failures))
			} else {
				cells = append(cells, absent)
			}
		}
		cells = append(cells, last, strings.Join(diffs, ", "))
		if proved != nil {
			cells = append(cells, proved.value(r.Multiplier))
		}
		w("| %s |", strings.Join(cells, " | "))
	}
	if earlier != nil {
		if lines := Changes(*earlier, rows); len(lines) > 0 {
			w("")
			for _, l := range lines {
				w("%s", l)
			}
		}
	}
	return b.Bytes()
}

// reading is the list of findings the rows support.
func reading(plan Plan, ok, over, rows []AtlasRow, earlier *Earlier, further []Further) []string {
	var out []string
	if len(over) > 0 {
		var as []string
		for _, r := range over {
			as = append(as, r.Multiplier)
		}
		out = append(out, fmt.Sprintf("%d multipliers overflowed and are left out of what follows: a = %s (%s).", len(over), strings.Join(as, ", "), over[0].Note))
	}
	if len(ok) == 0 {
		return append(out, "No multiplier has complete values.")
	}
	all := len(ok)
	// The checks other than the upper half of the conjecture's analogue
	// (conjectureReading), in the order of the atlas's columns.
	for _, id := range CheckIDs(rows) {
		if id == IDUpper {
			continue
		}
		var bad, notRun, missing []string
		for _, r := range ok {
			c := r.Check(id)
			switch {
			case c == nil:
				missing = append(missing, r.Multiplier) // computed before the statement was
			case c.Failures > 0:
				bad = append(bad, fmt.Sprintf("%s (%s failures)", r.Multiplier, group(c.Failures)))
			}
			if c != nil && c.Status == conjectures.NotRun {
				notRun = append(notRun, r.Multiplier) // no case: no verdict
			}
		}
		var s string
		switch {
		case len(bad) == 0 && len(notRun) == 0 && len(missing) == 0:
			s = fmt.Sprintf("%s(a) holds for all %d multipliers on the whole range.", id, all)
		case len(bad) == 0:
			s = fmt.Sprintf("%s(a) holds for %d of the %d multipliers on the whole range.", id, all-len(notRun)-len(missing), all)
		default:
			s = fmt.Sprintf("%s(a) fails for %d of the %d multipliers: a = %s.", id, len(bad), all, strings.Join(bad, ", "))
		}
		if len(notRun) > 0 {
			s += fmt.Sprintf(" It was not run (no case in its domain) for a = %s.", strings.Join(notRun, ", "))
		}
		if len(missing) > 0 {
			s += fmt.Sprintf(" The rows of a = %s have no result for it: they were computed before it joined the registry.", strings.Join(missing, ", "))
		}
		out = append(out, s)
	}
	out = append(out, conjectureReading(plan, ok, rows, earlier, further)...)
	out = append(out, alphaReading(newFits(ok))...)
	return out
}

// conjectureReading: for which a the closing conjecture's analogue fails,
// how far its failures go, and above which a it holds throughout.
func conjectureReading(plan Plan, ok, rows []AtlasRow, earlier *Earlier, further []Further) []string {
	var fail, early []AtlasRow
	maxDiff, minDiff := int64(math.MinInt64), int64(math.MaxInt64)
	var maxAt, minAt string
	for _, r := range ok {
		if r.StepLastOutside >= 1 {
			fail = append(fail, r)
			// "Early": every failure lies in the first tenth of the range.
			if earlyOnly(r) {
				early = append(early, r)
			}
		}
		for _, d := range r.StepDiffs {
			if d > maxDiff {
				maxDiff, maxAt = d, r.Multiplier
			}
			if d < minDiff {
				minDiff, minAt = d, r.Multiplier
			}
		}
	}
	if len(fail) == 0 {
		return []string{fmt.Sprintf("The analogue of the closing conjecture, G(n) + 1 <= G(n + ceil(n/a)) <= G(n) + 2, holds for all %d multipliers on the whole range.", len(ok))}
	}
	var list []string
	for _, r := range fail {
		list = append(list, fmt.Sprintf("%s (%s n, last %s)", r.Multiplier, group(r.StepOutside()), group(r.StepLastOutside)))
	}
	out := []string{fmt.Sprintf("The analogue of the closing conjecture, G(n) + 1 <= G(n + ceil(n/a)) <= G(n) + 2, fails for %d of the %d multipliers: a = %s.",
		len(fail), len(ok), strings.Join(list, ", "))}
	// Above which a does it hold for every multiplier of the atlas?
	i := len(ok)
	for i > 0 && ok[i-1].StepLastOutside < 1 {
		i--
	}
	if i < len(ok) && i > 0 {
		out = append(out, sampledAbove(ok, i, plan.List)+" That is evidence of the same kind as that for \"every a > 3\" (next line): nothing was computed between the sampled multipliers, nor past N.")
	}
	if s := aboveThree(ok); s != "" {
		out = append(out, s)
	}
	out = append(out, verdictRuns(ok))
	if len(early) > 0 {
		var as []string
		for _, r := range early {
			as = append(as, fmt.Sprintf("%s (last %s of %s)", r.Multiplier, group(r.StepLastOutside), group(r.StepTop)))
		}
		out = append(out, fmt.Sprintf("For %d of the failing multipliers every failure lies in the first tenth of the range: a = %s. %s", len(early), strings.Join(as, ", "), earlyCaveat(rows, earlier, further)))
	}
	if late := len(fail) - len(early); late > 0 {
		out = append(out, fmt.Sprintf("For the other %d failing multipliers the failures reach past a tenth of the range, so the range says nothing about large n there.", late))
	}
	out = append(out, fmt.Sprintf("G(n + ceil(n/a)) - G(n) takes values from %d (first at a = %s) to %d (first at a = %s) over the atlas.", minDiff, minAt, maxDiff, maxAt))
	return out
}

// sampledAbove says that the analogue holds for every sampled multiplier
// from ok[i] on, and which ones were sampled.
func sampledAbove(ok []AtlasRow, i int, list string) string {
	sample := ""
	if list != "" {
		sample = fmt.Sprintf(" of the list `%s`", list)
	}
	return fmt.Sprintf("It holds for every sampled multiplier above a = %s: the %d sampled%s from a = %s to a = %s, each on n + ceil(n/a) <= %s.",
		ok[i-1].Multiplier, len(ok)-i, sample, ok[i].Multiplier, ok[len(ok)-1].Multiplier, group(ok[i].N))
}

// aboveThree tests the conjecture "the analogue of the closing conjecture
// holds for every a > 3" on every sampled a > 3 ("" if there is none).
func aboveThree(ok []AtlasRow) string {
	var above []AtlasRow
	var bad []string
	for _, r := range ok {
		if r.ANum > 3*r.ADen {
			above = append(above, r)
			if r.StepLastOutside >= 1 {
				bad = append(bad, fmt.Sprintf("%s (%s n, the smallest %s, the largest %s, none on (%s, %s])", r.Multiplier,
					group(r.StepOutside()), group(firstOutside(r)), group(r.StepLastOutside), group(r.StepLastOutside), group(r.StepTop)))
			}
		}
	}
	if len(above) == 0 {
		return ""
	}
	s := fmt.Sprintf("The conjecture \"the analogue holds for every a > 3\", tested on all %d sampled a > 3 (a = %s to %s), each on n + ceil(n/a) <= %s: ",
		len(above), above[0].Multiplier, above[len(above)-1].Multiplier, group(above[0].N))
	if len(bad) == 0 {
		return s + "no counterexample."
	}
	return s + fmt.Sprintf("it fails for %d of them: a = %s.", len(bad), strings.Join(bad, ", "))
}

// firstOutside is the smallest n where G(n + ceil(n/a)) - G(n) leaves
// [1, 2]: the first counterexample of LRS-5.3-step(a) or
// LRS-conj-upper(a) (-1 if none).
func firstOutside(r AtlasRow) int64 {
	first := int64(-1)
	for _, id := range []string{IDStep, IDUpper} {
		if c := r.Check(id); c != nil && c.Failures > 0 && (first < 0 || c.FirstN < first) {
			first = c.FirstN
		}
	}
	return first
}

// verdictRuns describes, in increasing a, the runs of consecutive
// multipliers on which the conjecture's analogue fails or holds: the
// pattern a list of sampled a can show, not intervals of the reals.
func verdictRuns(ok []AtlasRow) string {
	type run struct {
		fails       bool
		first, last string
		count       int
	}
	var runs []run
	for _, r := range ok {
		f := r.StepLastOutside >= 1
		if len(runs) == 0 || runs[len(runs)-1].fails != f {
			runs = append(runs, run{fails: f, first: r.Multiplier})
		}
		runs[len(runs)-1].last = r.Multiplier
		runs[len(runs)-1].count++
	}
	var parts []string
	for _, r := range runs {
		verb := map[bool]string{true: "fails", false: "holds"}[r.fails]
		if r.count == 1 {
			parts = append(parts, fmt.Sprintf("%s at a = %s", verb, r.first))
		} else {
			parts = append(parts, fmt.Sprintf("%s for a = %s .. %s (%d multipliers)", verb, r.first, r.last, r.count))
		}
	}
	return fmt.Sprintf("In increasing a, the verdict changes %d times: it %s. Between the multipliers listed nothing was computed, so these runs suggest intervals of a but do not prove them.", len(runs)-1, strings.Join(parts, "; "))
}

// FitOrigins counts the rows whose fit was recomputed from h(g) when they
// were read (Refit) and those that keep an earlier file's ordinary
// least-squares fit (OldFit).
func FitOrigins(rows []AtlasRow) (refit, old int) {
	for _, r := range rows {
		if r.Refit {
			refit++
		}
		if r.OldFit {
			old++
		}
	}
	return refit, old
}

// newFits are the rows whose fit is the weighted one (all but OldFit), so
// that no reading compares two estimators.
func newFits(rows []AtlasRow) []AtlasRow {
	var out []AtlasRow
	for _, r := range rows {
		if !r.OldFit {
			out = append(out, r)
		}
	}
	return out
}

// slopeByDecade is the section of the slope of the log fit on each decade
// alone, for the integer multipliers (and a = 3/2, 5/2), where G(n) is
// given by h(g): how far the slope drifts.
func slopeByDecade(w func(string, ...any), rows []AtlasRow) {
	var shown []AtlasRow
	decades := 0
	for _, r := range rows {
		if (r.ADen == 1 || r.ADen == 2 && r.ANum <= 5) && r.FitByDecade() != nil {
			shown = append(shown, r)
			decades = max(decades, len(r.FitByDecade()))
		}
	}
	if len(shown) == 0 {
		return
	}
	w("## The slope by decade")
	w("")
	w("The same fit (%s) on each decade of n alone, for the integer multipliers and a = 3/2, 5/2: the slope alpha", conjectures.FitEstimator)
	w("moves from decade to decade, so the slope over the whole range (last column) is a description of that range, not a growth")
	w("rate. h(g) gives G(n) for these rows (LRS-5.2(a) holds: G(n) = g exactly for h(g) <= n < h(g+1)).")
	w("")
	head := []string{"a"}
	for _, f := range shown[0].FitByDecade() {
		if len(head) > decades {
			break
		}
		head = append(head, fmt.Sprintf("%s..%s", group(f.From), group(f.To)))
	}
	for len(head) <= decades {
		head = append(head, "")
	}
	head = append(head, "1.."+group(shown[0].N))
	w("| %s |", strings.Join(head, " | "))
	w("|%s", strings.Repeat("---|", len(head)))
	for _, r := range shown {
		cells := []string{r.Multiplier}
		for _, f := range r.FitByDecade() {
			cells = append(cells, fmt.Sprintf("%.3f", f.Alpha))
		}
		for len(cells) <= decades {
			cells = append(cells, "-")
		}
		w("| %s |", strings.Join(append(cells, fmt.Sprintf("%.3f", r.Alpha)), " | "))
	}
	w("")
}

// goodFits splits rows (at least one) by the RMS of their log fit: good
// when within 3 times the median RMS, poor otherwise.
func goodFits(rows []AtlasRow) (good, poor []AtlasRow, median float64) {
	rms := make([]float64, len(rows))
	for i, r := range rows {
		rms[i] = r.RMS
	}
	sort.Float64s(rms)
	median = rms[len(rms)/2]
	for _, r := range rows {
		if r.RMS <= 3*median {
			good = append(good, r)
		} else {
			poor = append(poor, r)
		}
	}
	return good, poor, median
}

// alphaRange returns the rows (at least one) of least and greatest alpha.
func alphaRange(rows []AtlasRow) (lo, hi AtlasRow) {
	lo, hi = rows[0], rows[0]
	for _, r := range rows {
		if r.Alpha < lo.Alpha {
			lo = r
		}
		if r.Alpha > hi.Alpha {
			hi = r
		}
	}
	return lo, hi
}

// alphaReading: the range of alpha, where it is smallest, how well the
// log fits, and how alpha grows with a where the fits are good.
func alphaReading(ok []AtlasRow) []string {
	good, poor, median := goodFits(ok)
	var out []string
	if len(poor) > 0 {
		var as []string
		for _, r := range poor {
			as = append(as, fmt.Sprintf("%s (alpha = %.2f, RMS %.2f)", r.Multiplier, r.Alpha, r.RMS))
		}
		out = append(out, fmt.Sprintf("The log fit is poor (RMS more than 3 times the median %.3f) for a = %s: G(n) there is not close to alpha ln n + beta on this range, and alpha is only a slope. The rest of this reading leaves them out.", median, strings.Join(as, ", ")))
	}
	if len(good) == 0 {
		return out
	}
	lo, hi := alphaRange(good)
	out = append(out, fmt.Sprintf("The slope alpha of G(n) ~ alpha ln n + beta ranges from %.4f (a = %s) to %.4f (a = %s), with RMS at most %.3f.", lo.Alpha, lo.Multiplier, hi.Alpha, hi.Multiplier, maxRMS(good)))
	for _, r := range good {
		if r.ANum == 2 && r.ADen == 1 {
			below := 0
			for _, s := range good {
				if s.Alpha < r.Alpha {
					below++
				}
			}
			out = append(out, fmt.Sprintf("At a = 2 (Fibonacci nim) alpha = %.4f (so h(g+1)/h(g) tends to about exp(1/alpha) = %.4f if the growth stays logarithmic); %d of the %d multipliers with a good fit grow more slowly.", r.Alpha, math.Exp(1/r.Alpha), below, len(good)))
		}
	}
	// Monotone stretches: where alpha rises with a, and the drops.
	var drops []string
	for i := 1; i < len(good); i++ {
		if good[i].Alpha < good[i-1].Alpha {
			drops = append(drops, fmt.Sprintf("%s -> %s", good[i-1].Multiplier, good[i].Multiplier))
		}
	}
	if len(good) > 2 {
		if len(drops) == 0 {
			out = append(out, "Alpha increases with a throughout.")
		} else {
			// The a from which alpha only rises.
			k := len(good) - 1
			for k > 0 && good[k-1].Alpha <= good[k].Alpha {
				k--
			}
			shown := drops
			if len(shown) > 12 {
				shown = append(append([]string{}, drops[:12]...), "...")
			}
			s := fmt.Sprintf("Alpha is not monotone in a: it decreases at %d of the %d steps between consecutive multipliers (%s).", len(drops), len(good)-1, strings.Join(shown, ", "))
			if k > 0 && k < len(good)-1 {
				s += fmt.Sprintf(" From a = %s on it only increases.", good[k].Multiplier)
			}
			out = append(out, s)
		}
	}
	// Where alpha is close to linear in a: a least-squares line over the
	// a >= 3 with a good fit, and its largest deviation.
	var xs, ys []float64
	for _, r := range good {
		if r.A >= 3 {
			xs, ys = append(xs, r.A), append(ys, r.Alpha)
		}
	}
	if len(xs) >= 3 {
		slope, icpt, dev := lineFit(xs, ys)
		s := fmt.Sprintf("For a >= 3 (%d multipliers), the least-squares line through alpha(a) is alpha ~ %.4f a %s %.4f, every point within %.4f of it.",
			len(xs), slope, sign(icpt), math.Abs(icpt), dev)
		if math.Abs(slope-1) < 0.1 {
			s += fmt.Sprintf(" A conjecture from this range only: alpha(a) - a tends to a constant, near %.2f over the upper half of these a.", meanDiff(xs, ys))
		}
		out = append(out, s)
	}
	return out
}

func maxRMS(rows []AtlasRow) float64 {
	m := 0.0
	for _, r := range rows {
		m = max(m, r.RMS)
	}
	return m
}

// lineFit is the least-squares line y ~ slope x + icpt and the largest
// |residual|.
func lineFit(xs, ys []float64) (slope, icpt, dev float64) {
	n := float64(len(xs))
	var sx, sy, sxx, sxy float64
	for i := range xs {
		sx, sy, sxx, sxy = sx+xs[i], sy+ys[i], sxx+xs[i]*xs[i], sxy+xs[i]*ys[i]
	}
	slope = (n*sxy - sx*sy) / (n*sxx - sx*sx)
	icpt = (sy - slope*sx) / n
	for i := range xs {
		dev = max(dev, math.Abs(ys[i]-slope*xs[i]-icpt))
	}
	return slope, icpt, dev
}

// meanDiff is the mean of y - x over the upper half of the points, where
// x is largest.
func meanDiff(xs, ys []float64) float64 {
	s, k := 0.0, 0
	for i := len(xs) / 2; i < len(xs); i++ {
		s += ys[i] - xs[i]
		k++
	}
	return s / float64(k)
}

func sign(x float64) string {
	if x < 0 {
		return "-"
	}
	return "+"
}

// columnNames are the short names of the statements in the report's
// table, where they have one; any other statement is named by its id.
var columnNames = map[string]string{
	"FT-P-positions":   "FT-P",
	"SCHWENK-strategy": "SCHWENK",
	"LRS-5.2":          "5.2",
	IDStep:             "5.3-step",
	IDUpper:            "conj-upper",
}

func columnName(id string) string {
	if s, ok := columnNames[id]; ok {
		return s
	}
	return id
}

// absent is the table's cell for a statement a row has no result for.
const absent = "n/a"

// extraStatement is the report's sentence on a statement that its
// opening lines do not describe: one added to the registry after them.
func extraStatement(id string) string {
	for _, s := range conjectures.Statements(conjectures.EveryMultiplier) {
		if s.ID == id {
			return fmt.Sprintf("Also %s(a): %s; n/a in a row computed before it joined the registry.", id, s.Text)
		}
	}
	return fmt.Sprintf("Also %s(a), a statement the registry no longer puts for every a; n/a in a row without it.", id)
}

// count is n in words, for the small numbers of statements.
func count(n int) string {
	if n >= 0 && n < 11 {
		return []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}[n]
	}
	return fmt.Sprint(n)
}

func verdict(status string, failures int64) string {
	switch status {
	case conjectures.Holds:
		return "ok"
	case conjectures.Fails:
		return group(failures)
	}
	return status
}

func gn(r AtlasRow) string {
	if r.GN < 0 {
		return "?"
	}
	return fmt.Sprint(r.GN)
}

// group writes x with thousands separators.
func group(x int64) string { return digits.Group(x) }
