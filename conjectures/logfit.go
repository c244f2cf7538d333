package conjectures

import (
	"math"
	"sync"
)

// The log fit G(n) ~ alpha ln n + beta.
//
// The estimator is least squares with each n weighted by 1/n: alpha and
// beta minimise
//
//	sum over From <= n <= To of (G(n) - alpha ln n - beta)^2 / n,
//
// over 1 <= n <= N for the whole range (n = 0 has no logarithm). Why 1/n:
// G(n) is a function of ln n, and ordinary least squares, every n weighted
// alike, puts nine tenths of the weight on the last decade, so that the
// last decade decides the slope, which then moves with N as the slope of
// the last decade does. With x = ln n, the weight
// 1/n is dx/dn: the sum is a Riemann sum of the integral of
// (G - alpha x - beta)^2 dx over 0 <= x <= ln N, in which every decade
// counts alike, and the fit is that of G(n) against ln n as a plot with a
// log axis shows it. Fitting on log-spaced samples aims at the same
// integral, but needs a number of samples, leaves most n out, and depends
// on where the samples fall on the steps of G; the weight uses every n and
// has no parameter.
//
// The fit describes the range it was made on; it is not a law. Larsson &
// Rubinstein-Salzedo prove log_{3/2} n <= G(n) <= ceil(2 sqrt n) + 1
// (Theorem 5.3) and nothing closer, and the slope fitted on each decade
// alone (FitDecades) drifts.
//
// G is constant on runs of n (Pieces), so the fit needs only, for each
// run, the sums of 1/n, ln n / n and ln^2 n / n over it: differences of
// the prefix sums S_k(m) = sum_{n=1..m} ln^k n / n (logPrefix), summed
// term by term up to m = prefixDirect and by the Euler-Maclaurin formula
// beyond. The fit of a table costs its number of runs, not N, and the
// streaming checks need no logarithm per row.

// FitEstimator names the estimator of every LogFit, as checks.json
// (ConjLowerStats.FitEstimator), the reports and the atlas's files state
// it.
const FitEstimator = "least squares weighted by 1/n"

// LogFit is a fit G(n) ~ Alpha ln n + Beta over From <= n <= To, with
// the estimator above: RMS is the root of the weighted mean square
// residual (the weights 1/n, as in the fit), and MaxResidual the residual
// G(n) - (Alpha ln n + Beta) largest in absolute value over every n of the
// range, at n = MaxAt (the smallest such n). A fit of fewer than two n is
// all zero.
type LogFit struct {
	From        int64   `json:"from"`
	To          int64   `json:"to"`
	Alpha       float64 `json:"alpha"`
	Beta        float64 `json:"beta"`
	RMS         float64 `json:"rms"`
	MaxResidual float64 `json:"max_residual"`
	MaxAt       int64   `json:"max_at_n"`
}

// Piece is a run of n on which G(n) = G, for From <= n <= To (1 <= From).
type Piece struct {
	From, To int64
	G        float64
}

// FitPieces fits G(n) ~ alpha ln n + beta over the n of pieces, which are
// in increasing order of n and do not overlap (a run with To < From is
// empty and left out). The range of the fit is the first From to the last
// To.
func FitPieces(pieces []Piece) LogFit {
	var s logSums
	f := LogFit{From: -1}
	for _, p := range pieces {
		if p.To < p.From {
			continue
		}
		if p.From < 1 {
			panic("conjectures: a piece of the log fit starts below n = 1")
		}
		if f.From < 0 {
			f.From = p.From
		}
		f.To = p.To
		s.add(p)
	}
	if f.From < 0 || f.To == f.From {
		return LogFit{}
	}
	den := s.w*s.wxx - s.wx*s.wx
	if !(den > 0) {
		return LogFit{}
	}
	f.Alpha = (s.w*s.wxy - s.wx*s.wy) / den
	f.Beta = (s.wy - f.Alpha*s.wx) / s.w
	var ss float64
	for _, p := range pieces {
		if p.To < p.From {
			continue
		}
		// sum of (y - beta - alpha x)^2 / n over the piece, with y - beta
		// taken first so that the terms stay near the residual's size.
		d0, d1, d2 := rangeSums(p.From, p.To)
		c := p.G - f.Beta
		ss += c*c*d0 - 2*c*f.Alpha*d1 + f.Alpha*f.Alpha*d2
		// The fit is monotone in n: a piece's largest residual is at one
		// of its ends.
		for _, n := range []int64{p.From, p.To} {
			r := p.G - (f.Alpha*math.Log(float64(n)) + f.Beta)
			if math.Abs(r) > math.Abs(f.MaxResidual) || math.Abs(r) == math.Abs(f.MaxResidual) && n < f.MaxAt {
				f.MaxResidual, f.MaxAt = r, n
			}
		}
	}
	f.RMS = math.Sqrt(max(ss, 0) / s.w)
	return f
}

// FitDecades fits G(n) ~ alpha ln n + beta on each decade
// 10^k <= n < 10^(k+1) of pieces alone (the last one ends where the
// pieces do), so that the drift of the slope shows. A decade with fewer
// than two n has no fit and is left out.
func FitDecades(pieces []Piece) []LogFit {
	var out []LogFit
	var cur []Piece
	lo, hi := int64(1), int64(9) // the decade being gathered
	flush := func() {
		if f := FitPieces(cur); f.To > f.From {
			out = append(out, f)
		}
		cur = cur[:0]
	}
	for _, p := range pieces {
		for p.From <= p.To {
			for p.From > hi {
				flush()
				lo, hi = hi+1, (hi+1)*10-1
			}
			end := min(p.To, hi)
			cur = append(cur, Piece{From: max(p.From, lo), To: end, G: p.G})
			p.From = end + 1
		}
	}
	flush()
	return out
}

// FitFirstReach is the fit over 1 <= n <= N of a G(n) that is
// non-decreasing (as Theorem 5.2 says), given by h[g], the least n with
// G(n) >= g (g = 0..len(h)-1, h[0] = 0): then G(n) = g exactly for
// h[g] <= n < h[g+1], and up to N for the last g. It is what the same
// table's FitPieces gives, for the pieces are the same; the caller checks
// that G is non-decreasing.
func FitFirstReach(h []int64, N int64) (fit LogFit, decades []LogFit) {
	p := firstReachPieces(h, N)
	return FitPieces(p), FitDecades(p)
}

func firstReachPieces(h []int64, N int64) []Piece {
	var p []Piece
	for g := range h {
		to := N
		if g+1 < len(h) {
			to = min(h[g+1]-1, N)
		}
		p = append(p, Piece{From: max(h[g], 1), To: to, G: float64(g)})
	}
	return p
}

// logSums are the weighted sums of the normal equations: w = 1/n,
// x = ln n, y = G(n).
type logSums struct{ w, wx, wxx, wy, wxy float64 }

func (s *logSums) add(p Piece) {
	d0, d1, d2 := rangeSums(p.From, p.To)
	s.w += d0
	s.wx += d1
	s.wxx += d2
	s.wy += p.G * d0
	s.wxy += p.G * d1
}

// rangeSums are the sums of 1/n, ln n / n and ln^2 n / n over
// lo <= n <= hi (1 <= lo <= hi).
func rangeSums(lo, hi int64) (d0, d1, d2 float64) {
	a0, a1, a2 := logPrefix(lo - 1)
	b0, b1, b2 := logPrefix(hi)
	return b0 - a0, b1 - a1, b2 - a2
}

// prefixDirect is where logPrefix stops adding terms one by one: past
// it, the remainder of the Euler-Maclaurin formula after the B_4 term is
// below 1e-19 (it is bounded by |B_6|/6! times the integral of
// |f^(5)| from prefixDirect on, about 24 ln^2(m) / prefixDirect^5 / 30240),
// far below the rounding of the sums themselves.
const prefixDirect = 4096

// direct[m] = S_0..S_2(m) for m <= prefixDirect, added term by term.
var direct = sync.OnceValue(func() [][3]float64 {
	t := make([][3]float64, prefixDirect+1)
	for n := 1; n <= prefixDirect; n++ {
		x := math.Log(float64(n))
		w := 1 / float64(n)
		t[n] = [3]float64{t[n-1][0] + w, t[n-1][1] + x*w, t[n-1][2] + x*x*w}
	}
	return t
})

// logPrefix returns S_k(m) = sum_{n=1..m} ln^k(n) / n for k = 0, 1, 2
// (0 for m <= 0). Past prefixDirect it adds to S_k(M), M = prefixDirect,
// the sum over M < n <= m by the Euler-Maclaurin formula with f(n) =
// ln^k(n)/n:
//
//	sum_{n=M..m} f(n) = integral_M^m f + (f(M) + f(m))/2
//	                    + (f1(m) - f1(M))/12 - (f3(m) - f3(M))/720,
//
// with f1 and f3 the first and third derivatives of f, where the
// integrals are ln m - ln M, (ln^2 m - ln^2 M)/2 and (ln^3 m - ln^3 M)/3,
// and with L = ln n the derivatives are, for k = 0, 1, 2:
// f1 = -1/n^2, (1 - L)/n^2, (2L - L^2)/n^2 and
// f3 = -6/n^4, (11 - 6L)/n^4, (-12 + 22L - 6L^2)/n^4.
func logPrefix(m int64) (s0, s1, s2 float64) {
	if m <= 0 {
		return 0, 0, 0
	}
	t := direct()
	if m <= prefixDirect {
		return t[m][0], t[m][1], t[m][2]
	}
	em := func(n float64) (i, f, d1, d3 [3]float64) {
		L := math.Log(n)
		n2, n4 := n*n, n*n*n*n
		i = [3]float64{L, L * L / 2, L * L * L / 3}
		f = [3]float64{1 / n, L / n, L * L / n}
		d1 = [3]float64{-1 / n2, (1 - L) / n2, (2*L - L*L) / n2}
		d3 = [3]float64{-6 / n4, (11 - 6*L) / n4, (-12 + 22*L - 6*L*L) / n4}
		return
	}
	iM, fM, d1M, d3M := em(prefixDirect)
	im, fm, d1m, d3m := em(float64(m))
	var s [3]float64
	for k := range s {
		// sum over M <= n <= m, then without n = M, which t holds.
		sum := (im[k] - iM[k]) + (fM[k]+fm[k])/2 + (d1m[k]-d1M[k])/12 - (d3m[k]-d3M[k])/720
		s[k] = t[prefixDirect][k] + sum - fM[k]
	}
	return s[0], s[1], s[2]
}
