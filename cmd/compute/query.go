package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"

	"fibnim/grundy"
	"fibnim/internal/cli"
	"fibnim/table"
)

// heap is one position (n, r) of a sum.
type heap struct {
	text string
	n, r int
}

func runQuery(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("query", stderr)
	nFlag := fs.String("n", "", "pile size n of a single position (1e6 and 10^6 forms accepted)")
	rFlag := fs.String("r", "", "quota r of a single position, 0 <= r <= n (default n-1, the starting position)")
	mult := fs.String("mult", "2", "multiplier a >= 1")
	in := fs.String("in", "results", "folder whose breakpoint table answers queries above n=40000")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute query -n N [-r R] [-mult A]\n       compute query [-mult A] HEAP...   (HEAP is n for a starting pile (n, n-1), or n,r)")
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
		n, err := cli.ParseSize("n", *nFlag)
		if err != nil {
			return err
		}
		r := max(n-1, 0)
		if *rFlag != "" {
			if r, err = cli.ParseSize("r", *rFlag); err != nil {
				return err
			}
		}
		heaps = append(heaps, heap{text: fmt.Sprintf("%d,%d", n, r), n: n, r: r})
	} else {
		if *rFlag != "" {
			return usagef("-r needs -n")
		}
		for _, s := range fs.Args() {
			h, err := parseHeap(s)
			if err != nil {
				return err
			}
			heaps = append(heaps, h)
		}
	}
	if len(heaps) == 0 {
		return usagef("query: give -n N [-r R] or at least one heap")
	}
	maxN := 0
	for _, h := range heaps {
		if h.r > h.n {
			return usagef("heap %s: quota r=%d exceeds the pile n=%d", h.text, h.r, h.n)
		}
		maxN = max(maxN, h.n)
	}
	if err := notTableFolder(*in); err != nil {
		return err
	}
	v, err := newValuer(maxN, a, *in, stderr)
	if err != nil {
		return err
	}
	return printQuery(stdout, a, heaps, v)
}

func parseHeap(s string) (heap, error) {
	ns, rs, pair := strings.Cut(s, ",")
	n, err := cli.ParseSize("n", ns)
	if err != nil {
		return heap{}, usagef("heap %q: want n or n,r with whole numbers n >= r >= 0", s)
	}
	r := max(n-1, 0)
	if pair {
		if r, err = cli.ParseSize("r", rs); err != nil {
			return heap{}, usagef("heap %q: want n or n,r with whole numbers n >= r >= 0", s)
		}
	}
	return heap{text: s, n: n, r: r}, nil
}

// valuer answers G(n, r) for n up to the size it was built for.
type valuer interface {
	Value(n, r int) (int, error)
	// MovesTo lists every k <= r whose move from (n, r) reaches value t.
	MovesTo(n, r, t int) ([]int, error)
}

type denseValuer struct {
	t *grundy.Table
}

func (d denseValuer) Value(n, r int) (int, error) { return d.t.At(n, r), nil }

func (d denseValuer) MovesTo(n, r, t int) ([]int, error) {
	var ks []int
	for k := 1; k <= r; k++ {
		m, c := moveTo(d.t.Mult, n, k)
		if d.t.At(m, c) == t {
			ks = append(ks, k)
		}
	}
	return ks, nil
}

// maxQueryDense is the largest n a query fills densely: 4e4 rows need
// 1.6 GB and take a few seconds on 2 cores.
const maxQueryDense = 40000

// newValuer answers from the table saved under in where it covers every
// heap (its breakpoint files, or dense.parquet for small n), and otherwise
// computes a dense table for N <= maxQueryDense, saying so on stderr.
func newValuer(N int, a grundy.Multiplier, in string, stderr io.Writer) (valuer, error) {
	if t, err := table.Open(table.Dir(in, a)); err == nil {
		if t.N() >= N && (t.HasBreakpoints() || t.DenseN() >= N) {
			return tableValuer{t}, nil
		}
		t.Close()
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if N <= maxQueryDense {
		fmt.Fprintf(stderr, "query: no table under %s covers n = %d for a = %s; computing one (dense engine, n <= %d)\n", in, N, a, N)
		t, err := grundy.Dense(N, a, runtime.GOMAXPROCS(0))
		if err != nil {
			return nil, err
		}
		return denseValuer{t}, nil
	}
	return openTableValuer(N, a, in)
}

// tableValuer answers queries from a computed table on disk.
type tableValuer struct{ t *table.Table }

func openTableValuer(N int, a grundy.Multiplier, in string) (valuer, error) {
	dir := table.Dir(in, a)
	hint := fmt.Sprintf("run compute grundy -n %d -mult %s -out %s first", N, a, in)
	if N > table.MaxBreakpointFileN {
		hint = fmt.Sprintf("no table can answer it: the engine stops at n = %d for breakpoint files, which a query needs", table.MaxBreakpointFileN)
	}
	t, err := table.Open(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("n=%d is above the dense query limit %d and %s holds no table; %s", N, maxQueryDense, dir, hint)
	}
	if err != nil {
		return nil, err
	}
	if t.N() < N {
		return nil, fmt.Errorf("%s covers n <= %d; %s", dir, t.N(), hint)
	}
	if !t.HasBreakpoints() {
		return nil, fmt.Errorf("n=%d is above the dense query limit %d and %s holds no breakpoint table; %s", N, maxQueryDense, dir, hint)
	}
	return tableValuer{t}, nil
}

func (v tableValuer) Value(n, r int) (int, error) { return v.t.Value(n, r) }

func (v tableValuer) MovesTo(n, r, t int) ([]int, error) {
	if r == 0 {
		return nil, nil
	}
	if !v.t.HasBreakpoints() { // a dense table: value by value
		var ks []int
		for k := 1; k <= r; k++ {
			m, c := moveTo(v.t.Mult(), n, k)
			g, err := v.t.Value(m, c)
			if err != nil {
				return nil, err
			}
			if g == t {
				ks = append(ks, k)
			}
		}
		return ks, nil
	}
	lo, hi := n-r, n-1
	at, err := v.t.Column(t, lo, hi)
	if err != nil {
		return nil, err
	}
	above, err := v.t.Column(t+1, lo, hi)
	if err != nil {
		return nil, err
	}
	var ks []int
	for k := 1; k <= r; k++ {
		m, c := moveTo(v.t.Mult(), n, k)
		if at[m-lo] <= uint32(c) && uint32(c) < above[m-lo] {
			ks = append(ks, k)
		}
	}
	return ks, nil
}

func moveTo(a grundy.Multiplier, n, k int) (int, int) {
	return n - k, min(a.Quota(k), n-k)
}

func printQuery(w io.Writer, a grundy.Multiplier, heaps []heap, v valuer) error {
	fmt.Fprintf(w, "multiplier a = %s\n", a)
	sum := 0
	vals := make([]int, len(heaps))
	for i, h := range heaps {
		g, err := v.Value(h.n, h.r)
		if err != nil {
			return err
		}
		vals[i] = g
		sum ^= g
		label := fmt.Sprintf("(%d, %d)", h.n, h.r)
		if h.n > 0 && h.r == h.n-1 {
			label += " [starting pile]"
		}
		fmt.Fprintf(w, "heap %d %s: G = %d", i+1, label, g)
		if a == grundy.Fibonacci && h.n > 0 {
			z := grundy.Zeckendorf(h.n)
			parts := make([]string, len(z))
			for j, p := range z {
				parts[j] = strconv.Itoa(p)
			}
			fmt.Fprintf(w, "   (Zeckendorf %d = %s)", h.n, strings.Join(parts, " + "))
		}
		fmt.Fprintln(w)
	}
	if len(heaps) == 1 {
		h := heaps[0]
		ks, err := v.MovesTo(h.n, h.r, 0)
		if err != nil {
			return err
		}
		var moves []string
		for _, k := range ks {
			m, c := moveTo(a, h.n, k)
			moves = append(moves, fmt.Sprintf("remove %d -> (%d, %d)", k, m, c))
		}
		if len(moves) == 0 {
			fmt.Fprintln(w, "winning moves: none; every move leads to a position of nonzero value (a second-player win)")
			return nil
		}
		fmt.Fprintf(w, "winning moves (to value 0): %d\n", len(moves))
		for _, m := range moves {
			fmt.Fprintf(w, "  %s\n", m)
		}
		return nil
	}
	fmt.Fprintf(w, "nim-sum: %d\n", sum)
	if sum == 0 {
		fmt.Fprintln(w, "winning move: none; the nim-sum is 0, so the sum is a second-player win")
		return nil
	}
	for i, h := range heaps {
		target := vals[i] ^ sum
		if target >= vals[i] {
			continue
		}
		ks, err := v.MovesTo(h.n, h.r, target)
		if err != nil {
			return err
		}
		if len(ks) > 0 {
			m, c := moveTo(a, h.n, ks[0])
			fmt.Fprintf(w, "winning move: in heap %d remove %d -> (%d, %d), G = %d, nim-sum 0\n", i+1, ks[0], m, c, target)
			return nil
		}
	}
	return fmt.Errorf("internal error: nim-sum %d but no move to value 0 found", sum)
}
