package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"fibnim/automatic"
	"fibnim/figures"
	"fibnim/grundy"
	"fibnim/grundyproof"
	"fibnim/internal/cli"
	"fibnim/provenance"
	"fibnim/report"
)

// runAutomata learns the positions of each Grundy value 0..K of a
// multiplier's game as automata over its numeration, proves them for all n
// and writes them (docs/automata.md); -check streams the engine against a
// folder's proved automata.
func runAutomata(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("automata", stderr)
	mult := fs.String("mult", "2", "multiplier a >= 1 (the method decides a < 7/2)")
	maxG := fs.Int("max-g", 5, "learn and prove the positions of Grundy values 0..K")
	n := fs.String("n", "100000", "rows of the table the learner reads")
	suffixes := fs.String("suffixes", "6,8,10,12,14,16", "suffix lengths the learner tries, in order")
	budget := fs.Int("budget", 0, "the most states any automaton of a proof may have (0: no limit); when learning, unset means grundyproof.DefaultStateBudget (10,000,000)")
	out := fs.String("out", "results", "output folder (writes OUT/automata/mult=A/)")
	check := fs.String("check", "", "N: check the engine's R_1..R_{K+1} for n <= N against the proved automata in -in, instead of learning")
	learner := fs.String("learner", "suffix", "the learner of the thresholds: suffix (bounded suffixes, the whole table in memory) or table (counterexample-driven, reads only the rows it needs; layer files on disk past 10^6 rows)")
	layers := fs.String("layers", "", "with -learner table: read every table from layer files in this folder (default: tables to 10^6 in memory, larger ones in a temporary folder); the layer file of a threshold that does not converge is kept there with R<g>.bound, a certified lower bound on its states")
	bound := fs.String("bound", "", "FILE: recheck the lower bound in FILE (R<g>.bound) against the layer file -layer, instead of learning")
	layerFile := fs.String("layer", "", "with -bound: the layer file R<g>.layer")
	prover := fs.String("prover", "mex", "how the mex statements are proved: mex (each as written) or thresholds (as the thresholds' recurrence, no automaton over three tracks of moves; for values past 8)")
	reprove := fs.Bool("reprove", false, "with -check: prove the folder again even when its proof.json matches")
	in := fs.String("in", "results", "results folder whose automata/mult=A -check reads")
	bands := fs.Bool("bands", false, "prove the band theorems (every real a of [1, 2), [2, 5/2), [5/2, 3), [3, 7/2)) into OUT/automata/bands.json and bands.md, instead of one multiplier")
	var sweep sweepFlags
	sweep.define(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute automata [-mult A] [-max-g K] [-n N] [-suffixes LIST] [-learner L [-layers DIR]] [-prover P] [-budget S] [-out DIR]")
		fmt.Fprintln(stderr, "       compute automata -check N [-mult A] [-reprove [-prover P]] [-in DIR]")
		fmt.Fprintln(stderr, "       compute automata -bound FILE -layer FILE   (recheck a certified lower bound)")
		fmt.Fprintln(stderr, "       compute automata -bands [-n N] [-budget S] [-out DIR]")
		fmt.Fprintln(stderr, "       compute automata -mults LIST [-max-g K] [-n N] [-budget S] [-cpu T] [-mem M] [-shard i/M] [-out DIR]   (the sweep)")
		fmt.Fprintln(stderr, "       compute automata -merge DIR [-machine TEXT]")
		fmt.Fprintln(stderr, "Learns S_g = {(n, r): G(n, r) = g} as automata over the multiplier's numeration and proves them for all n (docs/automata.md).")
		fmt.Fprintln(stderr, "Ask the proved automata with compute query; prove your own statements with compute prove.")
		fs.PrintDefaults()
	}
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	a, err := grundy.ParseMultiplier(*mult)
	if err != nil {
		return usagef("-mult: %v", err)
	}
	if *budget < 0 {
		return usagef("-budget %d: want 0 (no limit) or more", *budget)
	}
	lrn, err := grundyproof.ParseLearner(*learner)
	if err != nil {
		return usagef("-learner %q: want suffix or table", *learner)
	}
	method, err := grundyproof.ParseMethod(*prover)
	if err != nil {
		return usagef("-prover %q: want mex or thresholds", *prover)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case set["merge"]:
		return runAutomataMerge(sweep, set, stdout)
	case set["mults"]:
		return runAutomataSweep(ctx, sweep, set, *maxG, *n, *suffixes, *budget, *out, stdout, stderr)
	case set["shard"] || set["cpu"] || set["mem"] || set["edge-budget"] || set["machine"]:
		return usagef("-shard, -cpu, -mem and -edge-budget go with -mults, -machine with -merge")
	}
	if *bound != "" || *layerFile != "" {
		if *bound == "" || *layerFile == "" {
			return usagef("-bound FILE and -layer FILE go together")
		}
		if err := inputFile("bound", *bound); err != nil {
			return err
		}
		k, l, err := grundyproof.CheckBoundFile(ctx, *bound, *layerFile)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: every automaton of T_%d (a = %s, R'_%d to N = %d) has at least %d states: %d digit prefixes, told apart pairwise by the table's rows\n", *bound, l.G, l.A, l.G, l.N, k, k)
		return nil
	}
	if set["layers"] && lrn != grundyproof.LearnerTable {
		return usagef("-layers goes with -learner table")
	}
	if *check != "" {
		N, err := cli.ParseSize("check", *check)
		if err != nil {
			return err
		}
		if N < 1 || N > 1<<32-2 {
			return usagef("-check %d: want 1..2^32-2", N)
		}
		if err := inputFolder("in", *in); err != nil {
			return err
		}
		if set["learner"] {
			return usagef("-learner goes with learning, not with -check")
		}
		if set["prover"] && !*reprove {
			return usagef("-prover goes with -check only with -reprove (the folder's proof.json names its method)")
		}
		if !set["prover"] {
			method = ""
		}
		return checkAutomata(ctx, a, *in, N, *reprove, *budget, method, stdout, stderr)
	}
	if *maxG < 0 || *maxG > 40 {
		return usagef("-max-g %d: want 0..40", *maxG)
	}
	if *bands {
		N, err := cli.ParseSize("n", *n)
		if err != nil {
			return err
		}
		if err := needFolder("out", *out); err != nil {
			return err
		}
		if err := prepareDir(ctx, *out); err != nil {
			return err
		}
		return runBands(ctx, *out, N, *budget, stdout, stderr)
	}
	N, err := cli.ParseSize("n", *n)
	if err != nil {
		return err
	}
	if N < 1000 || N > 1<<31 {
		return usagef("-n %d: want 1000..2^31", N)
	}
	ms, err := parseSuffixes(*suffixes)
	if err != nil {
		return err
	}
	sys, err := grundyproof.SystemOf(a)
	if err != nil {
		return err
	}
	if err := sys.Decidable(); err != nil {
		return err
	}
	if err := needFolder("out", *out); err != nil {
		return err
	}
	if err := prepareDir(ctx, *out); err != nil {
		return err
	}
	t0 := time.Now()
	progress := func(s string) { fmt.Fprintf(stderr, "automata: %6.1f s  %s\n", time.Since(t0).Seconds(), s) }
	tier := 0
	if *layers != "" {
		tier = 1000 // every table of the learner from a layer file
	}
	// A learning run has a state budget unless -budget says otherwise:
	// without one, cap(k, t) of a multiplier of [3, 7/2) other than 3
	// grows past any machine (10/3: 24 GB), and its product's slice grows
	// by doubling, faster than any check of memory.
	learnBudget := *budget
	if !set["budget"] {
		learnBudget = grundyproof.DefaultStateBudget
	}
	res, err := grundyproof.Run(ctx, grundyproof.Config{Tier: tier, A: a, N: int(N), K: *maxG, Suffixes: ms, Budget: learnBudget, Method: method, Learner: lrn, LayerDir: *layers, Progress: progress})
	var nc *grundyproof.NotConvergedError
	if err != nil && !errors.As(err, &nc) {
		if automatic.IsBudget(err) && ctx.Err() == nil {
			return fmt.Errorf("%v; give a larger -budget than %d, or -budget 0 for no limit (at about 170 bytes a state, and more while it is built)", err, learnBudget)
		}
		return err
	}
	dir := grundyproof.Dir(*out, a)
	if res.Proof != nil {
		if err := writeAutomata(dir, res, nc); err != nil {
			return err
		}
		for g := 0; g <= res.Proof.K; g++ {
			r, _ := res.Proof.Mex(g)
			v := "proved for all n"
			if !r.Holds {
				v = "FAILS at " + r.CounterString()
			}
			fmt.Fprintf(stdout, "S_%d: %d states, %s\n", g, res.S[g].States(), v)
		}
		for _, th := range res.Proof.Theorems {
			r, _ := res.Proof.Result(th.Claim)
			v := "proved for all n"
			switch {
			case !r.Holds:
				v = "FAILS at " + r.CounterString()
			case !res.Proof.TheoremProved(th):
				v = fmt.Sprintf("holds of S_%d, which is not proved", th.G)
			}
			fmt.Fprintf(stdout, "%s: %s\n", th.Name, v)
		}
		fmt.Fprintf(stdout, "wrote %s\n", dir)
	}
	steps := make([]provenance.Step, len(res.Steps))
	for i, s := range res.Steps {
		steps[i] = provenance.Step{Name: s.Name, Seconds: s.Time.Seconds()}
	}
	if res.Proof != nil {
		for _, r := range res.Proof.Results {
			steps = append(steps, provenance.Step{Name: "proof: " + r.Name, Seconds: r.Time.Seconds()})
		}
	}
	rel, _ := filepath.Rel(*out, dir)
	noteRun(ctx, "automata", *out, "automata "+filepath.ToSlash(rel), 1,
		provenance.Table{Path: filepath.ToSlash(rel), Multiplier: a.String(), N: int64(N), What: fmt.Sprintf("classes S_0..S_%d, learned from the table to N", *maxG)})
	noteSteps(ctx, "automata", steps)
	if nc != nil {
		return fmt.Errorf("automata: %v (compute automata -mult %s -max-g %d -n %d)", nc, a, *maxG, nc.Next)
	}
	if !res.Complete {
		return fmt.Errorf("automata: values 0..%d asked, proved 0..%d", *maxG, res.ProvedUpTo())
	}
	return nil
}

// parseSuffixes reads -suffixes: lengths 1..40, comma separated.
func parseSuffixes(list string) ([]int, error) {
	var ms []int
	for _, s := range strings.Split(list, ",") {
		m, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || m < 1 || m > 40 {
			return nil, usagef("-suffixes: bad length %q", s)
		}
		ms = append(ms, m)
	}
	return ms, nil
}

// writeAutomata writes the folder of a run: the classes and their proof
// (grundyproof.Write), the report (report.md, report.tex), the classes per
// prefix length (classes.svg) and the small automata drawn (gG.dot, g <= 3).
func writeAutomata(dir string, res *grundyproof.Result, nc *grundyproof.NotConvergedError) error {
	var learner []grundyproof.LearnerRecord
	for _, l := range res.Learned {
		lr := grundyproof.LearnerRecord{G: l.G, Converged: l.Converged, States: l.States, Attempts: l.Attempts, TableRuns: grundyproof.TableRunRecords(l.TableRuns), LowerBound: l.LowerBound}
		if nc != nil && nc.G == l.G {
			lr.Next = &grundyproof.NotConvergedSuggested{N: nc.Next}
		}
		learner = append(learner, lr)
	}
	if err := grundyproof.Write(dir, res.System, res.S, res.Proof, res.N, learner); err != nil {
		return err
	}
	f, err := grundyproof.Load(context.Background(), dir, res.System.A, grundyproof.LoadOptions{})
	if err != nil {
		return err
	}
	files, err := report.AutomataFiles(f.Record)
	if err != nil {
		return err
	}
	if len(learner) > 0 {
		svg, err := figures.ClassesFigure(f.Record, "svg")
		if err != nil {
			return err
		}
		files = append(files, report.File{Name: "classes.svg", Data: svg})
	}
	for g, s := range res.S {
		if g > MaxDrawn {
			break
		}
		d, err := figures.DOT(s, fmt.Sprintf("S%d", g))
		if err != nil {
			return err
		}
		files = append(files, report.File{Name: fmt.Sprintf("g%d.dot", g), Data: append(d, '\n')})
	}
	return report.WriteFiles(dir, files...)
}

// MaxDrawn is the largest g whose automaton compute automata draws (gG.dot).
const MaxDrawn = 3

// checkAutomata streams the engine's R_1..R_{K+1} for n <= N against the
// proved automata of the results folder in.
func checkAutomata(ctx context.Context, a grundy.Multiplier, in string, N int, reprove bool, budget int, method grundyproof.Method, stdout, stderr io.Writer) error {
	dir := grundyproof.Dir(in, a)
	f, err := grundyproof.Load(ctx, dir, a, grundyproof.LoadOptions{Reprove: reprove, Budget: budget, Method: method, Step: func(r automatic.Result) {
		fmt.Fprintf(stderr, "automata: proving %s again: %s\n", dir, grundyproof.StepLine(r))
	}})
	if err != nil {
		return err
	}
	for _, fl := range f.Failures {
		fmt.Fprintf(stderr, "automata: %s\n", fl)
	}
	S := f.Classes()
	K := len(S) - 1
	c, err := grundyproof.CheckTable(ctx, a, S, N)
	if err != nil {
		return err
	}
	if c.FirstBad >= 0 {
		return fmt.Errorf("automata: the engine's R'_%d(%d) = %d is not what the proved automata give", c.BadG, c.FirstBad, c.Engine)
	}
	fmt.Fprintf(stdout, "R_1..R_%d of the engine equal the proved automata of S_0..S_%d at every n <= %d (%d cases, %.2f automaton steps a case)\n", K+1, K, N, c.Cases, float64(c.Steps)/float64(c.Cases))
	if len(f.Failures) > 0 {
		return fmt.Errorf("automata: %s: %d class files fail their statement (see above)", dir, len(f.Failures))
	}
	return nil
}

// runBands proves the band theorems and writes OUT/automata/bands.json and
// bands.md.
func runBands(ctx context.Context, out string, N, budget int, stdout, stderr io.Writer) error {
	t0 := time.Now()
	recs, err := grundyproof.RunBands(ctx, grundyproof.BandsConfig{N: N, Budget: budget, Progress: func(s string) {
		fmt.Fprintf(stderr, "automata: %6.1f s  %s\n", time.Since(t0).Seconds(), s)
	}})
	if err != nil {
		return err
	}
	if err := grundyproof.WriteBands(out, recs); err != nil {
		return err
	}
	if err := report.WriteFiles(filepath.Join(out, "automata"), report.File{Name: report.BandsMD, Data: report.BandsMarkdown(recs)}); err != nil {
		return err
	}
	for _, r := range recs {
		v := "proved for all n"
		if r.Status != "proved" {
			v = "not proved: " + r.FailedClaim
			if r.RefutedBy != nil {
				v = fmt.Sprintf("false: a = %s has G(%d, %d) = %d, a = %s has %d", r.RefutedBy.Multiplier, r.RefutedBy.N, r.RefutedBy.R, r.RefutedBy.G, r.Like, r.RefutedBy.GLike)
			}
		}
		fmt.Fprintf(stdout, "every real a in [%s, %s), values 0..%d like a = %s: %s\n", r.From, r.To, r.MaxValue, r.Like, v)
	}
	fmt.Fprintf(stdout, "wrote %s\n", filepath.Join(out, "automata", grundyproof.BandsFile))
	return nil
}
