package main

import (
	"bufio"
	"bytes"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"fibnim/table"
)

// figure is one named figure and how to draw it from the results.
type figure struct {
	name    string
	make    func(*source) (*drawing, error)
	caption string // filled in once drawn
}

// drawing is a figure ready to render at a given size.
type drawing struct {
	w, h    vg.Length
	draw    func(draw.Canvas)
	caption string // one line for results/figures/README.md
}

// figures is every figure, in the order of the issue and the README.
var figures = []figure{
	{name: "grundy_table", make: grundyTable},
	{name: "grundy_table_full", make: grundyTableFull},
	{name: "zeckendorf_rows", make: zeckendorfRows},
	{name: "value_regions", make: valueRegions},
	{name: "start_value_growth", make: startValueGrowth},
	{name: "conjecture_gap", make: conjectureGap},
	{name: "first_occurrence", make: firstOccurrence},
	{name: "ntimes_c", make: ntimesC},
	{name: "ntimes_real", make: ntimesReal},
	{name: "ntimes_growth", make: ntimesGrowth},
}

// Okabe-Ito colours, distinguishable with colour-blindness and in grey.
var (
	black     = color.RGBA{0x00, 0x00, 0x00, 0xff}
	orange    = color.RGBA{0xe6, 0x9f, 0x00, 0xff}
	skyBlue   = color.RGBA{0x56, 0xb4, 0xe9, 0xff}
	green     = color.RGBA{0x00, 0x9e, 0x73, 0xff}
	blue      = color.RGBA{0x00, 0x72, 0xb2, 0xff}
	vermilion = color.RGBA{0xd5, 0x5e, 0x00, 0xff}
	purple    = color.RGBA{0xcc, 0x79, 0xa7, 0xff}
	grey      = color.RGBA{0x99, 0x99, 0x99, 0xff}
	lightGrey = color.RGBA{0xdd, 0xdd, 0xdd, 0xff}
)

type colorT = color.RGBA

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xff} }

// Sizes a journal prints: one column of a two-column page is about 3.4 in,
// the full text width about 6.5 in. Figures are drawn at the full width.
const (
	fullWidth = 6.5 * vg.Inch
	height    = 4.2 * vg.Inch
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
	p.Legend.TextStyle.Font.Size = 8.5
	p.Legend.Padding = 1.5
	p.Legend.ThumbnailWidth = 0.3 * vg.Inch
	p.X.Tick.Marker, p.Y.Tick.Marker = niceTicks{}, niceTicks{}
	return p
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
func single(p *plot.Plot, caption string) *drawing {
	return &drawing{w: fullWidth, h: height, draw: func(c draw.Canvas) { p.Draw(c) }, caption: caption}
}

// sideBySide draws plots in one row, the first taking frac of the width.
func sideBySide(left, right *plot.Plot, frac float64, caption string) *drawing {
	return &drawing{w: fullWidth, h: height, caption: caption, draw: func(c draw.Canvas) {
		w := c.Max.X - c.Min.X
		split := vg.Length(frac) * w
		left.Draw(draw.Crop(c, 0, split-w, 0, 0))
		right.Draw(draw.Crop(c, split, 0, 0, 0))
	}}
}

// stacked draws plots one above the other, aligned on their x axes.
func stacked(top, bottom *plot.Plot, h vg.Length, caption string) *drawing {
	return &drawing{w: fullWidth, h: h, caption: caption, draw: func(c draw.Canvas) {
		cs := plot.Align([][]*plot.Plot{{top}, {bottom}}, draw.Tiles{Rows: 2, Cols: 1, PadY: 0.1 * vg.Inch}, c)
		top.Draw(cs[0][0])
		bottom.Draw(cs[1][0])
	}}
}

// render draws d in one format into memory.
func render(d *drawing, format string, dpi int) ([]byte, error) {
	var buf bytes.Buffer
	switch format {
	case "png":
		c := vgimg.NewWith(vgimg.UseWH(d.w, d.h), vgimg.UseDPI(dpi), vgimg.UseBackgroundColor(color.White))
		d.draw(draw.New(c))
		if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
			return nil, err
		}
	case "svg":
		c := vgsvg.NewWith(vgsvg.UseWH(d.w, d.h), vgsvg.EmbedFonts(true))
		d.draw(draw.New(c))
		if _, err := c.WriteTo(&buf); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("unknown format %q", format)
	}
	return buf.Bytes(), nil
}

// save renders d and writes it through a temporary file and a rename.
func save(path, format string, d *drawing, dpi int) error {
	b, err := render(d, format, dpi)
	if err != nil {
		return err
	}
	return table.WriteAtomic(path, b)
}

// writeCaptions writes OUT/README.md: one line per figure file in OUT,
// keeping the lines of earlier runs for figures this run did not draw.
func writeCaptions(out, in string, done []figure, formats []string, dpi int) error {
	lines := map[string]string{}
	path := filepath.Join(out, "README.md")
	if f, err := os.Open(path); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if name, ok := strings.CutPrefix(sc.Text(), "- `"); ok {
				if i := strings.IndexByte(name, '`'); i > 0 {
					lines[name[:i]] = sc.Text()
				}
			}
		}
		f.Close()
	}
	for _, f := range done {
		lines[f.name] = fmt.Sprintf("- `%s` (%s): %s", f.name, strings.Join(formats, ", "), f.caption)
	}
	var names []string
	for _, f := range figures {
		if _, ok := lines[f.name]; ok {
			names = append(names, f.name)
		}
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Figures\n\nDrawn by `plot -in %s` (cmd/plot) from the Parquet files that `compute` wrote; `make` redraws them.\n", in)
	fmt.Fprintf(&b, "Each is drawn 6.5 in wide (a journal's text width), as a PNG at %d dpi and as an SVG with its fonts embedded.\n", dpi)
	fmt.Fprintln(&b, "Where a series has more points than the figure has pixels it is downsampled into bins that keep")
	fmt.Fprintln(&b, "each bin's minimum and maximum, so no extreme is hidden.")
	fmt.Fprintln(&b)
	for _, n := range names {
		fmt.Fprintln(&b, lines[n])
	}
	return table.WriteAtomic(path, b.Bytes())
}
