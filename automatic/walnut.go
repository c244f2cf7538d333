package automatic

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteWalnut writes a in Walnut's automaton text format (Walnut's
// Manual, Section 8.1): the line "msd_NAME msd_NAME ..." (one per track),
// then each state as "s o" (o = 1 accepting, 0 not) followed by its
// transitions "d_1 ... d_k -> t", digits in track order. Transitions to the
// dead state are left out, as the format allows.
func WriteWalnut(w io.Writer, a *Automaton) error {
	return writeWalnut(w, a, strings.TrimSpace(strings.Repeat(a.ns.String()+" ", a.k)))
}

// WriteBase writes a numeration's recogniser (a 1-track automaton,
// msd_NAME.txt) or adder (3 tracks, msd_NAME_addition.txt) in the format of
// Walnut's Custom Bases: the same as WriteWalnut, with the alphabet {0, 1}
// of each track in place of the system's name.
func WriteBase(w io.Writer, a *Automaton) error {
	return writeWalnut(w, a, strings.TrimSpace(strings.Repeat("{0, 1} ", a.k)))
}

func writeWalnut(w io.Writer, a *Automaton, head string) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, head)
	for s := range a.States() {
		acc := 0
		if a.accept[s] {
			acc = 1
		}
		fmt.Fprintf(bw, "\n%d %d\n", s, acc)
		for sym := 0; sym < a.alphabet(); sym++ {
			t := a.next[s<<a.k|sym]
			if t < 0 {
				continue
			}
			for i := range a.k {
				fmt.Fprintf(bw, "%d ", sym>>uint(i)&1)
			}
			fmt.Fprintf(bw, "-> %d\n", t)
		}
	}
	return bw.Flush()
}

// ReadWalnut reads an automaton written by WriteWalnut over one of the
// numerations given (chosen by the name on its first line: msd_NAME on
// every track; states 0..s-1 in order, digits 0/1, no wildcards), keeps
// its valid words ([Numeration.Valid]) and returns its minimal form, which
// must pass [Sound]. It refuses anything else with an error naming the
// line.
func ReadWalnut(r io.Reader, systems ...*Numeration) (*Automaton, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	line := 0
	next := func() (string, bool) {
		for sc.Scan() {
			line++
			if s := strings.TrimSpace(sc.Text()); s != "" {
				return s, true
			}
		}
		return "", false
	}
	head, ok := next()
	if !ok {
		return nil, fmt.Errorf("walnut: empty file")
	}
	fields := strings.Fields(head)
	k := len(fields)
	if k == 0 || k > MaxTracks {
		return nil, fmt.Errorf("walnut: line %d: %d tracks", line, k)
	}
	var ns *Numeration
	for _, s := range systems {
		if fields[0] == s.String() {
			ns = s
		}
	}
	if ns == nil {
		var want []string
		for _, s := range systems {
			want = append(want, s.String())
		}
		return nil, fmt.Errorf("walnut: line %d: number system %q, want %s", line, fields[0], strings.Join(want, " or "))
	}
	for _, f := range fields {
		if f != ns.String() {
			return nil, fmt.Errorf("walnut: line %d: number system %q beside %s: one system on every track", line, f, ns)
		}
	}
	a := newAutomaton(ns, k, 0)
	var targets []int
	cur := -1
	for {
		s, ok := next()
		if !ok {
			break
		}
		f := strings.Fields(s)
		if len(f) == 2 && f[0] != "->" { // a state
			id, err1 := strconv.Atoi(f[0])
			o, err2 := strconv.Atoi(f[1])
			if err1 != nil || err2 != nil || id != a.States() || o < 0 || o > 1 {
				return nil, fmt.Errorf("walnut: line %d: bad state %q", line, s)
			}
			if a.States() >= 1<<24 {
				return nil, fmt.Errorf("walnut: line %d: more than %d states", line, 1<<24)
			}
			cur = a.addState(o == 1)
			continue
		}
		if cur < 0 || len(f) != k+2 || f[k] != "->" {
			return nil, fmt.Errorf("walnut: line %d: bad transition %q", line, s)
		}
		sym := 0
		for i := range k {
			switch f[i] {
			case "0":
			case "1":
				sym |= 1 << uint(i)
			default:
				return nil, fmt.Errorf("walnut: line %d: digit %q", line, f[i])
			}
		}
		t, err := strconv.Atoi(f[k+1])
		if err != nil || t < 0 || t > 1<<24 {
			return nil, fmt.Errorf("walnut: line %d: bad target %q", line, f[k+1])
		}
		if a.next[cur<<k|sym] >= 0 {
			return nil, fmt.Errorf("walnut: line %d: a second transition on one symbol", line)
		}
		a.next[cur<<k|sym] = int32(t)
		targets = append(targets, t)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if a.States() == 0 {
		return nil, fmt.Errorf("walnut: no states")
	}
	for _, t := range targets {
		if t >= a.States() {
			return nil, fmt.Errorf("walnut: transition to state %d of %d", t, a.States())
		}
	}
	m := Intersect(a, ns.Valid(k))
	if err := Sound(m, k); err != nil {
		return nil, fmt.Errorf("walnut: %w", err)
	}
	return m, nil
}
