package figures

import (
	"errors"
	"fmt"
	"image/color"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg/draw"

	"fibnim/globalnim"
)

// The figures of the global game (package globalnim): two piles and one
// shared limit, drawn from ROOT/global/mult=A when it is there.

// globalLimit is the largest pile the global figures draw, one cell per
// position: a larger table is shown to this pile (the caption says so).
// The thresholds R_1 run in narrow stripes along the diagonal, which the
// P-position figure shows only to pLimit, where they can be told apart
// (at 200 the cells were 8 pixels wide, and the alternation of R_1 = 1
// and 2 along the stripes made a moire pattern on screen).
const (
	globalLimit = 500
	pLimit      = 100
)

// loadGlobal reads the global table of the Source's multiplier, once.
func (s *Source) loadGlobal() (*globalnim.Table, error) {
	if s.global != nil {
		return s.global, nil
	}
	dir := globalnim.Dir(s.dir, s.mult)
	if _, err := os.Stat(filepath.Join(dir, globalnim.PositionsFile)); errors.Is(err, fs.ErrNotExist) {
		return nil, MissingError{filepath.Join(dir, globalnim.PositionsFile) + " not found (compute global)"}
	}
	t, err := globalnim.Open(dir)
	if err != nil {
		return nil, err
	}
	s.global = t
	return t, nil
}

// squareGrid is z(x, y) on the square 0 <= x, y <= N, one cell each.
type squareGrid struct {
	N int
	z func(x, y int) float64
}

func (g squareGrid) Dims() (c, r int)   { return g.N + 1, g.N + 1 }
func (g squareGrid) Z(c, r int) float64 { return g.z(c, r) }
func (g squareGrid) X(c int) float64    { return float64(c) }
func (g squareGrid) Y(r int) float64    { return float64(r) }

// shown says which part of a table of size M a global figure draws, at
// most piles of limit.
func shown(M, limit int) (int, string) {
	N := min(M, limit)
	if N < M {
		return N, fmt.Sprintf(" (the table reaches %d; the figure shows piles up to %d, one cell per position)", M, N)
	}
	return N, ""
}

// fibClasses are the colour classes of a threshold R_1: [F_i, F_{i+1})
// between consecutive Fibonacci numbers 1, 2, 3, 5, ..., the last class
// open above; at most maxClasses.
type fibClasses struct {
	lo      []int // lo[i]: the least value of class i
	colours []color.Color
}

func newFibClasses(maxV int) fibClasses {
	f := fibClasses{lo: []int{1}}
	a, b := 1, 2
	for b <= maxV && len(f.lo) < maxClasses {
		f.lo = append(f.lo, b)
		a, b = b, a+b
	}
	hex := tolRainbow[max(len(f.lo), 3)]
	for _, h := range hex[:max(len(f.lo), 2)] {
		var r, g, bl uint8
		fmt.Sscanf(h, "%02x%02x%02x", &r, &g, &bl)
		f.colours = append(f.colours, rgb(r, g, bl))
	}
	return f
}

func (f fibClasses) class(v int) float64 {
	i := 0
	for i+1 < len(f.lo) && f.lo[i+1] <= v {
		i++
	}
	return float64(i)
}

func (f fibClasses) label(i int) string {
	switch {
	case i+1 == len(f.lo):
		return fmt.Sprintf("≥ %d", f.lo[i])
	case f.lo[i+1]-1 == f.lo[i]:
		return strconv.Itoa(f.lo[i])
	}
	return fmt.Sprintf("%d–%d", f.lo[i], f.lo[i+1]-1)
}

// bar is the colour bar of the classes.
func (f fibClasses) bar(title string) *plot.Plot {
	cb := newPlot("", "", title)
	var col columnGrid
	var ticks []plot.Tick
	for i := range f.lo {
		col = append(col, float64(i))
		ticks = append(ticks, plot.Tick{Value: float64(i), Label: f.label(i)})
	}
	h := plotter.NewHeatMap(col, pal(f.colours))
	h.Min, h.Max = 0, float64(len(f.colours)-1)
	cb.Add(h)
	cb.HideX()
	cb.Y.Tick.Marker = plot.ConstantTicks(ticks)
	cb.Y.Padding, cb.X.Padding = 0, 0
	return cb
}

func globalPPositions(s *Source) (*Figure, error) {
	t, err := s.loadGlobal()
	if err != nil {
		return nil, err
	}
	N, note := shown(t.M, pLimit)
	f := newFibClasses(N)
	grid := squareGrid{N: N, z: func(x, y int) float64 {
		bs := t.Breakpoints(x, y)
		if len(bs) == 0 {
			return math.NaN() // a P-position at every limit
		}
		return f.class(int(bs[0]))
	}}
	h := plotter.NewHeatMap(grid, pal(f.colours))
	h.Min, h.Max = 0, float64(len(f.colours)-1)
	var pts plotter.XYs
	for y := 0; y <= N; y++ {
		for x := 0; x <= N; x++ {
			// The diagonal is left white: a P-position at every limit.
			if x != y && t.Start(x, y) == 0 {
				pts = append(pts, plotter.XY{X: float64(x), Y: float64(y)})
			}
		}
	}
	p := newPlot(fmt.Sprintf("Global Fibonacci nim, $a = %s$: P-positions at the start, $x, y ≤ %d$", t.Mult, N), "pile $x$ (tokens)", "pile $y$ (tokens)")
	p.Add(h)
	dots := scatter(pts, black, draw.CircleGlyph{}, 2.2)
	p.Add(dots)
	leg := plot.NewLegend()
	styleLegend(&leg)
	leg.Add("white, on the diagonal $x = y$: a P-position at every limit $r$, so it has no $R₁$", cell{color.White})
	leg.Add("black dot, off the diagonal: a P-position at the start $r = min(x+y−1, max(x, y))$", dots)
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = -0.5, float64(N)+0.5, -0.5, float64(N)+0.5
	cap := fmt.Sprintf("Global Fibonacci nim ($a = %s$), piles $0 ≤ x, y ≤ %d$%s. The P-positions at the start $r = min(x+y−1, max(x, y))$ "+
		"are the diagonal $x = y$ (white: a P-position at every limit) and $(0, n)$, $(n, 0)$ with $n$ in $F(a)$ (black dots; $a = 2$: the Fibonacci numbers), as the lemma GLOBAL-start-P proves. "+
		"Colour: $R₁(x, y)$, the least limit at which $(x, y)$ is an N-position, so that $(x, y, r)$ is a P-position exactly when $r < R₁(x, y)$; "+
		"classes between consecutive Fibonacci numbers.", t.Mult, N, note)
	return withColourBar(p, f.bar("$R₁(x, y)$, the least $r$ at which $(x, y, r)$ is an N-position"), &leg, cap), nil
}

func globalValues(s *Source) (*Figure, error) {
	t, err := s.loadGlobal()
	if err != nil {
		return nil, err
	}
	N, note := shown(t.M, globalLimit)
	maxG := 0
	for y := 0; y <= N; y++ {
		for x := 0; x <= y; x++ {
			maxG = max(maxG, t.Start(x, y))
		}
	}
	v := newValueClasses(maxG)
	grid := squareGrid{N: N, z: func(x, y int) float64 { return float64(t.Start(x, y)) }}
	h := v.heatMap(grid)
	h.Rasterized = true
	p := newPlot(fmt.Sprintf("Global Fibonacci nim, $a = %s$: $G(x, y)$ at the start, $x, y ≤ %d$", t.Mult, N), "pile $x$ (tokens)", "pile $y$ (tokens)")
	p.Add(h)
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = -0.5, float64(N)+0.5, -0.5, float64(N)+0.5
	cb := colourBar(v)
	cb.Y.Label.Text = "$G(x, y)$ at the start"
	cap := fmt.Sprintf("Global Fibonacci nim ($a = %s$): the Grundy value $G(x, y, r)$ at the start $r = min(x+y−1, max(x, y))$ of every position $0 ≤ x, y ≤ %d$%s, %s. "+
		"The diagonal is 0 (mirror strategy); values grow away from it, largest %d on this range.", t.Mult, N, note, v.describe(), maxG)
	return withColourBar(p, cb, nil, cap), nil
}
