package figures

import (
	"image"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/text/encoding/charmap"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// pdfCanvas is a vgpdf canvas whose text comes out as written.
//
// vgpdf embeds each font with the Windows-1252 code page and hands a
// string's bytes to the PDF as they are (gonum/plot issue #347): UTF-8
// "≤" would print as the three characters "â‰¤", and "α", "≈", "−" (the
// minus sign), "√" and "₁" have no code in Windows-1252 at all. So
// FillString cuts a string into runs: a run of characters that
// Windows-1252 has is re-encoded to it and drawn as PDF text (it stays
// searchable, and pdftotext reads it back); any other character is drawn
// as its outline from the same font, a filled vector path, at the place
// the whole string's layout gives it (gonum's width, kerning included).
//
// It wraps any canvas (a vgpdf.Canvas when a figure is saved), so that
// the tests can record what it draws.
type pdfCanvas struct{ vg.CanvasSizer }

// FillString draws str with its left end of the baseline at pt.
func (c pdfCanvas) FillString(f font.Face, pt vg.Point, str string) {
	if f.Font.Size == 0 {
		return
	}
	// vgpdf registers a font under its family alone but selects an italic
	// one with style "I", which fpdf then cannot find ("undefined font");
	// the italic letters of mathText are drawn as outlines instead.
	italic := f.Font.Style == xfont.StyleItalic
	var run []byte // the current run, in Windows-1252
	runAt := 0     // the byte offset in str where it starts
	flush := func() {
		if len(run) > 0 {
			c.CanvasSizer.FillString(f, vg.Point{X: pt.X + f.Width(str[:runAt]), Y: pt.Y}, string(run))
			run = run[:0]
		}
	}
	for i, r := range str {
		if b, ok := charmap.Windows1252.EncodeRune(r); ok && r != 0x7f && !italic {
			if len(run) == 0 {
				runAt = i
			}
			run = append(run, b)
			continue
		}
		flush()
		c.outline(f, vg.Point{X: pt.X + f.Width(str[:i]), Y: pt.Y}, r)
	}
	flush()
}

// outline fills the glyph of r in f with its origin at pt.
func (c pdfCanvas) outline(f font.Face, pt vg.Point, r rune) {
	var buf sfnt.Buffer
	idx, err := f.Face.GlyphIndex(&buf, r) // 0, the "missing" box, where the font has none, as vgimg draws it
	if err != nil {
		panic("figures: " + err.Error())
	}
	ppem := fixed.Int26_6(f.Font.Size.Points() * 64) // one font unit of the segments = 1/64 point
	segs, err := f.Face.LoadGlyph(&buf, idx, ppem, nil)
	if err != nil {
		panic("figures: " + err.Error())
	}
	// The segments' y axis points down; the canvas's points up.
	at := func(p fixed.Point26_6) vg.Point {
		return vg.Point{X: pt.X + vg.Length(float64(p.X)/64), Y: pt.Y - vg.Length(float64(p.Y)/64)}
	}
	var p vg.Path
	open := false
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			if open {
				p.Close()
			}
			p.Move(at(s.Args[0]))
			open = true
		case sfnt.SegmentOpLineTo:
			p.Line(at(s.Args[0]))
		case sfnt.SegmentOpQuadTo:
			p.QuadTo(at(s.Args[0]), at(s.Args[1]))
		case sfnt.SegmentOpCubeTo:
			p.CubeTo(at(s.Args[0]), at(s.Args[1]), at(s.Args[2]))
		}
	}
	if open {
		p.Close()
	}
	c.Fill(p)
}

// DrawImage draws img in rect. vgpdf places an image's first row at the
// bottom of rect (its page is drawn with the y axis pointing up, and fpdf
// draws images top down), so the rows are turned over here first.
func (c pdfCanvas) DrawImage(rect vg.Rectangle, img image.Image) {
	b := img.Bounds()
	flipped := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			flipped.Set(x-b.Min.X, b.Max.Y-1-y, img.At(x, y))
		}
	}
	c.CanvasSizer.DrawImage(rect, flipped)
}
