package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"fibnim/grundy"
	"fibnim/grundyproof"
	"fibnim/internal/cli"
	"fibnim/moves"
)

// heap is one position (n, r) of a sum, as the user wrote it.
type heap struct {
	text string
	grundy.Position
}

func runQuery(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("query", stderr)
	nFlag := fs.String("n", "", "pile size n of a single position (1e6 and 10^6 forms accepted; for a = 2 any size, 10^100 included: beyond the tables the proved automata of -in answer)")
	rFlag := fs.String("r", "", "quota r of a single position, 0 <= r <= n (default n-1, the starting position)")
	mult := fs.String("mult", "2", "multiplier a >= 1")
	in := fs.String("in", "results", "results folder whose saved table answers (the dense engine fills one up to n=40000 otherwise)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute query -n N [-r R] [-mult A] [-in DIR]\n       compute query [-mult A] [-in DIR] HEAP...   (HEAP is n for a starting pile (n, n-1), or n,r)")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	a, err := grundy.ParseMultiplier(*mult)
	if err != nil {
		return usagef("-mult: %v", err)
	}
	var heaps []heap
	if *nFlag != "" {
		if fs.NArg() > 0 {
			return usagef("give either -n/-r or a list of heaps, not both")
		}
		h, err := parseHeap(*nFlag, *rFlag)
		if err != nil {
			// Beyond any table: only the proved automata answer.
			n, r, err := parseBigHeap(*nFlag, *rFlag)
			if err != nil {
				return err
			}
			return queryAutomata(ctx, stdout, stderr, *in, a, n, r, fmt.Sprintf("n = %s is beyond any table", n))
		}
		heaps = append(heaps, h)
	} else {
		if *rFlag != "" {
			return usagef("-r needs -n")
		}
		for _, s := range fs.Args() {
			ns, rs, comma := strings.Cut(s, ",")
			h, err := parseHeap(ns, rs)
			if err != nil || comma && rs == "" {
				return usagef("heap %q: want n or n,r with whole numbers n >= r >= 0", s)
			}
			heaps = append(heaps, h)
		}
	}
	if len(heaps) == 0 {
		return usagef("query: give -n N [-r R] or at least one heap")
	}
	ps := make([]grundy.Position, len(heaps))
	for i, h := range heaps {
		if h.R > h.N {
			return usagef("heap %s: quota r=%d exceeds the pile n=%d", h.text, h.R, h.N)
		}
		ps[i] = h.Position
	}
	if err := notTableFolder(*in); err != nil {
		return err
	}
	if st, err := os.Stat(*in); err != nil || !st.IsDir() {
		// Not an error: the dense engine answers small piles without a
		// table. But a folder named by hand that is not there is said.
		if flagGiven(fs, "in") {
			fmt.Fprintf(stderr, "query: -in %s is not a folder: no saved table answers\n", *in)
		}
	}
	s, err := moves.Open(ctx, *in, a, ps, func(msg string) { fmt.Fprintf(stderr, "query: %s\n", msg) })
	if errors.Is(err, moves.ErrNoSource) && len(heaps) == 1 {
		// Beyond the table and the dense range: the proved automata
		// answer, where the results folder holds them.
		n, r := big.NewInt(int64(ps[0].N)), big.NewInt(int64(ps[0].R))
		aerr := queryAutomata(ctx, stdout, stderr, *in, a, n, r, advise(err).Error())
		var na *grundyproof.NoAutomataError
		if !errors.As(aerr, &na) {
			return aerr
		}
	}
	if err == nil {
		defer s.Close()
		err = printQuery(ctx, stdout, heaps, s, *in)
	}
	if ctx.Err() != nil {
		return fmt.Errorf("interrupted")
	}
	return err
}

// parseBigHeap reads n and r of any size (r = "" for (n, n-1)); r <= n.
func parseBigHeap(ns, rs string) (n, r *big.Int, err error) {
	if n, err = cli.ParseWhole("n", ns); err != nil {
		return nil, nil, err
	}
	r = new(big.Int).Sub(n, big.NewInt(1))
	if n.Sign() == 0 {
		r.SetInt64(0)
	}
	if rs != "" {
		if r, err = cli.ParseWhole("r", rs); err != nil {
			return nil, nil, err
		}
	}
	if r.Cmp(n) > 0 {
		return nil, nil, usagef("quota r=%s exceeds the pile n=%s", r, n)
	}
	return n, r, nil
}

// queryAutomata answers G(n, r) of multiplier a from the proved automata
// of the results folder in (grundyproof.LoadRoot: from proof.json when it
// matches the files, else proved again), saying on stderr why no table
// answers (why). An error matching *grundyproof.NoAutomataError says that
// in holds none.
func queryAutomata(ctx context.Context, stdout, stderr io.Writer, in string, a grundy.Multiplier, n, r *big.Int, why string) error {
	f, err := grundyproof.LoadRoot(ctx, in, a, grundyproof.LoadOptions{})
	var none *grundyproof.NoAutomataError
	if errors.As(err, &none) {
		// The sweep over many multipliers keeps its folders apart, under
		// IN/multipliers (compute automata -mults ... -out IN/multipliers).
		if g, gerr := grundyproof.LoadRoot(ctx, filepath.Join(in, "multipliers"), a, grundyproof.LoadOptions{}); !errors.As(gerr, new(*grundyproof.NoAutomataError)) {
			f, err = g, gerr
		}
	}
	if ctx.Err() != nil {
		return fmt.Errorf("interrupted")
	}
	if err != nil {
		var na *grundyproof.NoAutomataError
		if errors.As(err, &na) {
			return fmt.Errorf("%s, and %w", why, err)
		}
		return err
	}
	for _, fl := range f.Failures {
		fmt.Fprintf(stderr, "query: %s\n", fl)
	}
	fmt.Fprintf(stderr, "query: %s; the proved automata answer\n", why)
	label := fmt.Sprintf("(%s, %s)", n, r)
	if r.Cmp(new(big.Int).Sub(n, big.NewInt(1))) == 0 {
		label += " [starting pile]"
	}
	K := f.Proved
	ans := ""
	if g, ok := f.Query(n, r); ok {
		ans = fmt.Sprintf("G = %d, proved for all n (automata, %s: S_0..S_%d)", g, f.Dir, K)
	} else {
		ans = fmt.Sprintf("G >= %d (in none of the proved S_0..S_%d: automata, %s)", K+1, K, f.Dir)
	}
	fmt.Fprintf(stdout, "multiplier a = %s\nheap 1 %s: %s\n", a, label, ans)
	return nil
}

// parseHeap reads n and r (r = "" for the starting position (n, n-1)).
func parseHeap(ns, rs string) (heap, error) {
	n, err := cli.ParseSize("n", ns)
	if err != nil {
		return heap{}, err
	}
	h := heap{text: ns, Position: grundy.Start(n)}
	if rs != "" {
		if h.R, err = cli.ParseSize("r", rs); err != nil {
			return heap{}, err
		}
		h.text += "," + rs
	}
	return h, nil
}

func printQuery(ctx context.Context, w io.Writer, heaps []heap, s *moves.Solver, in string) error {
	a := s.Mult()
	fmt.Fprintf(w, "multiplier a = %s\n", a)
	ps := make([]grundy.Position, len(heaps))
	for i, h := range heaps {
		ps[i] = h.Position
	}
	vals, sum, err := s.NimSum(ctx, ps)
	if err != nil {
		return err
	}
	for i, h := range heaps {
		label := h.Position.String()
		if h.IsStart() {
			label += " [starting pile]"
		}
		fmt.Fprintf(w, "heap %d %s: G = %d", i+1, label, vals[i])
		if a == grundy.Fibonacci && h.N > 0 {
			z := grundy.Zeckendorf(h.N)
			parts := make([]string, len(z))
			for j, p := range z {
				parts[j] = strconv.Itoa(p)
			}
			fmt.Fprintf(w, "   (Zeckendorf %d = %s)", h.N, strings.Join(parts, " + "))
		}
		fmt.Fprintln(w)
	}
	// Where the table holds start values only, the moves are not there.
	noCells := func() {
		fmt.Fprintf(w, "winning moves: not in this table: %s; run compute grundy -n %d -mult %s -out %s to add the breakpoint files\n", s.Source(), s.N(), a, in)
	}
	if len(heaps) == 1 {
		ms, err := s.WinningMoves(ctx, ps[0])
		if errors.Is(err, moves.ErrNoCells) {
			noCells()
			return nil
		}
		if err != nil {
			return err
		}
		switch {
		case len(ms) == 0 && ps[0].R == 0:
			fmt.Fprintln(w, "winning moves: none; no move: a second-player win")
			return nil
		case len(ms) == 0:
			fmt.Fprintln(w, "winning moves: none; every move leads to a position of nonzero value (a second-player win)")
			return nil
		}
		fmt.Fprintf(w, "winning moves (to value 0): %d\n", len(ms))
		for _, m := range ms {
			fmt.Fprintf(w, "  remove %d -> %v\n", m.Take, m.To)
		}
		return nil
	}
	fmt.Fprintf(w, "nim-sum: %d\n", sum)
	if sum == 0 {
		fmt.Fprintln(w, "winning move: none; the nim-sum is 0, so the sum is a second-player win")
		return nil
	}
	m, _, err := s.SumMove(ctx, ps, vals)
	if errors.Is(err, moves.ErrNoCells) {
		noCells()
		return nil
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "winning move: in heap %d remove %d -> %v, G = %d, nim-sum 0\n", m.Pile+1, m.Take, m.To, m.Value)
	return nil
}

// flagGiven says whether the flag name was set on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}
