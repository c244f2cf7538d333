package moves

import (
	"fmt"
	"math/big"

	"fibnim/grundy"
)

// Heap is a position (n, r) of any size: n tokens, of which at most r may
// be removed now. The tables and the dense engine speak of
// grundy.Position (int); a Heap beyond them is answered by the proved
// automata ([OpenHeaps]). Its numbers are not changed by the package.
type Heap struct {
	N, R *big.Int
}

// NewHeap returns the heap (n, r), with copies of n and r.
func NewHeap(n, r *big.Int) Heap {
	return Heap{N: new(big.Int).Set(n), R: new(big.Int).Set(r)}
}

// StartHeap is the starting position (n, n-1) of a pile of n >= 1, and
// (0, 0) for n = 0 (grundy.Start).
func StartHeap(n *big.Int) Heap {
	r := new(big.Int).Sub(n, big.NewInt(1))
	if r.Sign() < 0 {
		r.SetInt64(0)
	}
	return Heap{N: new(big.Int).Set(n), R: r}
}

// HeapOf is the heap of position p.
func HeapOf(p grundy.Position) Heap {
	return Heap{N: big.NewInt(int64(p.N)), R: big.NewInt(int64(p.R))}
}

// maxInt bounds the heaps that the int API answers: n at most 2^62, the
// sizes cli.ParseSize reads.
var maxInt = big.NewInt(1 << 62)

// Position returns h as a grundy.Position, and whether it fits (0 <= r <=
// n <= 2^62): only then can a table or the dense engine answer it.
func (h Heap) Position() (grundy.Position, bool) {
	if h.N.Cmp(maxInt) > 0 || h.N.Sign() < 0 || h.R.Sign() < 0 || h.R.Cmp(h.N) > 0 {
		return grundy.Position{}, false
	}
	return grundy.Position{N: int(h.N.Int64()), R: int(h.R.Int64())}, true
}

// Valid reports whether 0 <= r <= n.
func (h Heap) Valid() bool {
	return h.N != nil && h.R != nil && h.R.Sign() >= 0 && h.R.Cmp(h.N) <= 0
}

// IsStart reports whether h is the starting position of its pile, (n,
// n-1) with n >= 1.
func (h Heap) IsStart() bool {
	return h.N.Sign() > 0 && new(big.Int).Sub(h.N, h.R).Cmp(big.NewInt(1)) == 0
}

// String writes (n, r), every digit.
func (h Heap) String() string { return fmt.Sprintf("(%s, %s)", h.N, h.R) }

// After is the heap reached by removing k tokens, 1 <= k <= r: (n-k,
// min(floor(a k), n-k)). It panics if k is not a legal move.
func (h Heap) After(a grundy.Multiplier, k *big.Int) Heap {
	if k.Sign() < 1 || k.Cmp(h.R) > 0 {
		panic(fmt.Sprintf("moves: removing %s from %v is not a move", k, h))
	}
	m := new(big.Int).Sub(h.N, k)
	q := new(big.Int).Mul(k, new(big.Int).SetUint64(a.P))
	q.Quo(q, new(big.Int).SetUint64(a.Q))
	if q.Cmp(m) > 0 {
		q.Set(m)
	}
	return Heap{N: m, R: q}
}
