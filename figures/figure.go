package figures

import (
	"bufio"
	"bytes"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"

	"fibnim/internal/atomicfile"
)

// Figure is one figure drawn from the results, ready to be saved in any
// format at any resolution.
type Figure struct {
	Name          string    // one of Names()
	Caption       string    // one line that says what is drawn, its mathematics between '$'
	Width, Height vg.Length // printed size
	draw          func(draw.Canvas)
}

// MissingError says that the data a figure needs is not under the
// Source's folder; a caller skips that figure with a notice.
type MissingError struct{ What string }

func (e MissingError) Error() string { return e.What }

// entry is one named figure, what it shows and how to draw it.
type entry struct {
	name, about string
	make        func(*Source) (*Figure, error)
}

// registry is every figure, in the order of the README.
var registry = []entry{
	{"grundy_table", "G(n, r) cell by cell for n <= 60, one colour per value", grundyTable},
	{"grundy_table_full", "the whole dense table, each pixel a block maximum", grundyTableFull},
	{"zeckendorf_rows", "Zeckendorf parts of n = 1..60 and the winning first move", zeckendorfRows},
	{"value_regions", "cells of value 0-3 against the regions of Theorems 4.1-4.7", valueRegions},
	{"start_value_growth", "G(n) against n with the bounds of Theorem 5.3 and a log fit", startValueGrowth},
	{"conjecture_gap", "G(ceil(3n/2)) - G(n) against the conjectured band [1, 2]", conjectureGap},
	{"first_occurrence", "h(g), the first n with G(n) = g, and its ratios", firstOccurrence},
	{"ntimes_c", "c(a) of n-times nim for integer a, with the bounds of Theorem 2", ntimesC},
	{"ntimes_real", "c(a) for real a: a step function with exact thresholds", ntimesReal},
	{"ntimes_growth", "the terms f(k) of F(a) for a few multipliers a", ntimesGrowth},
	{"atlas_alpha", "the atlas: the log-growth slope alpha(a) against a, with each fit's RMS", atlasAlpha},
	{"atlas_conjecture", "the atlas: the largest n where G(n + ceil(n/a)) - G(n) leaves [1, 2], against a", atlasConjecture},
	{"global_p_positions", "global Fibonacci nim: P-positions (x, y) at the start, over the threshold R_1(x, y)", globalPPositions},
	{"global_values", "global Fibonacci nim: G(x, y) at the start, one colour per class of values", globalValues},
	{"automaton_s2", "the positions of Grundy value 2 of Fibonacci nim, proved for all n: the minimal automaton of S_2", automatonS2},
	{"automata_classes", "the learner of the automata: classes of digit prefixes per length, for each threshold T_g", automataClasses},
}

// Names returns the name of every figure, in the order they are listed
// in the captions file.
func Names() []string {
	names := make([]string, len(registry))
	for i, e := range registry {
		names[i] = e.name
	}
	return names
}

// About returns a one-line description of the named figure, or "" if
// there is no such figure.
func About(name string) string {
	for _, e := range registry {
		if e.name == name {
			return e.about
		}
	}
	return ""
}

// Draw draws the named figure from src. It returns a MissingError when
// the data the figure needs is absent, and another error when that data
// is unreadable or corrupt. An unknown name is an error.
func Draw(src *Source, name string) (*Figure, error) {
	for _, e := range registry {
		if e.name == name {
			f, err := e.make(src)
			if err != nil {
				return nil, err
			}
			f.Name = name
			return f, nil
		}
	}
	return nil, fmt.Errorf("figures: no figure named %q", name)
}

// margin is the white space kept on every side of a figure, so that
// nothing (a colour bar, a legend swatch, the last cell or marker) touches
// or is cut at the edge of the page.
const margin = 0.1 * vg.Inch

// render draws f in one format into memory.
func render(f *Figure, format string, dpi int) ([]byte, error) {
	var buf bytes.Buffer
	switch format {
	case "png":
		c := vgimg.NewWith(vgimg.UseWH(f.Width, f.Height), vgimg.UseDPI(dpi), vgimg.UseBackgroundColor(color.White))
		f.draw(draw.Crop(draw.New(c), margin, -margin, margin, -margin))
		if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
			return nil, err
		}
	case "svg":
		c := vgsvg.NewWith(vgsvg.UseWH(f.Width, f.Height), vgsvg.EmbedFonts(true))
		f.draw(draw.Crop(draw.New(c), margin, -margin, margin, -margin))
		if _, err := c.WriteTo(&buf); err != nil {
			return nil, err
		}
	case "pdf":
		reproduciblePDF.Do(func() {
			// vgpdf's document takes these from fpdf's defaults: a fixed
			// date and sorted catalogs, not the time of the run and map order.
			fpdf.SetDefaultCreationDate(pdfDate)
			fpdf.SetDefaultModificationDate(pdfDate)
			fpdf.SetDefaultCatalogSort(true)
		})
		c := vgpdf.New(f.Width, f.Height)
		f.draw(draw.Crop(draw.New(pdfCanvas{c}), margin, -margin, margin, -margin))
		if _, err := c.WriteTo(&buf); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("unknown format %q (want png, svg or pdf)", format)
	}
	return buf.Bytes(), nil
}

// reproduciblePDF sets fpdf's defaults once; pdfDate is the date every
// PDF figure carries, so that a figure's bytes do not depend on the day.
var (
	reproduciblePDF sync.Once
	pdfDate         = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
)

// Save renders f as format ("png" at dpi dots per inch, "svg" with its
// fonts embedded, or "pdf", vector, with its fonts embedded) and writes it to path through a temporary file and a
// rename, so a failed run never leaves half a file. The same figure gives
// the same bytes on every run.
func Save(path, format string, f *Figure, dpi int) error {
	b, err := render(f, format, dpi)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, b)
}

// WriteCaptions writes dir/README.md: a short header naming the input
// folder in and one line per figure, "- `NAME` (FORMATS): CAPTION", the
// caption's mathematics between '$' (package paper sets it). Lines
// that an earlier run wrote for figures not in figs are kept, so drawing
// a few figures with plot -only leaves the others' captions in place.
func WriteCaptions(dir, in string, figs []*Figure, formats []string, dpi int) error {
	lines := map[string]string{}
	path := filepath.Join(dir, "README.md")
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
	for _, f := range figs {
		lines[f.Name] = fmt.Sprintf("- `%s` (%s): %s", f.Name, strings.Join(formats, ", "), f.Caption)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Figures\n\nDrawn by `plot -in %s` (cmd/plot, package fibnim/figures) from the Parquet files that `compute` wrote; `make` redraws them.\n", in)
	fmt.Fprintf(&b, "Each is drawn 6.5 in wide (a journal's text width), in the formats listed with it: PNG at %d dpi, SVG and PDF (vector, fonts embedded;\n", dpi)
	fmt.Fprintln(&b, "in a PDF the characters that vgpdf's Windows-1252 text cannot encode, such as ≤, α and the minus sign, are drawn as")
	fmt.Fprintln(&b, "outlines from the same font). The dense heat maps (grundy_table_full, global_values) are a raster image in every format.")
	fmt.Fprintln(&b, "Where a series has more points than the figure has pixels it is downsampled into bins that keep")
	fmt.Fprintln(&b, "each bin's minimum and maximum, so no extreme is hidden. The mathematics of a caption stands between $ signs,")
	fmt.Fprintln(&b, "as in LaTeX: GitHub and the note (make paper) set it as mathematics, as the figures' own labels are set.")
	fmt.Fprintln(&b)
	for _, e := range registry {
		if l, ok := lines[e.name]; ok {
			fmt.Fprintln(&b, l)
		}
	}
	return atomicfile.Write(path, b.Bytes())
}
