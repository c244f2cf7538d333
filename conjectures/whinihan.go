package conjectures

const whiSource = "Whinihan, Fibonacci Nim (1963); Larsson & Rubinstein-Salzedo, Theorem 4.1 and Remark 4.2"

// CheckWhinihanStrategy checks Whinihan's strategy on every position
// (n, r), n >= 1, from R_1 alone (G(m, c) = 0 iff c < R_1(m)): from
// (n, r) with r >= z_1(n), removing z_1(n) leads to value 0, and from
// (n, r) with r < z_1(n) no move does. See streamState.whiVisit for how it
// streams.
func CheckWhinihanStrategy(rows *LowRows) Result { return lowRowsResult(rows, "WHI-strategy") }

// CheckWhinihanStart checks Remark 4.2: the start (n, n-1) has value 0
// exactly when n is a Fibonacci number, for n >= 1.
func CheckWhinihanStart(s *Starts) Result { return paperResults(s)["WHI-start"] }

// BrilliantClaimedAnswer is the answer the problem's community solutions
// give (shared/papers/brilliant-problem-count-first-player-wins.txt: "the
// answer is 999 - 14 = 985").
const BrilliantClaimedAnswer = 985

// CheckBrilliant counts the first-player wins among starting piles 2..1000
// (G(n, n-1) != 0) and compares with the solutions' answer.
func CheckBrilliant(s *Starts) Result { return paperResults(s)["BRILLIANT-count"] }
