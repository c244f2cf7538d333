package conjectures

import (
	"math/big"

	"fibnim/grundy"
	"fibnim/ntimes"
)

// The papers' statements, put for every multiplier a >= 1. For a = 2 they
// are Whinihan's start positions, Theorem 4.1, Theorem 5.2 and the two
// halves of the closing conjecture, and TestMultiplierChecksAgreeAtTwo
// holds them to the a = 2 checks; for other a, whether they hold is for
// the computation to say.

// FPositions returns F(a) = f_1 < f_2 < ... up to N, the pile sizes from
// which the second player wins (Frankl & Tokushige, Theorem 1), from the
// exact recurrence of package ntimes.
func FPositions(a grundy.Multiplier, N int) []int64 {
	K := 64
	for {
		s := ntimes.Sequence(a.Rat(), K)
		last := s.F[s.Len()-1]
		if last.Cmp(big.NewInt(int64(N))) > 0 {
			var out []int64
			for _, f := range s.F {
				if f.Cmp(big.NewInt(int64(N))) > 0 {
					break
				}
				out = append(out, f.Int64())
			}
			return out
		}
		K *= 2
	}
}

// SmallestGreedyPart returns z[n] for n = 0..N: the smallest part of n's
// greedy representation by F (take the largest term <= n, then repeat on
// the rest), with z[0] = 0. For a = 2 it is the Zeckendorf part z_1(n).
// z[n] = n for n in F, and z[n] = z[n - f] otherwise, f the largest term
// below n: 4 bytes per row, one pass.
func SmallestGreedyPart(F []int64, N int) []int32 {
	z := make([]int32, N+1)
	j := -1 // F[j] is the largest term <= n
	for n := 1; n <= N; n++ {
		for j+1 < len(F) && F[j+1] <= int64(n) {
			j++
		}
		if F[j] == int64(n) {
			z[n] = int32(n)
		} else {
			z[n] = z[int64(n)-F[j]]
		}
	}
	return z
}

// CheckMultiplier runs the statements for multiplier a on the start values
// s and, if R1 is not nil, on R_1(n), the least r with G(n, r) >= 1:
// FT-P-positions(a), SCHWENK-strategy(a), LRS-5.2(a), LRS-5.3-step(a) and
// LRS-conj-upper(a), in the order of the registry.
func CheckMultiplier(a grundy.Multiplier, s *Starts, R1 []uint32) []Result {
	var R [][]uint32
	if R1 != nil {
		R = append(R, R1)
	}
	res, err := Stream(NewArraySource(s, R...), Pass{Mult: a, Mults: true})
	if err != nil {
		panic("conjectures: " + err.Error())
	}
	return res
}
