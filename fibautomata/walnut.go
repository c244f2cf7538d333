package fibautomata

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteWalnut writes a in Walnut's automaton text format (Walnut's
// Manual, Section 8.1): the line "msd_fib msd_fib ..." (one per track),
// then each state as "s o" (o = 1 accepting, 0 not) followed by its
// transitions "d_1 ... d_k -> t", digits in track order. Transitions to the
// dead state are left out, as the format allows.
func WriteWalnut(w io.Writer, a *Automaton) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, strings.TrimSpace(strings.Repeat("msd_fib ", a.k)))
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

// ReadWalnut reads an automaton written by WriteWalnut (msd_fib tracks,
// states 0..s-1 in order, digits 0/1, no wildcards) and returns its
// minimal form. It refuses anything else with an error naming the line.
func ReadWalnut(r io.Reader) (*Automaton, error) {
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
	for _, f := range fields {
		if f != "msd_fib" {
			return nil, fmt.Errorf("walnut: line %d: number system %q, want msd_fib", line, f)
		}
	}
	k := len(fields)
	if k == 0 || k > 8 {
		return nil, fmt.Errorf("walnut: line %d: %d tracks", line, k)
	}
	a := newAutomaton(k, 0)
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
	// Keep the package's invariants: valid words only, closed under
	// leading zeros.
	m := Minimize(product(a, Valid(k), func(x, y bool) bool { return x && y }))
	z := Minimize(prependZero(m))
	if ok, cx := Equivalent(m, z); !ok {
		return nil, fmt.Errorf("walnut: the automaton is not closed under leading zeros (at %v)", cx)
	}
	return m, nil
}

// prependZero returns the automaton of {w : 0w accepted}.
func prependZero(a *Automaton) *Automaton {
	s := a.next[0]
	if s < 0 {
		return Empty(a.k)
	}
	b := a.Clone()
	// Renumber: make s the start by swapping states 0 and s.
	sw := func(x int32) int32 {
		switch x {
		case 0:
			return s
		case s:
			return 0
		}
		return x
	}
	for i := range b.next {
		b.next[i] = sw(b.next[i])
	}
	for sym := 0; sym < b.alphabet(); sym++ {
		b.next[sym], b.next[int(s)<<b.k|sym] = b.next[int(s)<<b.k|sym], b.next[sym]
	}
	b.accept[0], b.accept[s] = b.accept[s], b.accept[0]
	return b
}

// WalnutCommands returns a Walnut command file that replays, over the
// files gG.txt (S_G on tracks (n, r), G = 0..K), every proof ProveMex and
// ProvePaperTheorems make: it defines the move, the lowest Zeckendorf part
// and everything else it uses itself. Each eval must print TRUE. Walnut
// has no comment lines (it reads up to each ';'), so the file has none.
func WalnutCommands(K int) string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	p(`def mv "?msd_fib m+k=n & ((2*k<=m & s=2*k) | (m<2*k & s=m))";`)
	for g := 0; g <= K; g++ {
		p(`def l%d "?msd_fib E m E s $mv(k,m,n,s) & $g%d(m,s)";`, g, g)
		p(`def m%d "?msd_fib E k 1<=k & k<=r & $l%d(k,n)";`, g, g)
	}
	for g := 0; g <= K; g++ {
		rhs := fmt.Sprintf("~$m%d(n,r)", g)
		for d := range g {
			rhs += fmt.Sprintf(" & $m%d(n,r)", d)
		}
		p(`eval mex%d "?msd_fib A n A r r<=n => ($g%d(n,r) <=> (%s))";`, g, g, rhs)
	}
	if K >= 0 {
		p(`reg zlow msd_fib msd_fib "([0,0]|[1,0])*[1,1][0,0]*";`)
		p(`def zone "?msd_fib $zlow(n,z) & n=n";`)
		p(`def ztwo "?msd_fib E a E u $zone(n,a) & u+a=n & $zone(u,z)";`)
		p(`def zthree "?msd_fib E a E u $zone(n,a) & u+a=n & $ztwo(u,z)";`)
		below := func(z, t string) string {
			return fmt.Sprintf("((~(E z $%s(n,z))) | (E z $%s(n,z) & %s<z))", z, z, t)
		}
		is := func(z string, c int) string { return fmt.Sprintf("(E z $%s(n,z) & z=%d)", z, c) }
		thms := []string{
			below("zone", "r"),
			is("zone", 1) + " & 1<=r & " + below("ztwo", "r"),
			is("zone", 2) + " & 2<=r & " + below("ztwo", "r"),
			"(" + is("zone", 1) + " & " + is("ztwo", 3) + " & 3<=r & " + below("zthree", "r") + ") | (" +
				is("zone", 3) + " & 3<=r & " + below("ztwo", "r+1") + ")",
		}
		names := []string{"lrs41", "lrs45", "lrs46", "lrs47"}
		for g, th := range thms {
			if g > K {
				break
			}
			p(`eval %s "?msd_fib A n A r r<=n => ($g%d(n,r) <=> (%s))";`, names[g], g, th)
		}
	}
	return b.String()
}
