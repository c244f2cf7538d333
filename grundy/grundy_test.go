package grundy

import (
	"context"
	"math/big"
	"math/rand/v2"
	"reflect"
	"sync/atomic"
	"testing"
)

// TestDenseEqualsBrute checks the dense engine against the oracle on every
// cell for n <= 300 and several multipliers (issue: foundation).
func TestDenseEqualsBrute(t *testing.T) {
	t.Parallel()
	N := 300
	if testing.Short() {
		N = 120
	}
	for _, s := range []string{"1", "3/2", "2", "3", "7/2"} {
		a, err := ParseMultiplier(s)
		if err != nil {
			t.Fatal(err)
		}
		want := Brute(N, a.Rat())
		got, err := Dense(N, a, 2)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n <= N; n++ {
			for r := 0; r <= n; r++ {
				if g := got.At(n, r); g != want[n][r] {
					t.Fatalf("a=%s: G(%d,%d) dense %d, brute %d", s, n, r, g, want[n][r])
				}
			}
		}
	}
}

func TestDenseWorkersIdentical(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"2", "3/2", "1"} {
		a, _ := ParseMultiplier(s)
		var first *Table
		for _, w := range []int{1, 2, 8} {
			tab, err := Dense(1500, a, w)
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = tab
			} else if !reflect.DeepEqual(first.cells, tab.cells) {
				t.Fatalf("a=%s: table with %d workers differs from 1 worker", s, w)
			}
		}
	}
}

// DenseRows counts every row it fills, N+1 in all, and fills the table
// Dense fills, for 1, 2 and 8 workers.
func TestDenseRowsCounts(t *testing.T) {
	t.Parallel()
	want, err := Dense(1500, Fibonacci, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{1, 2, 8} {
		var rows atomic.Int64
		tab, err := DenseRows(context.Background(), 1500, Fibonacci, w, &rows)
		if err != nil {
			t.Fatal(err)
		}
		if rows.Load() != 1501 || !reflect.DeepEqual(tab.cells, want.cells) {
			t.Errorf("%d workers: %d rows counted, want 1501; same table: %v", w, rows.Load(), reflect.DeepEqual(tab.cells, want.cells))
		}
	}
}

func TestParseMultiplier(t *testing.T) {
	good := map[string]Multiplier{"2": {2, 1}, "7/2": {7, 2}, "3.5": {7, 2}, " 1 ": {1, 1}, "6/4": {3, 2}}
	for s, want := range good {
		got, err := ParseMultiplier(s)
		if err != nil || got != want {
			t.Errorf("ParseMultiplier(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"0.5", "3/0", "abc", "", "-2", "1e3", "2/", "NaN", "4294967296"} {
		if _, err := ParseMultiplier(s); err == nil {
			t.Errorf("ParseMultiplier(%q): want an error", s)
		}
	}
	a := Multiplier{7, 2}
	if a.Folder() != "7_2" || a.String() != "7/2" {
		t.Errorf("Folder/String: %q %q", a.Folder(), a.String())
	}
	if b, err := ParseFolder("7_2"); err != nil || b != a {
		t.Errorf("ParseFolder: %v %v", b, err)
	}
	for k := 0; k < 50; k++ {
		if q := a.Quota(k); q != 7*k/2 {
			t.Errorf("Quota(%d) = %d", k, q)
		}
		r := k
		m := a.MinRemoval(r)
		if a.Quota(m) < r || (m > 0 && a.Quota(m-1) >= r) {
			t.Errorf("MinRemoval(%d) = %d", r, m)
		}
	}
}

func TestZeckendorf(t *testing.T) {
	// Wikipedia's example: 10 = 8 + 2; Whinihan: the parts are non-consecutive Fibonacci numbers.
	if z := Zeckendorf(10); !reflect.DeepEqual(z, []int{2, 8}) {
		t.Errorf("Zeckendorf(10) = %v", z)
	}
	fibs := map[int]bool{}
	for a, b := 1, 2; a < 100000; a, b = b, a+b {
		fibs[a] = true
	}
	idx := map[int]int{}
	i := 0
	for a, b := 1, 2; a < 100000; a, b = b, a+b {
		idx[a] = i
		i++
	}
	for n := 1; n < 20000; n++ {
		z := Zeckendorf(n)
		sum := 0
		for j, p := range z {
			if !fibs[p] {
				t.Fatalf("Zeckendorf(%d) has non-Fibonacci part %d", n, p)
			}
			if j > 0 && idx[p]-idx[z[j-1]] < 2 {
				t.Fatalf("Zeckendorf(%d) = %v has consecutive parts", n, z)
			}
			sum += p
		}
		if sum != n {
			t.Fatalf("Zeckendorf(%d) = %v sums to %d", n, z, sum)
		}
		if IsFibonacci(n) != (len(z) == 1) {
			t.Fatalf("IsFibonacci(%d) = %v", n, IsFibonacci(n))
		}
	}
}

func TestBruteAgainstBigRat(t *testing.T) {
	// Paper, Table 1, row 10: G(10, r) for r = 0..10.
	want := []int{0, 0, 2, 2, 2, 2, 2, 2, 5, 5, 5}
	got := Brute(10, big.NewRat(2, 1))[10]
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Brute row 10 = %v, want %v", got, want)
	}
}

// TestCeilDiv compares the division-free ceil(r/a) with MinRemoval on
// every multiplier shape and on r near the ends of the uint32 range.
func TestCeilDiv(t *testing.T) {
	rs := []uint32{0, 1, 2, 3, 63, 64, 65, 1000, 1 << 31, 1<<32 - 1, 1<<32 - 2, 4000000000}
	for r := uint32(0); r < 5000; r++ {
		rs = append(rs, r)
	}
	for _, s := range []string{"1", "2", "3", "7", "10", "1000", "65536", "2147483647", "3/2", "7/2", "13/5", "5/2", "7/3", "1001/1000", "32767/32766", "2147483647/2147483646"} {
		a, err := ParseMultiplier(s)
		if err != nil {
			t.Fatal(err)
		}
		d := newCeilDiv(a)
		for _, r := range rs {
			if got, want := d.minRemoval(r), uint32(a.MinRemoval(int(r))); got != want {
				t.Fatalf("a=%s: ceil(%d/a) = %d, want %d", s, r, got, want)
			}
		}
	}
}

// TestDivisor compares the division-free floor(u/d) with the hardware
// division on divisors of every size and dividends on both sides of the
// limit where it switches to dividing.
func TestDivisor(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, d := range []uint64{1, 2, 3, 5, 7, 64, 1000, 1<<31 - 1, 1 << 31, 1<<32 + 3, 1<<40 - 1, 1<<63 + 5} {
		x := newDivisor(d)
		us := []uint64{0, 1, d - 1, d, d + 1, x.lim - 1, x.lim, x.lim + 1, ^uint64(0), ^uint64(0) - 1}
		for range 20000 {
			us = append(us, rng.Uint64(), rng.Uint64()>>rng.IntN(64), x.lim-uint64(rng.IntN(1000)))
		}
		for _, u := range us {
			if got, want := x.div(u), u/d; got != want {
				t.Fatalf("floor(%d/%d) = %d, want %d", u, d, got, want)
			}
		}
	}
}
