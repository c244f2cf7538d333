package conjectures

import (
	"fmt"

	"fibnim/grundy"
)

const whiSource = "Whinihan, Fibonacci Nim (1963); Larsson & Rubinstein-Salzedo, Theorem 4.1 and Remark 4.2"

// CheckWhinihanStrategy checks the Zeckendorf strategy on every position:
// from (n, r) with r >= z_1(n), removing z_1(n) reaches a position of value
// 0; from (n, r) with r < z_1(n), no move does. The second half is checked
// once per row for every k < z_1(n), which covers every r < z_1(n). Values
// come from R_1 alone: G(m, c) = 0 iff c < R_1(m).
func CheckWhinihanStrategy(rows *LowRows) Result {
	res := newResult("WHI-strategy", whiSource, "from (n, r) with r >= z_1(n), removing z_1(n) leads to value 0; from (n, r) with r < z_1(n), no move leads to value 0")
	R1 := rows.R[0]
	N := rows.N()
	res.Domain = Domain{From: 1, To: int64(N), Cells: "every (n, r) with 0 <= r <= n"}
	zero := func(m, c int) bool { return uint32(c) < R1[m] }
	for n := 1; n <= N; n++ {
		res.Cases += int64(n) + 1
		z1 := grundy.Zeckendorf(n)[0]
		m := n - z1
		if c := min(2*z1, m); !zero(m, c) {
			res.fail(Counterexample{N: int64(n), R: int64(z1), Computed: fmt.Sprintf("removing z_1 = %d leads to (%d,%d), value != 0", z1, m, c), Predicted: "value 0"})
			continue
		}
		for k := 1; k < z1; k++ {
			if c := min(2*k, n-k); zero(n-k, c) {
				res.fail(Counterexample{N: int64(n), R: int64(k), Computed: fmt.Sprintf("removing %d < z_1 = %d leads to (%d,%d), value 0", k, z1, n-k, c), Predicted: "no move to value 0 when r < z_1(n)"})
				break
			}
		}
	}
	res.closeRange()
	return *res
}

// CheckWhinihanStart checks Remark 4.2: the start (n, n-1) has value 0
// exactly when n is a Fibonacci number, for n >= 1.
func CheckWhinihanStart(s *Starts) Result {
	res := newResult("WHI-start", whiSource, "(n, n-1) has value 0 exactly when n is a Fibonacci number (n >= 1)")
	N := s.N()
	res.Domain = Domain{From: 1, To: int64(N), Cells: "every n"}
	for n := 1; n <= N; n++ {
		res.Cases++
		zeroV, fib := s.Start[n] == 0, grundy.IsFibonacci(n)
		if zeroV != fib {
			res.fail(Counterexample{N: int64(n), Computed: fmt.Sprintf("G(%d,%d) = %d", n, n-1, s.Start[n]), Predicted: map[bool]string{true: "0 (Fibonacci)", false: "nonzero (not Fibonacci)"}[fib]})
		}
	}
	res.closeRange()
	return *res
}

// BrilliantClaimedAnswer is the answer the problem's community solutions
// give (shared/papers/brilliant-problem-count-first-player-wins.txt: "the
// answer is 999 - 14 = 985").
const BrilliantClaimedAnswer = 985

// CheckBrilliant counts the first-player wins among starting piles 2..1000
// (G(n, n-1) != 0) and compares with the solutions' answer.
func CheckBrilliant(s *Starts) Result {
	res := newResult("BRILLIANT-count", "Brilliant problem, community solutions", fmt.Sprintf("the number of starting piles 2..1000 that are first-player wins is %d", BrilliantClaimedAnswer))
	if s.N() < 1000 {
		return notRun(res.ID, res.Source, res.Statement, fmt.Sprintf("needs start values up to n = 1000; data covers n <= %d", s.N()))
	}
	res.Domain = Domain{From: 2, To: 1000, Cells: "every starting pile"}
	count := 0
	for n := 2; n <= 1000; n++ {
		res.Cases++
		if s.Start[n] != 0 {
			count++
		}
	}
	res.Stats = map[string]any{"first_player_wins": count}
	if count != BrilliantClaimedAnswer {
		res.fail(Counterexample{N: 1000, Computed: fmt.Sprint(count), Predicted: fmt.Sprint(BrilliantClaimedAnswer)})
	}
	return *res
}
