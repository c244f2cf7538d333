package paper

import (
	"context"
	"fmt"
	"image"
	"strings"

	"fibnim/internal/tex"
)

// The page of the note (note.tex.tmpl's geometry): A4, 297 mm tall, its
// text block 25 mm from the top and from the foot, 22 mm from each side.
const (
	pageMM           = 297.0
	vMarginMM        = 25.0
	hMarginMM        = 22.0
	mmPerInch        = 25.4
	layoutDPI        = 30  // enough to tell a line of text from white
	emptyBandInches  = 0.5 // white taller than this is empty space: more than a gap between lines, paragraphs or floats
	MaxEmptyFraction = 0.3 // a page with more empty space than this, of its text block, is half empty
)

// PageSpace is how much of one page's text block is empty: the white
// bands taller than emptyBandInches, as a fraction of the block's height.
type PageSpace struct {
	Page  int // from 1
	Empty float64
}

// emptySpace measures the empty space of a page drawn in grey.
func emptySpace(img image.Image) float64 {
	b := img.Bounds()
	pxPerMM := float64(b.Dy()) / pageMM
	top, bottom := b.Min.Y+int(vMarginMM*pxPerMM), b.Max.Y-int(vMarginMM*pxPerMM)
	left, right := b.Min.X+int(hMarginMM*pxPerMM), b.Max.X-int(hMarginMM*pxPerMM)
	minBand := int(emptyBandInches * mmPerInch * pxPerMM)
	blank := func(y int) bool {
		for x := left; x < right; x++ {
			if r, _, _, _ := img.At(x, y).RGBA(); r < 0xf000 {
				return false
			}
		}
		return true
	}
	empty, run := 0, 0
	for y := top; y <= bottom; y++ {
		if y < bottom && blank(y) {
			run++
			continue
		}
		if run >= minBand {
			empty += run
		}
		run = 0
	}
	return float64(empty) / float64(bottom-top)
}

// Layout draws every page of a compiled note and measures the empty
// space of each (emptySpace).
func Layout(ctx context.Context, pdf string) ([]PageSpace, error) {
	pages, err := tex.Render(ctx, pdf, layoutDPI)
	if err != nil {
		return nil, err
	}
	out := make([]PageSpace, len(pages))
	for i, p := range pages {
		out[i] = PageSpace{Page: i + 1, Empty: emptySpace(p)}
	}
	return out, nil
}

// halfEmpty returns the pages of spaces that are more than
// MaxEmptyFraction empty, but for the last: the references start on a
// page of their own, after the floats (note.tex.tmpl's \clearpage), and
// end where they end.
func halfEmpty(spaces []PageSpace) []PageSpace {
	var bad []PageSpace
	for _, s := range spaces[:max(len(spaces)-1, 0)] {
		if s.Empty > MaxEmptyFraction {
			bad = append(bad, s)
		}
	}
	return bad
}

// describe writes pages as "page 7 (48% empty), page 9 (41% empty)".
func describe(spaces []PageSpace) string {
	var s []string
	for _, p := range spaces {
		s = append(s, fmt.Sprintf("page %d (%.0f%% empty)", p.Page, 100*p.Empty))
	}
	return strings.Join(s, ", ")
}
