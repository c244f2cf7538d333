package figures

import (
	"bytes"
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"fibnim/grundyproof"
)

// ClassesFigure draws, for each threshold T_g the learner tried (an
// automata folder's proof.json, package grundyproof), the number of
// classes of prefixes against the prefix length, from its last attempt
// (the one kept, or the largest table and suffix tried). A curve that
// levels off is a learner that converged; a dashed one did not. format is
// "svg", "png" or "pdf".
func ClassesFigure(rec grundyproof.ProofRecord, format string) ([]byte, error) {
	game := "Fibonacci nim"
	if rec.Multiplier != "2" {
		game = "n-times nim, a = " + rec.Multiplier
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: classes of prefixes of T_g = {(n, R'_g(n))}", game)
	p.X.Label.Text = "prefix length (digits)"
	p.Y.Label.Text = "classes"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	p.Legend.Top = false
	p.Legend.Left = false
	for i, l := range rec.Learner {
		if len(l.Attempts) == 0 {
			continue
		}
		a := l.Attempts[len(l.Attempts)-1]
		xy := make(plotter.XYs, len(a.ClassesPerLength))
		for j, c := range a.ClassesPerLength {
			xy[j].X, xy[j].Y = float64(j), float64(c)
		}
		ln, pts, err := plotter.NewLinePoints(xy)
		if err != nil {
			return nil, err
		}
		c := classesPalette[i%len(classesPalette)]
		ln.Color, pts.Color = c, c
		if !l.Converged {
			ln.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		}
		p.Add(ln, pts)
		state := fmt.Sprintf("%d states", l.States)
		if !l.Converged {
			state = "not converged"
		}
		p.Legend.Add(fmt.Sprintf("T_%d (N = %d, m = %d): %s", l.G, a.N, a.Suffix, state), ln, pts)
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

// classesPalette is the figures' colour-blind-safe colours (style.go), one
// per threshold.
var classesPalette = []color.Color{blue, orange, green, vermilion, purple, skyBlue, wine, darkGrey, black}
