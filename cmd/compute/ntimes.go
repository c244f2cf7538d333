package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"math/big"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"fibnim/conjectures"
	"fibnim/grundy"
	"fibnim/ntimes"
	"fibnim/table"
	"fibnim/version"
)

type ntimesOpts struct {
	mults     []*big.Rat
	terms     int
	seqTerms  int
	realUpto  *big.Rat
	out       string
	minStable int
	factor    int
	maxTerms  int
	workers   int
}

// parseMults reads a list such as "2..14,7/2,43/11".
func parseMults(s string) ([]*big.Rat, error) {
	var out []*big.Rat
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if lo, hi, ok := strings.Cut(part, ".."); ok {
			a, err1 := strconv.Atoi(lo)
			b, err2 := strconv.Atoi(hi)
			if err1 != nil || err2 != nil || a < 1 || b < a || b-a > 1_000_000 {
				return nil, usagef("-mults: range %q must be INT..INT with 1 <= first <= last", part)
			}
			for i := a; i <= b; i++ {
				out = append(out, big.NewRat(int64(i), 1))
			}
			continue
		}
		m, err := grundy.ParseMultiplier(part)
		if err != nil {
			return nil, usagef("-mults: %v", err)
		}
		out = append(out, m.Rat())
	}
	if len(out) == 0 {
		return nil, usagef("-mults: empty list")
	}
	return out, nil
}

func runNtimes(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("ntimes", stderr)
	mults := fs.String("mults", "2..1000", "multipliers: integers, fractions, decimals and INT..INT ranges, comma separated")
	terms := fs.Int("terms", 12, "K for the real intervals on which the first K terms of F(a) are constant")
	seqTerms := fs.Int("seq-terms", 200, "terms f_1..f_K of each sequence written to sequences.parquet")
	upto := fs.String("real-upto", "10", "find the exact real thresholds of c in [1, X]")
	out := fs.String("out", "results", "output folder")
	minStable := fs.Int("min-stable", 2000, "accept c once k - r(k) stayed constant for this many terms (or factor*(c+1))")
	factor := fs.Int("stable-factor", 10, "accept c once k - r(k) stayed constant for factor*(c+1) terms (or min-stable)")
	maxTerms := fs.Int("max-terms", 1<<20, "most terms computed for one multiplier")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "worker goroutines")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute ntimes [-mults LIST] [-terms K] [-seq-terms K] [-real-upto X] [-out DIR]")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	var o ntimesOpts
	var err error
	if o.mults, err = parseMults(*mults); err != nil {
		return err
	}
	if *terms < 1 || *seqTerms < 1 {
		return usagef("-terms %d, -seq-terms %d: need at least 1 term", *terms, *seqTerms)
	}
	if *minStable < 1 || *factor < 1 || *maxTerms < 2 || *workers < 1 {
		return usagef("-min-stable, -stable-factor, -workers must be >= 1 and -max-terms >= 2")
	}
	um, err := grundy.ParseMultiplier(*upto)
	if err != nil {
		return usagef("-real-upto: %v", err)
	}
	o.terms, o.seqTerms, o.realUpto, o.out = *terms, *seqTerms, um.Rat(), *out
	o.minStable, o.factor, o.maxTerms, o.workers = *minStable, *factor, *maxTerms, *workers
	dir := filepath.Join(o.out, "ntimes")
	tables := filepath.Join(o.out, "tables")
	for _, d := range []string{dir, tables} {
		if err := prepareDir(d); err != nil {
			return err
		}
	}
	start := time.Now()
	rows, seqs, err := solveAll(ctx, o, stderr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "ntimes: %d multipliers solved in %v\n", len(rows), time.Since(start).Round(time.Millisecond))
	cs, unresolved := ntimes.CIntervals(o.terms, 1<<12, o.realUpto, o.minStable, o.factor, o.maxTerms)
	pieces := ntimes.Pieces(o.terms, big.NewRat(1, 1), o.realUpto)
	fmt.Fprintf(stderr, "ntimes: %d intervals of c and %d pieces of the first %d terms in [1, %s] in %v\n", len(cs), len(pieces), o.terms, o.realUpto.RatString(), time.Since(start).Round(time.Millisecond))
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("interrupted; earlier results left in place")
	}
	meta := map[string]string{
		"fibnim.revision":   version.Revision(),
		"fibnim.mults":      *mults,
		"fibnim.terms":      strconv.Itoa(o.terms),
		"fibnim.seq_terms":  strconv.Itoa(o.seqTerms),
		"fibnim.real_upto":  o.realUpto.RatString(),
		"fibnim.min_stable": strconv.Itoa(o.minStable),
		"fibnim.factor":     strconv.Itoa(o.factor),
		"fibnim.max_terms":  strconv.Itoa(o.maxTerms),
	}
	if err := table.WriteFile(filepath.Join(dir, "c_table.parquet"), meta, rows); err != nil {
		return err
	}
	if err := table.WriteFile(filepath.Join(dir, "sequences.parquet"), meta, seqs); err != nil {
		return err
	}
	var realC, realT []table.RealRow
	for _, c := range cs {
		realC = append(realC, realRow(c.Lo, c.Hi, c.C, "", int64(c.MinStable), c.Certain))
	}
	for _, p := range pieces {
		_, e := ntimes.Solve(p.Lo, o.minStable, o.factor, o.maxTerms)
		realT = append(realT, realRow(p.Lo, p.Hi, e.C, joinInts(p.F), int64(e.Stable), e.Certain))
	}
	if err := table.WriteFile(filepath.Join(dir, "real_c.parquet"), meta, realC); err != nil {
		return err
	}
	if err := table.WriteFile(filepath.Join(dir, "real_terms.parquet"), meta, realT); err != nil {
		return err
	}
	md, csv := ftTable1Report(rows, realC, realT, unresolved, o)
	if err := table.WriteAtomic(filepath.Join(tables, "ft_table1.md"), md); err != nil {
		return err
	}
	if err := table.WriteAtomic(filepath.Join(tables, "ft_table1.csv"), csv); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s/{c_table,sequences,real_c,real_terms}.parquet and %s/ft_table1.{md,csv} in %v\n", dir, tables, time.Since(start).Round(time.Millisecond))
	return nil
}

func realRow(lo, hi *big.Rat, c int, terms string, stable int64, certain bool) table.RealRow {
	r := table.RealRow{Lo: lo.RatString(), C: int32(c), Terms: terms, Stable: stable, Certain: certain, HiFloat: math.Inf(1)}
	r.LoFloat, _ = lo.Float64()
	if hi != nil {
		r.Hi = hi.RatString()
		r.HiFloat, _ = hi.Float64()
	}
	return r
}

func joinInts(f []*big.Int) string {
	parts := make([]string, len(f))
	for i, x := range f {
		parts[i] = x.String()
	}
	return strings.Join(parts, " ")
}

// solveAll solves every multiplier on o.workers goroutines; rows come back
// in input order.
func solveAll(ctx context.Context, o ntimesOpts, stderr io.Writer) ([]table.CRow, []table.SeqRow, error) {
	rows := make([]table.CRow, len(o.mults))
	seqs := make([][]table.SeqRow, len(o.mults))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < o.workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				a := o.mults[i]
				s, e := ntimes.Solve(a, o.minStable, o.factor, o.maxTerms)
				viol := ntimes.CheckTheorems(s, e)
				x, _ := a.Float64()
				alog, _ := ntimes.ALogA(a)
				ratio := math.NaN()
				if x > 1 {
					ratio = float64(e.C) / (x * math.Log(x))
				}
				rows[i] = table.CRow{Multiplier: a.RatString(), ANum: a.Num().Int64(), ADen: a.Denom().Int64(),
					L: int32(e.L), C: int32(e.C), U: int32(e.U), K0: int64(e.K0), Terms: int64(e.Terms), Stable: int64(e.Stable),
					Certain: e.Certain, ALogA: int32(alog), Ratio: ratio, Violations: int32(len(viol))}
				for k := 1; k <= min(o.seqTerms, s.Len()); k++ {
					seqs[i] = append(seqs[i], table.SeqRow{Multiplier: a.RatString(), K: int32(k), F: s.F[k-1].String(), R: int32(s.R[k-1])})
				}
				for _, v := range viol {
					fmt.Fprintf(stderr, "ntimes: a=%s violates %s at k=%d: %s\n", a.RatString(), v.Clause, v.K, v.Detail)
				}
			}
		}()
	}
	for i := range o.mults {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, nil, fmt.Errorf("interrupted; earlier results left in place")
	}
	var all []table.SeqRow
	for _, s := range seqs {
		all = append(all, s...)
	}
	return rows, all, nil
}

func ftTable1Report(rows []table.CRow, realC, realT []table.RealRow, unresolved []ntimes.Piece, o ntimesOpts) ([]byte, []byte) {
	byA := map[string]table.CRow{}
	for _, r := range rows {
		byA[r.Multiplier] = r
	}
	var md, csv bytes.Buffer
	fmt.Fprintln(&csv, "a,L,L_printed,c,c_printed,U,U_printed,floor_a_log_a,floor_a_log_a_printed,k0,stable_terms,certain")
	fmt.Fprintln(&md, "# Table 1 of Frankl & Tokushige, regenerated")
	fmt.Fprintln(&md)
	fmt.Fprintln(&md, "Generated by `compute ntimes`; do not edit by hand. The paper calls the multiplier n; here it is a.")
	fmt.Fprintln(&md, "c is the observed eventual value of k - r(k); k0 is the least index with k - r(k) = c for all")
	fmt.Fprintln(&md, "k0 < k <= terms computed; L and U are computed exactly from their definitions in Theorem 2 (vii),")
	fmt.Fprintln(&md, "L = floor(log a / (log a - log(a-1))) and U = ceil(log a / (log(a+1) - log a)), by comparing big-integer powers.")
	fmt.Fprintln(&md, "\"certain\" means c reached U: k - r(k) never decreases (Theorem 1 (iv)) and never exceeds U, so it is final.")
	fmt.Fprintf(&md, "Otherwise c is accepted after k - r(k) stayed constant for max(%d, %d(c+1)) terms; the stable column says how many.\n\n", o.minStable, o.factor)

	var diffs []string
	fmt.Fprintln(&md, "## Integer multipliers 2..14, computed beside printed")
	fmt.Fprintln(&md)
	fmt.Fprintln(&md, "| a | L | L printed | c | c printed | U | U printed | floor(a log a) | printed | k0 | stable terms | certain |")
	fmt.Fprintln(&md, "|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, p := range conjectures.FTTable1Printed {
		r, ok := byA[strconv.Itoa(p.A)]
		if !ok {
			fmt.Fprintf(&md, "| %d | not computed (not in -mults) |\n", p.A)
			continue
		}
		mark := func(name string, got, want int) string {
			if got != want {
				diffs = append(diffs, fmt.Sprintf("a = %d: %s computed %d, printed %d", p.A, name, got, want))
				return fmt.Sprintf("**%d**", want)
			}
			return strconv.Itoa(want)
		}
		fmt.Fprintf(&md, "| %d | %d | %s | %d | %s | %d | %s | %d | %s | %d | %d | %v |\n", p.A,
			r.L, mark("L", int(r.L), p.L), r.C, mark("c", int(r.C), p.C), r.U, mark("U", int(r.U), p.U),
			r.ALogA, mark("floor(a log a)", int(r.ALogA), p.ALogA), r.K0, r.Stable, r.Certain)
		fmt.Fprintf(&csv, "%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%v\n", p.A, r.L, p.L, r.C, p.C, r.U, p.U, r.ALogA, p.ALogA, r.K0, r.Stable, r.Certain)
	}
	fmt.Fprintln(&md)
	fmt.Fprintf(&md, "### Disagreements with the print (%d, printed value in bold above)\n\n", len(diffs))
	for _, d := range diffs {
		fmt.Fprintf(&md, "- %s\n", d)
	}
	if len(diffs) > 0 {
		fmt.Fprintln(&md)
		fmt.Fprintln(&md, floorNote(rows))
	}
	fmt.Fprintln(&md)

	fmt.Fprintln(&md, "## Real multipliers: c on intervals, exact endpoints")
	fmt.Fprintln(&md)
	fmt.Fprintf(&md, "Every point in [1, %s] where c changes, found by exact rational arithmetic (ntimes.CIntervals): the first K terms of F(a)\n", o.realUpto.RatString())
	fmt.Fprintln(&md, "change only at ratios f_k / f_{r(k)-1}; c is computed at both ends of every such piece (just below the upper end),")
	fmt.Fprintln(&md, "and a piece whose ends disagree is split with twice as many terms until they agree.")
	if len(unresolved) > 0 {
		fmt.Fprintf(&md, "**%d pieces could not be resolved** (c differs at their two ends even with 4096 terms):", len(unresolved))
		for _, p := range unresolved {
			fmt.Fprintf(&md, " [%s, %s)", p.Lo.RatString(), p.Hi.RatString())
		}
		fmt.Fprintln(&md)
	}
	fmt.Fprintln(&md)
	printed := map[string]conjectures.FTInterval{}
	for _, p := range conjectures.FTRealPrinted {
		printed[p.Lo] = p
	}
	fmt.Fprintln(&md, "| computed interval of a | c | printed interval | printed c | min stable terms | certain |")
	fmt.Fprintln(&md, "|---|---|---|---|---|---|")
	var realDiffs []string
	seen := map[string]bool{}
	for _, r := range realC {
		pr, pc := "-", "-"
		if p, ok := printed[r.Lo]; ok {
			seen[r.Lo] = true
			pr, pc = fmt.Sprintf("%s <= a < %s", p.Lo, p.Hi), strconv.Itoa(p.C)
			if p.Hi != r.Hi || p.C != int(r.C) {
				realDiffs = append(realDiffs, fmt.Sprintf("from a = %s: computed [%s, %s) c = %d, printed [%s, %s) c = %d", r.Lo, r.Lo, r.Hi, r.C, p.Lo, p.Hi, p.C))
			}
		}
		hi := r.Hi
		if hi == "" {
			hi = "inf"
		}
		fmt.Fprintf(&md, "| %s <= a < %s | %d | %s | %s | %d | %v |\n", r.Lo, hi, r.C, pr, pc, r.Stable, r.Certain)
	}
	for _, p := range conjectures.FTRealPrinted {
		if !seen[p.Lo] {
			realDiffs = append(realDiffs, fmt.Sprintf("printed interval [%s, %s) c = %d has no computed interval starting at %s", p.Lo, p.Hi, p.C, p.Lo))
		}
	}
	fmt.Fprintln(&md)
	fmt.Fprintf(&md, "Disagreements with the printed intervals: %d\n", len(realDiffs))
	for _, d := range realDiffs {
		fmt.Fprintf(&md, "- %s\n", d)
	}
	fmt.Fprintln(&md)

	fmt.Fprintln(&md, "## The two printed sequences with c = 4")
	fmt.Fprintln(&md)
	fmt.Fprintf(&md, "Pieces of [1, %s] on which the first %d terms of F(a) are constant, with exact endpoints, are in\n", o.realUpto.RatString(), o.terms)
	fmt.Fprintln(&md, "`ntimes/real_terms.parquet`. The pieces that hold the printed examples (\"agree\": same terms, and the computed")
	fmt.Fprintln(&md, "piece contains the printed interval; a piece can be longer, because the printed interval is also cut where c changes,")
	fmt.Fprintln(&md, "which happens at a later term than the ones shown):")
	fmt.Fprintln(&md)
	fmt.Fprintln(&md, "| computed piece | computed first terms | printed interval | printed terms | agree |")
	fmt.Fprintln(&md, "|---|---|---|---|---|")
	for _, p := range conjectures.FTSequencesPrinted {
		lo, _ := new(big.Rat).SetString(p.Lo)
		var found *table.RealRow
		for i := range realT {
			l, _ := new(big.Rat).SetString(realT[i].Lo)
			if l.Cmp(lo) <= 0 && (realT[i].Hi == "" || func() bool { h, _ := new(big.Rat).SetString(realT[i].Hi); return h.Cmp(lo) > 0 }()) {
				found = &realT[i]
			}
		}
		want := make([]string, len(p.F))
		for i, f := range p.F {
			want[i] = strconv.Itoa(f)
		}
		if found == nil {
			fmt.Fprintf(&md, "| not computed (a = %s above -real-upto) | | %s <= a < %s | %s | |\n", p.Lo, p.Lo, p.Hi, strings.Join(want, " "))
			continue
		}
		got := strings.Fields(found.Terms)
		n := min(len(got), len(want))
		// The printed claim holds if the computed piece contains the printed
		// interval and the terms are the same.
		plo, _ := new(big.Rat).SetString(p.Lo)
		phi, _ := new(big.Rat).SetString(p.Hi)
		flo, _ := new(big.Rat).SetString(found.Lo)
		contains := flo.Cmp(plo) <= 0
		if found.Hi != "" {
			fhi, _ := new(big.Rat).SetString(found.Hi)
			contains = contains && fhi.Cmp(phi) >= 0
		}
		agree := strings.Join(got[:n], " ") == strings.Join(want[:n], " ") && contains
		fmt.Fprintf(&md, "| %s <= a < %s | %s | %s <= a < %s | %s | %v |\n", found.Lo, found.Hi, found.Terms, p.Lo, p.Hi, strings.Join(want, " "), agree)
	}
	fmt.Fprintln(&md)

	fmt.Fprintln(&md, "## Extension: integer multipliers")
	fmt.Fprintln(&md)
	fmt.Fprintln(&md, "Theorem 2 (viii) says c(a)/(a log a) tends to 1. Every computed multiplier is in `ntimes/c_table.parquet`; a sample:")
	fmt.Fprintln(&md)
	fmt.Fprintln(&md, "| a | L | c | U | floor(a log a) | c/(a log a) | k0 | stable terms | certain | theorem violations |")
	fmt.Fprintln(&md, "|---|---|---|---|---|---|---|---|---|---|")
	certain, total, viol := 0, 0, 0
	for _, r := range rows {
		total++
		if r.Certain {
			certain++
		}
		viol += int(r.Violations)
		if r.ADen != 1 {
			continue
		}
		a := r.ANum
		if a <= 20 || (a <= 100 && a%10 == 0) || a%100 == 0 || r.Multiplier == rows[len(rows)-1].Multiplier {
			fmt.Fprintf(&md, "| %d | %d | %d | %d | %d | %.4f | %d | %d | %v | %d |\n", a, r.L, r.C, r.U, r.ALogA, r.Ratio, r.K0, r.Stable, r.Certain, r.Violations)
		}
	}
	fmt.Fprintln(&md)
	fmt.Fprintf(&md, "%d multipliers computed; c is certain (reached U) for %d; %d theorem violations on the computed terms.\n", total, certain, viol)
	return md.Bytes(), csv.Bytes()
}

// floorNote explains the U column if the printed U equals the floor of the
// ratio rather than the ceiling in every differing row.
func floorNote(rows []table.CRow) string {
	byA := map[int]table.CRow{}
	for _, r := range rows {
		if r.ADen == 1 {
			byA[int(r.ANum)] = r
		}
	}
	allFloor, anyU := true, false
	for _, p := range conjectures.FTTable1Printed {
		r, ok := byA[p.A]
		if !ok || int(r.U) == p.U {
			continue
		}
		anyU = true
		x := float64(p.A)
		if int(math.Floor(math.Log(x)/(math.Log(x+1)-math.Log(x)))) != p.U {
			allFloor = false
		}
	}
	note := ""
	if anyU && allFloor {
		note += "About U: in every row where the printed U differs from ours, the printed value equals floor(log a / (log(a+1) - log a)),\n" +
			"the floor instead of the ceiling that Theorem 2 (vii) and its proof use (the proof needs (a/(a+1))^U <= 1/a, which holds\n" +
			"only for the ceiling). We keep the definition as stated. "
	}
	note += "About c: the computed c is the value of k - r(k) at the last term computed. Since k - r(k) never decreases\n" +
		"(Theorem 1 (iv), checked on every term), the true c is at least the computed one, with certainty; where the print\n" +
		"is larger, k - r(k) would have to rise again after more terms than the stable column shows. We have not seen that\n" +
		"happen, so we report the printed value as a disagreement, not as an open question of precision."
	return note
}
