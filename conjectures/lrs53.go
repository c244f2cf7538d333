package conjectures

import (
	"fmt"
	"math"
	"math/big"
)

// Theorem 5.3 of Larsson & Rubinstein-Salzedo, its two bounds as printed:
// two statements with a state each, in one file because they share the
// theorem.
func init() {
	register(&Check{
		Order: 530,
		Statements: []Statement{{ID: IDLower53, Scope: Fibonacci, Source: lrsSource + ", Theorem 5.3",
			Text: "log_{3/2}(n) <= G(n) for n >= 1", TeX: `Thm 5.3: $\log_{3/2} n\le G(n)$`}},
		Reads: StartValues,
		Streams: "row by row, exactly in integers (n <= floor((3/2)^G(n))); the least C with log_{3/2}(n) - C <= G(n) " +
			"is evaluated at the last n of each run of G(n), where log_{3/2}(n) - G(n) is largest within the run",
		stream: func(p *Pass, c *cursor) rowCheck {
			s := &lrs53Lower{res: statement(IDLower53, Fibonacci).result(p.Mult), bound: lowerBounds(), leastC: math.Inf(-1)}
			s.res.Domain = Domain{From: 1, To: c.N, Cells: "every n"}
			return s
		},
	})
	register(&Check{
		Order: 531,
		Statements: []Statement{{ID: IDUpper53, Scope: Fibonacci, Source: lrsSource + ", Theorem 5.3",
			Text: "G(n) <= ceil(2 sqrt(n)) + 1", TeX: `Thm 5.3: $G(n)\le\lceil 2\sqrt n\,\rceil+1$`}},
		Reads:   StartValues,
		Streams: "row by row, exactly in integers: ceil(2 sqrt n) is carried from n to n+1 as the least m with m*m >= 4n",
		stream: func(p *Pass, c *cursor) rowCheck {
			s := &lrs53Upper{res: statement(IDUpper53, Fibonacci).result(p.Mult)}
			s.res.Domain = Domain{From: 0, To: c.N, Cells: "every n"}
			return s
		},
	})
}

// The ids of the two bounds (package report names them).
const (
	IDLower53 = "LRS-5.3-log-lower" // stats: least_C
	IDUpper53 = "LRS-5.3-sqrt-upper"
)

type lrs53Lower struct {
	res     *Result
	bound   []int64
	leastC  float64
	leastAt int64
}

// lowerBounds is bound[g] = floor((3/2)^g) for the g where it fits an
// int64: n <= (3/2)^g iff n <= bound[g], and every n is below (3/2)^g for
// larger g (lowerBound).
func lowerBounds() []int64 {
	var bound []int64
	for g := 0; ; g++ {
		p3 := new(big.Int).Exp(big.NewInt(3), big.NewInt(int64(g)), nil)
		p2 := new(big.Int).Exp(big.NewInt(2), big.NewInt(int64(g)), nil)
		q := new(big.Int).Quo(p3, p2)
		if !q.IsInt64() {
			return bound
		}
		bound = append(bound, q.Int64())
	}
}

// lowerBound is floor((3/2)^g), or MaxInt64 where that does not fit.
func (s *lrs53Lower) lowerBound(g uint16) int64 {
	if int(g) < len(s.bound) {
		return s.bound[g]
	}
	return math.MaxInt64
}

// closeLeastC evaluates log_{3/2}(n) - G(n) at the last n of a run of G
// (G(n) = full): within a run it is largest there.
func (s *lrs53Lower) closeLeastC(n int64, full uint16) {
	if n < 1 {
		return
	}
	if c := math.Log(float64(n))/math.Log(1.5) - float64(full); c > s.leastC {
		s.leastC, s.leastAt = c, n
	}
}

func (s *lrs53Lower) visit(cur *cursor, rows []Row) {
	prev := cur.prev // G(n-1)
	for i := range rows {
		row, n := &rows[i], cur.n0+int64(i)
		if n > 1 && row.Full != prev {
			s.closeLeastC(n-1, prev) // n-1 ends a run of G
		}
		prev = row.Full
		if n == 0 {
			continue
		}
		g := row.Full
		s.res.Cases++
		if n > s.lowerBound(g) {
			s.res.fail(Counterexample{N: n, Computed: fmt.Sprintf("G(%d) = %d", n, g), Predicted: fmt.Sprintf(">= log_1.5(%d) = %.4f", n, math.Log(float64(n))/math.Log(1.5))})
		}
	}
}

func (s *lrs53Lower) results(c *cursor, _ Scope) []Result {
	N := c.N
	s.closeLeastC(N, c.prevFull)
	if N >= 1 {
		s.res.setStats(LowerBoundStats{LeastC: math.Max(s.leastC, 0), LeastCAttainedAt: int64(s.leastAt),
			LeastCMeaning: fmt.Sprintf("log_{3/2}(n) - C <= G(n) for every 1 <= n <= %d, and C is the least such constant (0 if the bound holds as printed)", N)})
	}
	s.res.closeRange()
	return []Result{*s.res}
}

type lrs53Upper struct {
	res   *Result
	sqrtM int64 // the least m with m*m >= 4n
}

func (s *lrs53Upper) visit(cur *cursor, rows []Row) {
	for i := range rows {
		n, full := cur.n0+int64(i), rows[i].Full
		s.res.Cases++
		for s.sqrtM*s.sqrtM < 4*n {
			s.sqrtM++
		}
		if int64(full) > s.sqrtM+1 {
			s.res.fail(Counterexample{N: n, Computed: fmt.Sprintf("G(%d) = %d", n, full), Predicted: fmt.Sprintf("<= %d", s.sqrtM+1)})
		}
	}
}

func (s *lrs53Upper) results(*cursor, Scope) []Result {
	s.res.closeRange()
	return []Result{*s.res}
}
