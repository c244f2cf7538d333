package automatic

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// walnutPath is Walnut's prove.sh: $FIBNIM_WALNUT, or ../shared/walnut
// beside the repository (../../shared from this package).
func walnutPath() string {
	if p := os.Getenv("FIBNIM_WALNUT"); p != "" {
		return p
	}
	return filepath.Join("..", "..", "shared", "walnut", "prove.sh")
}

// walnutProver returns prove.sh, or skips (under -short, or where it or
// javac is missing, saying why in one line); FIBNIM_NEED_WALNUT=1 makes
// its absence a failure.
func walnutProver(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("the Walnut replay takes seconds (not under -short)")
	}
	p := walnutPath()
	need := os.Getenv("FIBNIM_NEED_WALNUT") == "1"
	if _, err := os.Stat(p); err != nil {
		if need {
			t.Fatalf("FIBNIM_NEED_WALNUT=1 but no Walnut prover at %s", p)
		}
		t.Skipf("no Walnut prover at %s (../shared/walnut is absent in a fresh clone)", p)
	}
	if _, err := exec.LookPath("javac"); err != nil {
		if need {
			t.Fatal("FIBNIM_NEED_WALNUT=1 but javac is missing")
		}
		t.Skip("Walnut needs javac and java (openjdk-17-jdk-headless)")
	}
	return p
}

func runWalnut(prover, dir string) (string, error) {
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

// writeBaseFiles writes msd_NAME.txt (the recogniser) and
// msd_NAME_addition.txt (the adder) of ns into dir, in Walnut's Custom
// Bases format.
func writeBaseFiles(t *testing.T, dir string, ns *Numeration, adder *Automaton) {
	t.Helper()
	for name, a := range map[string]*Automaton{ns.String() + ".txt": ns.Recogniser(), ns.String() + "_addition.txt": adder} {
		var b bytes.Buffer
		if err := WriteBase(&b, a); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// The adder of A003411 (c = 3, a custom numeration system for Walnut),
// with the system's recogniser and adder given to Walnut as a custom base
// (WriteBase), replayed in Walnut: add is Walnut's own + over that base,
// and the statements that prove the project's adder (AdderStatements,
// Script.Walnut) must be TRUE there. Then a script with constants, < and
// a def whose variables are not in alphabetical order, TRUE; and a false
// claim, FALSE (the negative control).
func TestWalnutReplaysA003411(t *testing.T) {
	prover := walnutProver(t)
	s := systems()[3]
	adder, _ := builtAdder(t, s)
	dir := t.TempDir()
	writeBaseFiles(t, dir, s.ns, adder)
	script := Script{
		Define("p", []string{"y", "x"}, Lt(x, y)), // p(y, x): x < y; Walnut's p(x, y)
		Claim("below3", Implies(Pred("p", N(3), z), Lt(z, N(3)))),
		Claim("succ_of_10", Exists("y", And(Lt(N(10), y), Le(y, N(11))))),
		Claim("sum", Eq(Plus(x, N(4)), Plus(N(1), Plus(x, N(3))))),
	}
	cmds := "def add \"?" + s.ns.String() + " x+y=z\";\n" + AdderStatements().Walnut(s.ns) + script.Walnut(s.ns)
	if err := os.WriteFile(filepath.Join(dir, "prove.txt"), []byte(cmds), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runWalnut(prover, dir)
	t.Logf("commands:\n%s", cmds)
	t.Logf("Walnut:\n%s", out)
	last := lastLine(out)
	if err != nil || !strings.Contains(last, "walnut: 5 TRUE, 0 FALSE, 0 errors") {
		t.Fatalf("Walnut: %s (%v)", last, err)
	}
	// Negative control: a false claim over the same base is FALSE.
	bad := cmds + Script{Claim("wrong", Lt(Plus(x, N(4)), Plus(x, N(3))))}.Walnut(s.ns)
	if err := os.WriteFile(filepath.Join(dir, "prove.txt"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = runWalnut(prover, dir)
	if last := lastLine(out); err == nil || !strings.Contains(last, "5 TRUE, 1 FALSE") {
		t.Fatalf("Walnut did not refuse the false claim: %s", last)
	}
}
