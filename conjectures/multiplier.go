package conjectures

import (
	"fmt"
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

func multID(id string, a grundy.Multiplier) string {
	return fmt.Sprintf("%s(a=%s)", id, a)
}

// CheckMultiplier runs the statements for multiplier a on the start values
// s and, if R1 is not nil, on R_1(n), the least r with G(n, r) >= 1, for
// n = 0..len(R1)-1.
func CheckMultiplier(a grundy.Multiplier, s *Starts, R1 []uint32) []Result {
	N := s.N()
	F := FPositions(a, N)
	out := []Result{CheckFTPPositions(a, s, F)}
	if R1 != nil {
		out = append(out, CheckSchwenk(a, R1, F))
	} else {
		out = append(out, notRun(multID("SCHWENK-strategy", a), schwenkSource, "", "no breakpoint or dense table"))
	}
	out = append(out, CheckLRS52a(a, s))
	lo, up := CheckGrowth(a, s)
	out = append(out, lo, up)
	for i := range out {
		out[i].Mult = a.String()
	}
	return out
}

const schwenkSource = "Schwenk, Take-away games, Fibonacci Quart. 8 (1970); Theorem 4.1 of Larsson & Rubinstein-Salzedo for a = 2"

// CheckFTPPositions checks that G(n, n-1) = 0 exactly when n is in F(a),
// for 1 <= n <= N: the Grundy table and the ntimes recurrence are two
// independent computations of the same set.
func CheckFTPPositions(a grundy.Multiplier, s *Starts, F []int64) Result {
	res := newResult(multID("FT-P-positions", a), ftSource+", Theorem 1, against the Grundy table",
		"G(n, n-1) = 0 exactly when n is in F(a), the second-player-win pile sizes of the recurrence f_{k+1} = f_k + f_{r(k)}")
	N := s.N()
	res.Domain = Domain{From: 1, To: int64(N), Cells: "every n"}
	j := 0
	for n := 1; n <= N; n++ {
		res.Cases++
		inF := j < len(F) && F[j] == int64(n)
		if inF {
			j++
		}
		if (s.Start[n] == 0) != inF {
			res.fail(Counterexample{N: int64(n), Computed: fmt.Sprintf("G(%d,%d) = %d", n, n-1, s.Start[n]),
				Predicted: map[bool]string{true: "0 (n is in F(a))", false: "nonzero (n is not in F(a))"}[inF]})
		}
	}
	res.closeRange()
	return *res
}

// CheckSchwenk checks, on every cell (n, r) with 0 <= r <= n, that
// G(n, r) = 0 exactly when r < z_1^a(n), the smallest part of n's greedy
// representation by F(a): that is, R_1(n) = z_1^a(n) for every n >= 1.
func CheckSchwenk(a grundy.Multiplier, R1 []uint32, F []int64) Result {
	res := newResult(multID("SCHWENK-strategy", a), schwenkSource,
		"G(n, r) = 0 exactly when r < z_1(n), the smallest part of n's greedy representation by F(a)")
	N := len(R1) - 1
	z := SmallestGreedyPart(F, N)
	res.Domain = Domain{From: 1, To: int64(N), Cells: "every (n, r) with 0 <= r <= n"}
	for n := 1; n <= N; n++ {
		res.Cases += int64(n) + 1
		if int64(R1[n]) != int64(z[n]) {
			r := min(int64(R1[n]), int64(z[n]))
			res.fail(Counterexample{N: int64(n), R: r,
				Computed:  fmt.Sprintf("G(%d, r) = 0 exactly for r < %d", n, R1[n]),
				Predicted: fmt.Sprintf("r < z_1 = %d", z[n])})
		}
	}
	res.closeRange()
	return *res
}

// CheckLRS52a checks Theorem 5.2's statement for multiplier a:
// G(n) <= G(n+1) <= G(n) + 1 for 0 <= n < N.
func CheckLRS52a(a grundy.Multiplier, s *Starts) Result {
	r := CheckLRS52(s)
	r.ID = multID("LRS-5.2", a)
	r.Source = lrsSource + ", Theorem 5.2, put for multiplier a"
	return r
}

// CheckGrowth checks, with m = n + ceil(n/a) (ceil(3n/2) for a = 2),
// G(m) >= G(n) + 1 (the step of Theorem 5.3's proof) and G(m) <= G(n) + 2
// (the closing conjecture's upper half) for every n >= 1 with m <= N, with
// the distribution of G(m) - G(n) overall and by decade.
func CheckGrowth(a grundy.Multiplier, s *Starts) (lower, upper Result) {
	lo := newResult(multID("LRS-5.3-lower", a), lrsSource+", Theorem 5.3 (its proof's step), put for multiplier a",
		"G(n + ceil(n/a)) >= G(n) + 1 for n >= 1")
	up := newResult(multID("LRS-conj-upper", a), lrsSource+", closing conjecture, put for multiplier a",
		"G(n + ceil(n/a)) <= G(n) + 2 for n >= 1")
	N := s.N()
	top := 0
	for n := 1; n+a.MinRemoval(n) <= N; n++ {
		top = n
	}
	d := Domain{From: 1, To: int64(top), Cells: "every n with n + ceil(n/a) <= N"}
	lo.Domain, up.Domain = d, d
	dist := map[int]int64{}
	first := map[int]int64{}
	var decades decadeTable
	for n := 1; n <= top; n++ {
		m := n + a.MinRemoval(n)
		diff := int(s.Full[m]) - int(s.Full[n])
		dist[diff]++
		if _, ok := first[diff]; !ok {
			first[diff] = int64(n)
		}
		decades.add(int64(n), diff)
		lo.Cases++
		up.Cases++
		c := Counterexample{N: int64(n), Computed: fmt.Sprintf("G(%d) = %d, G(%d) = %d", n, s.Full[n], m, s.Full[m])}
		if diff < 1 {
			c.Predicted = fmt.Sprintf("G(%d) >= %d", m, int(s.Full[n])+1)
			lo.fail(c)
		}
		if diff > 2 {
			c.Predicted = fmt.Sprintf("G(%d) <= %d", m, int(s.Full[n])+2)
			up.fail(c)
		}
	}
	var diffs []map[string]int64
	for k := -300; k <= 300; k++ {
		if c, ok := dist[k]; ok {
			diffs = append(diffs, map[string]int64{"difference": int64(k), "count": c, "first_n": first[k]})
		}
	}
	up.Stats = map[string]any{"differences": diffs, "by_decade": decades.rows()}
	lo.closeRange()
	up.closeRange()
	return *lo, *up
}
