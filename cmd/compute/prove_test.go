package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"fibnim/grundy"
	"fibnim/grundyproof"
	"fibnim/internal/cli"
)

// proveFolder writes a results folder with the proved classes S_0..S_K
// of multiplier m (compute automata).
func proveFolder(t *testing.T, m string, K string) string {
	t.Helper()
	root := t.TempDir()
	if _, err := runArgs(t, "automata", "-mult", m, "-max-g", K, "-out", root); err != nil {
		t.Fatalf("automata -mult %s -max-g %s: %v", m, K, err)
	}
	return root
}

func runProveArgs(args ...string) (stdout, stderr string, err error) {
	var out, errb bytes.Buffer
	err = run(context.Background(), append([]string{"prove"}, args...), &out, &errb)
	return out.String(), errb.String(), err
}

// The two statements of issue 42, verbatim: Whinihan's theorem proved for
// all n; the guess about value 4 refuted at its least counterexample,
// with G there recomputed by the dense engine.
func TestProveIssueExamples(t *testing.T) {
	root := proveFolder(t, "2", "5")
	out, _, err := runProveArgs("-in", root, "forall n: n >= 1 => (G(n, n-1) = 0 <=> fib(n))")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"statement: forall n: 1 <= n => (S_0(n, n - 1) <=> fib(n))\n",
		"fib(x): x is a Fibonacci number",
		"over the classes S_0..S_5 of " + grundyproof.Dir(root, grundy.Fibonacci),
		"proved: it holds for all n (decided by automata",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("Whinihan: no %q in\n%s", want, out)
		}
	}
	out, _, err = runProveArgs("-in", root, "forall n, r: r <= n & G(n, r) = 4 => z1(n) <= 5")
	var ue usageError
	if err == nil || errors.As(err, &ue) || !strings.Contains(err.Error(), "refuted: the least counterexample is (n, r) = (29, 8)") {
		t.Errorf("value 4: %v", err)
	}
	for _, want := range []string{
		"statement: forall n, r: r <= n & (S_4(n, r) | n < r & S_4(n, n)) => (exists z: z_1(n, z) & z <= 5)\n",
		"refuted: the least counterexample (the least n, then r) is (n, r) = (29, 8)",
		"  G(n, r) = G(29, 8) = 4 (grundy.Dense, a = 2, without the automata)\n",
		"  z1(n) = z1(29) = 8 (29 = 8 + 21)\n",
		"evaluated directly at (n, r) = (29, 8), without the automata, the statement is false there",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("value 4: no %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "free variables") {
		t.Errorf("a closed statement is said to have free variables:\n%s", out)
	}

	// Free variables are read for all values, and said so; flags may
	// follow the statement.
	out, _, err = runProveArgs("r <= n & G(n, r) = 4 => z1(n) <= 5", "-in", root)
	if err == nil || !strings.Contains(out, "free variables read for all values: for all n, r: r <= n & G(n, r) = 4 => z1(n) <= 5\n") ||
		!strings.Contains(out, "(n, r) = (29, 8)") {
		t.Errorf("free variables: %v\n%s", err, out)
	}

	// A witness, and a statement with z2.
	out, _, err = runProveArgs("-in", root, "exists n: G(n) = 5 & z2(n) > 0")
	if err != nil || !strings.Contains(out, "proved: the least witness is n = ") || !strings.Contains(out, "statement is true there") {
		t.Errorf("exists: %v\n%s", err, out)
	}

	// A syntax error: exit 2, the column, the statement with a caret.
	_, stderr, err := runProveArgs("-in", root, "forall n: G(n, n-1 = 0")
	if !errors.As(err, &ue) || !strings.HasPrefix(ue.Msg, "column 20: ") {
		t.Errorf("syntax error: %v", err)
	}
	if want := "  forall n: G(n, n-1 = 0\n" + strings.Repeat(" ", 2+19) + "^\n"; stderr != want {
		t.Errorf("syntax error: stderr\n%s\nwant\n%s", stderr, want)
	}

	// A value above K: which are proved, and how to prove more.
	_, stderr, err = runProveArgs("-in", root, "forall n: G(n, n-1) = 7")
	if !errors.As(err, &ue) || !strings.Contains(ue.Msg, "column 11: G(n, n-1) = 7 needs S_7, and the classes proved in "+grundyproof.Dir(root, grundy.Fibonacci)+" are S_0..S_5") ||
		!strings.Contains(ue.Msg, "prove more with compute automata -mult 2 -max-g 7 -out "+root) || !strings.Contains(stderr, "^") {
		t.Errorf("value above K: %v\n%s", err, stderr)
	}

	// The state budget.
	_, _, err = runProveArgs("-in", root, "-budget", "3", "forall n: n >= 1 => (G(n, n-1) = 0 <=> fib(n))")
	if err == nil || !strings.Contains(err.Error(), "state budget") || !strings.Contains(err.Error(), "give a larger -budget than 3") {
		t.Errorf("budget: %v", err)
	}
}

// Bad command lines are usage errors; a folder without automata says how
// to make them.
func TestProveBadInput(t *testing.T) {
	empty := t.TempDir()
	for _, args := range [][]string{
		{},
		{"-in", empty, "n = n", "m = m"},
		{"-in", empty, "-mult", "1/2", "n = n"},
		{"-in", empty, "-budget", "-1", "n = n"},
		{"-in", filepath.Join(empty, "none"), "n = n"},
		{"-in", empty, "n ="},
	} {
		_, _, err := runProveArgs(args...)
		var ue usageError
		if !errors.As(err, &ue) || strings.Contains(ue.Msg, "\n") {
			t.Errorf("prove %q: %v, want a one-line usage error", args, err)
		}
	}
	_, _, err := runProveArgs("-in", empty, "-mult", "3", "n = n")
	if err == nil || !strings.Contains(err.Error(), "no automata there; run compute automata -mult 3 -out "+empty) {
		t.Errorf("no automata: %v", err)
	}
}

// A folder without proof.json (written before the proof cache) is proved
// again, and said so; another multiplier's folder speaks of its game and
// its numeration.
func TestProveReprovesAndOtherMultiplier(t *testing.T) {
	if testing.Short() {
		t.Skip("learns and proves the classes of two multipliers")
	}
	root := proveFolder(t, "2", "3")
	if err := os.Remove(filepath.Join(grundyproof.Dir(root, grundy.Fibonacci), grundyproof.ProofFile)); err != nil {
		t.Fatal(err)
	}
	out, stderr, err := runProveArgs("-in", root, "forall n, r: r <= n => (G(n, r) = 0 <=> r < z1(n))")
	if err != nil || !strings.Contains(out, "proved: it holds for all n, r") || !strings.Contains(stderr, "has no proof.json that matches its classes: proving them again") {
		t.Errorf("no proof.json: %v\n%s%s", err, out, stderr)
	}

	root = proveFolder(t, "3", "1")
	out, _, err = runProveArgs("-in", root, "-mult", "3", "forall n: n >= 1 => (G(n, n-1) = 0 <=> fib(n))")
	if err != nil || !strings.Contains(out, "fib(x): x is a weight of msd_ntc3 (1, 2, 3, 4, 6, 8, ...)") || !strings.Contains(out, "(a = 3, numeration msd_ntc3)") {
		t.Errorf("a = 3: %v\n%s", err, out)
	}
	// G(n, n) of a = 3: n for n <= floor(a) + 1 = 4 (grundy.NimPrefix).
	_, _, err = runProveArgs("-in", root, "-mult", "3", "G(4) = 1")
	if err == nil || !strings.Contains(err.Error(), "refuted") {
		t.Errorf("a = 3, G(4) = 1: %v", err)
	}
}

// As a program: exit status 0 proved, 1 refuted, 2 a statement that does
// not read; Ctrl-C stops a long decision within a second (ten allowed on
// a loaded machine), after its progress lines.
func TestProveExitStatusAndInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	root := proveFolder(t, "2", "5")
	for _, c := range []struct {
		stmt string
		code int
	}{
		{"forall n: n >= 1 => (G(n, n-1) = 0 <=> fib(n))", 0},
		{"forall n, r: r <= n & G(n, r) = 4 => z1(n) <= 5", 1},
		{"forall n: G(n, n-1 = 0", 2},
		{"forall n: G(n, n-1) = 9", 2},
	} {
		cmd, out := child(t, nil, "prove", "-in", root, c.stmt)
		cmd.Wait()
		if got := cmd.ProcessState.ExitCode(); got != c.code {
			t.Errorf("compute prove %q: exit %d, want %d\n%s", c.stmt, got, c.code, out)
		}
	}

	// Products by large constants: a minute and more of deciding.
	cmd := exec.Command(os.Args[0], "prove", "-in", root, "forall x, y: 1234567x = 7654321y => x = 0 | y > 0")
	cmd.Env = append(os.Environ(), "FIBNIM_AS_COMPUTE=1")
	var out syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	for deadline := time.Now().Add(time.Minute); !strings.Contains(out.String(), "deciding the statement"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no progress line within a minute:\n%s", out.String())
		}
	}
	t0 := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
		if d := time.Since(t0); cmd.ProcessState.ExitCode() != 1 || !strings.HasSuffix(out.String(), "compute: "+cli.ErrInterrupted.Error()+"\n") {
			t.Errorf("after Ctrl-C (%v): exit %d\n%s", d, cmd.ProcessState.ExitCode(), out.String())
		} else {
			t.Logf("stopped %v after Ctrl-C", d)
		}
	case <-time.After(10 * time.Second):
		t.Errorf("compute prove did not stop within 10 s of Ctrl-C:\n%s", out.String())
	}
}
