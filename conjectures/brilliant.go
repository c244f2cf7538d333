package conjectures

import "fmt"

// BrilliantClaimedAnswer is the answer the problem's community solutions
// give (shared/papers/brilliant-problem-count-first-player-wins.txt: "the
// answer is 999 - 14 = 985").
const BrilliantClaimedAnswer = 985

// The Brilliant problem's count, an outside regression value.
func init() {
	register(&Check{
		Order: 700,
		Statements: []Statement{{ID: IDBrilliant, Scope: Fibonacci, Source: "Brilliant problem, community solutions",
			Text: fmt.Sprintf("the number of starting piles 2..1000 that are first-player wins is %d", BrilliantClaimedAnswer),
			TeX:  `Brilliant: first-player wins`}},
		Reads:   StartValues,
		Streams: "row by row: counts G(n, n-1) != 0 for 2 <= n <= 1000",
		stream: func(p *Pass, c *cursor) rowCheck {
			s := &brilliant{res: statement(IDBrilliant, Fibonacci).result(p.Mult)}
			s.res.Domain = Domain{From: 2, To: 1000, Cells: "every starting pile"}
			return s
		},
	})
}

// IDBrilliant is the id of the Brilliant count (package report names it).
const IDBrilliant = "BRILLIANT-count"

// CheckBrilliant counts the first-player wins among starting piles 2..1000
// (G(n, n-1) != 0) and compares with the solutions' answer.
func CheckBrilliant(s *Starts) Result { return paperResults(s)[IDBrilliant] }

type brilliant struct {
	res   *Result
	count int
}

func (s *brilliant) visit(cur *cursor, rows []Row) {
	for i := range rows {
		if n := cur.n0 + int64(i); n >= 2 && n <= 1000 {
			row := &rows[i]
			s.res.Cases++
			if row.Start != 0 {
				s.count++
			}
		}
	}
}

func (s *brilliant) results(c *cursor, _ Scope) []Result {
	r := s.res
	if c.N < 1000 {
		return []Result{statement(IDBrilliant, Fibonacci).notRun(c.p.Mult, fmt.Sprintf("needs start values up to n = 1000; data covers n <= %d", c.N))}
	}
	r.setStats(BrilliantStats{FirstPlayerWins: int64(s.count)})
	if s.count != BrilliantClaimedAnswer {
		r.fail(Counterexample{N: 1000, Computed: fmt.Sprint(s.count), Predicted: fmt.Sprint(BrilliantClaimedAnswer)})
	}
	return []Result{*r}
}
