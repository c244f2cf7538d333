package globalnim

import "fmt"

// Oracle computes Grundy values of the global game on any fixed number of
// piles straight from the definition: G(piles, r) is the mex of the values
// of every move, a move taking k tokens, 1 <= k <= min(r, pile), from one
// pile and leaving the shared limit floor(a*k). It memoises every
// position it meets in a dense array. The limit is not capped at the
// largest pile, the piles are not sorted, and floor(a*k) is k*P/Q in
// int64: the oracle shares no code, and none of the engine's shortcuts
// (capping, symmetry, windows), with Fill, and exists to test it.
//
// It is for small positions only: memory is (maxPile+1)^piles * (rMax+1)
// int16s, with rMax = max(piles*maxPile, floor(a*maxPile)).
type Oracle struct {
	p, q    int64
	piles   int
	maxPile int
	rMax    int
	memo    []int16 // -1: not yet known
}

// NewOracle returns an oracle for positions of the given number of piles,
// each of at most maxPile tokens, and multiplier a = p/q >= 1.
func NewOracle(piles, maxPile int, p, q int64) *Oracle {
	if piles < 1 || maxPile < 0 || q < 1 || p < q {
		panic(fmt.Sprintf("global: oracle with %d piles of at most %d, a = %d/%d", piles, maxPile, p, q))
	}
	rMax := max(piles*maxPile, int(int64(maxPile)*p/q))
	size := rMax + 1
	for range piles {
		size *= maxPile + 1
	}
	memo := make([]int16, size)
	for i := range memo {
		memo[i] = -1
	}
	return &Oracle{p: p, q: q, piles: piles, maxPile: maxPile, rMax: rMax, memo: memo}
}

// RMax is the largest limit r the oracle accepts.
func (o *Oracle) RMax() int { return o.rMax }

// Value returns G(piles, r). It panics if a pile or r is out of range.
func (o *Oracle) Value(piles []int, r int) int {
	if len(piles) != o.piles || r < 0 || r > o.rMax {
		panic(fmt.Sprintf("global: oracle asked for %v, r = %d", piles, r))
	}
	for _, x := range piles {
		if x < 0 || x > o.maxPile {
			panic(fmt.Sprintf("global: oracle asked for %v, r = %d", piles, r))
		}
	}
	return o.value(append([]int(nil), piles...), r)
}

func (o *Oracle) index(piles []int, r int) int {
	i := 0
	for _, x := range piles {
		i = i*(o.maxPile+1) + x
	}
	return i*(o.rMax+1) + r
}

// value computes G(piles, r); it changes piles while it works and
// restores it before it returns.
func (o *Oracle) value(piles []int, r int) int {
	i := o.index(piles, r)
	if v := o.memo[i]; v >= 0 {
		return int(v)
	}
	seen := map[int]bool{}
	for j := range piles {
		for k := 1; k <= min(r, piles[j]); k++ {
			piles[j] -= k
			seen[o.value(piles, int(int64(k)*o.p/o.q))] = true
			piles[j] += k
		}
	}
	g := 0
	for seen[g] {
		g++
	}
	o.memo[i] = int16(g)
	return g
}
