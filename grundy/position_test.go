package grundy

import (
	"math/big"
	"testing"
)

// After follows the rule as the papers state it: removing k from (n, r)
// leads to (n-k, min(floor(a*k), n-k)), with floor(a*k) in big.Rat.
func TestPositionAfter(t *testing.T) {
	for _, s := range []string{"1", "3/2", "2", "5/2", "7/2"} {
		a, _ := ParseMultiplier(s)
		for n := 1; n <= 40; n++ {
			p := Start(n)
			if !p.IsStart() || p.R != n-1 || !p.Valid() {
				t.Fatalf("Start(%d) = %v", n, p)
			}
			for k := 1; k <= p.R; k++ {
				x := new(big.Rat).Mul(a.Rat(), big.NewRat(int64(k), 1))
				q := int(new(big.Int).Quo(x.Num(), x.Denom()).Int64())
				want := Position{N: n - k, R: min(q, n-k)}
				if got := p.After(a, k); got != want || !got.Valid() {
					t.Fatalf("a=%s: %v after removing %d = %v, want %v", a, p, k, got, want)
				}
			}
		}
	}
	if Start(0) != (Position{}) || Start(0).IsStart() {
		t.Error("Start(0) is not (0, 0)")
	}
	defer func() {
		if recover() == nil {
			t.Error("After(a, r+1) did not panic")
		}
	}()
	Start(5).After(Fibonacci, 5)
}
