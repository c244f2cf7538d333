package main

import (
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"fibnim/grundy"
	"fibnim/grundyproof"
)

// automataFolder copies the committed proved automata (g*.txt) into a
// fresh results folder that holds no table: without proof.json, so that
// loading them proves them.
func automataFolder(t *testing.T) (root string, K int) {
	t.Helper()
	return copyAutomata(t, false)
}

// copyAutomata copies the committed a = 2 automata into a fresh results
// folder that holds no table; with proof, proof.json and the numeration's
// files too, so that they load without a proof.
func copyAutomata(t *testing.T, proof bool) (root string, K int) {
	t.Helper()
	root = t.TempDir()
	src := grundyproof.Dir(filepath.Join("..", "..", "results"), grundy.Fibonacci)
	dst := grundyproof.Dir(root, grundy.Fibonacci)
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	K = -1
	for _, e := range ents {
		name := e.Name()
		var g int
		if n, _ := fmt.Sscanf(name, "g%d.txt", &g); n == 1 && name == grundyproof.ClassFile(g) {
			K = max(K, g)
		} else if !proof || (filepath.Ext(name) != ".txt" && name != grundyproof.ProofFile) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if K < 0 {
		t.Fatalf("no automata in %s", src)
	}
	return root, K
}

var queryValue = regexp.MustCompile(`: G (=|>=) (\d+)`)

// queryG runs compute query -n n -r r -in root and returns the value it
// states, or -1 for "G >= K+1".
func queryG(t *testing.T, root, n, r string, K int) int {
	t.Helper()
	out, err := runArgs(t, "query", "-n", n, "-r", r, "-in", root)
	if err != nil {
		t.Fatalf("query -n %s -r %s: %v", n, r, err)
	}
	m := queryValue.FindStringSubmatch(out)
	if m == nil || !strings.Contains(out, "(automata, "+grundyproof.Dir(root, grundy.Fibonacci)) {
		t.Fatalf("query -n %s -r %s: no automata answer:\n%s", n, r, out)
	}
	g, _ := strconv.Atoi(m[2])
	if m[1] == ">=" {
		if g != K+1 || strings.Contains(out, "proved for all n") {
			t.Fatalf("query -n %s -r %s: want G >= %d, not claimed proved:\n%s", n, r, K+1, out)
		}
		return -1
	}
	if !strings.Contains(out, "proved for all n") {
		t.Fatalf("query -n %s -r %s: an exact value without its proof:\n%s", n, r, out)
	}
	return g
}

// Beyond every table (n = 10^100, and n = 50000 above the dense limit with
// no table), the answer comes from the automata, and it obeys the rule of
// the game: G(n, r) is the mex of the values of the moves (n-k, min(2k,
// n-k)), k <= r, each asked of the command too. An option of value above K
// cannot be the mex of values <= K, so it does not change a mex <= K.
func TestQueryAutomataBeyondTables(t *testing.T) {
	root, K := copyAutomata(t, true)
	for _, n0 := range []string{"10^100", "50000"} {
		nb, err := cliWhole(n0)
		if err != nil {
			t.Fatal(err)
		}
		for r := 1; r <= 6; r++ {
			g := queryG(t, root, n0, strconv.Itoa(r), K)
			seen := map[int]bool{}
			for k := 1; k <= r; k++ {
				m := new(big.Int).Sub(nb, big.NewInt(int64(k)))
				seen[queryG(t, root, m.String(), strconv.Itoa(2*k), K)] = true
			}
			mex := 0
			for seen[mex] {
				mex++
			}
			if want := mex; (mex > K && g != -1) || (mex <= K && g != want) {
				t.Errorf("G(%s, %d) = %d, but the mex of its options is %d (K = %d)", n0, r, g, mex, K)
			}
		}
	}
	// A starting pile of 10^100: an answer, exact or the bound.
	out, err := runArgs(t, "query", "-n", "10^100", "-in", root)
	if err != nil || !strings.Contains(out, "[starting pile]") || !queryValue.MatchString(out) {
		t.Fatalf("query -n 10^100: %v\n%s", err, out)
	}
}

func cliWhole(s string) (*big.Int, error) {
	n, ok := new(big.Int).SetString(strings.Replace(s, "10^100", "1"+strings.Repeat("0", 100), 1), 10)
	if !ok {
		return nil, errors.New("bad " + s)
	}
	return n, nil
}

func TestQueryAutomataBadInput(t *testing.T) {
	root, _ := copyAutomata(t, true)
	empty := t.TempDir()
	for _, c := range []struct {
		args  []string
		usage bool
		want  string
	}{
		{[]string{"query", "-n", "10^100", "-r", "10^101", "-in", root}, true, "exceeds the pile"},
		{[]string{"query", "-n", "10^5000", "-in", root}, true, "exponent beyond"},
		{[]string{"query", "-n", "1e100x", "-in", root}, true, "not a whole number"},
		{[]string{"query", "-n", "10^100", "-r", "-3", "-in", root}, true, "negative"},
		{[]string{"query", "-n", "10^100", "-mult", "3/2", "-in", root}, false, "no g0.txt in automata/mult=3_2, multipliers/automata/mult=3_2 or heavy/automata/mult=3_2"},
		{[]string{"query", "-n", "10^100", "-in", empty}, false, "holds no automata of a = 2"},
		{[]string{"query", "-n", "50000", "-in", empty}, false, "above the dense query limit"},
		{[]string{"query", "-in", empty, "50000", "10^100"}, false, "no g0.txt in automata/mult=2, multipliers/automata/mult=2 or heavy/automata/mult=2; run compute automata -mult 2 -out " + empty + " (or compute grundy -n 50000 -mult 2 -out " + empty + " for the heaps up to n = 50000)"},
	} {
		_, err := runArgs(t, c.args...)
		var ue usageError
		if err == nil || errors.As(err, &ue) != c.usage || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: got %v, want a one-line error (usage %v) with %q", c.args, err, c.usage, c.want)
		}
	}
}
