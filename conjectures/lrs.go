package conjectures

import (
	"math"
	"sort"

	"fibnim/grundy"
)

const lrsSource = "Larsson & Rubinstein-Salzedo, Grundy values of Fibonacci nim (2016)"

// zeck returns z_1..z_3(n), with -1 (infinity) for missing parts.
func zeck(n int) [3]int64 {
	z := [3]int64{-1, -1, -1}
	for i, p := range grundy.Zeckendorf(n) {
		if i == 3 {
			break
		}
		z[i] = int64(p)
	}
	return z
}

// inf turns -1 (a missing part) into a value larger than any r.
func inf(z int64) int64 {
	if z < 0 {
		return math.MaxInt64
	}
	return z
}

// lowTheorem is the interval [lo, hi) of r with G(n, r) = g that
// Theorem 4.1 (g = 0), 4.5, 4.6 and 4.7 (g = 1, 2, 3) state, from the
// Zeckendorf parts z_1 < z_2 < z_3 of n, before cutting to [0, n].
func lowTheorem(g int, z [3]int64) (lo, hi int64) {
	switch g {
	case 0: // Theorem 4.1: G(n, r) = 0 iff r < z_1(n).
		return 0, inf(z[0])
	case 1: // Theorem 4.5: G(n, r) = 1 iff z_1(n) = 1 and 1 <= r < z_2(n).
		if z[0] == 1 {
			return 1, inf(z[1])
		}
	case 2: // Theorem 4.6: G(n, r) = 2 iff z_1(n) = 2 and 2 <= r < z_2(n).
		if z[0] == 2 {
			return 2, inf(z[1])
		}
	case 3: // Theorem 4.7: G(n, r) = 3 iff z_1 = 1, z_2 = 3 and 3 <= r < z_3, or z_1 = 3 and 3 <= r < z_2 - 1.
		switch {
		case z[0] == 1 && z[1] == 3:
			return 3, inf(z[2])
		case z[0] == 3:
			return 3, inf(z[1]) - 1
		}
	}
	return 0, 0
}

// Predicted returns the r with G(n, r) = g, for g = 0..3, that Theorems
// 4.1, 4.5, 4.6 and 4.7 of Larsson & Rubinstein-Salzedo state: the interval
// [lo, hi) cut to [0, n], with lo = hi = 0 when it is empty.
func Predicted(n, g int) (lo, hi int64) {
	lo, hi = lowTheorem(g, zeck(n))
	lo, hi = max(lo, 0), min(hi, int64(n)+1)
	if hi <= lo {
		return 0, 0
	}
	return lo, hi
}

// paperResults runs the papers' checks on arrays (the tests' and the
// figures' way in; Verify streams the tables) and returns them by id.
func paperResults(s *Starts, R ...[]uint32) map[string]Result {
	res, err := Stream(NewArraySource(s, R...), Pass{Mult: grundy.Fibonacci, Paper: true})
	if err != nil {
		panic("conjectures: " + err.Error()) // arrays cannot fail to stream
	}
	out := map[string]Result{}
	for _, r := range res {
		out[r.ID] = r
	}
	return out
}

// zeroStarts stands in for start values where a check reads only R.
func zeroStarts(N int) *Starts {
	return &Starts{Start: make([]uint16, N+1), Full: make([]uint16, N+1)}
}

func lowRowsResult(rows *LowRows, id string) Result {
	return paperResults(zeroStarts(rows.N()), rows.R[:]...)[id]
}

// CheckLRS41 checks Theorem 4.1: G(n, r) = 0 iff r < z_1(n), on every cell.
func CheckLRS41(rows *LowRows) Result { return lowRowsResult(rows, "LRS-4.1") }

// CheckLRS45 checks Theorem 4.5: G(n, r) = 1 iff z_1(n) = 1 and
// 1 <= r < z_2(n), on every cell.
func CheckLRS45(rows *LowRows) Result { return lowRowsResult(rows, "LRS-4.5") }

// CheckLRS46 checks Theorem 4.6: G(n, r) = 2 iff z_1(n) = 2 and
// 2 <= r < z_2(n), on every cell.
func CheckLRS46(rows *LowRows) Result { return lowRowsResult(rows, "LRS-4.6") }

// CheckLRS47 checks Theorem 4.7: G(n, r) = 3 iff (z_1 = 1, z_2 = 3 and
// 3 <= r < z_3) or (z_1 = 3 and 3 <= r < z_2 - 1), on every cell.
func CheckLRS47(rows *LowRows) Result { return lowRowsResult(rows, "LRS-4.7") }

// CheckLRS51 checks Theorem 5.1: leaving out Fibonacci n, the start values
// G(n, n-1) are non-decreasing and increase by at most one.
func CheckLRS51(s *Starts) Result { return paperResults(s)["LRS-5.1"] }

// CheckLRS52 checks Theorem 5.2: G(n) <= G(n+1) <= G(n) + 1.
func CheckLRS52(s *Starts) Result { return paperResults(s)["LRS-5.2"] }

// CheckLRS53Lower checks the lower bound of Theorem 5.3 as printed,
// log_{3/2}(n) <= G(n) for n >= 1, exactly: n <= (3/2)^G(n), i.e.
// n 2^G <= 3^G. Its statistics give the least C with
// log_{3/2}(n) - C <= G(n) on the whole range: the paper's proof gives the
// bound only up to an additive constant.
func CheckLRS53Lower(s *Starts) Result { return paperResults(s)["LRS-5.3-log-lower"] }

// CheckLRS53Upper checks the upper bound of Theorem 5.3 as printed:
// G(n) <= ceil(2 sqrt(n)) + 1, exactly in integers.
func CheckLRS53Upper(s *Starts) Result { return paperResults(s)["LRS-5.3-sqrt-upper"] }

// CheckConjecture checks the two halves of the closing conjecture,
// G(n) + 1 <= G(ceil(3n/2)) and G(ceil(3n/2)) <= G(n) + 2, for every n >= 1
// with ceil(3n/2) in range. The lower result carries the statistics: the
// distribution of G(ceil(3n/2)) - G(n) with the first n of each difference,
// h(g) and h(g+1)/h(g), and the fit G(n) ~ alpha ln n + beta (FitLog), on
// the whole range and on each decade;
// the upper one the distribution overall and by decade.
func CheckConjecture(s *Starts) (lower, upper Result) {
	r := paperResults(s)
	return r["LRS-conj-lower"], r["LRS-conj-upper"]
}

// FitLog fits G(n) ~ alpha ln n + beta over 1 <= n <= N by least squares
// weighted by 1/n (FitEstimator; logfit.go says why), and gives the RMS
// residual (weighted alike) and the largest residual, with its n.
func FitLog(s *Starts) (alpha, beta, rms, maxRes float64, maxAt int64) {
	cur := newCursor(s.N(), &Pass{Mult: grundy.Fibonacci}, 0)
	src := NewArraySource(s)
	for {
		rows, _ := src.Next()
		if len(rows) == 0 {
			break
		}
		cur.advance(rows)
	}
	f := cur.fitLog()
	return f.Alpha, f.Beta, f.RMS, f.MaxResidual, f.MaxAt
}

// decadeTable gathers the distribution of a difference per decade
// 10^k <= n < 10^(k+1), with the first and last n of each difference.
type decadeTable struct {
	cells map[[2]int]*decadeCell // [k, difference]
}

type decadeCell struct {
	count, first, last int64
}

func (t *decadeTable) add(n int64, diff int) {
	if t.cells == nil {
		t.cells = map[[2]int]*decadeCell{}
	}
	k := 0
	for p := int64(10); p <= n; p *= 10 {
		k++
	}
	c := t.cells[[2]int{k, diff}]
	if c == nil {
		c = &decadeCell{first: n}
		t.cells[[2]int{k, diff}] = c
	}
	c.count++
	c.last = n
}

// addRange adds every n in [lo, hi] with the same difference.
func (t *decadeTable) addRange(lo, hi int64, diff int) {
	for lo <= hi {
		p := int64(10)
		for p <= lo {
			p *= 10
		}
		end := min(hi, p-1) // the end of lo's decade
		t.add(lo, diff)
		if end > lo {
			t.add(end, diff)
			t.cells[[2]int{decadeOf(lo), diff}].count += end - lo - 1
		}
		lo = end + 1
	}
}

func decadeOf(n int64) int {
	k := 0
	for p := int64(10); p <= n; p *= 10 {
		k++
	}
	return k
}

// rows lists the cells by decade, then difference.
func (t *decadeTable) rows() []DecadeCount {
	keys := make([][2]int, 0, len(t.cells))
	for k := range t.cells {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i][0] != keys[j][0] {
			return keys[i][0] < keys[j][0]
		}
		return keys[i][1] < keys[j][1]
	})
	out := make([]DecadeCount, 0, len(keys))
	for _, k := range keys {
		c := t.cells[k]
		out = append(out, DecadeCount{Decade: int64(k[0]), Difference: int64(k[1]), Count: c.count, FirstN: c.first, LastN: c.last})
	}
	return out
}
