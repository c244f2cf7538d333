package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"fibnim/fibautomata"
	"fibnim/internal/cli"
)

// runAutomata learns the positions of each Grundy value 0..K of Fibonacci
// nim as automata, proves them for all n and writes them (docs/automata.md).
func runAutomata(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("automata", stderr)
	maxG := fs.Int("max-g", 5, "learn and prove the positions of Grundy values 0..K")
	n := fs.String("n", "100000", "rows of the table the learner reads")
	suffixes := fs.String("suffixes", "6,8,10,12,14,16", "suffix lengths the learner tries, in order")
	out := fs.String("out", "results", "output folder (writes OUT/"+fibautomata.Folder+"/)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute automata [-max-g K] [-n N] [-suffixes LIST] [-out DIR]")
		fmt.Fprintln(stderr, "Learns S_g = {(n, r): G(n, r) = g} as Fibonacci automata and proves them for all n (docs/automata.md).")
		fs.PrintDefaults()
	}
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	if *maxG < 0 || *maxG > 40 {
		return usagef("-max-g %d: want 0..40", *maxG)
	}
	N, err := cli.ParseSize("n", *n)
	if err != nil {
		return err
	}
	if N < 1000 || N > 1<<31 {
		return usagef("-n %d: want 1000..2^31", N)
	}
	var ms []int
	for _, s := range strings.Split(*suffixes, ",") {
		m, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || m < 1 || m > 40 {
			return usagef("-suffixes: bad length %q", s)
		}
		ms = append(ms, m)
	}
	if err := needFolder("out", *out); err != nil {
		return err
	}
	if err := prepareDir(*out); err != nil {
		return err
	}
	res, err := fibautomata.Run(ctx, fibautomata.Config{N: int(N), K: *maxG, Suffixes: ms})
	if err != nil {
		return err
	}
	if err := fibautomata.Write(*out, res); err != nil {
		return err
	}
	for _, st := range res.Mex {
		verdict := "proved for all n"
		if !st.Holds {
			verdict = fmt.Sprintf("FAILS at (n, r) = (%s, %s)", st.Counter[0], st.Counter[1])
		}
		fmt.Fprintf(stdout, "S_%s: %d states, %s (%.3f s)\n", strings.TrimPrefix(st.Name, "mex-"), st.States["S"+strings.TrimPrefix(st.Name, "mex-")], verdict, st.Time.Seconds())
	}
	for _, st := range res.Paper {
		verdict := "proved for all n"
		if !st.Holds {
			verdict = fmt.Sprintf("FAILS at (n, r) = (%s, %s)", st.Counter[0], st.Counter[1])
		}
		fmt.Fprintf(stdout, "%s: %s\n", st.Name, verdict)
	}
	for _, l := range res.Learned {
		if !l.Converged {
			a := l.Attempts[len(l.Attempts)-1]
			fmt.Fprintf(stdout, "T_%d did not converge (N = %d, suffixes up to %d, classes per prefix length %v)\n", l.G, res.N, a.Suffix, a.ClassesPerLength)
		}
	}
	fmt.Fprintf(stdout, "wrote %s\n", filepath.Join(*out, fibautomata.Folder))
	if !res.Complete {
		return fmt.Errorf("automata: values 0..%d asked, proved 0..%d", *maxG, res.ProvedUpTo())
	}
	return nil
}
