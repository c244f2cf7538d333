package figures

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestEnvelope checks, against brute force, that the bins partition lo..hi
// into consecutive runs and that each keeps the exact extremes of its run,
// so the global extremes survive downsampling on linear and log axes.
func TestEnvelope(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cases := []struct {
		lo, hi, bins int
		logX         bool
	}{
		{0, 0, 10, false}, {0, 9, 10, false}, {0, 9, 100, false}, {0, 1000, 7, false},
		{5, 100000, 800, false}, {1, 1, 3, true}, {1, 50, 800, true}, {1, 100000, 800, true},
		{17, 5000, 33, true}, {2, 3, 1, true},
	}
	for _, c := range cases {
		y := make([]float64, c.hi+1)
		for i := range y {
			y[i] = math.Floor(rng.NormFloat64() * 10)
		}
		// A lone spike and a lone dip that a mean or a stride would hide.
		spike, dip := c.lo+(c.hi-c.lo)/3, c.lo+2*(c.hi-c.lo)/3
		y[spike], y[dip] = 1e6, -1e6
		bs := envelope(c.lo, c.hi, func(i int) float64 { return y[i] }, c.bins, c.logX)
		if len(bs) == 0 || len(bs) > c.bins {
			t.Fatalf("%+v: %d bins", c, len(bs))
		}
		next := c.lo
		gmin, gmax := math.Inf(1), math.Inf(-1)
		for _, b := range bs {
			if b.First != next || b.Last < b.First {
				t.Fatalf("%+v: bin %+v does not follow %d", c, b, next-1)
			}
			next = b.Last + 1
			mn, mx, amn, amx := math.Inf(1), math.Inf(-1), -1, -1
			for i := b.First; i <= b.Last; i++ {
				if y[i] < mn {
					mn, amn = y[i], i
				}
				if y[i] > mx {
					mx, amx = y[i], i
				}
			}
			if b.Min != mn || b.Max != mx || b.ArgMin != amn || b.ArgMax != amx {
				t.Fatalf("%+v: bin %d..%d has %+v, brute force min %v at %d, max %v at %d", c, b.First, b.Last, b, mn, amn, mx, amx)
			}
			gmin, gmax = min(gmin, b.Min), max(gmax, b.Max)
		}
		if next != c.hi+1 {
			t.Fatalf("%+v: bins end at %d", c, next-1)
		}
		wmin, wmax := math.Inf(1), math.Inf(-1)
		for _, v := range y[c.lo : c.hi+1] {
			wmin, wmax = min(wmin, v), max(wmax, v)
		}
		if gmin != wmin || gmax != wmax {
			t.Fatalf("%+v: extremes lost: min %v max %v, want %v %v", c, gmin, gmax, wmin, wmax)
		}
		// The polyline passes through both and is ordered in x.
		xy := polyline(bs)
		var sawMin, sawMax bool
		for i, p := range xy {
			if i > 0 && p.X < xy[i-1].X {
				t.Fatalf("%+v: polyline not ordered at %d", c, i)
			}
			sawMin = sawMin || p.Y == gmin
			sawMax = sawMax || p.Y == gmax
		}
		if !sawMin || !sawMax {
			t.Fatalf("%+v: polyline misses an extreme (min %v, max %v)", c, sawMin, sawMax)
		}
	}
}

func TestEnvelopeLogBinsWiden(t *testing.T) {
	bs := envelope(1, 1000000, func(i int) float64 { return 0 }, 100, true)
	if w0, w1 := bs[0].Last-bs[0].First, bs[len(bs)-1].Last-bs[len(bs)-1].First; w1 <= w0*100 {
		t.Fatalf("log bins should widen geometrically: first %d, last %d", w0, w1)
	}
}

// TestBlockGrid checks the heat-map downsampling against the brute-force
// block maximum: the largest value of a block is never averaged away.
func TestBlockGrid(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range []struct{ N, cells int }{{0, 5}, {10, 100}, {10, 3}, {99, 10}, {250, 37}} {
		tab := &denseTable{rows: make([][]uint16, c.N+1)}
		for n := range tab.rows {
			tab.rows[n] = make([]uint16, n+1)
			for r := range tab.rows[n] {
				tab.rows[n][r] = uint16(rng.IntN(20))
			}
		}
		if c.N > 0 {
			tab.rows[c.N/2][c.N/4] = 999 // a lone peak
		}
		g := newBlockGrid(tab, c.N, c.cells)
		nc, nr := g.Dims()
		if nc > c.cells || nc*g.size < c.N+1 {
			t.Fatalf("%+v: %d blocks of %d do not cover 0..%d in at most %d cells", c, nc, g.size, c.N, c.cells)
		}
		peak := math.Inf(-1)
		for bc := 0; bc < nc; bc++ {
			for br := 0; br < nr; br++ {
				want := math.NaN()
				for n := bc * g.size; n < (bc+1)*g.size && n <= c.N; n++ {
					for r := br * g.size; r < (br+1)*g.size && r <= n; r++ {
						if v := float64(tab.rows[n][r]); math.IsNaN(want) || v > want {
							want = v
						}
					}
				}
				got := g.Z(bc, br)
				if got != want && !(math.IsNaN(got) && math.IsNaN(want)) {
					t.Fatalf("%+v: block (%d, %d) = %v, brute force max %v", c, bc, br, got, want)
				}
				if !math.IsNaN(got) {
					peak = max(peak, got)
				}
			}
		}
		if c.N > 0 && peak != 999 {
			t.Fatalf("%+v: the peak was lost (max %v)", c, peak)
		}
	}
}
