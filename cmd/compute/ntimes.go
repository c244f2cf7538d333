package main

import (
	"context"
	"fmt"
	"io"
	"math/big"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"fibnim/grundy"
	"fibnim/internal/atomicfile"
	"fibnim/internal/cli"
	"fibnim/internal/parquetfile"
	"fibnim/ntimes"
	"fibnim/report"
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

// maxNtimesRange is the most multipliers one INT..INT range of -mults
// may hold.
const maxNtimesRange = 1_000_000

// parseMults reads a list such as "2..14,7/2,43/11": each multiplier
// once, in the order of its first mention (2, 4/2 and 2.0 are one).
func parseMults(s string) ([]*big.Rat, error) {
	var out []*big.Rat
	seen := map[string]bool{}
	add := func(r *big.Rat) {
		if k := r.RatString(); !seen[k] {
			seen[k] = true
			out = append(out, r)
		}
	}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if lo, hi, ok := strings.Cut(part, ".."); ok {
			a, err1 := strconv.Atoi(strings.TrimSpace(lo))
			b, err2 := strconv.Atoi(strings.TrimSpace(hi))
			if err1 != nil || err2 != nil || a < 1 || b < a {
				return nil, usagef("-mults: range %q must be INT..INT with 1 <= first <= last", part)
			}
			if b-a >= maxNtimesRange {
				return nil, usagef("-mults: range %q holds %d multipliers, more than the %d a range may hold", part, int64(b)-int64(a)+1, maxNtimesRange)
			}
			for i := a; i <= b; i++ {
				add(big.NewRat(int64(i), 1))
			}
			continue
		}
		m, err := grundy.ParseMultiplier(part)
		if err != nil {
			return nil, usagef("-mults: %v", err)
		}
		add(m.Rat())
	}
	if len(out) == 0 {
		return nil, usagef("-mults: empty list")
	}
	return out, nil
}

// ntimesBytes estimates the peak memory of runNtimes: the larger of the
// multipliers' phase (ntimes.SolveAllBytes) and the real thresholds',
// which solve a sequence at a time up to -real-upto, plus the runtime's
// own 32 MiB. Measured against peak RSS on this machine: see
// TestNtimesMemoryEstimate.
func ntimesBytes(o ntimesOpts) uint64 {
	need := ntimes.SolveAllBytes(o.mults, o.workers, o.minStable, o.factor, o.maxTerms, o.seqTerms)
	need = max(need, 2*ntimes.SequenceBytes(o.realUpto, o.minStable, o.factor, o.maxTerms))
	return need + 32<<20
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
	maxMem := fs.String("max-mem", "", "refuse runs whose estimated peak memory exceeds this, e.g. 4GiB (default: available memory)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute ntimes [-mults LIST] [-terms K] [-seq-terms K] [-real-upto X] [-out DIR] [-max-mem SIZE]")
		fs.PrintDefaults()
	}
	if err := parseNoArgs(fs, args); err != nil {
		return err
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
	if err := needFolder("out", *out); err != nil {
		return err
	}
	o.terms, o.seqTerms, o.realUpto, o.out = *terms, *seqTerms, um.Rat(), *out
	o.minStable, o.factor, o.maxTerms, o.workers = *minStable, *factor, *maxTerms, *workers
	limit, err := cli.MemoryLimit(*maxMem)
	if err != nil {
		return err
	}
	need := ntimesBytes(o)
	if limit > 0 && need > limit {
		return usagef("-mults %s: n-times nim needs about %s with %d workers, more than the %s allowed (-max-mem); try fewer -workers, a smaller -max-terms or fewer multipliers", *mults, cli.HumanBytes(need), o.workers, cli.HumanBytes(limit))
	}
	dir := filepath.Join(o.out, "ntimes")
	tables := filepath.Join(o.out, "tables")
	for _, d := range []string{dir, tables} {
		if err := prepareDir(d); err != nil {
			return err
		}
	}
	start := time.Now()
	fmt.Fprintf(stderr, "ntimes: %d multipliers, %d workers, estimated peak %s\n", len(o.mults), o.workers, cli.HumanBytes(need))
	logf := cli.Every(stderr, 5*time.Second)
	solved, err := ntimes.SolveAll(ctx, o.mults, o.workers, o.minStable, o.factor, o.maxTerms, o.seqTerms, func(done int) {
		logf("ntimes: %d of %d multipliers solved, elapsed %v", done, len(o.mults), time.Since(start).Round(time.Second))
	})
	if err != nil {
		return fmt.Errorf("interrupted; earlier results left in place")
	}
	var rows []ntimes.CRow
	var seqs []ntimes.SeqRow
	for _, s := range solved {
		for i, v := range s.Violations {
			if i == 10 {
				// a = 1 violates (6) at every term: the first ten say it.
				fmt.Fprintf(stderr, "ntimes: a=%s violates %d times in all (c_table's violations column)\n", s.A.RatString(), len(s.Violations))
				break
			}
			fmt.Fprintf(stderr, "ntimes: a=%s violates %s at k=%d: %s\n", s.A.RatString(), v.Clause, v.K, v.Detail)
		}
		rows = append(rows, ntimes.NewCRow(s))
		seqs = append(seqs, ntimes.NewSeqRows(s, o.seqTerms)...)
	}
	fmt.Fprintf(stderr, "ntimes: %d multipliers solved in %v\n", len(rows), time.Since(start).Round(time.Millisecond))
	fmt.Fprintf(stderr, "ntimes: finding the exact thresholds of c in [1, %s]\n", o.realUpto.RatString())
	cs, unresolved, err := ntimes.CIntervalsContext(ctx, o.terms, 1<<12, o.realUpto, o.minStable, o.factor, o.maxTerms)
	if err != nil {
		return fmt.Errorf("interrupted; earlier results left in place")
	}
	pieces, err := ntimes.PiecesContext(ctx, o.terms, big.NewRat(1, 1), o.realUpto)
	if err != nil {
		return fmt.Errorf("interrupted; earlier results left in place")
	}
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
	// The six outputs are replaced as one set (atomicfile.FileSet): a stop
	// leaves the earlier ones, or the next run completes the new ones.
	set, recovered, err := atomicfile.NewFileSet(o.out, "ntimes")
	if err != nil {
		return err
	}
	defer set.Abort()
	if recovered {
		fmt.Fprintf(stderr, "ntimes: completed the outputs of an earlier run that stopped while replacing them\n")
	}
	if err := parquetfile.WriteFile(set.Stage(filepath.Join(dir, ntimes.CTableFile)), meta, rows); err != nil {
		return err
	}
	if err := parquetfile.WriteFile(set.Stage(filepath.Join(dir, ntimes.SequencesFile)), meta, seqs); err != nil {
		return err
	}
	var realC, realT []ntimes.RealRow
	for _, c := range cs {
		realC = append(realC, ntimes.NewRealRow(c.Lo, c.Hi, c.C, nil, int64(c.MinStable), c.Certain, ntimes.Proof{C: c.C, K: c.ProvedFrom, OK: c.Proved}))
	}
	for _, p := range pieces {
		_, e, err := ntimes.SolveContext(ctx, p.Lo, o.minStable, o.factor, o.maxTerms)
		if err != nil {
			return fmt.Errorf("interrupted; earlier results left in place")
		}
		// certain, as in real_c: c reached U at both ends of the piece.
		if p.Hi != nil && e.Certain {
			_, e2, err := ntimes.SolveContext(ctx, ntimes.JustBelow(p.Lo, p.Hi), o.minStable, o.factor, o.maxTerms)
			if err != nil {
				return fmt.Errorf("interrupted; earlier results left in place")
			}
			e.Certain = e2.Certain && e2.C == e.C
		}
		realT = append(realT, ntimes.NewRealRow(p.Lo, p.Hi, e.C, p.F, int64(e.Stable), e.Certain, p.Prove()))
	}
	rc := make([]ntimes.RealCRow, len(realC))
	for i, r := range realC {
		rc[i] = r.RealC()
	}
	if err := parquetfile.WriteFile(set.Stage(filepath.Join(dir, ntimes.RealCFile)), meta, rc); err != nil {
		return err
	}
	if err := parquetfile.WriteFile(set.Stage(filepath.Join(dir, ntimes.RealTermsFile)), meta, realT); err != nil {
		return err
	}
	md, csv := report.FTTable1(rows, realC, realT, unresolved, report.FTParams{Terms: o.terms, MinStable: o.minStable, Factor: o.factor, RealUpto: o.realUpto})
	files := append([]report.File{{Name: "ft_table1.md", Data: md}, {Name: "ft_table1.csv", Data: csv}}, report.FTTeXFiles(rows, realC)...)
	for _, f := range files {
		if err := set.Add(filepath.Join(tables, f.Name), f.Data); err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("interrupted; earlier results left in place")
	}
	if err := set.Commit(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s/{c_table,sequences,real_c,real_terms}.parquet and %s/ft_table1{.md,.csv,.tex,_real.tex} in %v\n", dir, tables, time.Since(start).Round(time.Millisecond))
	return nil
}
