package fibautomata

import (
	"bytes"
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// ClassesFigure draws, for each threshold T_g the learner tried, the
// number of classes of prefixes against the prefix length (its last
// attempt: the one kept, or the largest table and suffix tried). A curve
// that levels off is a learner that converged. format is "svg" or "png".
func (r *Result) ClassesFigure(format string) ([]byte, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Fibonacci nim: classes of prefixes of T_g = {(n, R'_g(n))}, table to N = %d", r.N)
	p.X.Label.Text = "prefix length (Zeckendorf digits)"
	p.Y.Label.Text = "classes"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	p.Legend.Top = false
	p.Legend.Left = false
	for i, l := range r.Learned {
		a := l.Attempts[len(l.Attempts)-1]
		xy := make(plotter.XYs, len(a.ClassesPerLength))
		for j, c := range a.ClassesPerLength {
			xy[j].X, xy[j].Y = float64(j), float64(c)
		}
		line, pts, err := plotter.NewLinePoints(xy)
		if err != nil {
			return nil, err
		}
		c := palette[i%len(palette)]
		line.Color, pts.Color = c, c
		if !l.Converged {
			line.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		}
		p.Add(line, pts)
		state := fmt.Sprintf("%d states", l.States)
		if !l.Converged {
			state = "not converged"
		}
		p.Legend.Add(fmt.Sprintf("T_%d (N = %d, m = %d): %s", l.G, a.N, a.Suffix, state), line, pts)
	}
	w, err := p.WriterTo(7*vg.Inch, 4.5*vg.Inch, format)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if _, err := w.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

var palette = []color.Color{
	color.RGBA{0x1f, 0x77, 0xb4, 0xff}, color.RGBA{0xff, 0x7f, 0x0e, 0xff}, color.RGBA{0x2c, 0xa0, 0x2c, 0xff},
	color.RGBA{0xd6, 0x27, 0x28, 0xff}, color.RGBA{0x94, 0x67, 0xbd, 0xff}, color.RGBA{0x8c, 0x56, 0x4b, 0xff},
	color.RGBA{0xe3, 0x77, 0xc2, 0xff}, color.RGBA{0x7f, 0x7f, 0x7f, 0xff}, color.RGBA{0xbc, 0xbd, 0x22, 0xff},
}
