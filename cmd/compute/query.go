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
	"sync/atomic"

	"fibnim/grundy"
	"fibnim/internal/cli"
	"fibnim/internal/digits"
	"fibnim/moves"
)

// listMoves is the most moves of one heap a query lists.
const listMoves = 20

func runQuery(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("query", stderr)
	nFlag := fs.String("n", "", "pile size n of a single position, of any size (1e6, 10^6 and 10^100 forms accepted: beyond the tables the proved automata of -in answer)")
	rFlag := fs.String("r", "", "quota r of a single position, 0 <= r <= n (default n-1, the starting position)")
	mult := fs.String("mult", "2", "multiplier a >= 1")
	in := fs.String("in", "results", "results folder whose saved table answers (the dense engine fills one up to n=40000 otherwise) and whose proved automata answer beyond both")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute query -n N [-r R] [-mult A] [-in DIR]\n       compute query [-mult A] [-in DIR] HEAP...   (HEAP is n for a starting pile (n, n-1), or n,r; numbers of any size: 17, 1e20, 10^100)")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	a, err := grundy.ParseMultiplier(*mult)
	if err != nil {
		return usagef("-mult: %v", err)
	}
	var heaps []moves.Heap
	switch {
	case *nFlag != "":
		if fs.NArg() > 0 {
			return usagef("give either -n/-r or a list of heaps, not both")
		}
		h, err := parseHeap("-n", *nFlag, "-r", *rFlag, *rFlag != "")
		if err != nil {
			return err
		}
		heaps = append(heaps, h)
	case *rFlag != "":
		return usagef("-r needs -n")
	default:
		for i, s := range fs.Args() {
			ns, rs, comma := strings.Cut(s, ",")
			what := fmt.Sprintf("heap %d (%s):", i+1, s)
			h, err := parseHeap(what+" n =", ns, what+" r =", rs, comma)
			if err != nil {
				return err
			}
			heaps = append(heaps, h)
		}
	}
	if len(heaps) == 0 {
		return usagef("query: give -n N [-r R] or at least one heap")
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
	var meter *cli.Meter
	s, err := moves.OpenHeaps(ctx, *in, a, heaps, moves.OpenOptions{
		Notify: func(msg string) { fmt.Fprintf(stderr, "query: %s\n", msg) },
		Dense:  func(N int, rows *atomic.Int64) { meter = denseMeter(stderr, N, rows) },
		Step:   func(status func() string) func() { return stepMeter(stderr, status).Stop },
	})
	meter.Stop()
	if err == nil {
		defer s.Close()
		err = printQuery(ctx, stdout, heaps, s, *in)
		automataNotes(stderr, s)
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if errors.Is(err, moves.ErrNoSource) || errors.As(err, new(*moves.BeyondError)) {
		if err := neededFolder("in", *in, advise(err).Error()); err != nil {
			return err
		}
	}
	return err
}

// parseHeap reads a heap of a query, every position argument alike
// (cli.ParseNumber: 17, 1e20, 10^100): n, and r where given (hasR; else
// the starting pile (n, n-1)). nWhat and rWhat name the arguments in the
// one-line usage error.
func parseHeap(nWhat, ns, rWhat, rs string, hasR bool) (moves.Heap, error) {
	n, err := parseNumber(nWhat, ns)
	if err != nil {
		return moves.Heap{}, err
	}
	h := moves.StartHeap(n)
	if hasR {
		if h.R, err = parseNumber(rWhat, rs); err != nil {
			return moves.Heap{}, err
		}
	}
	if h.R.Cmp(h.N) > 0 {
		return moves.Heap{}, usagef("%s %s: the quota r = %s exceeds the pile n = %s", nWhat, ns, h.R, h.N)
	}
	return h, nil
}

// parseNumber is the number parser of every position argument of query,
// the global game's included.
func parseNumber(what, s string) (*big.Int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, usagef("%s is empty: want a whole number (17, 1e20, 10^100)", what)
	}
	return cli.ParseNumber(what, s)
}

// automataNotes says on stderr which proved automata answered, and what
// was wrong with any folder of them: a class file that fails its
// statement or does not read, a folder that did not load.
func automataNotes(w io.Writer, s *moves.Solver) {
	f, cands := s.Automata()
	for _, c := range cands {
		switch {
		case c.Err != nil:
			fmt.Fprintf(w, "query: %s: %s (not used)\n", c.Dir, cli.FirstLine(c.Err.Error()))
		case c.Damaged != "":
			fmt.Fprintf(w, "query: %s does not read (%s); the classes below it, proved again, answer\n", c.Damaged, cli.FirstLine(c.Damage.Error()))
		}
		if c.Folder != nil {
			for _, fl := range c.Folder.Failures {
				fmt.Fprintf(w, "query: %s fails its mex statement: the least counterexample is %s; the classes below it answer\n", filepath.Join(c.Dir, fl.File), fl.Least)
			}
		}
	}
	if f != nil {
		var others []string
		for _, c := range cands {
			if c.Folder != nil && c.Folder != f {
				others = append(others, fmt.Sprintf("%s proves values 0..%d", c.Dir, c.Folder.Proved))
			}
		}
		also := ""
		if len(others) > 0 {
			also = " (" + strings.Join(others, "; ") + ")"
		}
		fmt.Fprintf(w, "query: beyond the table and the dense engine, the proved automata of %s answer: values 0..%d%s\n", f.Dir, f.Proved, also)
	}
}

func printQuery(ctx context.Context, w io.Writer, heaps []moves.Heap, s *moves.Solver, in string) error {
	a := s.Mult()
	fmt.Fprintf(w, "multiplier a = %s\n", a)
	// Where the table holds start values only, and no automata find the
	// moves, they are not there.
	noCells := func() {
		fmt.Fprintf(w, "winning moves: not in this table: %s; run compute grundy -n %d -mult %s -out %s to add the breakpoint files\n", s.Source(), s.N(), a, in)
	}
	if len(heaps) == 1 {
		vals, err := s.HeapValues(ctx, heaps)
		if err != nil {
			return err
		}
		printValue(w, s, 0, heaps[0], vals[0])
		ms, err := s.HeapMovesTo(ctx, heaps[0], 0, listMoves)
		switch {
		case errors.Is(err, moves.ErrNoCells):
			noCells()
			return nil
		case err != nil:
			return err
		case ms.Count.Sign() == 0 && (vals[0].G != 0 || vals[0].AtLeast):
			return fmt.Errorf("heap 1 %v has value %s but no move to value 0: the source is not a Grundy table", heaps[0], valueText(vals[0]))
		case ms.Count.Sign() == 0 && heaps[0].R.Sign() == 0:
			fmt.Fprintln(w, "winning moves: none; no move: a second-player win")
			return nil
		case ms.Count.Sign() == 0:
			fmt.Fprintln(w, "winning moves: none; every move leads to a position of nonzero value (a second-player win)")
			return nil
		}
		head := fmt.Sprintf("winning moves (to value 0): %s", count(ms.Count))
		if ms.Automata {
			head += ", found by the proved automata"
		}
		if ms.Count.Cmp(big.NewInt(int64(len(ms.Moves)))) > 0 {
			head += fmt.Sprintf("; the %d removing the fewest", len(ms.Moves))
		}
		fmt.Fprintln(w, head)
		for _, m := range ms.Moves {
			fmt.Fprintf(w, "  remove %s -> %v\n", m.Take, m.To)
		}
		return nil
	}
	sum, err := s.HeapSum(ctx, heaps)
	if sum.Values == nil {
		return err
	}
	for i, h := range heaps {
		printValue(w, s, i, h, sum.Values[i])
	}
	switch {
	case sum.NimSum >= 0:
		fmt.Fprintf(w, "nim-sum: %d\n", sum.NimSum)
	case sum.Decided:
		u := sum.Unknown[0]
		fmt.Fprintf(w, "nim-sum: not 0: heap %d has G >= %d, and the nim-sum of the others is %d, below it\n", u+1, sum.Values[u].G, otherSum(sum, u))
	default:
		fmt.Fprintf(w, "nim-sum: unknown: %s beyond the proved values 0..%d, so the automata cannot decide who wins this sum\n", unknownText(sum), sum.Values[sum.Unknown[0]].G-1)
		return nil
	}
	switch {
	case errors.Is(err, moves.ErrNoCells):
		noCells()
		return nil
	case err != nil:
		return err
	case !sum.Win:
		fmt.Fprintln(w, "winning move: none; the nim-sum is 0, so the sum is a second-player win")
		return nil
	}
	m := sum.Move
	fmt.Fprintf(w, "winning move: in heap %d remove %s -> %v, G = %d, nim-sum 0\n", m.Heap+1, m.Take, m.To, m.Value)
	return nil
}

// otherSum is the nim-sum of the heaps other than u, whose values are
// known.
func otherSum(sum moves.HeapSumAnswer, u int) int {
	x := 0
	for i, v := range sum.Values {
		if i != u {
			x ^= v.G
		}
	}
	return x
}

// unknownText says which heaps have a value above the proved ones, and
// for one such heap, the nim-sum of the others that it may equal.
func unknownText(sum moves.HeapSumAnswer) string {
	if len(sum.Unknown) == 1 {
		u := sum.Unknown[0]
		return fmt.Sprintf("heap %d has G >= %d, which may equal the nim-sum %d of the others:", u+1, sum.Values[u].G, otherSum(sum, u))
	}
	hs := make([]string, len(sum.Unknown))
	for i, u := range sum.Unknown {
		hs[i] = strconv.Itoa(u + 1)
	}
	return fmt.Sprintf("heaps %s have G >= %d,", strings.Join(hs, ", "), sum.Values[sum.Unknown[0]].G)
}

// printValue writes the value line of heap i.
func printValue(w io.Writer, s *moves.Solver, i int, h moves.Heap, v moves.Answer) {
	label := h.String()
	if h.IsStart() {
		label += " [starting pile]"
	}
	fmt.Fprintf(w, "heap %d %s: %s", i+1, label, valueText(v))
	if v.Automata {
		f, _ := s.Automata()
		if v.AtLeast {
			fmt.Fprintf(w, " (in none of the proved S_0..S_%d: automata, %s)", f.Proved, f.Dir)
		} else {
			fmt.Fprintf(w, ", proved for all n (automata, %s: S_0..S_%d)", f.Dir, f.Proved)
		}
	}
	if p, ok := h.Position(); ok && s.Mult() == grundy.Fibonacci && p.N > 0 {
		z := grundy.Zeckendorf(p.N)
		parts := make([]string, len(z))
		for j, q := range z {
			parts[j] = strconv.Itoa(q)
		}
		fmt.Fprintf(w, "   (Zeckendorf %d = %s)", p.N, strings.Join(parts, " + "))
	}
	fmt.Fprintln(w)
}

func valueText(v moves.Answer) string {
	if v.AtLeast {
		return fmt.Sprintf("G >= %d", v.G)
	}
	return fmt.Sprintf("G = %d", v.G)
}

// count writes a number of moves with its digits grouped.
func count(c *big.Int) string {
	if c.IsInt64() {
		return digits.Group(c.Int64())
	}
	return c.String()
}

// flagGiven says whether the flag name was set on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}
