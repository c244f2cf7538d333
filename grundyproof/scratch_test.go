package grundyproof

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"fibnim/automatic"
	"fibnim/grundy"
)

func TestScratchRun(t *testing.T) {
	for _, c := range []struct {
		a grundy.Multiplier
		K int
	}{{grundy.Fibonacci, 5}, {grundy.Multiplier{P: 1, Q: 1}, 4}, {grundy.Multiplier{P: 3, Q: 1}, 3}, {grundy.Multiplier{P: 7, Q: 3}, 3}, {grundy.Multiplier{P: 5, Q: 2}, 3}} {
		t0 := time.Now()
		res, err := Run(context.Background(), Config{A: c.a, K: c.K, Progress: func(s string) { t.Log(s) }})
		if err != nil {
			t.Fatal(c.a, err)
		}
		t.Logf("a=%s: proved up to %d, complete %v, %v, largest %v", c.a, res.ProvedUpTo(), res.Complete, time.Since(t0), res.Proof.Largest())
		dir := t.TempDir()
		if err := Write(dir, res.System, res.S, res.Proof, res.N, nil); err != nil {
			t.Fatal(err)
		}
		f, err := Load(context.Background(), dir, c.a, LoadOptions{})
		if err != nil || !f.Cached || f.Proved != res.ProvedUpTo() {
			t.Fatalf("load: %v %+v", err, f)
		}
		if c.a == grundy.Fibonacci {
			for g := 0; g <= 5; g++ {
				b, _ := os.Open(filepath.Join("../results/automata/mult=2", ClassFile(g)))
				old, err := automatic.ReadWalnut(b, res.System.NS)
				b.Close()
				if err != nil {
					t.Fatal(err)
				}
				if !old.Equal(res.S[g]) {
					t.Errorf("S_%d differs from the committed", g)
				}
			}
		}
	}
}
