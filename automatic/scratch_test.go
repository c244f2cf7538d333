package automatic

import (
	"context"
	"math/big"
	"testing"
	"time"
)

func TestScratchSystems(t *testing.T) {
	sys := []*Numeration{Binary(), Zeckendorf(),
		mustNumeration("a3410", []int64{1, 2, 3, 5}, 2),
		mustNumeration("a3411", []int64{1, 2, 3, 4, 6}, 3)}
	for _, ns := range sys {
		t.Logf("%s: weights %v vfirst %v eps %v", ns, ns.Weights(12), ns.vfirst, ns.eps)
		rec := ns.Recogniser()
		t.Logf("recogniser %d states", rec.States())
		for L := 0; L <= 12; L++ {
			for w := 0; w < 1<<L; w++ {
				d := make([]byte, L)
				for i := range d {
					d[i] = byte(w >> uint(L-1-i) & 1)
				}
				v := ns.FromDigits(d)
				g := ns.Digits(v)
				greedy := len(g) <= L
				if greedy {
					off := L - len(g)
					for i := range d {
						want := byte(0)
						if i >= off {
							want = g[i-off]
						}
						if d[i] != want {
							greedy = false
						}
					}
				}
				word := make([]uint32, L)
				for i := range d {
					word[i] = uint32(d[i])
				}
				if got := rec.Accepting(rec.Run(word)); got != greedy {
					t.Fatalf("%s: word %v: recogniser %v greedy %v", ns, d, got, greedy)
				}
			}
		}
		t0 := time.Now()
		a, info, err := ns.BuildAdder(context.Background(), AdderBound(ns.c), 1000000)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("adder: %+v in %v", info, time.Since(t0))
		t0 = time.Now()
		if err := ProveAdder(context.Background(), a); err != nil {
			t.Fatal(err)
		}
		t.Logf("proved in %v", time.Since(t0))
		for x := uint64(0); x < 40; x++ {
			for y := uint64(0); y < 40; y++ {
				for z := uint64(0); z < 90; z++ {
					if a.AcceptsUint(x, y, z) != (x+y == z) {
						t.Fatalf("adder %d+%d=%d", x, y, z)
					}
				}
			}
		}
		_ = big.NewInt
	}
}
