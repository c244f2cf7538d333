package main

import (
	"context"
	"fmt"
	"io"
	"math/big"
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
	query := fs.String("query", "", "n,r: answer G(n, r) from the proved automata in -in (any size of n), instead of learning")
	check := fs.String("check", "", "N: check the engine's R_1..R_{K+1} for n <= N against the proved automata in -in, instead of learning")
	in := fs.String("in", "results", "results folder whose "+fibautomata.Folder+" -query and -check read")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute automata [-max-g K] [-n N] [-suffixes LIST] [-out DIR]")
		fmt.Fprintln(stderr, "       compute automata -query n,r [-in DIR]")
		fmt.Fprintln(stderr, "       compute automata -check N [-in DIR]")
		fmt.Fprintln(stderr, "Learns S_g = {(n, r): G(n, r) = g} as Fibonacci automata and proves them for all n (docs/automata.md).")
		fs.PrintDefaults()
	}
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	if *query != "" || *check != "" {
		return interruptible(ctx, func() error { return useAutomata(ctx, *query, *check, *in, stdout) })
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
	if err := prepareDir(ctx, *out); err != nil {
		return err
	}
	var res *fibautomata.Result
	err = interruptible(ctx, func() error {
		var err error
		res, err = fibautomata.Run(ctx, fibautomata.Config{N: int(N), K: *maxG, Suffixes: ms})
		return err
	})
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

// useAutomata answers -query and -check from the automata of a results
// folder, proving them again first (fibautomata.LoadProved).
func useAutomata(ctx context.Context, query, check, in string, stdout io.Writer) error {
	if query != "" && check != "" {
		return usagef("give -query or -check, not both")
	}
	var n, r *big.Int
	N := 0
	if query != "" {
		ns, rs, ok := strings.Cut(query, ",")
		n, r = new(big.Int), new(big.Int)
		if _, ok1 := n.SetString(strings.TrimSpace(ns), 10); !ok || !ok1 || n.Sign() < 0 {
			return usagef("-query %q: want n,r with whole numbers n >= r >= 0", query)
		}
		if _, ok2 := r.SetString(strings.TrimSpace(rs), 10); !ok2 || r.Sign() < 0 || r.Cmp(n) > 0 {
			return usagef("-query %q: want n,r with whole numbers n >= r >= 0", query)
		}
	} else {
		var err error
		if N, err = cli.ParseSize("check", check); err != nil {
			return err
		}
		if N < 1 || N > 1<<32-2 {
			return usagef("-check %d: want 1..2^32-2", N)
		}
	}
	if err := inputFolder("in", in); err != nil {
		return err
	}
	S, _, err := fibautomata.LoadProved(ctx, filepath.Join(in, fibautomata.Folder))
	if err != nil {
		return err
	}
	K := len(S) - 1
	if query != "" {
		if g, ok := fibautomata.Value(S, n, r); ok {
			fmt.Fprintf(stdout, "G(%s, %s) = %d (proved for all n: the automata of S_0..S_%d, proved again on loading)\n", n, r, g, K)
		} else {
			fmt.Fprintf(stdout, "G(%s, %s) >= %d (it is in none of the proved S_0..S_%d)\n", n, r, K+1, K)
		}
		return nil
	}
	c, err := fibautomata.CheckTable(ctx, S, int(N))
	if err != nil {
		return err
	}
	if c.FirstBad >= 0 {
		return fmt.Errorf("automata: the engine's R'_%d(%d) = %d is not what the proved automata give", c.BadG, c.FirstBad, c.Engine)
	}
	fmt.Fprintf(stdout, "R_1..R_%d of the engine equal the proved automata of S_0..S_%d at every n <= %d (%d cases, %.2f automaton steps a case)\n", K+1, K, N, c.Cases, float64(c.Steps)/float64(c.Cases))
	return nil
}

// interruptible runs f in a goroutine and returns when it does or when ctx
// is done, whichever comes first: one automaton operation (a proof step of
// S_8 takes minutes) does not look at ctx, and the command must stop within
// a second on SIGINT or SIGTERM. Nothing is written before f returns, so an
// interrupted run leaves earlier results as they were.
func interruptible(ctx context.Context, f func() error) error {
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}
