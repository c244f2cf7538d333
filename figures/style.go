package figures

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Okabe-Ito colours, distinguishable with colour-blindness and in grey,
// with a few darker ones from Paul Tol for curves that must stand out.
var (
	black     = color.RGBA{0x00, 0x00, 0x00, 0xff}
	orange    = color.RGBA{0xe6, 0x9f, 0x00, 0xff}
	skyBlue   = color.RGBA{0x56, 0xb4, 0xe9, 0xff}
	green     = color.RGBA{0x00, 0x9e, 0x73, 0xff}
	blue      = color.RGBA{0x00, 0x72, 0xb2, 0xff}
	vermilion = color.RGBA{0xd5, 0x5e, 0x00, 0xff}
	purple    = color.RGBA{0xcc, 0x79, 0xa7, 0xff}
	grey      = color.RGBA{0x99, 0x99, 0x99, 0xff}
	darkGrey  = color.RGBA{0x55, 0x55, 0x55, 0xff}
	wine      = color.RGBA{0x88, 0x2e, 0x72, 0xff} // Paul Tol's
	ochre     = color.RGBA{0x99, 0x77, 0x00, 0xff} // Paul Tol's
	lightGrey = color.RGBA{0xdd, 0xdd, 0xdd, 0xff}
)

type colorT = color.RGBA

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xff} }

// Sizes a journal prints: one column of a two-column page is about 3.4 in,
// the full text width about 6.5 in. Figures are drawn at the full width,
// and at most 4.6 in tall: the note (package paper) prints a figure no
// taller than 0.4 of its text height (3.9 in), so that two figures share
// a page, and a taller figure would come out small (its text at 8.5 pt
// below 7 pt) where 4.6 in are printed at 85% (7.2 pt).
const (
	fullWidth     = 6.5 * vg.Inch
	height        = 4.2 * vg.Inch // one plot
	stackedHeight = 4.6 * vg.Inch // two plots, one above the other
	mapHeight     = 4.6 * vg.Inch // a heat map with its colour bar, and its legend below
)

func newPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = x
	p.Y.Label.Text = y
	p.Title.TextStyle.Font.Size = 12
	p.X.Label.TextStyle.Font.Size = 10
	p.Y.Label.TextStyle.Font.Size = 10
	p.X.Tick.Label.Font.Size = 9
	p.Y.Tick.Label.Font.Size = 9
	styleLegend(&p.Legend)
	p.X.Tick.Marker, p.Y.Tick.Marker = niceTicks{}, niceTicks{}
	// Mathematics between '$' is set as a journal sets it (math_text.go).
	p.Title.TextStyle.Handler = mathHandler
	p.X.Label.TextStyle.Handler = mathHandler
	p.Y.Label.TextStyle.Handler = mathHandler
	return p
}

// styleLegend gives a legend the figures' size, spacing and text handler.
func styleLegend(l *plot.Legend) {
	l.TextStyle.Font.Size = 8.5
	l.Padding = 1.5
	l.ThumbnailWidth = 0.3 * vg.Inch
	l.TextStyle.Handler = mathHandler
}

func line(xy plotter.XYs, c color.Color, width vg.Length, dashes ...vg.Length) *plotter.Line {
	l, err := plotter.NewLine(xy)
	if err != nil {
		panic("plot: " + err.Error())
	}
	l.LineStyle.Color, l.LineStyle.Width, l.LineStyle.Dashes = c, width, dashes
	return l
}

func scatter(xy plotter.XYs, c color.Color, shape draw.GlyphDrawer, radius vg.Length) *plotter.Scatter {
	s, err := plotter.NewScatter(xy)
	if err != nil {
		panic("plot: " + err.Error())
	}
	s.GlyphStyle.Color, s.GlyphStyle.Shape, s.GlyphStyle.Radius = c, shape, radius
	return s
}

// single draws one plot on the whole canvas.
func single(p *plot.Plot, caption string) *Figure {
	roundLog(p)
	return &Figure{Width: fullWidth, Height: height, draw: func(c draw.Canvas) { p.Draw(c) }, Caption: caption}
}

// sideBySide draws plots in one row, the first taking frac of the width.
func sideBySide(left, right *plot.Plot, frac float64, caption string) *Figure {
	roundLog(left)
	roundLog(right)
	return &Figure{Width: fullWidth, Height: height, Caption: caption, draw: func(c draw.Canvas) {
		w := c.Max.X - c.Min.X
		split := vg.Length(frac) * w
		left.Draw(draw.Crop(c, 0, split-w, 0, 0))
		right.Draw(draw.Crop(c, split, 0, 0, 0))
	}}
}

// stacked draws plots one above the other, aligned on their x axes. The
// top plot's title is drawn above both, over the whole width.
func stacked(top, bottom *plot.Plot, h vg.Length, caption string) *Figure {
	roundLog(top)
	roundLog(bottom)
	title := top.Title
	top.Title.Text = ""
	return &Figure{Width: fullWidth, Height: h, Caption: caption, draw: func(c draw.Canvas) {
		if title.Text != "" {
			_, th, td := title.TextStyle.Handler.Box(title.Text, title.TextStyle.Font)
			c.FillText(title.TextStyle, vg.Point{X: c.Center().X, Y: c.Max.Y}, title.Text)
			c = draw.Crop(c, 0, 0, 0, -(th + td + title.Padding + 0.05*vg.Inch))
		}
		cs := plot.Align([][]*plot.Plot{{top}, {bottom}}, draw.Tiles{Rows: 2, Cols: 1, PadY: 0.1 * vg.Inch}, c)
		top.Draw(cs[0][0])
		bottom.Draw(cs[1][0])
	}}
}
