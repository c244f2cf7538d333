package grundyproof

import (
	"context"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	au "fibnim/automatic"
	"fibnim/grundy"
)

// denseMoves lists the k, 1 <= k <= r, whose move from (n, r) reaches a
// position of value t in the dense engine's table.
func denseMoves(d *grundy.Table, a grundy.Multiplier, n, r, t int) []int64 {
	var ks []int64
	p := grundy.Position{N: n, R: r}
	for k := 1; k <= r; k++ {
		if q := p.After(a, k); d.At(q.N, q.R) == t {
			ks = append(ks, int64(k))
		}
	}
	return ks
}

func int64s(xs []*big.Int) []int64 {
	out := make([]int64, len(xs))
	for i, x := range xs {
		out[i] = x.Int64()
	}
	return out
}

// checkMoves compares the Mover's moves from (n, r) into S_t with the
// dense engine's: the set (First), its size (Count) and its least
// element (Least, by automatic.Least).
func checkMoves(t *testing.T, m *Mover, d *grundy.Table, a grundy.Multiplier, n, r, g int) {
	t.Helper()
	set, err := m.MovesTo(context.Background(), big.NewInt(int64(n)), big.NewInt(int64(r)), g)
	if err != nil {
		t.Fatal(err)
	}
	want := denseMoves(d, a, n, r, g)
	got := int64s(set.First(len(want) + 3))
	if !slices.Equal(got, want) {
		t.Fatalf("a = %s: moves from (%d, %d) into S_%d: %v; dense engine %v", a, n, r, g, got, want)
	}
	if c := set.Count(); c.Cmp(big.NewInt(int64(len(want)))) != 0 {
		t.Fatalf("a = %s: %s moves from (%d, %d) into S_%d; dense engine %d", a, c, n, r, g, len(want))
	}
	least := set.Least()
	if (least == nil) != (len(want) == 0) || (least != nil && least.Int64() != want[0]) {
		t.Fatalf("a = %s: least move from (%d, %d) into S_%d: %v; dense engine %v", a, n, r, g, least, want)
	}
	if l := set.First(1); len(want) > 0 && (len(l) != 1 || l[0].Int64() != want[0]) {
		t.Fatalf("a = %s: First(1) from (%d, %d) into S_%d: %v; dense engine %v", a, n, r, g, l, want)
	}
}

// The moves the Mover finds, from every position (n, r) with n <= 24 and
// a random sample up to n = 300, into every proved class, are the dense
// engine's, cell by cell, for a representative of each of the four
// numerations (a = 1, 2, 7/3, 5/2, 3).
func TestMoverEqualsDense(t *testing.T) {
	const N, sample = 300, 150
	for a := range wantK {
		r := mustRun(t, a)
		K := r.ProvedUpTo()
		m := NewMover(r.System, r.S[:K+1])
		d, _ := grundy.Dense(N, a, 2)
		for n := 0; n <= 24; n++ {
			for rr := 0; rr <= n; rr++ {
				for g := 0; g <= K; g++ {
					checkMoves(t, m, d, a, n, rr, g)
				}
			}
		}
		rng := rand.New(rand.NewPCG(42, uint64(a.P*10+a.Q)))
		for range sample {
			n := 25 + rng.IntN(N-24)
			rr := rng.IntN(n + 1)
			if rng.IntN(3) == 0 {
				rr = n - 1 // a starting pile
			}
			checkMoves(t, m, d, a, n, rr, rng.IntN(K+1))
		}
	}
}

// Negative control: a class with one position of another value added
// gives a Mover whose moves differ from the dense engine's exactly at the
// moves that land on that position.
func TestMoverNegativeControl(t *testing.T) {
	a := grundy.Fibonacci
	r := mustRun(t, a)
	d, _ := grundy.Dense(40, a, 2)
	// (10, 2) has value G(10, 2); add it to S_g for another g. From
	// (11, 1), removing 1 lands on it: (10, min(2, 10)).
	g := (d.At(10, 2) + 1) % 3
	S := slices.Clone(r.S[:r.ProvedUpTo()+1])
	S[g] = au.Union(S[g], point(t, r.System.NS, 10, 2))
	m := NewMover(r.System, S)
	set, err := m.MovesTo(context.Background(), big.NewInt(11), big.NewInt(1), g)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := int64s(set.First(5)), denseMoves(d, a, 11, 1, g); slices.Equal(got, want) {
		t.Fatalf("a corrupted S_%d gives the dense engine's moves from (11, 1): %v", g, got)
	}
	if l := set.Least(); l == nil || l.Int64() != 1 {
		t.Fatalf("a corrupted S_%d: least move from (11, 1) %v, want 1 (onto the added (10, 2))", g, l)
	}
}

// Moves from a position of 101 digits: the least one lands in the class,
// the ones below it do not (the classes' own Value), First is
// increasing, and Count agrees with First where there are few.
func TestMoverHugePositions(t *testing.T) {
	r := mustRun(t, grundy.Fibonacci)
	K := r.ProvedUpTo()
	S := r.S[:K+1]
	m := NewMover(r.System, S)
	n0 := new(big.Int).Exp(big.NewInt(10), big.NewInt(100), nil)
	for j := int64(0); j < 4; j++ {
		n := new(big.Int).Add(n0, big.NewInt(j))
		for _, rr := range []*big.Int{big.NewInt(7), new(big.Int).Sub(n, big.NewInt(1))} {
			for g := 0; g <= K; g++ {
				set, err := m.MovesTo(context.Background(), n, rr, g)
				if err != nil {
					t.Fatal(err)
				}
				first := set.First(30)
				least := set.Least()
				if (least == nil) != (len(first) == 0) || (least != nil && least.Cmp(first[0]) != 0) {
					t.Fatalf("(%s, %s) into S_%d: Least %v, First %v", n, rr, g, least, first)
				}
				if c := set.Count(); c.IsInt64() && c.Int64() < 30 && int(c.Int64()) != len(first) {
					t.Fatalf("(%s, %s) into S_%d: Count %s, First %d", n, rr, g, c, len(first))
				}
				for i, k := range first {
					if i > 0 && k.Cmp(first[i-1]) <= 0 {
						t.Fatalf("First not increasing: %v", first)
					}
					if v, ok := valueAt(S, n, k); !ok || v != g {
						t.Fatalf("(%s, %s): removing %s lands on value %d (%v), not %d", n, rr, k, v, ok, g)
					}
				}
				// Below the least move (up to 200), no move lands in S_g.
				top := int64(200)
				if least != nil && least.IsInt64() {
					top = min(top, least.Int64()-1)
				}
				for k := int64(1); k <= top && k <= rr.Int64(); k++ {
					if v, ok := valueAt(S, n, big.NewInt(k)); ok && v == g {
						t.Fatalf("(%s, %s): removing %d lands in S_%d, below the least move %v", n, rr, k, g, least)
					}
				}
			}
		}
	}
}

// valueAt is the value of the landing (n-k, min(2k, n-k)) of a move of
// Fibonacci nim, from the classes.
func valueAt(S []*au.Automaton, n, k *big.Int) (int, bool) {
	m := new(big.Int).Sub(n, k)
	c := new(big.Int).Lsh(k, 1)
	if c.Cmp(m) > 0 {
		c.Set(m)
	}
	return Value(S, m, c)
}

// MovesTo refuses what is not a position and a class not proved, and
// stops with a cancelled context.
func TestMoverRefuses(t *testing.T) {
	r := mustRun(t, grundy.Fibonacci)
	m := NewMover(r.System, r.S[:r.ProvedUpTo()+1])
	ctx := context.Background()
	if _, err := m.MovesTo(ctx, big.NewInt(5), big.NewInt(6), 0); err == nil {
		t.Error("r > n accepted")
	}
	if _, err := m.MovesTo(ctx, big.NewInt(5), big.NewInt(3), r.ProvedUpTo()+1); err == nil {
		t.Error("a class beyond K accepted")
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := NewMover(r.System, r.S[:1]).MovesTo(cancelled, big.NewInt(50), big.NewInt(30), 0); err == nil {
		t.Error("a cancelled context did not stop MovesTo")
	}
	set, err := m.MovesTo(ctx, big.NewInt(5), big.NewInt(0), 0)
	if err != nil || set.Least() != nil || set.Count().Sign() != 0 || set.First(3) != nil {
		t.Errorf("(5, 0) has no move: %v", err)
	}
}
