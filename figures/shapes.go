package figures

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// rect is a filled rectangle in data coordinates.
type rect struct {
	x0, x1, y0, y1 float64
	fill           color.Color
}

// rects draws filled rectangles, with an optional outline.
type rects struct {
	rs      []rect
	outline draw.LineStyle // not drawn when Width is 0
}

func (s *rects) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for _, r := range s.rs {
		pts := []vg.Point{{X: trX(r.x0), Y: trY(r.y0)}, {X: trX(r.x1), Y: trY(r.y0)}, {X: trX(r.x1), Y: trY(r.y1)}, {X: trX(r.x0), Y: trY(r.y1)}}
		c.FillPolygon(r.fill, c.ClipPolygonXY(pts))
		if s.outline.Width > 0 {
			pts = append(pts, pts[0])
			c.StrokeLines(s.outline, c.ClipLinesXY(pts)...)
		}
	}
}

func (s *rects) DataRange() (xmin, xmax, ymin, ymax float64) {
	if len(s.rs) == 0 {
		return 0, 1, 0, 1
	}
	xmin, xmax, ymin, ymax = s.rs[0].x0, s.rs[0].x1, s.rs[0].y0, s.rs[0].y1
	for _, r := range s.rs {
		xmin, xmax = min(xmin, r.x0, r.x1), max(xmax, r.x0, r.x1)
		ymin, ymax = min(ymin, r.y0, r.y1), max(ymax, r.y0, r.y1)
	}
	return
}

// segments draws straight line segments in data coordinates.
type segments struct {
	segs  [][2][2]float64 // {{x0, y0}, {x1, y1}}
	style draw.LineStyle
}

func (s *segments) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for _, sg := range s.segs {
		pts := []vg.Point{{X: trX(sg[0][0]), Y: trY(sg[0][1])}, {X: trX(sg[1][0]), Y: trY(sg[1][1])}}
		c.StrokeLines(s.style, c.ClipLinesXY(pts)...)
	}
}

// Thumbnail draws the legend entry of the segments: a short line.
func (s *segments) Thumbnail(c *draw.Canvas) {
	y := c.Center().Y
	c.StrokeLine2(s.style, c.Min.X, y, c.Max.X, y)
}

// swatch is a legend entry: a filled box.
type swatch struct{ c color.Color }

func (s swatch) Thumbnail(c *draw.Canvas) {
	pts := []vg.Point{{X: c.Min.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Max.Y}, {X: c.Min.X, Y: c.Max.Y}}
	c.FillPolygon(s.c, pts)
}

// cell is a legend entry for one cell of a heat map: a square as tall as
// the entry, filled, with a thin outline so that a white cell shows.
type cell struct{ fill color.Color }

func (s cell) Thumbnail(c *draw.Canvas) {
	side := c.Max.Y - c.Min.Y
	x := c.Center().X - side/2
	pts := []vg.Point{{X: x, Y: c.Min.Y}, {X: x + side, Y: c.Min.Y}, {X: x + side, Y: c.Max.Y}, {X: x, Y: c.Max.Y}}
	c.FillPolygon(s.fill, pts)
	c.StrokeLines(draw.LineStyle{Color: darkGrey, Width: 0.5}, append(pts, pts[0]))
}
