package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"runtime"
	"strings"
	"sync/atomic"
	"syscall"

	"fibnim/globalnim"
	"fibnim/grundy"
	"fibnim/internal/cli"
	"fibnim/internal/digits"
)

// The global game's side of "compute query": "compute query -global
// x,y[,r] [-mult A] [-in DIR]". main's dispatch sends a query here when
// its arguments name -global, so that query.go stays the single-pile
// game's alone.

// isGlobalQuery reports whether the arguments of "compute query" ask for
// a position of the global game.
func isGlobalQuery(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if strings.HasPrefix(a, "-") && name == "global" {
			return true
		}
	}
	return false
}

// maxQueryGlobal is the largest pile a global query computes itself when
// no table covers it: M = 2000 takes a few seconds and about 300 MB.
const maxQueryGlobal = 2000

func runQueryGlobal(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("query", stderr)
	pos := fs.String("global", "", "a position x,y (at the starting limit min(x+y-1, max(x,y))) or x,y,r of global Fibonacci nim")
	mult := fs.String("mult", "2", "multiplier a >= 1")
	in := fs.String("in", "results", fmt.Sprintf("folder whose global/mult=A table answers queries with a pile above %d", maxQueryGlobal))
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compute query -global x,y[,r] [-mult A] [-in DIR]")
		fs.PrintDefaults()
	}
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	a, err := grundy.ParseMultiplier(*mult)
	if err != nil {
		return usagef("-mult: %v", err)
	}
	parts := strings.Split(*pos, ",")
	if len(parts) < 2 || len(parts) > 3 {
		return usagef("-global %q: want x,y or x,y,r", *pos)
	}
	var v [3]int
	v[2] = -1
	for i, s := range parts {
		// The number parser of every position argument of query.
		x, err := parseNumber(fmt.Sprintf("-global %s: %s =", *pos, []string{"x", "y", "r"}[i]), s)
		if err != nil {
			return err
		}
		switch {
		case i < 2 && x.Cmp(big.NewInt(globalnim.MaxM)) > 0:
			return usagef("-global %s: a pile above %d", *pos, globalnim.MaxM)
		case x.Cmp(big.NewInt(1<<62)) > 0:
			return usagef("-global %s: r = %s is too large (at most 2^62)", *pos, x)
		}
		v[i] = int(x.Int64())
	}
	x, y, r := v[0], v[1], v[2]
	M := max(x, y)
	t, err := globalTable(ctx, M, a, *in, stderr)
	if err != nil {
		return err
	}
	printGlobalAnswer(stdout, a, t.Query(x, y, r))
	return nil
}

// globalTable reads the table under in when it covers piles up to M, and
// otherwise computes one for M <= maxQueryGlobal, saying so on stderr.
func globalTable(ctx context.Context, M int, a grundy.Multiplier, in string, stderr io.Writer) (*globalnim.Table, error) {
	dir := globalnim.Dir(in, a)
	t, err := globalnim.Open(dir)
	switch {
	case err == nil && t.M >= M:
		return t, nil
	case err != nil && !errors.Is(err, os.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR): // a file for in holds no table
		return nil, err
	case M > maxQueryGlobal:
		if err := neededFolder("in", in, fmt.Sprintf("a pile above %d needs the table of a results folder (compute global -n %d -mult %s -out DIR)", maxQueryGlobal, M, a)); err != nil {
			return nil, err
		}
		have := "holds no table"
		if t != nil {
			have = fmt.Sprintf("covers piles up to %d", t.M)
		}
		return nil, fmt.Errorf("%s %s; run compute global -n %d -mult %s -out %s first", dir, have, M, a, in)
	}
	fmt.Fprintf(stderr, "query: no table under %s covers piles up to %d for a = %s; computing one\n", in, M, a)
	// globalnim.Fill, with a progress line: the number of values is not
	// known before the last, so the line says how many are done and how
	// many positions reach the last, without a fraction.
	var values, reach atomic.Int64
	total := globalnim.Positions(M)
	meter := cli.NewMeter(stderr, "query", func() (float64, string) {
		g := values.Load()
		if g == 0 {
			return -1, fmt.Sprintf("the global game's table to M = %d: sweeping value 1", M)
		}
		return -1, fmt.Sprintf("the global game's table to M = %d: values 1..%d done, %s of its %s positions reach value %d", M, g, digits.Group(reach.Load()), digits.Group(int64(total)), g)
	})
	defer meter.Stop()
	b := globalnim.NewBuilder(M, a)
	_, err = globalnim.Sweep(ctx, M, a, runtime.GOMAXPROCS(0), func(g int, R []uint16) error {
		n := 0
		for _, r := range R {
			if r != globalnim.Inf {
				n++
			}
		}
		reach.Store(int64(n))
		values.Store(int64(g))
		return b.Add(g, R)
	})
	if err != nil {
		return nil, err
	}
	return b.Table(), nil
}

func printGlobalAnswer(w io.Writer, a grundy.Multiplier, ans globalnim.Answer) {
	fmt.Fprintf(w, "global game, multiplier a = %s\n", a)
	label := ""
	if ans.Start {
		label = " [start: r = min(x+y-1, max(x,y))]"
	}
	fmt.Fprintf(w, "position (%d, %d, %d)%s: G = %d\n", ans.X, ans.Y, ans.R, label, ans.G)
	if ans.G == 0 {
		fmt.Fprintf(w, "winning moves: none; all %d moves lead to a position of nonzero value (a second-player win)\n", ans.Options)
		return
	}
	fmt.Fprintf(w, "winning moves (to value 0): %d of %d\n", len(ans.Winning), ans.Options)
	for _, m := range ans.Winning {
		fmt.Fprintf(w, "  %s\n", m)
	}
}
