package report

import (
	"fmt"
	"strings"

	"fibnim/atlas"
	"fibnim/conjectures"
)

// atlasBlocks is how many blocks of rows the atlas table sets side by
// side, to fit about 60 rows a page.
const atlasBlocks = 3

// atlasPageRows is the most rows a block holds on a page of 6.5 by 9 in
// at \footnotesize, with the caption and notes: an atlas of more
// multipliers than atlasBlocks*atlasPageRows lists only the rows that
// differ from "every statement holds" (the notes count the others), so
// the table stays one float on one page.
const atlasPageRows = 55

// AtlasTeX renders the multiplier atlas as a compact LaTeX table
// (atlas.tex): for each a, the slope alpha of the fit G(n) ~ alpha ln n +
// beta and the largest n where G(n + ceil(n/a)) - G(n) leaves [1, 2], in
// atlasBlocks blocks side by side, in increasing a down each block; and
// its notes (atlas_notes.tex), which say what a mark means and what the
// rows share, from the rows.
func AtlasTeX(rows []atlas.AtlasRow) (tab, notes []byte) {
	if len(rows) == 0 {
		return nil, nil
	}
	N := rows[0].N
	all := len(rows)
	quiet := 0 // rows left out: every statement holds there
	if len(rows) > atlasBlocks*atlasPageRows {
		var shown []atlas.AtlasRow
		for _, r := range rows {
			if r.Status == atlas.Complete && r.StepLastOutside < 1 && othersHold(r) {
				quiet++
				continue
			}
			shown = append(shown, r)
		}
		rows = shown
	}
	per := (len(rows) + atlasBlocks - 1) / atlasBlocks
	spec := "@{}" + strings.Repeat("lrr@{\\qquad}", atlasBlocks-1) + "lrr@{}"
	t := newTex(3*atlasBlocks, spec,
		fmt.Sprintf("The multiplier atlas, %d multipliers, N = %d: alpha of the fit G(n) ~ alpha ln n + beta over 1 <= n <= N (%s), and the", all, N, conjectures.FitEstimator),
		"largest n where G(n + ceil(n/a)) - G(n) is not 1 or 2 (-- if none); by `compute atlas -merge` or `compute paper`, from atlas.parquet.")
	var head []string
	for range atlasBlocks {
		head = append(head, "$a$", "$\\alpha$", "last $n$")
	}
	t.row(head...)
	t.midrule()
	others, overflow := 0, 0
	for i := range per {
		var cells []string
		for b := range atlasBlocks {
			k := b*per + i
			if k >= len(rows) {
				cells = append(cells, "", "", "")
				continue
			}
			r := rows[k]
			a := texRat(r.Multiplier)
			if r.Status != atlas.Complete {
				overflow++
				cells = append(cells, a, texText(r.Status), "")
				continue
			}
			if !othersHold(r) {
				a += "$^*$"
				others++
			}
			last := "--"
			if r.StepLastOutside >= 0 {
				last = texInt(r.StepLastOutside)
			}
			cells = append(cells, a, texFloat(r.Alpha, 3), last)
		}
		t.row(cells...)
	}
	var n []string
	if quiet > 0 {
		n = append(n, fmt.Sprintf("Of the %d multipliers of the atlas the table lists the %d where a statement fails; at the other %d every statement below holds on the whole range (atlas.md and atlas.parquet have every row).", all, len(rows), quiet))
	}
	n = append(n, fmt.Sprintf("For each of the %d multipliers $a$, $\\alpha$ is the slope of the fit $G(n)\\approx\\alpha\\ln n+\\beta$ over $1\\le n\\le %s$ by least squares with each $n$ weighted by $1/n$ (every decade of $n$ weighs alike), and \\emph{last $n$} the largest $n$ with $n+\\lceil n/a\\rceil\\le %s$ where $G(n+\\lceil n/a\\rceil)-G(n)$ is not $1$ or $2$ (--: none).",
		len(rows), texGroup(N), texGroup(N)))
	if quiet > 0 {
		n[len(n)-1] = strings.Replace(n[len(n)-1], "multipliers $a$,", "multipliers $a$ listed,", 1)
	}
	if refit, old := atlas.FitOrigins(rows); refit > 0 || old > 0 {
		s := "The fit columns of atlas.parquet hold the ordinary least-squares fit, every $n$ weighted alike, of the run that made it; $\\alpha$ here is recomputed from $h(g)$"
		if old > 0 {
			s += fmt.Sprintf(" for %d of these multipliers, and is that ordinary fit for the other %d, where $G(n)$ is not non-decreasing", refit, old)
		}
		n = append(n, s+".")
	}
	if others == 0 && overflow == 0 {
		n = append(n, "For every $a$ listed, $G(n,n-1)=0$ exactly on $F(a)$, $G(n,r)=0$ exactly when $r<z_1(n)$, and $G(n)\\le G(n+1)\\le G(n)+1$, on every $n\\le N$.")
	} else if others > 0 {
		n = append(n, fmt.Sprintf("$^*$: one of $G(n,n-1)=0$ exactly on $F(a)$, $G(n,r)=0$ exactly when $r<z_1(n)$, $G(n)\\le G(n+1)\\le G(n)+1$ fails for this $a$ (%d of them); the others hold on every $n\\le N$.", others))
	}
	if overflow > 0 {
		n = append(n, fmt.Sprintf("%d rows were not computed to the end (a value passed what the store holds).", overflow))
	}
	return t.withNotes(strings.Join(n, " "))
}

// othersHold reports whether every statement of r other than the two
// halves of the closing conjecture's analogue (which StepLastOutside
// shows) holds.
func othersHold(r atlas.AtlasRow) bool {
	for _, c := range r.Checks {
		if c.ID != atlas.IDStep && c.ID != atlas.IDUpper && c.Status != conjectures.Holds {
			return false
		}
	}
	return true
}
