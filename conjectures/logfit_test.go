package conjectures

import (
	"context"
	"math"
	"math/rand"
	"testing"

	"fibnim/grundy"
)

// bruteFit is the oracle of the log fit, written straight from its
// definition and sharing no code with logfit.go: for every n of
// from..to, the weight 1/n, the normal equations of
// minimise sum (y(n) - alpha ln n - beta)^2 / n summed term by term (in
// Kahan's compensated sums), the weighted RMS residual, and the largest
// residual over every n.
func bruteFit(y func(n int64) float64, from, to int64) (alpha, beta, rms, maxRes float64, maxAt int64) {
	var w, wx, wxx, wy, wxy kahan
	for n := from; n <= to; n++ {
		x, v := math.Log(float64(n)), 1/float64(n)
		w.add(v)
		wx.add(v * x)
		wxx.add(v * x * x)
		wy.add(v * y(n))
		wxy.add(v * x * y(n))
	}
	W, X, XX, Y, XY := w.sum, wx.sum, wxx.sum, wy.sum, wxy.sum
	// Centred, as a textbook writes it: alpha = cov_w(x, y) / var_w(x).
	mx, my := X/W, Y/W
	alpha = (XY/W - mx*my) / (XX/W - mx*mx)
	beta = my - alpha*mx
	var ss kahan
	for n := from; n <= to; n++ {
		r := y(n) - alpha*math.Log(float64(n)) - beta
		ss.add(r * r / float64(n))
		if math.Abs(r) > math.Abs(maxRes) {
			maxRes, maxAt = r, n
		}
	}
	return alpha, beta, math.Sqrt(ss.sum / W), maxRes, maxAt
}

type kahan struct{ sum, c float64 }

func (k *kahan) add(v float64) {
	y := v - k.c
	t := k.sum + y
	k.c = (t - k.sum) - y
	k.sum = t
}

// piecesOf are the runs of G over from..to.
func piecesOf(G []float64, from, to int64) []Piece {
	var p []Piece
	for n := from; n <= to; n++ {
		if len(p) == 0 || G[n] != p[len(p)-1].G {
			p = append(p, Piece{From: n, To: n, G: G[n]})
		}
		p[len(p)-1].To = n
	}
	return p
}

func near(got, want, tol float64) bool {
	return math.Abs(got-want) <= tol*max(1, math.Abs(want))
}

// The prefix sums S_k(m) of ln^k(n)/n, direct up to prefixDirect and by
// Euler-Maclaurin beyond, against term-by-term compensated sums, on every
// m to 3*10^5 and at a few m past it (to 10^7 in the long test).
func TestLogPrefixAgainstDirect(t *testing.T) {
	top := int64(300_000)
	if !testing.Short() {
		top = 10_000_000
	}
	var s [3]kahan
	checked := 0
	for n := int64(1); n <= top; n++ {
		x, v := math.Log(float64(n)), 1/float64(n)
		s[0].add(v)
		s[1].add(v * x)
		s[2].add(v * x * x)
		if n > 300_000 && n%99_991 != 0 && n != top {
			continue
		}
		got0, got1, got2 := logPrefix(n)
		for k, got := range []float64{got0, got1, got2} {
			if !near(got, s[k].sum, 1e-13) {
				t.Fatalf("S_%d(%d) = %.17g, summed term by term %.17g", k, n, got, s[k].sum)
			}
		}
		checked++
	}
	if a, b, c := logPrefix(0); a != 0 || b != 0 || c != 0 {
		t.Errorf("S(0) = %v %v %v, want 0", a, b, c)
	}
	t.Logf("%d prefixes checked, m = 1..%d", checked, top)
}

// The fit of pieces, against the brute-force oracle on every n: the
// Grundy values of a = 2 and of a = 3/2 (as the engine computes them), a
// random walk that goes down as well as up, and pieces that do not start
// at n = 1.
func TestFitAgainstBruteForce(t *testing.T) {
	N := 200_000
	if testing.Short() {
		N = 30_000
	}
	cases := map[string][]float64{}
	for _, a := range []grundy.Multiplier{grundy.Fibonacci, {P: 3, Q: 2}} {
		counts := grundy.NewStartCounts(N)
		if _, err := grundy.Breakpoints(context.Background(), grundy.BreakpointConfig{N: N, Mult: a, Workers: 2, Counts: counts}); err != nil {
			t.Fatal(err)
		}
		G := make([]float64, N+1)
		for n := range G {
			G[n] = float64(counts.G(n))
		}
		cases["G of a = "+a.String()] = G
	}
	rng := rand.New(rand.NewSource(44)) // seed 44
	walk := make([]float64, N+1)
	for n := 1; n <= N; n++ {
		walk[n] = walk[n-1]
		if rng.Intn(50) == 0 {
			walk[n] += float64(rng.Intn(7) - 2)
		}
	}
	cases["a random walk (seed 44)"] = walk
	for name, G := range cases {
		for _, r := range [][2]int64{{1, int64(N)}, {1, 2}, {1, 9}, {17, 5000}, {1000, int64(N)}} {
			f := FitPieces(piecesOf(G, r[0], r[1]))
			alpha, beta, rms, maxRes, maxAt := bruteFit(func(n int64) float64 { return G[n] }, r[0], r[1])
			// Where every residual is zero but for rounding (two n), where
			// the largest is found is rounding too.
			exact := math.Abs(maxRes) < 1e-9 && math.Abs(f.MaxResidual) < 1e-9
			if f.From != r[0] || f.To != r[1] || !near(f.Alpha, alpha, 1e-9) || !near(f.Beta, beta, 1e-9) || !near(f.RMS, rms, 1e-7) ||
				!near(f.MaxResidual, maxRes, 1e-9) || f.MaxAt != maxAt && !exact {
				t.Errorf("%s on %d..%d: fit %+v; brute force alpha %.12g beta %.12g RMS %.12g, largest residual %.12g at %d",
					name, r[0], r[1], f, alpha, beta, rms, maxRes, maxAt)
			}
		}
	}
}

// Data of known slope: a line alpha ln n + beta, one piece per n, gives
// back alpha and beta, with no residual; and G(n) = floor(ln n / ln b) on
// n = 1..b^K - 1 gives the slope the weighted fit predicts for a
// staircase, 1/ln b times (1 - 1/K^2) to within the steps' discreteness,
// where ordinary least squares would follow the last step.
func TestFitKnownSlope(t *testing.T) {
	var line []Piece
	for n := int64(1); n <= 5000; n++ {
		line = append(line, Piece{From: n, To: n, G: 3.25*math.Log(float64(n)) - 1.5})
	}
	f := FitPieces(line)
	if !near(f.Alpha, 3.25, 1e-9) || !near(f.Beta, -1.5, 1e-9) || f.RMS > 1e-6 || math.Abs(f.MaxResidual) > 1e-9 {
		t.Errorf("the line 3.25 ln n - 1.5: fit %+v", f)
	}
	// The staircase: with x = ln n and the weights 1/n ~ dx, G(n) =
	// floor(x/c) (c = ln b) is x/c minus a sawtooth s(x) of period c that
	// rises from 0 to 1. Over M whole periods, cov(x, s) = c/12 and
	// var(x) = (Mc)^2/12, so the slope is 1/c - cov(x, s)/var(x) =
	// (1/c)(1 - 1/M^2). Far from n = 1 the sum is close to the integral:
	// the steps b^k <= n < b^(k+1) for k = 12..31.
	b, k0, K := 2.0, 12, 32
	var stairs []Piece
	for k := k0; k < K; k++ {
		stairs = append(stairs, Piece{From: int64(math.Pow(b, float64(k))), To: int64(math.Pow(b, float64(k+1))) - 1, G: float64(k)})
	}
	f = FitPieces(stairs)
	M := float64(K - k0)
	want := (1 / math.Log(b)) * (1 - 1/(M*M))
	if math.Abs(f.Alpha-want) > 1e-4 {
		t.Errorf("floor(log_2 n) on 2^%d..2^%d-1: slope %.6f, want %.6f (1/ln 2 = %.6f)", k0, K, f.Alpha, want, 1/math.Log(b))
	}
}

// FitDecades fits each decade alone: its ranges are the decades, cut at
// the pieces' end, and each fit is the brute force's on that decade.
func TestFitDecades(t *testing.T) {
	N := int64(123_456)
	G := make([]float64, N+1)
	for n := int64(1); n <= N; n++ {
		G[n] = math.Floor(3.9 * math.Log(float64(n)))
	}
	fits := FitDecades(piecesOf(G, 1, N))
	want := [][2]int64{{1, 9}, {10, 99}, {100, 999}, {1000, 9999}, {10_000, 99_999}, {100_000, N}}
	if len(fits) != len(want) {
		t.Fatalf("%d decades, want %d: %+v", len(fits), len(want), fits)
	}
	for i, f := range fits {
		alpha, beta, rms, _, _ := bruteFit(func(n int64) float64 { return G[n] }, want[i][0], want[i][1])
		// The last decade, 100,000..123,456, spans 0.21 in ln n: beta,
		// the line's value at ln n = 0, is an extrapolation 50 times that
		// width away, and both computations round it at 1e-9.
		if f.From != want[i][0] || f.To != want[i][1] || !near(f.Alpha, alpha, 1e-9) || !near(f.Beta, beta, 1e-7) || !near(f.RMS, rms, 1e-7) {
			t.Errorf("decade %d: %+v; want %d..%d, alpha %.12g beta %.12g RMS %.12g", i, f, want[i][0], want[i][1], alpha, beta, rms)
		}
	}
	// A last decade of one n has no fit.
	if fits := FitDecades(piecesOf(G, 1, 1000)); fits[len(fits)-1].To != 999 {
		t.Errorf("to N = 1000, the last decade is %+v, want 100..999", fits[len(fits)-1])
	}
}

// The fit from h(g) alone (what the atlas recomputes for its rows) is the
// fit of the table's own runs, bit for bit, as the stream makes it.
func TestFitFirstReachIsTheStreamsFit(t *testing.T) {
	s, _ := testData(t)
	alpha, beta, rms, maxRes, maxAt := FitLog(s)
	var h []int64
	for n, g := range s.Full {
		if int(g) == len(h) {
			h = append(h, int64(n))
		}
	}
	f, dec := FitFirstReach(h, int64(s.N()))
	if f.Alpha != alpha || f.Beta != beta || f.RMS != rms || f.MaxResidual != maxRes || f.MaxAt != maxAt {
		t.Errorf("from h(g): %+v; FitLog: %v %v %v %v %v", f, alpha, beta, rms, maxRes, maxAt)
	}
	G := make([]float64, len(s.Full))
	for n, g := range s.Full {
		G[n] = float64(g)
	}
	if want := FitDecades(piecesOf(G, 1, int64(s.N()))); len(dec) != len(want) || dec[len(dec)-1] != want[len(want)-1] {
		t.Errorf("decades from h(g) %+v, from the runs %+v", dec, want)
	}
}
