package grundyproof

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	au "fibnim/automatic"
	"fibnim/grundy"
)

// walnutProver locates ../shared/walnut/prove.sh (relative to the repo
// root: ../../shared from this package; $FIBNIM_WALNUT overrides). A
// missing prover skips the test with a one-line reason, or fails it when
// FIBNIM_NEED_WALNUT=1. Under -short it skips: Walnut takes seconds.
func walnutProver(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("the Walnut replay takes seconds (not under -short)")
	}
	p := os.Getenv("FIBNIM_WALNUT")
	if p == "" {
		p = filepath.Join("..", "..", "shared", "walnut", "prove.sh")
	}
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("FIBNIM_NEED_WALNUT") == "1" {
			t.Fatalf("FIBNIM_NEED_WALNUT=1 but no Walnut prover at %s", p)
		}
		t.Skipf("no Walnut prover at %s (../shared/walnut is absent in a fresh clone)", p)
	}
	if _, err := exec.LookPath("javac"); err != nil {
		if os.Getenv("FIBNIM_NEED_WALNUT") == "1" {
			t.Fatal("FIBNIM_NEED_WALNUT=1 but javac is missing")
		}
		t.Skip("Walnut needs javac and java (openjdk-17-jdk-headless)")
	}
	return p
}

func walnut(prover, dir string) (string, error) {
	cmd := exec.Command("bash", prover, dir, filepath.Join(dir, ProveFile))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// The committed proofs replay TRUE in Walnut, an independent prover, with
// the numeration's own recogniser and adder in its Custom Bases: make's
// folder (a = 2, Zeckendorf), and a = 1 (base 2) and a = 3 (weights 1, 2,
// 3, 4, 6, 8, ...) where they are committed (a folder of K above
// walnutTestK is replaced by this run's folder of its multiplier). Every
// claim of prove.txt is an eval, so the count of TRUE is the count of
// claims.
func TestWalnutReplaysCommittedProofs(t *testing.T) {
	prover := walnutProver(t)
	for _, a := range []grundy.Multiplier{grundy.Fibonacci, {P: 1, Q: 1}, {P: 3, Q: 1}} {
		dir := Dir(filepath.Join("..", "results"), a)
		if a != grundy.Fibonacci {
			dir = Dir(filepath.Join("..", "results", "multipliers"), a)
		}
		b, err := os.ReadFile(filepath.Join(dir, ProveFile))
		if err != nil {
			if a == grundy.Fibonacci {
				t.Fatal("no committed prove.txt: ", err)
			}
			t.Logf("a = %s: no committed folder (%v)", a, err)
			continue
		}
		if k := committedK(dir); k > walnutTestK {
			// Walnut's replay of larger folders takes minutes and GBs (a = 3,
			// K = 8: results/bench.md); make test replays the shared run's
			// folder of this multiplier, written as compute automata writes
			// it, and scripts/automata_vs_walnut.sh the committed one.
			r := mustRun(t, a)
			dir = t.TempDir()
			if err := Write(dir, r.System, r.S, r.Proof, r.N, nil); err != nil {
				t.Fatal(err)
			}
			if b, err = os.ReadFile(filepath.Join(dir, ProveFile)); err != nil {
				t.Fatal(err)
			}
			t.Logf("a = %s: the committed folder proves values 0..%d; Walnut replays this run's 0..%d", a, k, len(r.S)-1)
		}
		claims := strings.Count(string(b), "\neval ")
		out, err := walnut(prover, dir)
		last := lastLine(out)
		if err != nil || !strings.Contains(last, " 0 FALSE, 0 errors") || !strings.HasPrefix(last, "walnut: "+itoa(claims)+" TRUE") {
			t.Fatalf("a = %s: Walnut: %s (%d claims; %v)", a, last, claims, err)
		}
		t.Logf("a = %s: %s", a, last)
	}
}

func itoa(x int) string { return strconv.Itoa(x) }

// walnutTestK is the largest K of a committed folder of another multiplier
// than 2 that make test replays in Walnut (seconds; a = 3 at K = 6: 14 s
// and 2.3 GB).
const walnutTestK = 6

// committedK is the largest g of the folder's class files gG.txt.
func committedK(dir string) int {
	k := -1
	for exists := true; exists; k++ {
		_, err := os.Stat(filepath.Join(dir, ClassFile(k+1)))
		exists = err == nil
	}
	return k - 1
}

// Negative control: S_4 with one position added replays FALSE in Walnut
// (written as compute automata writes it, with its prove.txt).
func TestWalnutRefusesCorruptedClass(t *testing.T) {
	prover := walnutProver(t)
	r := mustRun(t, grundy.Fibonacci)
	S := append([]*au.Automaton(nil), r.S...)
	dt, err := grundy.Dense(1000, grundy.Fibonacci, 1)
	if err != nil {
		t.Fatal(err)
	}
	if dt.At(1000, 1000) == 4 {
		t.Fatal("G(1000, 1000) = 4: pick another position")
	}
	S[4] = au.Union(S[4], point(t, r.System.NS, 1000, 1000)) // a position of another value (dense engine)
	dir := t.TempDir()
	// The proof of the true classes, written beside the corrupted class:
	// prove.txt is the same script.
	if err := Write(dir, r.System, S, r.Proof, r.N, nil); err != nil {
		t.Fatal(err)
	}
	out, err := walnut(prover, dir)
	if err == nil || !strings.Contains(lastLine(out), "1 FALSE") {
		t.Fatalf("Walnut did not refuse the corrupted S_4: %s", lastLine(out))
	}
	t.Log(lastLine(out))
}
