package figures

import (
	"fmt"
	"math"
	"math/big"
	"sort"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"fibnim/ntimes"
)

func ntimesC(s *Source) (*Figure, error) {
	rows, err := s.loadCTable()
	if err != nil {
		return nil, err
	}
	// Each of c, L and U is drawn as its distance from a ln a, so that the
	// three stay apart at every a (on a log-log plot of c itself they
	// merge into one line beyond a ≈ 20).
	var c, L, U, ratio plotter.XYs
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, r := range rows {
		if r.ADen != 1 || r.ANum < 2 {
			continue // integer a >= 2: a ln a > 0, and log x is defined
		}
		a := float64(r.ANum)
		alog := a * math.Log(a)
		lo, hi = min(lo, a), max(hi, a)
		c = append(c, plotter.XY{X: a, Y: float64(r.C) - alog})
		L = append(L, plotter.XY{X: a, Y: float64(r.L) - alog})
		U = append(U, plotter.XY{X: a, Y: float64(r.U) - alog})
		ratio = append(ratio, plotter.XY{X: a, Y: r.Ratio})
	}
	if len(c) < 2 {
		return nil, MissingError{"c_table.parquet has fewer than two integer multipliers a >= 2"}
	}
	for _, xy := range []plotter.XYs{c, L, U, ratio} {
		sort.Slice(xy, func(i, j int) bool { return xy[i].X < xy[j].X })
	}
	top := newPlot("Eventual $k − r(k)$ of $n$-times nim: $c(a)$, integer $a$", "", "distance from $a ln a$")
	logX(top)
	// c, L and U are integers, one per a: points, not a line through them.
	pc := scatter(c, black, draw.CircleGlyph{}, 1.3)
	pL := scatter(L, blue, draw.BoxGlyph{}, 1.1)
	pU := scatter(U, vermilion, draw.TriangleGlyph{}, 1.3)
	zero := line(plotter.XYs{{X: lo, Y: 0}, {X: hi, Y: 0}}, grey, 0.8, 2, 2)
	top.Add(zero, pL, pU, pc)
	top.Legend.Add("$c(a) − a ln a$, computed", pc)
	top.Legend.Add("$L − a ln a$ (Theorem 2 (vii), lower bound)", pL)
	top.Legend.Add("$U − a ln a$ (Theorem 2 (vii), upper bound)", pU)
	top.Legend.Add("0, where $c(a) = a ln a$", zero)
	top.Legend.Top, top.Legend.Left = true, true
	top.Legend.XOffs = 0.05 * vg.Inch
	ymin, ymax := 0.0, 0.0
	for _, xy := range []plotter.XYs{c, L, U} {
		for _, p := range xy {
			ymin, ymax = min(ymin, p.Y), max(ymax, p.Y)
		}
	}
	top.Y.Min, top.Y.Max = math.Floor(ymin)-0.5, math.Ceil(ymax)+0.5+0.45*(ymax-ymin) // room for the legend
	bottom := newPlot("", "multiplier $a$ (log scale)", "$c(a) / (a ln a)$")
	logX(bottom)
	pr := scatter(ratio, black, draw.CircleGlyph{}, 1.3)
	one := line(plotter.XYs{{X: lo, Y: 1}, {X: hi, Y: 1}}, grey, 0.8, 2, 2)
	bottom.Add(one, pr)
	bottom.Legend.Add("$c(a) / (a ln a)$, computed", pr)
	bottom.Legend.Add("1, where $c(a) = a ln a$", one)
	bottom.Legend.Top, bottom.Legend.Left = false, false
	bottom.Legend.XOffs, bottom.Legend.YOffs = -0.05*vg.Inch, 0.05*vg.Inch
	minR := 1.0
	for _, r := range ratio {
		minR = min(minR, r.Y)
	}
	bottom.Y.Min, bottom.Y.Max = math.Floor(minR*10)/10, 1.05
	for _, p := range []*plot.Plot{top, bottom} {
		p.X.Min, p.X.Max = lo/1.05, hi*1.05
	}
	last := ratio[len(ratio)-1]
	return stacked(top, bottom, stackedHeight, fmt.Sprintf("Top: $c(a)$, the eventual value of $k − r(k)$ in Frankl & Tokushige's sequence $F(a)$, for each integer $a = %g, …, %g$ (one point per $a$), and the bounds $L$ and $U$ of Theorem 2 (vii), each drawn as its distance from $a ln a$ (dashed line: 0). Bottom: $c(a)/(a ln a)$, %.4f at $a = %g$ (dashed line: 1).", lo, hi, last.Y, last.X)), nil
}

func ntimesReal(s *Source) (*Figure, error) {
	rows, err := s.loadRealC()
	if err != nil {
		return nil, err
	}
	rows = append([]ntimes.RealRow(nil), rows...)
	sort.Slice(rows, func(i, j int) bool { return rows[i].LoFloat < rows[j].LoFloat })
	p := newPlot("$c(a)$ for real $a$: a step function", "multiplier $a$", "$c(a)$")
	steps := &segments{style: draw.LineStyle{Color: black, Width: 1.6}}
	var closed, open plotter.XYs
	var labels plotter.XYLabels
	lo, hi := math.Inf(1), math.Inf(-1)
	maxC := 0.0
	for _, r := range rows {
		if math.IsInf(r.HiFloat, 1) {
			continue
		}
		y := float64(r.C)
		steps.segs = append(steps.segs, [2][2]float64{{r.LoFloat, y}, {r.HiFloat, y}})
		closed = append(closed, plotter.XY{X: r.LoFloat, Y: y})
		open = append(open, plotter.XY{X: r.HiFloat, Y: y})
		labels.XYs = append(labels.XYs, plotter.XY{X: r.LoFloat, Y: y + 0.35})
		labels.Labels = append(labels.Labels, r.Lo)
		lo, hi, maxC = min(lo, r.LoFloat), max(hi, r.HiFloat), max(maxC, y)
	}
	if len(steps.segs) == 0 {
		return nil, MissingError{"real_c.parquet has no bounded interval"}
	}
	dots, rings := scatter(closed, black, draw.CircleGlyph{}, 2), scatter(open, black, draw.RingGlyph{}, 2)
	p.Add(steps, dots, rings)
	p.Legend.Add("$c(a)$, constant on an interval $[lo, hi)$", steps)
	p.Legend.Add("its lower end $lo$, included, labelled as a fraction", dots)
	p.Legend.Add("its upper end $hi$, excluded", rings)
	p.Legend.Top, p.Legend.Left = false, false
	p.Legend.XOffs, p.Legend.YOffs = -0.05*vg.Inch, 0.05*vg.Inch
	lb, err := plotter.NewLabels(labels)
	if err != nil {
		return nil, err
	}
	for i := range lb.TextStyle {
		lb.TextStyle[i].Font.Size = 7
		lb.TextStyle[i].Rotation = math.Pi / 2
		lb.TextStyle[i].XAlign = draw.XLeft
		lb.TextStyle[i].YAlign = draw.YCenter
	}
	p.Add(lb)
	p.X.Min, p.X.Max = lo-0.1, hi+0.1
	p.Y.Min, p.Y.Max = -0.5, maxC+2.5
	p.Y.Tick.Marker = integerTicks(0, int(maxC))
	return single(p, fmt.Sprintf("$c$, the eventual value of $k − r(k)$, as a function of the real multiplier $a$ on $[%s, %s)$: it is constant on each interval $[lo, hi)$ (filled dot: included, ring: excluded) and each exact threshold, found in rational arithmetic, is labelled as a fraction.", rows[0].Lo, rows[len(rows)-1].Hi)), nil
}

// growthMultipliers are the multipliers drawn in ntimes_growth, when present.
// Every F(a) starts f(k) = k while k <= a+1, so a large a only bends
// away from the line f(k) = k after a terms.
var growthMultipliers = []string{"1", "3/2", "2", "3", "5", "10", "30", "100"}

func ntimesGrowth(s *Source) (*Figure, error) {
	rows, err := s.loadSequences()
	if err != nil {
		return nil, err
	}
	byA := map[string]plotter.XYs{}
	for _, r := range rows {
		f, ok := new(big.Float).SetString(r.F)
		if !ok {
			return nil, fmt.Errorf("sequences.parquet: f(%d) = %q for a = %s is not a number", r.K, r.F, r.Multiplier)
		}
		x, _ := f.Float64()
		if x >= 1 && !math.IsInf(x, 0) {
			byA[r.Multiplier] = append(byA[r.Multiplier], plotter.XY{X: float64(r.K), Y: x})
		}
	}
	var names []string
	for _, a := range growthMultipliers {
		if len(byA[a]) > 1 {
			names = append(names, a)
		}
	}
	if len(names) == 0 {
		return nil, MissingError{"sequences.parquet holds none of the multipliers " + strings.Join(growthMultipliers, ", ")}
	}
	p := newPlot("Growth of Frankl & Tokushige's sequence $F(a)$", "index $k$", "$f(k)$")
	logY(p)
	// Dark, saturated colours only: each curve must stand out on white
	// and in a greyscale print (no yellow or pale blue).
	cols := []colorT{black, vermilion, blue, green, wine, ochre, darkGrey, purple}
	maxK := 0.0
	for _, a := range names {
		xy := byA[a]
		maxK = max(maxK, xy[len(xy)-1].X)
	}
	// f(k) = k is a curve on the log axis: one point per k.
	var diag plotter.XYs
	for k := 1.0; k <= maxK; k++ {
		diag = append(diag, plotter.XY{X: k, Y: k})
	}
	ident := line(diag, darkGrey, 1, 1, 2)
	p.Add(ident)
	for i, a := range names {
		xy := byA[a]
		sort.Slice(xy, func(i, j int) bool { return xy[i].X < xy[j].X })
		l := line(xy, cols[i%len(cols)], 1.3)
		p.Add(l)
		p.Legend.Add("$a = "+a+"$", l)
	}
	p.Legend.Add("$f(k) = k$", ident)
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.XOffs, p.Legend.YOffs = 0.05*vg.Inch, -0.05*vg.Inch
	p.X.Min, p.X.Max = 0, maxK
	return single(p, fmt.Sprintf("The first %g terms $f(k)$ of $F(a)$ (exact big integers, Theorem 1's recurrence) for $a = %s$, on a log scale: $f(k)$ grows geometrically, at a rate that falls as $a$ grows. Every $F(a)$ starts on the dotted line $f(k) = k$ and stays on it while $k ≤ a + 1$, so a large $a$ leaves that line only after about $a$ terms.", maxK, strings.Join(names, ", "))), nil
}
