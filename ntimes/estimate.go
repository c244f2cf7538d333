package ntimes

import (
	"math"
	"math/big"
)

// The memory of solving F(a), estimated before any work so that a command
// can refuse a run that does not fit (compute ntimes -max-mem). A term of
// a sequence costs a pointer in F and an int in R (8 bytes each, in slices
// that append grows to up to twice their length), a big.Int (32 bytes)
// and its digits: math/big allocates the words of a sum plus 4 spare ones,
// rounded up to the allocator's size class.

// SequenceBytes estimates the memory that Solve(a, minStable, factor,
// maxTerms) takes for its sequence, from two figures of the run it will
// make: the number of terms T and the size of the terms.
//
//   - Solve doubles the number of terms, from max(64, 2 minStable), until
//     k - r(k) has stayed at c for max(minStable, factor (c+1)) terms. c is
//     at most U of Theorem 2 (vii), and the index k_0 from which it holds
//     was below 2(c+1) for every integer a <= 1000 (k_0 = 13,681 and
//     c = 6,907 for a = 1000), so T is the first of the doublings past
//     2.5 (U+1) + max(minStable, factor (U+1)), or maxTerms.
//   - Past k_0 the terms follow f_{k+1} = f_k + f_{k-c}, so f_k grows like
//     lambda^k with lambda^(c+1) = lambda^c + 1, and f_k has about
//     k log2(lambda) bits (2,777 at k = 4000 for a = 2; 194 at
//     k = 128,000 for a = 1000).
//
// U is taken from floating-point logarithms here: this is an estimate,
// not the exact U that Eventual computes.
func SequenceBytes(a *big.Rat, minStable, factor, maxTerms int) uint64 {
	U := upperEstimate(a)
	need := 2.5*(U+1) + math.Max(float64(minStable), float64(factor)*(U+1))
	T := min(max(64, 2*minStable), maxTerms)
	for float64(T) < need && T < maxTerms {
		T = min(2*T, maxTerms)
	}
	return termBytes(T, U) + 2*16*uint64(T)
}

// upperEstimate is U of Theorem 2 (vii) in floating point (0 for a = 1).
func upperEstimate(a *big.Rat) float64 {
	x, _ := a.Float64()
	if x <= 1 {
		return 0
	}
	return math.Ceil(math.Log(x) / (math.Log(x+1) - math.Log(x)))
}

// termBytes is the memory of the big.Ints f_1..f_T, for c about U.
func termBytes(T int, U float64) uint64 {
	bits := math.Log2(growth(U))
	var total float64
	// The terms in blocks of 1024, each at the size of its last term.
	for k := 0; k < T; k += 1024 {
		n := min(1024, T-k)
		words := math.Ceil(float64(k+n)*bits/64) + 1 + 4
		total += float64(n) * (32 + sizeClass(8*words))
	}
	return uint64(total)
}

// growth is the root lambda > 1 of lambda^(c+1) = lambda^c + 1 (2 for
// c = 0), found by bisection.
func growth(c float64) float64 {
	lo, hi := 1.0, 2.0
	for i := 0; i < 60; i++ {
		m := (lo + hi) / 2
		if math.Pow(m, c+1)-math.Pow(m, c) < 1 {
			lo = m
		} else {
			hi = m
		}
	}
	return hi
}

// sizeClass rounds b up as Go's allocator does for small objects: to a
// multiple of 16 up to 128 bytes and of 12.5% of its size beyond (about).
func sizeClass(b float64) float64 {
	if b <= 128 {
		return 16 * math.Ceil(b/16)
	}
	step := math.Pow(2, math.Floor(math.Log2(b))-3)
	return step * math.Ceil(b/step)
}

// SolveAllBytes estimates the peak memory of SolveAll(ctx, mults,
// workers, minStable, factor, maxTerms, keep): the sequences being solved
// (each worker holds one; the estimate charges every worker the neediest
// multiplier's) and the first keep terms of every multiplier, kept, times
// 3: the sequences become garbage one after another, and Go lets the
// heap grow to twice what was live after a collection, and holds some
// more in partly used spans (results/bench.md has it against a run).
func SolveAllBytes(mults []*big.Rat, workers, minStable, factor, maxTerms, keep int) uint64 {
	var most, kept uint64
	for _, a := range mults {
		most = max(most, SequenceBytes(a, minStable, factor, maxTerms))
		k := min(keep, maxTerms)
		kept += termBytes(k, upperEstimate(a)) + 16*uint64(k) + 256
	}
	return (uint64(max(workers, 1))*most + kept) * 3
}
