package conjectures

import (
	"fmt"
	"math"
	"math/big"
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

// lowTheorems[g] is the interval [lo, hi) of r with G(n, r) = g that
// Theorem 4.1 (g = 0), 4.5, 4.6 and 4.7 (g = 1, 2, 3) state, from the
// Zeckendorf parts z_1 < z_2 < z_3 of n, before cutting to [0, n].
var lowTheorems = [4]func(z [3]int64) (lo, hi int64){
	// Theorem 4.1: G(n, r) = 0 iff r < z_1(n).
	func(z [3]int64) (int64, int64) { return 0, inf(z[0]) },
	// Theorem 4.5: G(n, r) = 1 iff z_1(n) = 1 and 1 <= r < z_2(n).
	func(z [3]int64) (int64, int64) {
		if z[0] != 1 {
			return 0, 0
		}
		return 1, inf(z[1])
	},
	// Theorem 4.6: G(n, r) = 2 iff z_1(n) = 2 and 2 <= r < z_2(n).
	func(z [3]int64) (int64, int64) {
		if z[0] != 2 {
			return 0, 0
		}
		return 2, inf(z[1])
	},
	// Theorem 4.7: G(n, r) = 3 iff z_1 = 1, z_2 = 3 and 3 <= r < z_3,
	// or z_1 = 3 and 3 <= r < z_2 - 1.
	func(z [3]int64) (int64, int64) {
		switch {
		case z[0] == 1 && z[1] == 3:
			return 3, inf(z[2])
		case z[0] == 3:
			return 3, inf(z[1]) - 1
		}
		return 0, 0
	},
}

// Predicted returns the r with G(n, r) = g, for g = 0..3, that Theorems
// 4.1, 4.5, 4.6 and 4.7 of Larsson & Rubinstein-Salzedo state: the interval
// [lo, hi) cut to [0, n], with lo = hi = 0 when it is empty.
func Predicted(n, g int) (lo, hi int64) {
	lo, hi = lowTheorems[g](zeck(n))
	lo, hi = max(lo, 0), min(hi, int64(n)+1)
	if hi <= lo {
		return 0, 0
	}
	return lo, hi
}

// cellCheck compares, row by row, the computed interval of r with G(n, r) = g
// against the interval Predicted(n, g). Every cell is covered. A failing
// row reports its smallest r where membership differs.
func cellCheck(id, stmt string, rows *LowRows, g int) Result {
	res := newResult(id, lrsSource+", Theorem "+id[4:], stmt)
	N := rows.N()
	res.Domain = Domain{From: 0, To: int64(N), Cells: "every (n, r) with 0 <= r <= n"}
	for n := 0; n <= N; n++ {
		res.Cases += int64(n) + 1
		clo, chi := rows.interval(n, g)
		plo, phi := Predicted(n, g)
		if chi <= clo {
			clo, chi = 0, 0
		}
		if clo == plo && chi == phi {
			continue
		}
		// Smallest r in the symmetric difference of [clo, chi) and [plo, phi).
		r := int64(math.MaxInt64)
		for _, c := range []int64{clo, chi, plo, phi} {
			if c <= int64(n) && (c >= clo && c < chi) != (c >= plo && c < phi) {
				r = min(r, c)
			}
		}
		in := r >= clo && r < chi
		res.fail(Counterexample{N: int64(n), R: r,
			Computed:  fmt.Sprintf("G(%d,%d) %s %d (value-%d cells: r in [%d,%d))", n, r, map[bool]string{true: "=", false: "!="}[in], g, g, clo, chi),
			Predicted: fmt.Sprintf("value-%d cells: r in [%d,%d)", g, plo, phi)})
	}
	res.closeRange()
	return *res
}

// CheckLRS41 checks Theorem 4.1: G(n, r) = 0 iff r < z_1(n).
func CheckLRS41(rows *LowRows) Result {
	return cellCheck("LRS-4.1", "G(n, r) = 0 if and only if r < z_1(n)", rows, 0)
}

// CheckLRS45 checks Theorem 4.5: G(n, r) = 1 iff z_1(n) = 1 and 1 <= r < z_2(n).
func CheckLRS45(rows *LowRows) Result {
	return cellCheck("LRS-4.5", "G(n, r) = 1 if and only if z_1(n) = 1 and 1 <= r < z_2(n)", rows, 1)
}

// CheckLRS46 checks Theorem 4.6: G(n, r) = 2 iff z_1(n) = 2 and 2 <= r < z_2(n).
func CheckLRS46(rows *LowRows) Result {
	return cellCheck("LRS-4.6", "G(n, r) = 2 if and only if z_1(n) = 2 and 2 <= r < z_2(n)", rows, 2)
}

// CheckLRS47 checks Theorem 4.7: G(n, r) = 3 iff z_1 = 1, z_2 = 3 and
// 3 <= r < z_3, or z_1 = 3 and 3 <= r < z_2 - 1.
func CheckLRS47(rows *LowRows) Result {
	return cellCheck("LRS-4.7", "G(n, r) = 3 if and only if (z_1 = 1, z_2 = 3 and 3 <= r < z_3) or (z_1 = 3 and 3 <= r < z_2 - 1)", rows, 3)
}

// CheckLRS51 checks Theorem 5.1: leaving out Fibonacci n, the start values
// G(n, n-1) are non-decreasing and increase by at most one.
func CheckLRS51(s *Starts) Result {
	res := newResult("LRS-5.1", lrsSource+", Theorem 5.1", "ignoring Fibonacci n, G(n, n-1) is non-decreasing in n and increases by one when it increases")
	N := s.N()
	res.Domain = Domain{From: 1, To: int64(N), Cells: "every non-Fibonacci n (consecutive pairs)"}
	prev, prevN := -1, 0
	for n := 1; n <= N; n++ {
		if grundy.IsFibonacci(n) {
			continue
		}
		g := int(s.Start[n])
		if prev >= 0 {
			res.Cases++
			if g < prev || g > prev+1 {
				res.fail(Counterexample{N: int64(n), Computed: fmt.Sprintf("G(%d,%d) = %d after G(%d,%d) = %d", n, n-1, g, prevN, prevN-1, prev), Predicted: fmt.Sprintf("%d or %d", prev, prev+1)})
			}
		}
		prev, prevN = g, n
	}
	res.closeRange()
	return *res
}

// CheckLRS52 checks Theorem 5.2: G(n) <= G(n+1) <= G(n) + 1.
func CheckLRS52(s *Starts) Result {
	res := newResult("LRS-5.2", lrsSource+", Theorem 5.2", "G(n) <= G(n+1) <= G(n) + 1 for all n >= 0")
	N := s.N()
	res.Domain = Domain{From: 0, To: int64(N - 1), Cells: "every n with n+1 in range"}
	for n := 0; n < N; n++ {
		res.Cases++
		a, b := int(s.Full[n]), int(s.Full[n+1])
		if b < a || b > a+1 {
			res.fail(Counterexample{N: int64(n), Computed: fmt.Sprintf("G(%d) = %d, G(%d) = %d", n, a, n+1, b), Predicted: fmt.Sprintf("G(%d) in [%d, %d]", n+1, a, a+1)})
		}
	}
	res.closeRange()
	return *res
}

// CheckLRS53Lower checks the lower bound of Theorem 5.3 as printed:
// log_{3/2}(n) <= G(n), for n >= 1. The comparison is exact: it is
// n <= (3/2)^G(n), i.e. n * 2^G <= 3^G.
func CheckLRS53Lower(s *Starts) Result {
	res := newResult("LRS-5.3-lower", lrsSource+", Theorem 5.3", "log_{3/2}(n) <= G(n) for n >= 1")
	N := s.N()
	res.Domain = Domain{From: 1, To: int64(N), Cells: "every n"}
	// bound[g] = floor((3/2)^g): n <= (3/2)^g iff n <= floor((3/2)^g).
	bound := make([]int64, 256)
	for g := range bound {
		p3 := new(big.Int).Exp(big.NewInt(3), big.NewInt(int64(g)), nil)
		p2 := new(big.Int).Exp(big.NewInt(2), big.NewInt(int64(g)), nil)
		q := new(big.Int).Quo(p3, p2)
		if q.IsInt64() {
			bound[g] = q.Int64()
		} else {
			bound[g] = math.MaxInt64
		}
	}
	// The least C with log_{3/2}(n) - C <= G(n) on the whole range: the
	// paper's proof gives the bound only up to an additive constant.
	leastC, at := math.Inf(-1), int64(0)
	for n := 1; n <= N; n++ {
		res.Cases++
		g := s.Full[n]
		if c := math.Log(float64(n))/math.Log(1.5) - float64(g); c > leastC {
			leastC, at = c, int64(n)
		}
		if int64(n) > bound[g] {
			res.fail(Counterexample{N: int64(n), Computed: fmt.Sprintf("G(%d) = %d", n, g), Predicted: fmt.Sprintf(">= log_1.5(%d) = %.4f", n, math.Log(float64(n))/math.Log(1.5))})
		}
	}
	if N >= 1 {
		res.Stats = map[string]any{"least_C": math.Max(leastC, 0), "least_C_attained_at_n": at,
			"least_C_meaning": fmt.Sprintf("log_{3/2}(n) - C <= G(n) for every 1 <= n <= %d, and C is the least such constant (0 if the bound holds as printed)", N)}
	}
	res.closeRange()
	return *res
}

// CheckLRS53Upper checks the upper bound of Theorem 5.3 as printed:
// G(n) <= ceil(2 sqrt(n)) + 1, exactly in integers.
func CheckLRS53Upper(s *Starts) Result {
	res := newResult("LRS-5.3-upper", lrsSource+", Theorem 5.3", "G(n) <= ceil(2 sqrt(n)) + 1")
	N := s.N()
	res.Domain = Domain{From: 0, To: int64(N), Cells: "every n"}
	for n := 0; n <= N; n++ {
		res.Cases++
		// ceil(2 sqrt n) = ceil(sqrt(4n)): the least m with m*m >= 4n.
		m := int64(math.Sqrt(float64(4 * int64(n))))
		for m*m < 4*int64(n) {
			m++
		}
		for m > 0 && (m-1)*(m-1) >= 4*int64(n) {
			m--
		}
		if int64(s.Full[n]) > m+1 {
			res.fail(Counterexample{N: int64(n), Computed: fmt.Sprintf("G(%d) = %d", n, s.Full[n]), Predicted: fmt.Sprintf("<= %d", m+1)})
		}
	}
	res.closeRange()
	return *res
}

// CheckConjecture checks the two halves of the closing conjecture,
// G(n) + 1 <= G(ceil(3n/2)) and G(ceil(3n/2)) <= G(n) + 2, for every n >= 1
// with ceil(3n/2) in range. The lower result carries the statistics: the
// distribution of G(ceil(3n/2)) - G(n) with the first n of each difference,
// h(g) and h(g+1)/h(g), and a least-squares fit G(n) ~ alpha ln n + beta.
func CheckConjecture(s *Starts) (lower, upper Result) {
	lo := newResult("LRS-conj-lower", lrsSource+", closing conjecture", "G(n) + 1 <= G(ceil(3n/2)) for n >= 1")
	up := newResult("LRS-conj-upper", lrsSource+", closing conjecture", "G(ceil(3n/2)) <= G(n) + 2 for n >= 1")
	N := s.N()
	top := (2 * N) / 3 // largest n with ceil(3n/2) <= N
	for top > 0 && (3*top+1)/2 > N {
		top--
	}
	d := Domain{From: 1, To: int64(top), Cells: "every n with ceil(3n/2) <= N"}
	lo.Domain, up.Domain = d, d
	dist := map[int]int64{}
	first := map[int]int64{}
	var decades decadeTable
	for n := 1; n <= top; n++ {
		m := (3*n + 1) / 2
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
	keys := make([]int, 0, len(dist))
	for k := range dist {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	for _, k := range keys {
		diffs = append(diffs, map[string]int64{"difference": int64(k), "count": dist[k], "first_n": first[k]})
	}
	// h(g): the first n with G(n) = g.
	var h []int64
	for n := 0; n <= N; n++ {
		if g := int(s.Full[n]); g == len(h) {
			h = append(h, int64(n))
		}
	}
	ratios := make([]float64, 0, len(h))
	for g := 1; g+1 < len(h); g++ {
		ratios = append(ratios, float64(h[g+1])/float64(h[g]))
	}
	alpha, beta, rms, maxRes, maxAt := FitLog(s)
	lo.Stats = map[string]any{
		"differences":      diffs,
		"h":                h,
		"h_ratio":          ratios,
		"fit_alpha":        alpha,
		"fit_beta":         beta,
		"fit_rms_residual": rms,
		"fit_max_residual": maxRes,
		"fit_max_at_n":     maxAt,
		"fit_range":        fmt.Sprintf("1 <= n <= %d", N),
	}
	up.Stats = map[string]any{"differences": diffs, "by_decade": decades.rows()}
	lo.closeRange()
	up.closeRange()
	return *lo, *up
}

// FitLog fits G(n) ~ alpha ln n + beta by least squares over 1 <= n <= N.
func FitLog(s *Starts) (alpha, beta, rms, maxRes float64, maxAt int64) {
	N := s.N()
	var sx, sy, sxx, sxy float64
	for n := 1; n <= N; n++ {
		x, y := math.Log(float64(n)), float64(s.Full[n])
		sx += x
		sy += y
		sxx += x * x
		sxy += x * y
	}
	m := float64(N)
	if N < 2 {
		return 0, 0, 0, 0, 0
	}
	alpha = (m*sxy - sx*sy) / (m*sxx - sx*sx)
	beta = (sy - alpha*sx) / m
	var ss float64
	for n := 1; n <= N; n++ {
		r := float64(s.Full[n]) - (alpha*math.Log(float64(n)) + beta)
		ss += r * r
		if math.Abs(r) > math.Abs(maxRes) {
			maxRes, maxAt = r, int64(n)
		}
	}
	return alpha, beta, math.Sqrt(ss / m), maxRes, maxAt
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

// rows lists the cells by decade, then difference.
func (t *decadeTable) rows() []map[string]int64 {
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
	out := make([]map[string]int64, 0, len(keys))
	for _, k := range keys {
		c := t.cells[k]
		out = append(out, map[string]int64{"decade": int64(k[0]), "difference": int64(k[1]), "count": c.count, "first_n": c.first, "last_n": c.last})
	}
	return out
}
