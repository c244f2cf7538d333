package grundyproof

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"fibnim/grundy"
)

func TestScratchPush(t *testing.T) {
	m := os.Getenv("PUSH_MULT")
	if m == "" {
		t.Skip()
	}
	a, _ := grundy.ParseMultiplier(m)
	K, _ := strconv.Atoi(os.Getenv("PUSH_K"))
	N, _ := strconv.Atoi(os.Getenv("PUSH_N"))
	t0 := time.Now()
	res, err := Run(context.Background(), Config{A: a, K: K, N: N, Suffixes: []int{8, 10, 12, 14, 16}, Progress: func(s string) { t.Logf("%7.1fs %s", time.Since(t0).Seconds(), s) }})
	if res != nil {
		t.Logf("a=%s: proved up to %d, complete %v, %v", a, res.ProvedUpTo(), res.Complete, time.Since(t0))
		for _, l := range res.Learned {
			t.Logf("T_%d: %d states, attempts %d", l.G, l.States, len(l.Attempts))
		}
		for g, s := range res.S {
			t.Logf("S_%d: %d states", g, s.States())
		}
	}
	if err != nil {
		t.Log(err)
	}
}
