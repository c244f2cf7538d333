package fibautomata

import (
	"math/big"
	"math/rand"
	"path/filepath"
	"testing"
)

// The thresholds derived from the proved S_g are the learned ones.
func TestThresholdsOfMatchLearned(t *testing.T) {
	r := mustLearn(t)
	T, err := ThresholdsOf(r.S)
	if err != nil {
		t.Fatal(err)
	}
	for g := 1; g <= len(r.S); g++ {
		if ok, cx := Equivalent(T[g-1], r.T[g]); !ok {
			t.Fatalf("T_%d derived and learned differ at %v", g, cx)
		}
	}
}

func TestCheckTable(t *testing.T) {
	r := mustLearn(t)
	N := 200000
	if testing.Short() {
		N = 30000
	}
	c, err := CheckTable(t.Context(), r.S, N)
	if err != nil {
		t.Fatal(err)
	}
	if c.FirstBad >= 0 || c.Cases != int64(N+1)*int64(len(r.S)) {
		t.Fatalf("%+v", c)
	}
	t.Logf("%d cases, %.2f steps a case", c.Cases, float64(c.Steps)/float64(c.Cases))
	// Negative control: S_4 without one position, and S_5 with it: the
	// derived R'_5 moves at that n.
	S := append([]*Automaton(nil), r.S...)
	var at [2]int64
	for n := int64(20000); at[0] == 0; n++ {
		for rr := int64(0); rr <= n; rr++ {
			if S[4].AcceptsUint(uint64(n), uint64(rr)) {
				at = [2]int64{n, rr}
				break
			}
		}
	}
	p := point(t, at[0], at[1])
	S[4], S[5] = Difference(S[4], p), Union(S[5], p)
	c, err = CheckTable(t.Context(), S, int(at[0])+10)
	if err != nil {
		t.Fatal(err)
	}
	if c.FirstBad != int(at[0]) {
		t.Fatalf("the corrupted classes were not caught at n = %d: %+v", at[0], c)
	}
}

// Value on huge n agrees with Theorem 4.1 read off the digits (r < z_1(n)
// iff G = 0) and with the dense table on small n.
func TestValue(t *testing.T) {
	r := mustLearn(t)
	rng := rand.New(rand.NewSource(35)) // seed 35
	google := new(big.Int).Exp(big.NewInt(10), big.NewInt(100), nil)
	for range 50 {
		n := new(big.Int).Rand(rng, google)
		n.Add(n, big.NewInt(1))
		d := Digits(n)
		low := 0 // index from the right of the last 1: z_1(n) = F_{low+2}
		for d[len(d)-1-low] == 0 {
			low++
		}
		z1 := Fib(low + 2)
		for _, rr := range []*big.Int{big.NewInt(0), new(big.Int).Sub(z1, big.NewInt(1)), z1} {
			g, ok := Value(r.S, n, rr)
			if (ok && g == 0) != (rr.Cmp(z1) < 0) {
				t.Fatalf("G(%s, %s): %d %v, z_1 = %s", n, rr, g, ok, z1)
			}
		}
	}
}

func TestLoadProved(t *testing.T) {
	r := mustLearn(t)
	dir := t.TempDir()
	if err := Write(dir, r); err != nil {
		t.Fatal(err)
	}
	S, st, err := LoadProved(t.Context(), filepath.Join(dir, Folder))
	if err != nil || len(S) != 6 || len(st) != 6 {
		t.Fatalf("%d classes, %v", len(S), err)
	}
	// A foreign file: S_2 replaced by S_3 proves S_0, S_1 only.
	bad := append([]*Automaton(nil), r.S...)
	bad[2] = r.S[3]
	if err := Write(dir, &Result{S: bad}); err != nil {
		t.Fatal(err)
	}
	S, _, err = LoadProved(t.Context(), filepath.Join(dir, Folder))
	if err != nil || len(S) != 2 {
		t.Fatalf("after corruption: %d classes proved, %v", len(S), err)
	}
}
