package atlas

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// Earlier is an atlas made at a smaller N that a report compares with,
// multiplier by multiplier (Changes).
type Earlier struct {
	File string     // its file name, as the report cites it
	Rows []AtlasRow // its rows, as Read returns them
}

// change is one multiplier in both atlases.
type change struct {
	a          string
	prev, cur  AtlasRow
	newFails   int64 // failures of the analogue on n past the earlier range
	prevFails  int64
	curFails   int64
	hAgree     bool // h(g) is the same wherever the earlier atlas knows it
	prevEarly  bool // every failure in the first tenth of the earlier range
	lastChange bool // the verdict or the last failure moved
}

// Changes is the report section on what changed from an earlier atlas at
// a smaller N to rows: for every multiplier in both, the failures of the
// closing conjecture's analogue that appeared past the earlier range,
// those whose failures all stayed in the first tenth, how alpha and the
// fit's RMS moved, and the multipliers whose verdict or last failure
// changed. It also checks the two atlases against each other: h(g), the
// least n with G(n) >= g, must be the same for every g whose h(g) the
// earlier atlas reached. Like Report it computes every number from the
// rows. It returns the section's Markdown lines, heading first; none if
// earlier has no rows.
func Changes(earlier Earlier, rows []AtlasRow) []string {
	if len(earlier.Rows) == 0 || len(rows) == 0 {
		return nil
	}
	N0, N := earlier.Rows[0].N, rows[0].N
	both, skipped, newHere := compare(earlier, rows)

	var out []string
	w := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	w("## What changed from N = %s to N = %s", group(N0), group(N))
	w("")
	w("Compared with %s (%d multipliers, N = %s), row by row: the %d multipliers in both atlases. The %d multipliers new here have no earlier row.",
		earlier.File, len(earlier.Rows), group(N0), len(both), newHere)
	w("G(n) for n <= %s is the same in both tables, so a failure of the closing conjecture's analogue, G(n) + 1 <= G(n + ceil(n/a)) <= G(n) + 2,", group(N0))
	w("found in the earlier range is found again here; every change comes from n past it.")
	w("")
	if len(skipped) > 0 {
		w("- Left out, not complete in one of the two atlases: a = %s.", strings.Join(skipped, ", "))
	}
	var disagree []string
	for _, c := range both {
		if !c.hAgree {
			disagree = append(disagree, c.a)
		}
	}
	if len(disagree) == 0 {
		w("- The two atlases agree: for all %d multipliers, h(g) (the least n with G(n) >= g) is the same for every g the earlier atlas reached.", len(both))
	} else {
		w("- The two atlases DISAGREE on h(g) below N = %s for %d of the %d multipliers: a = %s. One of them is wrong; nothing below should be read before this is understood.",
			group(N0), len(disagree), len(both), strings.Join(disagree, ", "))
	}

	var appeared, turned, stayed, stayedEarly, earlyBroken []string
	failedBefore := 0
	for _, c := range both {
		if c.prevFails > 0 {
			failedBefore++
		}
		if c.newFails > 0 {
			was := "it held"
			if c.prevFails > 0 {
				was = "last failure " + group(c.prev.StepLastOutside)
			}
			appeared = append(appeared, fmt.Sprintf("%s (%s new, the last at %s; at N = %s %s)", c.a, group(c.newFails), group(c.cur.StepLastOutside), group(N0), was))
			if c.prevFails == 0 {
				turned = append(turned, c.a)
			}
			if c.prevEarly {
				earlyBroken = append(earlyBroken, fmt.Sprintf("%s (last %s, now %s)", c.a, group(c.prev.StepLastOutside), group(c.cur.StepLastOutside)))
			}
		} else if c.prevFails > 0 {
			stayed = append(stayed, fmt.Sprintf("%s (last %s)", c.a, group(c.cur.StepLastOutside)))
			if c.prevEarly {
				stayedEarly = append(stayedEarly, c.a)
			}
		}
	}
	if len(appeared) == 0 {
		w("- No failure of the analogue appeared past n = %s: every multiplier in both atlases fails exactly where it failed before.", group(N0))
	} else {
		w("- Failures that appeared past the earlier range, for %d of the %d multipliers: a = %s.", len(appeared), len(both), strings.Join(appeared, "; "))
	}
	if len(turned) > 0 {
		w("- The verdict changed from holds to fails for %d multipliers: a = %s.", len(turned), strings.Join(turned, ", "))
	} else {
		w("- No multiplier on which the analogue held at N = %s fails at N = %s.", group(N0), group(N))
	}
	if len(stayed) > 0 {
		w("- For %d of the %d multipliers that failed at N = %s no failure appeared past it: a = %s.", len(stayed), failedBefore, group(N0), strings.Join(stayed, ", "))
	}
	var prevEarly int
	share := 0.0 // the largest last failure of stayedEarly, as a share of the range
	for _, c := range both {
		if c.prevEarly {
			prevEarly++
			if c.newFails == 0 {
				share = max(share, float64(c.cur.StepLastOutside)/float64(c.cur.StepTop))
			}
		}
	}
	if prevEarly > 0 {
		s := fmt.Sprintf("- Of the %d multipliers whose failures all lay in the first tenth of the range at N = %s, %d stayed failure-free past it", prevEarly, group(N0), len(stayedEarly))
		if len(stayedEarly) > 0 {
			s += fmt.Sprintf(" (a = %s; each one's last failure now lies within the first %.2f%% of its range)", strings.Join(stayedEarly, ", "), 100*share)
		}
		if len(earlyBroken) > 0 {
			s += fmt.Sprintf(", and %d failed again past it: a = %s", len(earlyBroken), strings.Join(earlyBroken, ", "))
		}
		w("%s.", s)
	}
	var moved []string
	for _, c := range both {
		if c.lastChange {
			from, to := "holds", "holds"
			if c.prev.StepLastOutside >= 1 {
				from = "last " + group(c.prev.StepLastOutside)
			}
			if c.cur.StepLastOutside >= 1 {
				to = "last " + group(c.cur.StepLastOutside)
			}
			moved = append(moved, fmt.Sprintf("%s (%s -> %s)", c.a, from, to))
		}
	}
	if len(moved) == 0 {
		w("- No multiplier's verdict or last failure changed.")
	} else {
		w("- The verdict or the last failure changed for %d multipliers: a = %s.", len(moved), strings.Join(moved, ", "))
	}
	out = append(out, alphaMoves(both, N0, N)...)
	w("")
	w("| a | alpha N = %s | alpha N = %s | change | RMS before | RMS now | failures before | failures now | last failure before | last failure now |", group(N0), group(N))
	w("|---|---|---|---|---|---|---|---|---|---|")
	for _, c := range both {
		last := func(r AtlasRow) string {
			if r.StepLastOutside < 1 {
				return "-"
			}
			return group(r.StepLastOutside)
		}
		w("| %s | %.4f | %.4f | %+.4f | %.3f | %.3f | %s | %s | %s | %s |", c.a, c.prev.Alpha, c.cur.Alpha, c.cur.Alpha-c.prev.Alpha,
			c.prev.RMS, c.cur.RMS, group(c.prevFails), group(c.curFails), last(c.prev), last(c.cur))
	}
	return out
}

// earlyOnly reports whether the analogue of the closing conjecture fails
// for r and every failure lies in the first tenth of its range.
func earlyOnly(r AtlasRow) bool {
	return r.StepLastOutside >= 1 && r.StepLastOutside <= r.StepTop/10
}

// compare pairs the rows of the multipliers in both atlases that are
// complete in both; skipped lists those in both but not complete in one,
// newHere counts the multipliers only rows has.
func compare(earlier Earlier, rows []AtlasRow) (both []change, skipped []string, newHere int) {
	prevOf := map[string]AtlasRow{}
	for _, r := range earlier.Rows {
		prevOf[r.Multiplier] = r
	}
	for _, r := range rows {
		p, ok := prevOf[r.Multiplier]
		if !ok {
			newHere++
			continue
		}
		if r.Status != Complete || p.Status != Complete {
			skipped = append(skipped, r.Multiplier)
			continue
		}
		c := change{a: r.Multiplier, prev: p, cur: r,
			prevFails: p.StepOutside(), curFails: r.StepOutside()}
		c.newFails = c.curFails - c.prevFails
		c.hAgree = sameH(p, r)
		c.prevEarly = earlyOnly(p)
		c.lastChange = p.StepLastOutside != r.StepLastOutside
		both = append(both, c)
	}
	return both, skipped, newHere
}

// alphaMoves: how the slope alpha and the RMS of the log fit moved.
func alphaMoves(both []change, N0, N int64) []string {
	if len(both) == 0 {
		return nil
	}
	var up, down, rmsUp int
	d := make([]float64, len(both))
	rise, fall := both[0], both[0]
	for i, c := range both {
		d[i] = c.cur.Alpha - c.prev.Alpha
		if d[i] > 0 {
			up++
		} else if d[i] < 0 {
			down++
		}
		if c.cur.RMS > c.prev.RMS {
			rmsUp++
		}
		if d[i] > rise.cur.Alpha-rise.prev.Alpha {
			rise = c
		}
		if d[i] < fall.cur.Alpha-fall.prev.Alpha {
			fall = c
		}
	}
	sorted := append([]float64(nil), d...)
	sort.Float64s(sorted)
	med := sorted[len(sorted)/2]
	out := []string{fmt.Sprintf("- From N = %s to N = %s alpha rose for %d multipliers and fell for %d; the median change is %+.4f, the largest rise %+.4f (a = %s, %.4f -> %.4f), the largest fall %+.4f (a = %s, %.4f -> %.4f).",
		group(N0), group(N), up, down, med, rise.cur.Alpha-rise.prev.Alpha, rise.a, rise.prev.Alpha, rise.cur.Alpha,
		fall.cur.Alpha-fall.prev.Alpha, fall.a, fall.prev.Alpha, fall.cur.Alpha)}
	out = append(out, fmt.Sprintf("- The RMS residual of the fit grew for %d of the %d multipliers and shrank or stayed for %d.", rmsUp, len(both), len(both)-rmsUp))
	// The line through alpha(a) for a >= 3, at both sizes, over the
	// multipliers in both atlases.
	var xs, y0, y1 []float64
	for _, c := range both {
		if c.cur.A >= 3 {
			xs, y0, y1 = append(xs, c.cur.A), append(y0, c.prev.Alpha), append(y1, c.cur.Alpha)
		}
	}
	if len(xs) >= 3 {
		s0, i0, dev0 := lineFit(xs, y0)
		s1, i1, dev1 := lineFit(xs, y1)
		out = append(out, fmt.Sprintf("- For the %d of them with a >= 3, the least-squares line through alpha(a) moved from alpha ~ %.4f a %s %.4f (every point within %.4f) to alpha ~ %.4f a %s %.4f (within %.4f).",
			len(xs), s0, sign(i0), math.Abs(i0), dev0, s1, sign(i1), math.Abs(i1), dev1))
	}
	return out
}

// sameH reports whether two rows of one multiplier agree on h(g) for every
// g whose h(g) the row of smaller N reached, and on nothing below it
// reaching further: the larger row's h(g) for g past the smaller's MaxG
// must exceed the smaller N.
func sameH(small, large AtlasRow) bool {
	if len(large.H) < len(small.H) {
		return false
	}
	for g, h := range small.H {
		if large.H[g] != h {
			return false
		}
	}
	return len(large.H) == len(small.H) || large.H[len(small.H)] > small.N
}

// ChangeFindings is the short form of Changes for the README: how many
// multipliers gained failures past the earlier range, and what became of
// those whose failures all lay in the first tenth of it ("" if the two
// atlases share no complete multiplier).
func ChangeFindings(earlier Earlier, rows []AtlasRow) string {
	if len(earlier.Rows) == 0 || len(rows) == 0 {
		return ""
	}
	both, _, _ := compare(earlier, rows)
	grew, early := 0, 0
	var again, disagree []string
	for _, c := range both {
		if !c.hAgree {
			disagree = append(disagree, c.a)
		}
		if c.newFails > 0 {
			grew++
		}
		if c.prevEarly {
			early++
			if c.newFails > 0 {
				again = append(again, fmt.Sprintf("%s (last %s, now %s)", c.a, group(c.prev.StepLastOutside), group(c.cur.StepLastOutside)))
			}
		}
	}
	if len(both) == 0 {
		return ""
	}
	N0 := earlier.Rows[0].N
	s := fmt.Sprintf("Against the atlas at N = %s (%s, %d multipliers in both): failures of the analogue appeared past %s for %d of them", group(N0), earlier.File, len(both), group(N0), grew)
	if early > 0 {
		s += fmt.Sprintf("; of the %d whose failures all lay in the first tenth at N = %s, %d stayed failure-free and %d failed again", early, group(N0), early-len(again), len(again))
		if len(again) > 0 {
			s += ": a = " + strings.Join(again, ", ")
		}
	}
	s += "."
	if len(disagree) > 0 {
		s += fmt.Sprintf(" The two atlases DISAGREE on h(g) below N = %s for a = %s.", group(N0), strings.Join(disagree, ", "))
	}
	return s
}
