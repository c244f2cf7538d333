package figures

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"fibnim/conjectures"
	"fibnim/grundy"
)

// tableLimit is the largest n of the cell-by-cell heat map.
const tableLimit = 60

// viridis are ten anchor colours of the viridis map (van der Walt and
// Smith, matplotlib's default): perceptually uniform, readable in grey and
// with colour-blindness, dark at 0 and never white, so no value vanishes
// into the background.
var viridis = []color.RGBA{
	rgb(0x44, 0x01, 0x54), rgb(0x48, 0x28, 0x78), rgb(0x3e, 0x49, 0x89), rgb(0x31, 0x68, 0x8e), rgb(0x26, 0x82, 0x8e),
	rgb(0x1f, 0x9e, 0x89), rgb(0x35, 0xb7, 0x79), rgb(0x6e, 0xce, 0x58), rgb(0xb5, 0xde, 0x2b), rgb(0xfd, 0xe7, 0x25),
}

// valuePalette has one colour per Grundy value 0..maxG, spread evenly over
// viridis by linear interpolation between its anchors.
func valuePalette(maxG int) palette.Palette {
	cols := make([]color.Color, maxG+1)
	for g := range cols {
		t := 0.0
		if maxG > 0 {
			t = float64(g) / float64(maxG) * float64(len(viridis)-1)
		}
		i := min(int(t), len(viridis)-2)
		f := t - float64(i)
		a, b := viridis[i], viridis[i+1]
		mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + f*(float64(y)-float64(x)))) }
		cols[g] = rgb(mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B))
	}
	return pal(cols)
}

type pal []color.Color

func (p pal) Colors() []color.Color { return p }

// triGrid is G(n, r) for 0 <= r <= n <= N as a heat-map grid; NaN above
// the diagonal.
type triGrid struct {
	t *denseTable
	N int
}

func (g triGrid) Dims() (c, r int) { return g.N + 1, g.N + 1 }
func (g triGrid) Z(c, r int) float64 {
	if r > c {
		return math.NaN()
	}
	return float64(g.t.rows[c][r])
}
func (g triGrid) X(c int) float64 { return float64(c) }
func (g triGrid) Y(r int) float64 { return float64(r) }

// valueTicks labels every value, or every 5th once there are many.
func valueTicks(maxG int) plot.ConstantTicks {
	step := 1
	if maxG > 20 {
		step = 5
	}
	var ts []plot.Tick
	for g := 0; g <= maxG; g++ {
		if g%step == 0 || g == maxG {
			ts = append(ts, plot.Tick{Value: float64(g), Label: strconv.Itoa(g)})
		}
	}
	return ts
}

// colourBar is a narrow plot with one box per value.
func colourBar(p palette.Palette, maxG int) *plot.Plot {
	cb := newPlot("", "", "G(n, r)")
	z := make([][]float64, 1)
	for g := 0; g <= maxG; g++ {
		z[0] = append(z[0], float64(g))
	}
	h := plotter.NewHeatMap(columnGrid(z[0]), p)
	h.Min, h.Max = 0, float64(max(maxG, 1))
	cb.Add(h)
	cb.HideX()
	cb.Y.Tick.Marker = valueTicks(maxG)
	cb.Y.Padding, cb.X.Padding = 0, 0
	return cb
}

type columnGrid []float64

func (g columnGrid) Dims() (c, r int)   { return 1, len(g) }
func (g columnGrid) Z(c, r int) float64 { return g[r] }
func (g columnGrid) X(c int) float64    { return 0 }
func (g columnGrid) Y(r int) float64    { return float64(r) }

// withColourBar draws a heat map with its colour bar at the right.
func withColourBar(p, cb *plot.Plot, caption string) *Figure {
	return &Figure{Width: fullWidth, Height: 5.2 * vg.Inch, Caption: caption, draw: func(c draw.Canvas) {
		w := c.Max.X - c.Min.X
		bar := 0.75 * vg.Inch
		p.Draw(draw.Crop(c, 0, -bar-0.1*vg.Inch, 0, 0))
		cb.Draw(draw.Crop(c, w-bar, 0, 0.55*vg.Inch, -0.35*vg.Inch))
	}}
}

func maxValue(t *denseTable, N int) int {
	m := 0
	for n := 0; n <= N; n++ {
		for _, g := range t.rows[n] {
			m = max(m, int(g))
		}
	}
	return m
}

func grundyTable(s *Source) (*Figure, error) {
	t, err := s.loadDense()
	if err != nil {
		return nil, err
	}
	N := min(tableLimit, t.N())
	maxG := maxValue(t, N)
	pl := valuePalette(maxG)
	p := newPlot(fmt.Sprintf("Grundy values G(n, r), a = %s, 0 ≤ r ≤ n ≤ %d", t.mult, N), "pile size n (tokens)", "quota r (most tokens that may be removed)")
	h := plotter.NewHeatMap(triGrid{t, N}, pl)
	h.Min, h.Max = 0, float64(max(maxG, 1))
	p.Add(h)
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = -0.5, float64(N)+0.5, -0.5, float64(N)+0.5
	return withColourBar(p, colourBar(pl, maxG),
		fmt.Sprintf("G(n, r) for every cell 0 ≤ r ≤ n ≤ %d (a = %s), one colour per value; G(n) = G(n, n) is the diagonal and the starting position G(n, n-1) lies just below it.", N, t.mult)), nil
}

func grundyTableFull(s *Source) (*Figure, error) {
	t, err := s.loadDense()
	if err != nil {
		return nil, err
	}
	N := t.N()
	if N <= tableLimit {
		return nil, MissingError{fmt.Sprintf("the dense table only reaches n = %d; grundy_table shows it all", N)}
	}
	g := newBlockGrid(t, N, 500)
	maxG := maxValue(t, N)
	pl := valuePalette(maxG)
	p := newPlot(fmt.Sprintf("Grundy values G(n, r), a = %s, 0 ≤ r ≤ n ≤ %d", t.mult, N), "pile size n (tokens)", "quota r (tokens)")
	h := plotter.NewHeatMap(g, pl)
	h.Min, h.Max = 0, float64(max(maxG, 1))
	h.Rasterized = true
	p.Add(h)
	half := float64(g.size) / 2
	p.X.Min, p.X.Max = -0.5, float64(N)+half
	p.Y.Min, p.Y.Max = -0.5, float64(N)+half
	block := "each table cell is one pixel"
	if g.size > 1 {
		block = fmt.Sprintf("each pixel is the largest value in a %d×%d block of cells, so no rise is hidden", g.size, g.size)
	}
	return withColourBar(p, colourBar(pl, maxG),
		fmt.Sprintf("The whole dense table, 0 ≤ r ≤ n ≤ %d (a = %s); %s. Values grow slowly along both axes, in bands that follow the Fibonacci numbers.", N, t.mult, block)), nil
}

// zeckendorfLimit is the largest n of the Zeckendorf figure.
const zeckendorfLimit = 60

func zeckendorfRows(*Source) (*Figure, error) {
	p := newPlot(fmt.Sprintf("Zeckendorf parts of n = 1..%d", zeckendorfLimit), "tokens (parts laid end to end, smallest first)", "pile size n")
	var win, rest, fib []rect
	for n := 1; n <= zeckendorfLimit; n++ {
		parts := grundy.Zeckendorf(n) // ascending: z_1 < z_2 < ...
		y0, y1 := float64(n)-0.4, float64(n)+0.4
		x := 0.0
		for i, z := range parts {
			r := rect{x0: x, x1: x + float64(z), y0: y0, y1: y1}
			switch {
			case len(parts) == 1:
				r.fill = grey
				fib = append(fib, r)
			case i == 0:
				r.fill = vermilion
				win = append(win, r)
			default:
				r.fill = skyBlue
				rest = append(rest, r)
			}
			x += float64(z)
		}
	}
	all := &rects{rs: append(append(append([]rect{}, fib...), rest...), win...)}
	all.outline = draw.LineStyle{Color: color.White, Width: 0.6}
	p.Add(all)
	p.Legend.Add("smallest part z₁(n): removing it is the winning move from (n, n-1)", swatch{vermilion})
	p.Legend.Add("other parts", swatch{skyBlue})
	p.Legend.Add("n a Fibonacci number: G(n, n-1) = 0, the first player loses", swatch{grey})
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.YOffs = -0.05 * vg.Inch
	p.Legend.XOffs = 0.05 * vg.Inch
	p.X.Min, p.X.Max = 0, zeckendorfLimit
	p.Y.Min, p.Y.Max = 0.5, zeckendorfLimit+14
	var ts []plot.Tick
	for n := 0; n <= zeckendorfLimit; n += 5 {
		ts = append(ts, plot.Tick{Value: float64(n), Label: strconv.Itoa(n)})
	}
	p.Y.Tick.Marker = plot.ConstantTicks(ts)
	return &Figure{Width: fullWidth, Height: 6 * vg.Inch, draw: func(c draw.Canvas) { p.Draw(c) },
		Caption: fmt.Sprintf("Each n = 1..%d as the sum of non-consecutive Fibonacci numbers (Zeckendorf), smallest part first. Removing the smallest part z₁(n) wins from the start (n, n-1) unless n is itself a Fibonacci number (grey), when the first player loses (Whinihan).", zeckendorfLimit)}, nil
}

// regionLimit is the largest n of the value-regions figure.
const regionLimit = 89

func valueRegions(s *Source) (*Figure, error) {
	t, err := s.loadDense()
	if err != nil {
		return nil, err
	}
	if s.mult.String() != "2" {
		return nil, MissingError{"Theorems 4.1-4.7 are about a = 2"}
	}
	N := min(regionLimit, t.N())
	fill := []color.Color{black, vermilion, skyBlue, green}
	var cells []rect
	for n := 0; n <= N; n++ {
		for r, g := range t.rows[n] {
			c := color.Color(lightGrey)
			if g < 4 {
				c = fill[g]
			}
			cells = append(cells, rect{x0: float64(n) - 0.5, x1: float64(n) + 0.5, y0: float64(r) - 0.5, y1: float64(r) + 0.5, fill: c})
		}
	}
	// predicted(n, r) is the value 0..3 that the theorems give the cell,
	// -1 for a cell they place at 4 or more, -2 outside the table.
	predicted := func(n, r int) int {
		if n < 0 || r < 0 || r > n || n > N {
			return -2
		}
		for g := 0; g < 4; g++ {
			if lo, hi := conjectures.Predicted(n, g); int64(r) >= lo && int64(r) < hi {
				return g
			}
		}
		return -1
	}
	edges := &segments{style: draw.LineStyle{Color: purple, Width: 1.1}}
	for n := 0; n <= N; n++ {
		for r := 0; r <= n; r++ {
			v := predicted(n, r)
			x, y := float64(n), float64(r)
			if w := predicted(n+1, r); w != v && (v >= 0 || w >= 0) && w != -2 {
				edges.segs = append(edges.segs, [2][2]float64{{x + 0.5, y - 0.5}, {x + 0.5, y + 0.5}})
			}
			if w := predicted(n, r+1); w != v && (v >= 0 || w >= 0) && w != -2 {
				edges.segs = append(edges.segs, [2][2]float64{{x - 0.5, y + 0.5}, {x + 0.5, y + 0.5}})
			}
		}
	}
	p := newPlot(fmt.Sprintf("Cells of value 0-3 and the regions of Theorems 4.1-4.7, n ≤ %d", N), "pile size n (tokens)", "quota r (tokens)")
	p.Add(&rects{rs: cells}, edges)
	for g, c := range fill {
		p.Legend.Add(fmt.Sprintf("G(n, r) = %d", g), swatch{c})
	}
	p.Legend.Add("G(n, r) ≥ 4", swatch{lightGrey})
	p.Legend.Add("boundary predicted by Theorems 4.1, 4.5-4.7", &segments{style: draw.LineStyle{Color: purple, Width: 2}})
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.XOffs = 0.05 * vg.Inch
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = -0.5, float64(N)+0.5, -0.5, float64(N)+0.5
	return &Figure{Width: fullWidth, Height: 5.5 * vg.Inch, draw: func(c draw.Canvas) { p.Draw(c) },
		Caption: fmt.Sprintf("Every cell (n, r), n ≤ %d, coloured by its computed value when it is 0 to 3; the purple lines are the boundaries of the regions where Theorems 4.1 (value 0), 4.5, 4.6 and 4.7 (values 1, 2, 3) of Larsson & Rubinstein-Salzedo, read from the Zeckendorf parts of n, place each value. Where they agree with the data, each line runs exactly along a change of colour.", N)}, nil
}
