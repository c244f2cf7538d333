package figures

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"fibnim/conjectures"
	"fibnim/grundy"
)

// tableLimit is the largest n of the cell-by-cell heat map.
const tableLimit = 60

// tolRainbow[k] is Paul Tol's discrete rainbow scheme for k classes
// (P. Tol, "Colour schemes", SRON/EPS/TN/09-002, fig. 22): ordered from
// purple through blue, green and yellow to red like the values, yet every
// colour distinguishable from every other, also with colour-blindness, so
// that a cell's value can be read off the colour bar. (A continuous map
// such as viridis cannot be read at a dozen levels.)
var tolRainbow = [...][]string{
	3:  {"1965B0", "F7F056", "DC050C"},
	4:  {"1965B0", "4EB265", "F7F056", "DC050C"},
	5:  {"1965B0", "7BAFDE", "4EB265", "F7F056", "DC050C"},
	6:  {"1965B0", "7BAFDE", "4EB265", "CAE0AB", "F7F056", "DC050C"},
	7:  {"882E72", "1965B0", "7BAFDE", "4EB265", "CAE0AB", "F7F056", "DC050C"},
	8:  {"882E72", "1965B0", "7BAFDE", "4EB265", "CAE0AB", "F7F056", "EE8026", "DC050C"},
	9:  {"882E72", "1965B0", "7BAFDE", "4EB265", "CAE0AB", "F7F056", "EE8026", "DC050C", "72190E"},
	10: {"882E72", "1965B0", "7BAFDE", "4EB265", "CAE0AB", "F7F056", "F4A736", "E8601C", "DC050C", "72190E"},
	11: {"882E72", "1965B0", "5289C7", "7BAFDE", "4EB265", "CAE0AB", "F7F056", "F4A736", "E8601C", "DC050C", "72190E"},
	12: {"D1BBD7", "AA6F9E", "882E72", "1965B0", "5289C7", "7BAFDE", "4EB265", "CAE0AB", "F7F056", "F4A736", "E8601C", "DC050C"},
}

// maxClasses is the most colours a heat map uses: beyond a dozen, even
// the discrete rainbow's neighbours are hard to tell apart.
const maxClasses = 12

// valueClasses groups the values 0..maxG into classes of width
// consecutive values, at most maxClasses of them, one colour each.
type valueClasses struct {
	width, maxG int
	colours     []color.Color
}

func newValueClasses(maxG int) valueClasses {
	width := maxG/maxClasses + 1 // ceil((maxG+1) / maxClasses)
	n := maxG/width + 1
	hex := tolRainbow[max(n, 3)]
	v := valueClasses{width: width, maxG: maxG}
	for _, h := range hex[:max(n, 2)] {
		var r, g, b uint8
		fmt.Sscanf(h, "%02x%02x%02x", &r, &g, &b)
		v.colours = append(v.colours, rgb(r, g, b))
	}
	return v
}

// heatMap draws grid's values in their classes' colours.
func (v valueClasses) heatMap(grid plotter.GridXYZ) *plotter.HeatMap {
	h := plotter.NewHeatMap(classGrid{grid, v.width}, pal(v.colours))
	h.Min, h.Max = 0, float64(len(v.colours)-1)
	return h
}

// label names class i: its value, or its first and last value.
func (v valueClasses) label(i int) string {
	lo, hi := i*v.width, min((i+1)*v.width-1, v.maxG)
	if lo == hi {
		return strconv.Itoa(lo)
	}
	return fmt.Sprintf("%d–%d", lo, hi)
}

// classGrid is a grid of values seen as the index of their class.
type classGrid struct {
	plotter.GridXYZ
	width int
}

func (g classGrid) Z(c, r int) float64 { return math.Floor(g.GridXYZ.Z(c, r) / float64(g.width)) }

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

// colourBar is a narrow plot with one labelled box per class.
func colourBar(v valueClasses) *plot.Plot {
	cb := newPlot("", "", "$G(n, r)$")
	var col columnGrid
	var ticks []plot.Tick
	for i := range v.colours {
		if i*v.width > v.maxG {
			break
		}
		col = append(col, float64(i*v.width))
		ticks = append(ticks, plot.Tick{Value: float64(i), Label: v.label(i)})
	}
	cb.Add(v.heatMap(col))
	cb.HideX()
	cb.Y.Tick.Marker = plot.ConstantTicks(ticks)
	cb.Y.Padding, cb.X.Padding = 0, 0
	return cb
}

type columnGrid []float64

func (g columnGrid) Dims() (c, r int)   { return 1, len(g) }
func (g columnGrid) Z(c, r int) float64 { return g[r] }
func (g columnGrid) X(c int) float64    { return 0 }
func (g columnGrid) Y(r int) float64    { return float64(r) }

// withColourBar draws a heat map with its colour bar at the right. The
// bar's strip is as wide as its coloured boxes (0.25 in) plus its tick
// labels, axis title and ticks, so that longer labels ("21–23") never
// squeeze the boxes away. The marks drawn over the map, which the colour
// bar does not explain, are explained by legend, drawn below the map
// (inside it, it would hide cells); a nil legend takes no room. The map's
// cells are square.
func withColourBar(p, cb *plot.Plot, legend *plot.Legend, caption string) *Figure {
	var labels vg.Length
	for _, t := range cb.Y.Tick.Marker.Ticks(cb.Y.Min, cb.Y.Max) {
		labels = max(labels, cb.Y.Tick.Label.Width(t.Label))
	}
	bar := 0.25*vg.Inch + labels + 0.45*vg.Inch
	var legendHeight, strip vg.Length // the legend's, and with the gap above it
	if legend != nil {
		r := legend.Rectangle(draw.Canvas{})
		legendHeight = r.Max.Y - r.Min.Y
		strip = legendHeight + 0.2*vg.Inch
	}
	return &Figure{Width: fullWidth, Height: mapHeight, Caption: caption, draw: func(c draw.Canvas) {
		full := c
		c = draw.Crop(c, 0, 0, strip, 0)
		// The maps are of square ranges: their cells are square when the
		// data area is. Narrow the map to make it so, and centre the map
		// and its bar on the figure.
		gap := 0.1 * vg.Inch
		da := p.DataCanvas(draw.Crop(c, 0, -bar-gap, 0, 0))
		side := max((da.Max.X-da.Min.X)-(da.Max.Y-da.Min.Y), 0) / 2
		w := c.Max.X - c.Min.X
		mc := draw.Crop(c, side, -bar-gap-side, 0, 0)
		p.Draw(mc)
		cb.Draw(draw.Crop(c, w-bar-side, -side, 0.55*vg.Inch, -0.35*vg.Inch))
		if legend != nil {
			// Below the map, from the left edge of its cells.
			l := *legend
			l.Top, l.Left = true, true
			l.XOffs = p.DataCanvas(mc).Min.X - full.Min.X
			h := full.Max.Y - full.Min.Y
			l.Draw(draw.Crop(full, 0, 0, 0, -(h - legendHeight)))
		}
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

// describe says how v colours the values, for a caption.
func (v valueClasses) describe() string {
	if v.width == 1 {
		return "one colour per value, from Paul Tol's discrete rainbow"
	}
	return fmt.Sprintf("one colour per %d consecutive values, %d colours from Paul Tol's discrete rainbow (%d, one per value, could not be told apart)", v.width, len(v.colours), v.maxG+1)
}

func grundyTable(s *Source) (*Figure, error) {
	t, err := s.loadDense()
	if err != nil {
		return nil, err
	}
	N := min(tableLimit, t.N())
	v := newValueClasses(maxValue(t, N))
	p := newPlot(fmt.Sprintf("Grundy values $G(n, r)$, $a = %s$, $0 ≤ r ≤ n ≤ %d$", t.mult, N), "pile size $n$ (tokens)", "quota $r$ (most tokens that may be removed)")
	p.Add(v.heatMap(triGrid{t, N}))
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = -0.5, float64(N)+0.5, -0.5, float64(N)+0.5
	return withColourBar(p, colourBar(v), nil,
		fmt.Sprintf("$G(n, r)$ for every cell $0 ≤ r ≤ n ≤ %d$ ($a = %s$), %s; $G(n) = G(n, n)$ is the diagonal and the starting position $G(n, n−1)$ lies just below it.", N, t.mult, v.describe())), nil
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
	v := newValueClasses(maxValue(t, N))
	title := fmt.Sprintf("$G(n, r)$, $a = %s$, $0 ≤ r ≤ n ≤ %d$: one pixel per cell", t.mult, N)
	block := "each table cell is one pixel"
	if g.size > 1 {
		title = fmt.Sprintf("$G(n, r)$, $a = %s$, $n ≤ %d$: each pixel the maximum of a $%d×%d$ block", t.mult, N, g.size, g.size)
		block = fmt.Sprintf("each pixel is the largest value in a $%d×%d$ block of cells, so no rise is hidden", g.size, g.size)
	}
	p := newPlot(title, "pile size $n$ (tokens)", "quota $r$ (tokens)")
	h := v.heatMap(g)
	h.Rasterized = true
	p.Add(h)
	half := float64(g.size) / 2
	p.X.Min, p.X.Max = -0.5, float64(N)+half
	p.Y.Min, p.Y.Max = -0.5, float64(N)+half
	return withColourBar(p, colourBar(v), nil,
		fmt.Sprintf("The whole dense table, $0 ≤ r ≤ n ≤ %d$ ($a = %s$); %s; %s.%s", N, t.mult, block, v.describe(), fibBands(t.a))), nil
}

// zeckendorfLimit is the largest n of the Zeckendorf figure.
const zeckendorfLimit = 60

// fibBands is what the whole table shows for a = 2.
func fibBands(a grundy.Multiplier) string {
	if a != grundy.Fibonacci {
		return ""
	}
	return " Values grow slowly along both axes, in bands that follow the Fibonacci numbers."
}

func zeckendorfRows(s *Source) (*Figure, error) {
	if s.mult != grundy.Fibonacci {
		return nil, MissingError{fmt.Sprintf("Zeckendorf's representation and Whinihan's strategy are about a = 2, not a = %s", s.mult)}
	}
	p := newPlot(fmt.Sprintf("Zeckendorf parts of $n = 1, …, %d$", zeckendorfLimit), "tokens (parts laid end to end, smallest first)", "pile size $n$")
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
	p.Legend.Add("smallest part $z₁(n)$: removing it is the winning move from $(n, n−1)$", swatch{vermilion})
	p.Legend.Add("other parts", swatch{skyBlue})
	p.Legend.Add("$n$ a Fibonacci number: $G(n, n−1) = 0$, the first player loses", swatch{grey})
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
		Caption: fmt.Sprintf("Each $n = 1, …, %d$ as the sum of non-consecutive Fibonacci numbers (Zeckendorf), smallest part first, the parts separated by white lines. Removing the smallest part $z₁(n)$ wins from the start $(n, n−1)$ unless $n$ is itself a Fibonacci number (grey), when the first player loses (Whinihan).", zeckendorfLimit)}, nil
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
	p := newPlot(fmt.Sprintf("Cells of value 0–3 and the regions of Theorems 4.1–4.7, $n ≤ %d$", N), "pile size $n$ (tokens)", "quota $r$ (tokens)")
	p.Add(&rects{rs: cells}, edges)
	for g, c := range fill {
		p.Legend.Add(fmt.Sprintf("$G(n, r) = %d$", g), swatch{c})
	}
	p.Legend.Add("$G(n, r) ≥ 4$", swatch{lightGrey})
	p.Legend.Add("boundary predicted by Theorems 4.1, 4.5–4.7", &segments{style: draw.LineStyle{Color: purple, Width: 2}})
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.XOffs = 0.05 * vg.Inch
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = -0.5, float64(N)+0.5, -0.5, float64(N)+0.5
	return &Figure{Width: fullWidth, Height: 5.5 * vg.Inch, draw: func(c draw.Canvas) { p.Draw(c) },
		Caption: fmt.Sprintf("Every cell $(n, r)$, $n ≤ %d$, coloured by its computed value when it is 0 to 3 (light grey: 4 or more); the purple lines are the boundaries of the regions where Theorems 4.1 (value 0), 4.5, 4.6 and 4.7 (values 1, 2, 3) of Larsson & Rubinstein-Salzedo, read from the Zeckendorf parts of $n$, place each value. Where they agree with the data, each line runs exactly along a change of colour.", N)}, nil
}
