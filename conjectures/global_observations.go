package conjectures

import (
	"fmt"

	"fibnim/globalnim"
	"fibnim/grundy"
)

// r1 returns R_1(x, y), the least limit at which (x, y) is an N-position,
// or -1 if it is a P-position at every limit.
func r1(t *globalnim.Table, x, y int) int {
	if bs := t.Breakpoints(x, y); len(bs) > 0 {
		return int(bs[0])
	}
	return -1
}

// singleR1 is R_1(0, n) for n = 0..N from Schwenk's greedy parts by F(a):
// the single pile's threshold, z_1(n) for a = 2 (Whinihan), independent of
// the global table (GLOBAL-one-pile and SCHWENK-strategy check it).
func singleR1(a grundy.Multiplier, N int) []int32 {
	return SmallestGreedyPart(FPositions(a, N), N)
}

// CheckGlobalR1Single (observation): every threshold R_1(x, y), x < y, is
// a threshold of the single pile, a term of F(a) (for a = 2 a Fibonacci
// number).
func CheckGlobalR1Single(t *globalnim.Table) Result {
	a := t.Mult
	res := statement("GLOBAL-R1-single", Global).result(a)
	res.Index = "y"
	res.Domain = Domain{From: 1, To: int64(t.M), Cells: "every position (x, y) with x < y"}
	inF := map[int]bool{}
	for _, f := range FPositions(a, t.M) {
		inF[int(f)] = true
	}
	for y := 1; y <= t.M; y++ {
		for x := 0; x < y; x++ {
			res.Cases++
			if v := r1(t, x, y); !inF[v] {
				res.globalFail(x, y, v, fmt.Sprintf("R_1(%d, %d) = %d", x, y, v), "a term of F(a)")
			}
		}
	}
	return *res
}

// CheckGlobalR1Diff (observation): (x, y, r) with x < y is an N-position
// once r reaches the single pile's threshold of y - x, R_1(0, y - x) (for
// a = 2 the smallest Zeckendorf part z_1(y - x)); R_1(x, y) <= y - x is
// proved (move to (x, x), GLOBAL-start-P).
func CheckGlobalR1Diff(t *globalnim.Table) Result {
	a := t.Mult
	res := statement("GLOBAL-R1-diff", Global).result(a)
	res.Index = "y"
	res.Domain = Domain{From: 1, To: int64(t.M), Cells: "every position (x, y) with x < y"}
	z := singleR1(a, t.M)
	var equal int64
	for y := 1; y <= t.M; y++ {
		for x := 0; x < y; x++ {
			res.Cases++
			v, d := r1(t, x, y), int(z[y-x])
			if v == d {
				equal++
			}
			if v > d {
				res.globalFail(x, y, v, fmt.Sprintf("R_1(%d, %d) = %d", x, y, v), fmt.Sprintf("at most R_1(0, %d) = %d", y-x, d))
			}
		}
	}
	res.setStats(GlobalStats{Equal: ptr(int64(equal)), Below: ptr(res.Cases - int64(equal) - res.Failures)})
	return *res
}

// CheckGlobalR1Equal (observation): the P-positions of the global game
// are those of one pile of |y - x|: R_1(x, y) = R_1(0, y - x).
func CheckGlobalR1Equal(t *globalnim.Table) Result {
	a := t.Mult
	res := statement("GLOBAL-R1-equal", Global).result(a)
	res.Index = "y"
	res.Domain = Domain{From: 1, To: int64(t.M), Cells: "every position (x, y) with x < y"}
	z := singleR1(a, t.M)
	for y := 1; y <= t.M; y++ {
		for x := 0; x < y; x++ {
			res.Cases++
			if v, d := r1(t, x, y), int(z[y-x]); v != d {
				res.globalFail(x, y, v, fmt.Sprintf("R_1(%d, %d) = %d", x, y, v), fmt.Sprintf("R_1(0, %d) = %d", y-x, d))
			}
		}
	}
	return *res
}

// previousTerm returns, for each term f of F (increasing), the term
// before it (0 for the first).
func previousTerm(F []int64) map[int]int {
	prev := map[int]int{}
	for i, f := range F {
		if i > 0 {
			prev[int(f)] = int(F[i-1])
		} else {
			prev[int(f)] = 0
		}
	}
	return prev
}

// CheckGlobalR1Two (observation): R_1(x, y), x < y, is R_1(0, y - x) or
// the term of F(a) just before it (a = 2: z_1(y - x) or the Fibonacci
// number before it).
func CheckGlobalR1Two(t *globalnim.Table) Result {
	a := t.Mult
	res := statement("GLOBAL-R1-two", Global).result(a)
	res.Index = "y"
	res.Domain = Domain{From: 1, To: int64(t.M), Cells: "every position (x, y) with x < y"}
	F := FPositions(a, t.M)
	prev := previousTerm(F)
	z := SmallestGreedyPart(F, t.M)
	var lower int64
	for y := 1; y <= t.M; y++ {
		for x := 0; x < y; x++ {
			res.Cases++
			v, d := r1(t, x, y), int(z[y-x])
			switch {
			case v == d:
			case v == prev[d] && v > 0:
				lower++
			default:
				res.globalFail(x, y, v, fmt.Sprintf("R_1(%d, %d) = %d", x, y, v), fmt.Sprintf("R_1(0, %d) = %d or %d", y-x, d, prev[d]))
			}
		}
	}
	res.setStats(GlobalStats{Equal: ptr(res.Cases - lower - res.Failures), TheTermBefore: ptr(lower)})
	return *res
}

// CheckGlobalR1FibDiff (observation, a = 2): when the difference is a
// Fibonacci number, y - x = F_k >= 2 (F_0, F_1, ... = 1, 2, 3, 5, ...),
// R_1(x, y) = F_{k-1} if the largest Zeckendorf part of y is F_m with
// m - k odd, and F_k otherwise.
func CheckGlobalR1FibDiff(t *globalnim.Table) Result {
	res := statement("GLOBAL-R1-fib-diff", Global).result(t.Mult)
	res.Index = "y"
	res.Domain = Domain{From: 2, To: int64(t.M), Cells: "every position (x, y) with y - x a Fibonacci number >= 2"}
	F := FPositions(grundy.Fibonacci, t.M)
	index := map[int]int{}
	for i, f := range F {
		index[int(f)] = i
	}
	var lower int64
	for y := 2; y <= t.M; y++ {
		zy := grundy.Zeckendorf(y)
		m := index[zy[len(zy)-1]]
		for k := 1; k < len(F) && int(F[k]) <= y; k++ {
			x := y - int(F[k])
			res.Cases++
			want := int(F[k])
			if (m-k)%2 != 0 {
				want = int(F[k-1])
				lower++
			}
			if v := r1(t, x, y); v != want {
				res.globalFail(x, y, v, fmt.Sprintf("R_1(%d, %d) = %d", x, y, v), fmt.Sprintf("%d (y - x = F_%d, largest part of y F_%d)", want, k, m))
			}
		}
	}
	res.setStats(GlobalStats{PredictedFKMinus1: ptr(lower)})
	return *res
}
