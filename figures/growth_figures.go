package figures

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"fibnim/conjectures"
	"fibnim/grundy"
	"fibnim/internal/digits"
)

// bins is how many bins a series over n is downsampled to: more than the
// figure's width in points, fewer than its pixels at 300 dpi.
const bins = 800

// logPoints samples f at k points equally spaced in log x on [lo, hi].
func logPoints(lo, hi float64, k int, f func(float64) float64) plotter.XYs {
	xy := make(plotter.XYs, k)
	for i := range xy {
		x := lo * math.Pow(hi/lo, float64(i)/float64(k-1))
		xy[i] = plotter.XY{X: x, Y: f(x)}
	}
	return xy
}

func (v *startValues) conj() *conjectures.Starts {
	return &conjectures.Starts{Start: v.start, Full: v.full}
}

func startValueGrowth(s *Source) (*Figure, error) {
	v, err := s.loadStarts()
	if err != nil {
		return nil, err
	}
	N := v.N()
	if v.a != grundy.Fibonacci {
		return nil, MissingError{fmt.Sprintf("the bounds of Theorem 5.3 it draws are about a = 2, and this table is of a = %s", v.mult)}
	}
	if N < 10 {
		return nil, MissingError{fmt.Sprintf("start values only reach n = %d", N)}
	}
	bs := envelope(1, N, func(n int) float64 { return float64(v.full[n]) }, bins, true)
	maxG := 0.0
	for _, b := range bs {
		maxG = max(maxG, b.Max)
	}
	alpha, beta, rms, _, _ := conjectures.FitLog(v.conj())
	p := newPlot(fmt.Sprintf("Growth of the Grundy value $G(n) = G(n, n)$, $a = %s$", v.mult), "pile size $n$ (tokens, log scale)", "Grundy value")
	logX(p)
	lower := line(logPoints(1, float64(N), 400, func(x float64) float64 { return math.Log(x) / math.Log(1.5) }), blue, 1.2, 4, 2)
	upper := line(logPoints(1, float64(N), 400, func(x float64) float64 { return math.Ceil(2*math.Sqrt(x)) + 1 }), vermilion, 1.2, 4, 2)
	fit := line(logPoints(1, float64(N), 400, func(x float64) float64 { return alpha*math.Log(x) + beta }), green, 1.2, 1, 2)
	g := line(polyline(bs), black, 1.3)
	g.StepStyle = plotter.PostStep
	// The Fibonacci n are drawn at their G(n), on the curve; what makes
	// them special, G(n, n-1) = 0, is said in the legend.
	var fibs, below plotter.XYs
	for n := 1; n <= N; n++ {
		if v.start[n] == 0 {
			fibs = append(fibs, plotter.XY{X: float64(n), Y: float64(v.full[n])})
		}
		if float64(v.full[n]) < math.Log(float64(n))/math.Log(1.5) {
			below = append(below, plotter.XY{X: float64(n), Y: float64(v.full[n])})
		}
	}
	// The points below the printed lower bound are those that package
	// conjectures counts as its failures; say so, or say nothing.
	lowerCheck := conjectures.CheckLRS53Lower(v.conj())
	if int64(len(below)) != lowerCheck.Failures {
		return nil, fmt.Errorf("%d points lie below log_{3/2}(n), but check %s counts %d failures", len(below), lowerCheck.ID, lowerCheck.Failures)
	}
	p.Add(upper, lower, fit, g)
	p.Legend.Add("$G(n)$, computed", g)
	p.Legend.Add("$ln n / ln(3/2)$ (Theorem 5.3, lower bound)", lower)
	p.Legend.Add("$⌈2√n⌉ + 1$ (Theorem 5.3, upper bound)", upper)
	p.Legend.Add(fmt.Sprintf("least-squares fit $%.3f ln n %s$ (RMS %.2f)", alpha, signed(beta), rms), fit)
	if len(fibs) > 0 {
		f := scatter(fibs, orange, draw.CircleGlyph{}, 2.2)
		p.Add(f)
		p.Legend.Add("$G(n)$ at the Fibonacci $n$, where $G(n, n−1) = 0$", f)
	}
	failures := "$G(n)$ stays above the lower bound"
	if len(below) > 0 {
		b := scatter(below, vermilion, draw.CrossGlyph{}, 3.2)
		p.Add(b)
		p.Legend.Add(fmt.Sprintf("$G(n)$ below the lower bound, at %s of $n$, all $≤ %d$", values(len(below)), int(below[len(below)-1].X)), b)
		failures = fmt.Sprintf("the crosses mark the %s of $n$ (all $≤ %d$) where $G(n)$ is below the printed lower bound, so that bound fails there", values(len(below)), int(below[len(below)-1].X))
	}
	p.Legend.Top, p.Legend.Left = false, false
	p.Legend.XOffs, p.Legend.YOffs = -0.05*vg.Inch, 0.05*vg.Inch
	p.X.Min, p.X.Max = 1, float64(N)
	// The frame ends just above the data: the upper bound, far above it
	// beyond small n, is cut at the top rather than stretching the axis.
	p.Y.Min, p.Y.Max = 0, math.Ceil(maxG*1.06)+1
	return single(p, fmt.Sprintf("$G(n)$ against $n$ for $1 ≤ n ≤ %s$ ($a = %s$), downsampled into %d log-spaced bins that keep each bin's least and greatest value, with the bounds of Theorem 5.3 of Larsson & Rubinstein-Salzedo, $ln n / ln(3/2) ≤ G(n) ≤ ⌈2√n⌉ + 1$ (the upper one, cut at the top of the frame, leaves it at $n ≈ %d$); %s. Also drawn: the least-squares fit $G(n) ≈ %.3f ln n %s$, and $G(n)$ at the Fibonacci $n$ (dots), the $n$ where the starting value $G(n, n−1)$ is 0.", digits.Group(int64(N)), v.mult, len(bs), upperExit(p.Y.Max), failures, alpha, signed(beta))), nil
}

// upperExit is the least n where ⌈2√n⌉ + 1 exceeds y.
func upperExit(y float64) int {
	n := 1
	for math.Ceil(2*math.Sqrt(float64(n)))+1 <= y {
		n++
	}
	return n
}

func conjectureGap(s *Source) (*Figure, error) {
	v, err := s.loadStarts()
	if err != nil {
		return nil, err
	}
	// The step n -> m = n + ceil(n/a) of the data's own multiplier: for
	// a = 2, m = ceil(3n/2), the closing conjecture's; for another a its
	// analogue (LRS-5.3-step(a) and LRS-conj-upper(a)).
	a := v.a
	N := v.N()
	step := func(n int) int { return n + a.MinRemoval(n) }
	top := 0
	for top+1 <= N && step(top+1) <= N {
		top++
	}
	if top < 2 {
		return nil, MissingError{fmt.Sprintf("start values only reach n = %d", N)}
	}
	d := func(n int) int { return int(v.full[step(n)]) - int(v.full[n]) }
	bs := envelope(1, top, func(n int) float64 { return float64(d(n)) }, bins, true)
	counts := map[int]int64{}
	first := map[int]int{}
	lo, hi := 1, 2
	for n := 1; n <= top; n++ {
		k := d(n)
		if counts[k] == 0 {
			first[k] = n
		}
		counts[k]++
		lo, hi = min(lo, k), max(hi, k)
	}
	title, says := "$G(⌈3n/2⌉) − G(n)$, $a = 2$", "the closing conjecture of Larsson & Rubinstein-Salzedo says $G(⌈3n/2⌉) − G(n)$ is 1 or 2"
	if a != grundy.Fibonacci {
		title = "$G(n + ⌈n/a⌉) − G(n)$, $a = " + v.mult + "$"
		says = fmt.Sprintf("the analogue for $a = %s$ of the closing conjecture of Larsson & Rubinstein-Salzedo says $G(n + ⌈n/a⌉) − G(n)$ is 1 or 2", v.mult)
	}
	p := newPlot(title, "pile size $n$ (tokens, log scale)", "difference of Grundy values")
	logX(p)
	band, err := plotter.NewPolygon(plotter.XYs{{X: 1, Y: 1}, {X: float64(top), Y: 1}, {X: float64(top), Y: 2}, {X: 1, Y: 2}})
	if err != nil {
		return nil, err
	}
	band.Color = rgb(0xd8, 0xea, 0xf6)
	band.LineStyle.Width = 0
	spans := &segments{style: draw.LineStyle{Color: grey, Width: 0.5}}
	var ok, bad plotter.XYs
	for _, b := range bs {
		if b.Min != b.Max {
			spans.segs = append(spans.segs, [2][2]float64{{float64(b.ArgMin), b.Min}, {float64(b.ArgMin), b.Max}})
		}
		for _, pt := range []plotter.XY{{X: float64(b.ArgMin), Y: b.Min}, {X: float64(b.ArgMax), Y: b.Max}} {
			if pt.Y < 1 || pt.Y > 2 {
				bad = append(bad, pt)
			} else {
				ok = append(ok, pt)
			}
		}
	}
	p.Add(band, spans)
	p.Legend.Add("conjectured band [1, 2]", band)
	if len(spans.segs) > 0 {
		p.Legend.Add("range of differences within one bin", spans)
	}
	if len(ok) > 0 {
		sc := scatter(ok, blue, draw.CircleGlyph{}, 1.2)
		p.Add(sc)
		p.Legend.Add("inside the band", sc)
	}
	violations := "no n leaves the band"
	if len(bad) > 0 {
		sc := scatter(bad, vermilion, draw.TriangleGlyph{}, 2.4)
		p.Add(sc)
		p.Legend.Add(fmt.Sprintf("violation (first at $n = %d$)", firstOutside(first)), sc)
		violations = fmt.Sprintf("the first violation is at $n = %d$", firstOutside(first))
	}
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.XOffs = 0.05 * vg.Inch
	p.X.Min, p.X.Max = 1, float64(top)
	p.Y.Min, p.Y.Max = float64(lo)-0.5, float64(hi)+1.2
	p.Y.Tick.Marker = integerTicks(lo, hi)

	// Counts on a log axis, so that a difference that occurs a handful of
	// times among 10^8 n still gets a visible bar; each bar is labelled
	// with its exact count. A bar starts at the axis' foot, 1/2.
	h := newPlot("How often", "difference", "number of $n$")
	logY(h)
	const foot = 0.5
	var bars []rect
	var labels plotter.XYLabels
	maxCount := 1.0
	for k := lo; k <= hi; k++ {
		n := float64(counts[k])
		maxCount = max(maxCount, n)
		c := blue
		if k < 1 || k > 2 {
			c = vermilion
		}
		if n > 0 {
			bars = append(bars, rect{x0: float64(k) - 0.35, x1: float64(k) + 0.35, y0: foot, y1: n, fill: c})
		}
		labels.XYs = append(labels.XYs, plotter.XY{X: float64(k), Y: max(n, foot)})
		labels.Labels = append(labels.Labels, digits.Group(counts[k]))
	}
	h.Add(&rects{rs: bars})
	lb, err := plotter.NewLabels(labels)
	if err != nil {
		return nil, err
	}
	for i := range lb.TextStyle {
		lb.TextStyle[i].Font.Size = 7
		lb.TextStyle[i].XAlign = draw.XCenter
		lb.Offset = vg.Point{Y: 2}
	}
	h.Add(lb)
	h.X.Tick.Marker = integerTicks(lo, hi)
	h.X.Min, h.X.Max = float64(lo)-0.6, float64(hi)+0.6
	h.Y.Min, h.Y.Max = foot, math.Pow(10, math.Ceil(math.Log10(maxCount)+0.25))
	return sideBySide(p, h, 0.68, fmt.Sprintf("Left: %s (shaded); $n ≤ %s$ in %d log-spaced bins, each showing its least and greatest difference (dots inside the band, triangles outside it, the violations), joined by a grey vertical line where they differ; %s. Right: how many $n$ have each difference, on a log scale, in blue inside the band and in vermilion outside it; the label on each bar is its exact count.", says, digits.Group(int64(top)), len(bs), violations)), nil
}

func firstOutside(first map[int]int) int {
	m := math.MaxInt
	for k, n := range first {
		if k < 1 || k > 2 {
			m = min(m, n)
		}
	}
	return m
}

func firstOccurrence(s *Source) (*Figure, error) {
	v, err := s.loadStarts()
	if err != nil {
		return nil, err
	}
	var h []int
	for n, g := range v.full {
		if int(g) == len(h) {
			h = append(h, n)
		}
	}
	if len(h) < 4 {
		return nil, MissingError{fmt.Sprintf("only %d values reached", len(h))}
	}
	alpha, _, _, _, _ := conjectures.FitLog(v.conj())
	top := newPlot(fmt.Sprintf("First occurrence $h(g) = min{n : G(n) = g}$, $a = %s$", v.mult), "", "$h(g)$ (tokens)")
	logY(top)
	var hx, rx plotter.XYs
	for g := 1; g < len(h); g++ {
		hx = append(hx, plotter.XY{X: float64(g), Y: float64(h[g])})
		if g+1 < len(h) {
			rx = append(rx, plotter.XY{X: float64(g), Y: float64(h[g+1]) / float64(h[g])})
		}
	}
	hl := line(hx, black, 1)
	hs := scatter(hx, black, draw.CircleGlyph{}, 1.8)
	top.Add(hl, hs)
	bottom := newPlot("", "Grundy value $g$", "$h(g+1) / h(g)$")
	rl := line(rx, black, 1)
	rs := scatter(rx, black, draw.CircleGlyph{}, 1.8)
	last := float64(len(h) - 1)
	// G(n + ceil(n/a)) >= G(n) + 1 bounds h(g+1) by about h(g)(a+1)/a:
	// 3/2 for a = 2.
	a := v.a
	bound := float64(a.P+a.Q) / float64(a.P)
	three := line(plotter.XYs{{X: 1, Y: bound}, {X: last, Y: bound}}, vermilion, 1, 4, 2)
	fit := line(plotter.XYs{{X: 1, Y: math.Exp(1 / alpha)}, {X: last, Y: math.Exp(1 / alpha)}}, green, 1, 1, 2)
	bottom.Add(three, fit, rl, rs)
	bottom.Legend.Add("$h(g+1)/h(g)$", rl, rs)
	bottom.Legend.Add(fmt.Sprintf("$(a+1)/a = %s$, near which $G(n + ⌈n/a⌉) ≥ G(n) + 1$ keeps the ratios", grundy.Multiplier{P: a.P + a.Q, Q: a.P}), three)
	bottom.Legend.Add(fmt.Sprintf("$exp(1/α) = %.3f$, $α = %.3f$ from the fit of $G(n)$", math.Exp(1/alpha), alpha), fit)
	bottom.Legend.Top = true
	for _, p := range []*plot.Plot{top, bottom} {
		p.X.Min, p.X.Max = 0.5, last+0.5
	}
	maxRatio := 1.6
	for _, r := range rx {
		maxRatio = max(maxRatio, r.Y)
	}
	bottom.Y.Min, bottom.Y.Max = 1, maxRatio*1.3
	keeps := "The closing conjecture's lower half, $G(⌈3n/2⌉) ≥ G(n) + 1$, keeps them near or below $3/2$ (dashed line)."
	if a != grundy.Fibonacci {
		keeps = fmt.Sprintf("Where $G(n + ⌈n/a⌉) ≥ G(n) + 1$ (check LRS-5.3-step(a)) holds, they stay near or below $(a+1)/a = %s$ (dashed line).", grundy.Multiplier{P: a.P + a.Q, Q: a.P})
	}
	return stacked(top, bottom, stackedHeight, fmt.Sprintf("Top: $h(g)$, the smallest $n$ with $G(n) = g$, for $g = 1, …, %d$ ($n ≤ %s$, $a = %s$). Bottom: the ratios $h(g+1)/h(g)$; if $G(n)$ grows like $α ln n$ they tend to $exp(1/α)$ (dotted line). %s", len(h)-1, digits.Group(int64(v.N())), v.mult, keeps)), nil
}

// signed writes "+ 0.731" or "− 3.578".
func signed(x float64) string {
	if x < 0 {
		return fmt.Sprintf("− %.3f", -x)
	}
	return fmt.Sprintf("+ %.3f", x)
}

// values writes "25 values" or "1 value".
func values(k int) string {
	if k == 1 {
		return "1 value"
	}
	return fmt.Sprintf("%d values", k)
}
