package conjectures

import (
	"math/big"

	"fibnim/ntimes"
)

// Greedy carries the greedy representation of n by the pile sizes F(a),
// f_1 = 1 < f_2 < ..., from n to n+1: n is the sum of parts f_{j_1} >
// f_{j_2} > ... > f_{j_t}, where each part is the largest term not above
// what remains. For a = 2 it is Zeckendorf's representation.
//
// Inc moves to n+1 in amortized constant time, with memory for the parts
// only, so that the checks stream over n = 0..N without an array of
// representations. It rests on the recurrence f_{k+1} = f_k + f_{r(k)}
// (Frankl & Tokushige, Theorem 1): a part f_j admits a remainder below it
// of at most f_{j+1} - f_j - 1 = f_{r(j)} - 1, so adding 1 to a remainder
// of f_{r(j)} - 1 turns f_j plus it into the single part f_{j+1}. The levels
// that do so are contiguous from the smallest part up (if the remainder
// below part i becomes a term, the part below it was full too), so Inc
// walks up from the smallest part through the levels that fill, collapses
// them into one part, or adds the part f_1 = 1 if none fills. Each Inc adds
// at most one part and each collapse removes at least one, hence the
// amortized bound.
type Greedy struct {
	seq  *ntimes.Seq
	f    []int64 // f[j-1] = f_j, int64 terms of seq
	n    int64
	part []int // term indices j of the parts, largest first
}

// NewGreedy starts at n = 0 (no parts) for multiplier a, with terms up to
// max (the largest n it will reach).
func NewGreedy(a *big.Rat, max int64) *Greedy {
	g := &Greedy{}
	K := 64
	for {
		g.seq = ntimes.Sequence(a, K)
		if g.seq.F[K-1].Cmp(big.NewInt(max)) > 0 {
			break
		}
		K *= 2
	}
	for _, x := range g.seq.F {
		if !x.IsInt64() {
			break
		}
		g.f = append(g.f, x.Int64())
	}
	return g
}

// N is the number represented.
func (g *Greedy) N() int64 { return g.n }

// Inc moves to n+1.
func (g *Greedy) Inc() {
	g.n++
	t := len(g.part)
	below := int64(0) // the sum of the parts below level i
	i := t - 1
	for ; i >= 0; i-- {
		j := g.part[i]
		// Level i fills when below + 1 = f_{r(j)}.
		if below+1 != g.f[g.seq.R[j-1]-1] {
			break
		}
		below += g.f[j-1]
	}
	if i == t-1 {
		g.part = append(g.part, 1) // no level fills: add f_1 = 1
		return
	}
	// Levels i+1..t-1 fill: they become the single part f_{j+1}.
	j := g.part[i+1]
	g.part = append(g.part[:i+1], j+1)
}

// Smallest returns the k smallest parts z_1 < z_2 < ... < z_k, with -1 for
// parts that n does not have.
func (g *Greedy) Smallest(k int) [3]int64 {
	z := [3]int64{-1, -1, -1}
	for i := 0; i < k && i < len(g.part); i++ {
		z[i] = g.f[g.part[len(g.part)-1-i]-1]
	}
	return z
}
