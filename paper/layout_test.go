package paper

import (
	"context"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fibnim/internal/tex"
)

// page draws an A4 page at layoutDPI, white, with lines of "text" (rows
// 3 pixels apart, as 10 pt lines are at 30 dpi) in the text block from
// the fraction from to the fraction to of its height.
func page(from, to float64) image.Image {
	w, h := int(math.Round(210/mmPerInch*layoutDPI)), int(math.Round(pageMM/mmPerInch*layoutDPI))
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	pxPerMM := float64(h) / pageMM
	top, bottom := int(vMarginMM*pxPerMM), h-int(vMarginMM*pxPerMM)
	y0, y1 := top+int(from*float64(bottom-top)), top+int(to*float64(bottom-top))
	for y := y0; y < y1; y += 3 {
		for x := int(hMarginMM * pxPerMM); x < w/2; x++ {
			img.SetGray(x, y, color.Gray{})
		}
	}
	return img
}

// TestEmptySpace: a full page of lines has no empty space, though every
// other row between them is white; a page filled to half its height is
// half empty, and flagged; the last page is not.
func TestEmptySpace(t *testing.T) {
	for _, c := range []struct {
		from, to, want float64
	}{{0, 1, 0}, {0, 0.5, 0.5}, {0.25, 0.75, 0.5}, {0, 0.8, 0.2}} {
		if got := emptySpace(page(c.from, c.to)); math.Abs(got-c.want) > 0.02 {
			t.Errorf("text from %g to %g of the block: %.3f empty, want %g", c.from, c.to, got, c.want)
		}
	}
	spaces := []PageSpace{{1, 0}, {2, 0.5}, {3, 0.2}, {4, 0.8}}
	if bad := halfEmpty(spaces); len(bad) != 1 || bad[0].Page != 2 {
		t.Errorf("halfEmpty = %v, want page 2 alone (page 4 is the last)", bad)
	}
	if got := describe(spaces[1:2]); got != "page 2 (50% empty)" {
		t.Errorf("describe: %q", got)
	}
}

// TestLayoutOfAPDF compiles a document whose second page holds a lone
// float of half a page, as the note's pages 7, 9, 11 and 12 did with
// LaTeX's float parameters, and sees Layout measure it.
func TestLayoutOfAPDF(t *testing.T) {
	if testing.Short() {
		t.Skip("runs pdflatex")
	}
	if err := tex.Available(); err != nil {
		if os.Getenv("FIBNIM_NEED_TEX") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	dir := t.TempDir()
	text := strings.Repeat("A line of text that fills the page with words. ", 400)
	doc := `\documentclass[10pt]{article}
\usepackage[a4paper,hmargin=2.2cm,vmargin=2.5cm]{geometry}
\begin{document}
` + text[:len(text)/3] + `
\begin{figure}[p]\centering\rule{0.8\linewidth}{0.5\textheight}\caption{Half a page.}\end{figure}
` + text + `
\end{document}
`
	if err := os.WriteFile(filepath.Join(dir, "t.tex"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := tex.Compile(context.Background(), dir, "t.tex", 1); err != nil {
		t.Fatal(err)
	}
	spaces, err := Layout(context.Background(), filepath.Join(dir, "t.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	bad := halfEmpty(spaces)
	if len(spaces) < 4 || len(bad) != 1 || bad[0].Page != 2 || bad[0].Empty < 0.35 {
		t.Fatalf("pages %v: half empty %v, want page 2 alone", spaces, bad)
	}
	for _, s := range spaces[:len(spaces)-1] {
		if s.Page != 2 && s.Empty > 0.05 {
			t.Errorf("page %d of running text is %.0f%% empty", s.Page, 100*s.Empty)
		}
	}
}
