package figures

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"fibnim/atlas"
	"fibnim/internal/digits"
)

// The atlas figures read ROOT/atlas.parquet (compute atlas -merge ROOT),
// through package atlas, which refuses a file that is not a merged atlas.

// atlasData is the merged atlas, split into the rows whose values are
// complete and those that overflowed.
type atlasData struct {
	rows     []atlas.AtlasRow // status complete
	overflow []string         // multipliers whose row overflowed
	N        int64
}

func (s *Source) loadAtlas() (*atlasData, error) {
	path := filepath.Join(s.dir, atlas.ParquetFile)
	if err := need(path); err != nil {
		return nil, err
	}
	rows, _, err := atlas.Read(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, MissingError{path + " not found"}
	}
	if err != nil {
		return nil, err
	}
	d := &atlasData{}
	for _, r := range rows {
		d.N = r.N
		if r.Status == atlas.Complete {
			d.rows = append(d.rows, r)
		} else {
			d.overflow = append(d.overflow, r.Multiplier)
		}
	}
	if len(d.rows) < 2 {
		return nil, MissingError{fmt.Sprintf("%s has %d complete rows", path, len(d.rows))}
	}
	return d, nil
}

// denominatorStyles mark a multiplier p/q by its denominator, so that the
// integers and the halves stand apart from the finer fractions.
var denominatorStyles = []struct {
	label string
	c     colorT
	shape draw.GlyphDrawer
	r     vg.Length
}{
	{"$a$ integer", black, draw.CircleGlyph{}, 2.4},
	{"$a = p/2$", blue, draw.BoxGlyph{}, 2.0},
	{"$a = p/3$", green, draw.TriangleGlyph{}, 2.2},
	{"$a = p/q$, $q ≥ 4$", grey, draw.CircleGlyph{}, 1.5},
}

func denomClass(q int64) int { return int(min(q, 4) - 1) }

// overflowNote says which multipliers the figure leaves out, if any.
func (d *atlasData) overflowNote() string {
	if len(d.overflow) == 0 {
		return ""
	}
	return fmt.Sprintf(" Left out: $a = %s$, whose values overflowed the store (status overflow in atlas.parquet).", strings.Join(d.overflow, ", "))
}

func atlasAlpha(s *Source) (*Figure, error) {
	d, err := s.loadAtlas()
	if err != nil {
		return nil, err
	}
	// A multiplier whose G(n) is far from logarithmic (a = 1: its RMS is
	// many times the others') has a slope that would squeeze the rest
	// into a sliver: the axis ends at the largest slope among the fits
	// within 3 times the median RMS, and slopes above it are drawn as
	// arrows at the top, labelled with their value.
	rmss := make([]float64, len(d.rows))
	for i, r := range d.rows {
		rmss[i] = r.RMS
	}
	sort.Float64s(rmss)
	median := rmss[len(rmss)/2]
	cap := 0.0
	for _, r := range d.rows {
		if r.RMS <= 3*median {
			cap = max(cap, r.Alpha)
		}
	}
	cap *= 1.05
	top := newPlot(fmt.Sprintf("Growth rate $α(a)$ of $G(n) ≈ α ln n + β$, $N = %s$", grouped(d.N)), "", "$α$, the fitted slope")
	bottom := newPlot("", "multiplier $a$", "RMS residual of the fit")
	logY(bottom)
	var byClass, rmsClass [4]plotter.XYs
	var off plotter.XYs
	var offLabels []string
	var two *atlas.AtlasRow
	lo, hi := math.Inf(1), math.Inf(-1)
	minRMS, maxRMS := math.Inf(1), 0.0
	for i, r := range d.rows {
		k := denomClass(r.ADen)
		if r.Alpha > cap {
			off = append(off, plotter.XY{X: r.A, Y: cap})
			offLabels = append(offLabels, fmt.Sprintf("   $a = %s$: $α = %.1f$ (RMS %.1f)", r.Multiplier, r.Alpha, r.RMS))
		} else {
			byClass[k] = append(byClass[k], plotter.XY{X: r.A, Y: r.Alpha})
		}
		rmsClass[k] = append(rmsClass[k], plotter.XY{X: r.A, Y: r.RMS})
		if r.ANum == 2 && r.ADen == 1 {
			two = &d.rows[i]
		}
		lo, hi = min(lo, r.A), max(hi, r.A)
		minRMS, maxRMS = min(minRMS, r.RMS), max(maxRMS, r.RMS)
	}
	for k := len(byClass) - 1; k >= 0; k-- {
		st := denominatorStyles[k]
		if len(byClass[k]) > 0 {
			top.Add(scatter(byClass[k], st.c, st.shape, st.r))
		}
		if len(rmsClass[k]) > 0 {
			sc := scatter(rmsClass[k], st.c, st.shape, st.r)
			bottom.Add(sc)
			top.Legend.Add(st.label, sc)
		}
	}
	if len(off) > 0 {
		up := scatter(off, vermilion, draw.TriangleGlyph{}, 3)
		top.Add(up)
		lb, err := plotter.NewLabels(plotter.XYLabels{XYs: off, Labels: offLabels})
		if err != nil {
			return nil, err
		}
		for i := range lb.TextStyle {
			lb.TextStyle[i].Font.Size = 7.5
			lb.TextStyle[i].YAlign = draw.YTop
			lb.TextStyle[i].Handler = mathHandler
		}
		top.Add(lb)
		top.Legend.Add("slope above the axis (a poor log fit)", up)
	}
	if two != nil {
		for _, pl := range []struct {
			p *plot.Plot
			y float64
		}{{top, two.Alpha}, {bottom, two.RMS}} {
			ring := scatter(plotter.XYs{{X: two.A, Y: pl.y}}, vermilion, draw.RingGlyph{}, 5)
			pl.p.Add(ring)
			if pl.p == top {
				top.Legend.Add(fmt.Sprintf("$a = 2$, Fibonacci nim: $α = %.3f$", two.Alpha), ring)
			}
		}
	}
	// The slopes rise with a: the lower right is free for the legend.
	top.Legend.Top, top.Legend.Left = false, false
	top.Legend.XOffs, top.Legend.YOffs = -0.05*vg.Inch, 0.05*vg.Inch
	top.Y.Min, top.Y.Max = 0, cap
	bottom.Y.Min, bottom.Y.Max = minRMS/1.5, maxRMS*1.5
	for _, p := range []*plot.Plot{top, bottom} {
		p.X.Min, p.X.Max = lo-0.1, hi+0.1
	}
	offNote := ""
	if len(off) > 0 {
		offNote = fmt.Sprintf(" Slopes above every fit whose RMS is within 3 times the median (%.3f) are drawn as triangles at the top of the axis, with their value.", median)
	}
	caption := fmt.Sprintf("Top: for each of the %d multipliers $a$ of the atlas, the slope $α$ of the least-squares fit $G(n) ≈ α ln n + β$ over $1 ≤ n ≤ %s$; $a = 2$ (Fibonacci nim) is ringed. Bottom: the fit's RMS residual, in Grundy values, on a log scale: a small residual means $G(n)$ is close to logarithmic over the range.%s Marker shapes tell the denominator of $a$, as in the legend, in both panels.%s",
		len(d.rows), grouped(d.N), offNote, d.overflowNote())
	return stacked(top, bottom, stackedHeight, caption), nil
}

func atlasConjecture(s *Source) (*Figure, error) {
	d, err := s.loadAtlas()
	if err != nil {
		return nil, err
	}
	p := newPlot(fmt.Sprintf("Where $G(n + ⌈n/a⌉) − G(n)$ last leaves [1, 2], $N = %s$", grouped(d.N)), "multiplier $a$", "largest such $n$")
	logY(p)
	var byClass [4]plotter.XYs
	var never, tops plotter.XYs
	lo, hi := math.Inf(1), math.Inf(-1)
	maxTop := 1.0
	failing := 0
	for _, r := range d.rows {
		lo, hi = min(lo, r.A), max(hi, r.A)
		maxTop = max(maxTop, float64(r.StepTop))
		tops = append(tops, plotter.XY{X: r.A, Y: float64(r.StepTop)})
		if r.StepLastOutside < 1 {
			never = append(never, plotter.XY{X: r.A})
			continue
		}
		failing++
		k := denomClass(r.ADen)
		byClass[k] = append(byClass[k], plotter.XY{X: r.A, Y: float64(r.StepLastOutside)})
	}
	floor := 0.5
	for i := range never {
		never[i].Y = floor
	}
	topLine := line(tops, grey, 0.8, 3, 2)
	p.Add(topLine)
	p.Legend.Add("end of the range checked: $n + ⌈n/a⌉ ≤ N$", topLine)
	for k := len(byClass) - 1; k >= 0; k-- {
		if len(byClass[k]) == 0 {
			continue
		}
		st := denominatorStyles[k]
		sc := scatter(byClass[k], st.c, st.shape, st.r)
		p.Add(sc)
		p.Legend.Add(st.label, sc)
	}
	if len(never) > 0 {
		nv := scatter(never, green, draw.PlusGlyph{}, 2.4)
		p.Add(nv)
		p.Legend.Add(fmt.Sprintf("never leaves [1, 2] (%d values of $a$), drawn at %g", len(never), floor), nv)
	}
	p.Legend.Top, p.Legend.Left = false, false
	p.Legend.XOffs, p.Legend.YOffs = -0.05*vg.Inch, 0.3*vg.Inch // above the row of crosses
	p.X.Min, p.X.Max = lo-0.1, hi+0.1
	p.Y.Min, p.Y.Max = floor/2, maxTop*1.6
	caption := fmt.Sprintf("For each multiplier $a$ of the atlas (%d of them), the largest $n ≤ N = %s$ for which the analogue of the closing conjecture of Larsson & Rubinstein-Salzedo fails, that is $G(n + ⌈n/a⌉) − G(n)$ is not 1 or 2 (checks LRS-5.3-step(a) and LRS-conj-upper(a)); %d of the $a$ have such an $n$, and the other %d (crosses at the foot) have none in the range. Marker shapes tell the denominator of $a$. The dashed line is the end of the range checked; a point near it means the failures go on to the end of the computation.%s",
		len(d.rows), grouped(d.N), failing, len(never), d.overflowNote())
	return single(p, caption), nil
}

// grouped writes N with thousands separators: 10,000,000.
func grouped(N int64) string { return digits.Group(N) }
