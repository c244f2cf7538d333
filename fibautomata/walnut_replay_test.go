package fibautomata

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"fibnim/grundy"
)

// walnutProver locates ../shared/walnut/prove.sh (relative to the repo
// root: ../../shared from this package; $FIBNIM_WALNUT overrides). A
// missing prover skips the test with a one-line reason, or fails it when
// FIBNIM_NEED_WALNUT=1.
func walnutProver(t *testing.T) string {
	t.Helper()
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

func walnut(t *testing.T, prover, dir string) (string, error) {
	cmd := exec.Command("bash", prover, dir, filepath.Join(dir, "prove.txt"))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// The committed proofs replay TRUE in Walnut, an independent prover.
func TestWalnutReplaysCommittedProofs(t *testing.T) {
	prover := walnutProver(t)
	dir := filepath.Join("..", "results", Folder)
	if _, err := os.Stat(filepath.Join(dir, "prove.txt")); err != nil {
		t.Fatal("no committed prove.txt: ", err)
	}
	out, err := walnut(t, prover, dir)
	last := lastLine(out)
	if err != nil || !strings.Contains(last, " 0 FALSE, 0 errors") {
		t.Fatalf("Walnut: %s (%v)", last, err)
	}
	t.Log(last)
}

// Negative control: S_4 with one position added replays FALSE.
func TestWalnutRefusesCorruptedClass(t *testing.T) {
	if testing.Short() {
		t.Skip("a second Walnut run (several seconds)")
	}
	prover := walnutProver(t)
	r := mustLearn(t)
	dir := t.TempDir()
	S := append([]*Automaton(nil), r.S...)
	dt, err := grundy.Dense(1000, grundy.Fibonacci, 1)
	if err != nil {
		t.Fatal(err)
	}
	if dt.At(1000, 1000) == 4 {
		t.Fatal("G(1000, 1000) = 4: pick another position")
	}
	S[4] = Union(S[4], point(t, 1000, 1000)) // a position of another value (dense engine)
	if err := Write(dir, &Result{N: r.N, K: r.K, S: S}); err != nil {
		t.Fatal(err)
	}
	d := filepath.Join(dir, Folder)
	out, err := walnut(t, prover, d)
	if err == nil || !strings.Contains(lastLine(out), "1 FALSE") {
		t.Fatalf("Walnut did not refuse the corrupted S_4: %s", lastLine(out))
	}
	t.Log(lastLine(out))
}
