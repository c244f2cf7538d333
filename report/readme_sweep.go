package report

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"

	"fibnim/grundyproof"
)

// SweepSummaryPath is the committed sweep of proved Grundy classes, under
// a results folder (compute automata -mults ... -out ROOT/multipliers).
const SweepSummaryPath = "multipliers/automata/summary.json"

// sweepFindings writes the README's bullet on the sweep of proved classes
// (dir/multipliers/automata/summary.json), where there is one: theorems
// for all n, counted from the rows, and the edge.
func sweepFindings(b *bytes.Buffer, dir string) error {
	path := filepath.Join(dir, filepath.FromSlash(SweepSummaryPath))
	s, err := grundyproof.ReadSweepSummary(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	base := filepath.Base(dir)
	folder := base + "/" + filepath.ToSlash(filepath.Dir(filepath.FromSlash(SweepSummaryPath)))
	c := s.Counts()
	p := s.Plan
	target := min(grundyproof.Target, p.MaxG)
	fmt.Fprintf(b, "- **Grundy values proved for all n, multiplier by multiplier** ([%s/%s](%s/%s); `compute automata -mults %s -max-g %d -n %d`). Theorems for every n, proved by automata over each multiplier's own numeration, not observations:\n",
		folder, grundyproof.SummaryMD, folder, grundyproof.SummaryMD, p.List, p.MaxG, p.N)
	if c.Pisot > 0 {
		fmt.Fprintf(b, "  - Below 7/2 (%d multipliers), the positions of Grundy values 0..K are proved for all n with K >= %d for %d of them (%s; all of 0..%d for %d).",
			c.Pisot, target, c.AtLeast, c.Range(), p.MaxG, c.Full)
		if len(c.Short) > 0 {
			var causes []string
			for _, g := range c.ShortByCause() {
				var as []string
				for _, r := range g.Rows {
					as = append(as, fmt.Sprintf("%s (%s)", r.Multiplier, r.KText()))
				}
				causes = append(causes, fmt.Sprintf("%s for a = %s", g.Cause, strings.Join(as, ", ")))
			}
			fmt.Fprintf(b, " Below K = %d (%d; each reason in %s): %s.", target, len(c.Short), grundyproof.SummaryMD, strings.Join(causes, "; "))
			line, err := bandComplement(dir, c.Short)
			if err != nil {
				return err
			}
			b.WriteString(line)
		}
		b.WriteString("\n")
	}
	if c.NotPisot > 0 {
		searched, open := 0, 0
		for _, r := range s.Rows {
			if r.Edge != nil && r.Edge.Searched {
				searched++
				if !r.Edge.Closed {
					open++
				}
			}
		}
		search := fmt.Sprintf("closed for none of the %d searched", searched)
		if open != searched {
			search = fmt.Sprintf("did not close for %d of the %d searched", open, searched)
		}
		fmt.Fprintf(b, "  - From 7/2 on (%d multipliers): %s ([%s/%s](%s/%s)). For c = 4, x^5 - x^4 - 1 = (x^2 - x + 1)(x^3 - x - 1) has two roots on the unit circle; for c >= 5 some root lies outside it. The adder's search, run with a budget of %s states, %s (c <= 11; beyond, only the roots speak).\n",
			c.NotPisot, grundyproof.NotPisotText, folder, grundyproof.EdgeMD, folder, grundyproof.EdgeMD, group(int64(p.EdgeBudget)), search)
	}
	return nil
}

// bandComplement is the sentence on the short rows for which a band
// theorem (dir/automata/bands.json) proves more values than the sweep did:
// for every real a of a proved band [lo, hi), the positions of values
// 0..J are those of its left end, so they are proved for each such
// multiplier as well, whose own proof stopped below J. Empty where there
// are no band theorems or they add nothing.
func bandComplement(dir string, short []grundyproof.SweepRow) (string, error) {
	bands, err := grundyproof.ReadBands(dir)
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	type gain struct {
		band  grundyproof.BandRecord
		mults []string
	}
	var gains []gain
	for _, bd := range bands {
		if bd.Status != "proved" {
			continue
		}
		lo, ok1 := new(big.Rat).SetString(bd.From)
		hi, ok2 := new(big.Rat).SetString(bd.To)
		if !ok1 || !ok2 {
			return "", fmt.Errorf("%s: the band [%s, %s) does not read", grundyproof.BandsFile, bd.From, bd.To)
		}
		g := gain{band: bd}
		for _, r := range short {
			a, ok := new(big.Rat).SetString(r.Multiplier)
			if ok && a.Cmp(lo) >= 0 && a.Cmp(hi) < 0 && r.ProvedUpTo < bd.MaxValue {
				g.mults = append(g.mults, r.Multiplier)
			}
		}
		if len(g.mults) > 0 {
			gains = append(gains, g)
		}
	}
	if len(gains) == 0 {
		return "", nil
	}
	var parts []string
	for _, g := range gains {
		parts = append(parts, fmt.Sprintf("values 0..%d for the %d of [%s, %s) (a = %s)", g.band.MaxValue, len(g.mults), g.band.From, g.band.To, strings.Join(g.mults, ", ")))
	}
	return fmt.Sprintf(" For some of these the band theorems (automata/%s: every real a of a band plays values 0..J as the band's left end does) prove more than their own run did: %s.", BandsMD, strings.Join(parts, "; ")), nil
}
