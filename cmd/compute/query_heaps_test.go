package main

import (
	"bytes"
	"context"
	"errors"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"fibnim/grundy"
	"fibnim/grundyproof"
	"fibnim/internal/cli"
)

// runBoth runs compute with args and returns its stdout and stderr.
func runBoth(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), err
}

var (
	heapLine = regexp.MustCompile(`(?m)^heap (\d+) \((\d+), (\d+)\)[^:]*: G (=|>=) (\d+)`)
	sumMove  = regexp.MustCompile(`(?m)^winning move: in heap (\d+) remove (\d+) -> \((\d+), (\d+)\), G = (\d+), nim-sum 0$`)
)

// heapValues reads the value lines of a query: value, and whether it is
// only a bound, of each heap.
func heapValues(t *testing.T, out string) (g []int, bound []bool) {
	t.Helper()
	for _, m := range heapLine.FindAllStringSubmatch(out, -1) {
		v, _ := strconv.Atoi(m[5])
		g = append(g, v)
		bound = append(bound, m[4] == ">=")
	}
	return g, bound
}

// valueOf asks compute query for the value of (n, r) alone.
func valueOf(t *testing.T, root, n, r string) (int, bool) {
	t.Helper()
	out, err := runArgs(t, "query", "-in", root, "-n", n, "-r", r)
	if err != nil {
		t.Fatalf("query -n %s -r %s: %v", n, r, err)
	}
	g, b := heapValues(t, out)
	if len(g) != 1 {
		t.Fatalf("query -n %s -r %s:\n%s", n, r, out)
	}
	return g[0], b[0]
}

// Sums with heaps of 10^100: values from the automata (and the dense
// engine for 17), the nim-sum, and a winning move whose landing, asked of
// the command, has the value that zeroes the sum; a sum with a heap above
// K is decided only where the others' nim-sum is below K+1, and otherwise
// said to be undecided.
func TestQuerySumsWithHugeHeaps(t *testing.T) {
	root, K := copyAutomata(t, true)
	check := func(args ...string) string {
		t.Helper()
		out, stderr, err := runBoth(t, append([]string{"query", "-in", root}, args...)...)
		if err != nil {
			t.Fatalf("query %v: %v", args, err)
		}
		if want := "the proved automata of " + grundyproof.Dir(root, grundy.Fibonacci) + " answer"; !strings.Contains(stderr, want) {
			t.Errorf("query %v: stderr does not say which automata answer:\n%s", args, stderr)
		}
		g, bound := heapValues(t, out)
		if len(g) != len(args) {
			t.Fatalf("query %v: %d value lines:\n%s", args, len(g), out)
		}
		m := sumMove.FindStringSubmatch(out)
		if m == nil {
			return out
		}
		i, _ := strconv.Atoi(m[1])
		v, _ := strconv.Atoi(m[5])
		x := 0
		for j := range g {
			if j != i-1 {
				if bound[j] {
					t.Fatalf("query %v: a winning move beside another heap above K:\n%s", args, out)
				}
				x ^= g[j]
			}
		}
		if lv, lb := valueOf(t, root, m[3], m[4]); lb || lv != v || v != x {
			t.Fatalf("query %v: the move lands on (%s, %s) of value %d (bound %v); stated %d, others' nim-sum %d\n%s", args, m[3], m[4], lv, lb, v, x, out)
		}
		return out
	}
	out := check("10^100,5", "17", "1e20,3")
	if !strings.Contains(out, "nim-sum: ") || !sumMove.MatchString(out) {
		t.Fatalf("a sum with 10^100:\n%s", out)
	}
	out = check("10^100,5", "10^100,5")
	if !strings.Contains(out, "nim-sum: 0\nwinning move: none") {
		t.Fatalf("two equal heaps of 10^100:\n%s", out)
	}
	// One heap above K; the other's value is at most K.
	out = check("10^100", "10^100,5")
	if g, b := heapValues(t, out); !b[0] || b[1] || !strings.Contains(out, "nim-sum: not 0") || !sumMove.MatchString(out) || g[0] != K+1 {
		t.Fatalf("a heap above K beside one of value %d:\n%s", g[1], out)
	}
	// Two heaps above K: undecided, no move.
	out = check("10^100", "1e20")
	if !strings.Contains(out, "the automata cannot decide who wins this sum") || strings.Contains(out, "winning move") {
		t.Fatalf("two heaps above K:\n%s", out)
	}
}

// Every position argument goes through one parser: a bad number is a
// one-line usage error (exit 2) that names the argument.
func TestQueryBadNumbers(t *testing.T) {
	root, _ := copyAutomata(t, true)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"10^100", "1e20x,3"}, "heap 2 (1e20x,3): n = 1e20x is not a whole number"},
		{[]string{"17,-1"}, "heap 1 (17,-1): r = -1 is negative"},
		{[]string{"10,11"}, "heap 1 (10,11): n = 10: the quota r = 11 exceeds the pile n = 10"},
		{[]string{"10,"}, "heap 1 (10,): r = is empty"},
		{[]string{"5", "2^5000"}, "heap 2 (2^5000): n = 2^5000 has an exponent beyond"},
		{[]string{"1.5"}, "heap 1 (1.5): n = 1.5 is not a whole number"},
		{[]string{"-n", "10^100", "-r", "abc"}, "-r abc is not a whole number"},
		{[]string{"-n", "1e20.5"}, "-n 1e20.5 is not a whole number"},
		{[]string{"-global", "3,y"}, "-global 3,y: y = y is not a whole number"},
		{[]string{"-global", "3,1e9"}, "-global 3,1e9: a pile above"},
	} {
		_, err := runArgs(t, append([]string{"query", "-in", root}, c.args...)...)
		var ue usageError
		if !errors.As(err, &ue) || cli.Status(err) != 2 || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("query %v: %v (exit %d); want one line with %q, exit 2", c.args, err, cli.Status(err), c.want)
		}
	}
}

// A damaged class file is named on stderr, and the classes below it still
// answer: a g4.txt that fails its statement (S_3's automaton in its
// place), and one that does not read. Every answer equals the intact
// folder's where that is at most 3, and is "G >= 4" where it is not.
func TestQueryDamagedClassFile(t *testing.T) {
	intact, _ := copyAutomata(t, true)
	// n = 10^100 + 3: G(n, r) = 4 for some r <= 12.
	n := new(big.Int).Add(new(big.Int).Exp(big.NewInt(10), big.NewInt(100), nil), big.NewInt(3)).String()
	var want []int
	for r := 1; r <= 12; r++ {
		g, b := valueOf(t, intact, n, strconv.Itoa(r))
		if b {
			g = 99
		}
		want = append(want, g)
	}
	for _, c := range []struct {
		name   string
		damage func(dir string) error
		stderr string
	}{
		{"S_3 as g4.txt", func(dir string) error {
			b, err := os.ReadFile(filepath.Join(dir, "g3.txt"))
			if err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(dir, "g4.txt"), b, 0o644)
		}, "g4.txt fails its mex statement: the least counterexample is (n, r) = "},
		{"garbage", func(dir string) error {
			return os.WriteFile(filepath.Join(dir, "g4.txt"), []byte("msd_fib msd_fib\n0 1\n0 0 -> x\n"), 0o644)
		}, "g4.txt does not read (walnut: line 3"},
	} {
		root, _ := copyAutomata(t, true)
		dir := grundyproof.Dir(root, grundy.Fibonacci)
		if err := c.damage(dir); err != nil {
			t.Fatal(err)
		}
		seen4 := false
		for r := 1; r <= 12; r++ {
			out, stderr, err := runBoth(t, "query", "-in", root, "-n", n, "-r", strconv.Itoa(r))
			if err != nil {
				t.Fatalf("%s: query: %v", c.name, err)
			}
			if !strings.Contains(stderr, filepath.Join(dir, c.stderr)) || !strings.Contains(stderr, "the classes below it") {
				t.Fatalf("%s: stderr does not name %s:\n%s", c.name, filepath.Join(dir, "g4.txt"), stderr)
			}
			g, b := heapValues(t, out)
			switch {
			case want[r-1] <= 3 && (b[0] || g[0] != want[r-1] || !strings.Contains(out, "S_0..S_3)")):
				t.Fatalf("%s: G(10^100+3, %d) = %d in the intact folder:\n%s", c.name, r, want[r-1], out)
			case want[r-1] > 3 && (!b[0] || g[0] != 4):
				t.Fatalf("%s: G(10^100+3, %d) = %d in the intact folder, want G >= 4:\n%s", c.name, r, want[r-1], out)
			}
			seen4 = seen4 || want[r-1] == 4
		}
		if !seen4 {
			t.Fatalf("no r <= 12 with G(10^100, r) = 4: the damage was never asked about")
		}
	}
}

// A multiplier's folder under ROOT/multipliers/automata (compute automata
// -mults writes there; built here with compute automata -mult 3): query
// -mult 3 answers from it, and the answer is the mex of its options
// (n-k, min(3k, n-k)), each asked too.
func TestQueryMultiplierFolder(t *testing.T) {
	if testing.Short() {
		t.Skip("learns and proves the automata of a = 3 (seconds)")
	}
	root := t.TempDir()
	if _, err := runArgs(t, "automata", "-mult", "3", "-max-g", "4", "-out", filepath.Join(root, "multipliers")); err != nil {
		t.Fatal(err)
	}
	dir := grundyproof.Dir(filepath.Join(root, "multipliers"), grundy.Multiplier{P: 3, Q: 1})
	n := new(big.Int).Exp(big.NewInt(10), big.NewInt(50), nil)
	ask := func(n *big.Int, r int64) (int, bool) {
		out, err := runArgs(t, "query", "-mult", "3", "-in", root, "-n", n.String(), "-r", strconv.FormatInt(r, 10))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out, "automata, "+dir) {
			t.Fatalf("query -mult 3: not from %s:\n%s", dir, out)
		}
		g, b := heapValues(t, out)
		return g[0], b[0]
	}
	out, err := runArgs(t, "query", "-mult", "3", "-n", "10^50", "-r", "7", "-in", root)
	if err != nil || !strings.Contains(out, "automata, "+dir) {
		t.Fatalf("query -mult 3 -n 10^50 -r 7: %v\n%s", err, out)
	}
	exact := 0
	for r := int64(1); r <= 7; r++ {
		g, b := ask(n, r)
		seen := map[int]bool{}
		for k := int64(1); k <= r; k++ {
			if v, vb := ask(new(big.Int).Sub(n, big.NewInt(k)), 3*k); !vb {
				seen[v] = true
			}
		}
		mex := 0
		for seen[mex] {
			mex++
		}
		if (mex <= 4 && (b || g != mex)) || (mex > 4 && (!b || g != 5)) {
			t.Errorf("a = 3: G(10^50, %d) = %d (bound %v), the mex of its options %d", r, g, b, mex)
		}
		if !b {
			exact++
		}
	}
	if exact == 0 {
		t.Error("no exact value among G(10^50, 1..7): the mex check compared bounds only")
	}
}
