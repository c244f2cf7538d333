package figures

import (
	"strings"
	"unicode"

	xfont "golang.org/x/image/font"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// mathText is the text handler of the figures' titles, axis labels and
// legends: it sets what stands between two '$' as mathematics, as a
// journal prints it, and the rest as text.Plain does. In mathematics the
// letters are italic (Liberation Serif Italic) and the digits, signs and
// brackets upright, and the ceiling and floor brackets ⌈ ⌉ ⌊ ⌋, which
// Liberation Serif lacks (text.Plain would drop them silently), are drawn
// as lines. gonum's TeX handler (go-latex mtex v0.2) has no ceiling
// brackets and no superscripts, so it is not used. A text without '$',
// or rotated, or of several lines, is drawn by text.Plain with the '$'
// removed.
type mathText struct{ text.Plain }

var mathHandler = mathText{text.Plain{Fonts: font.DefaultCache}}

// piece is a run of text drawn in one font, or a bracket drawn as lines.
type piece struct {
	s       string
	italic  bool
	bracket rune // ⌈ ⌉ ⌊ ⌋, or 0
}

// pieces splits txt into what is drawn in one go.
func pieces(txt string) []piece {
	var out []piece
	add := func(s string, italic bool) {
		if s == "" {
			return
		}
		if n := len(out); n > 0 && out[n-1].bracket == 0 && out[n-1].italic == italic {
			out[n-1].s += s
			return
		}
		out = append(out, piece{s: s, italic: italic})
	}
	inMath := false
	for _, r := range txt {
		switch {
		case r == '$':
			inMath = !inMath
		case strings.ContainsRune("⌈⌉⌊⌋", r):
			out = append(out, piece{bracket: r})
		default:
			add(string(r), inMath && unicode.IsLetter(r) && r < 0x370) // Latin letters; Greek stays upright
		}
	}
	return out
}

func italicOf(f font.Font) font.Font {
	f.Style = xfont.StyleItalic
	return f
}

// bracketWidth is the width a drawn bracket takes, in font sizes.
const bracketWidth = 0.3

func (h mathText) plain(txt string) bool {
	return !strings.ContainsAny(txt, "$⌈⌉⌊⌋")
}

// Box returns the width, the height above the baseline and the depth
// below it.
func (h mathText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	if h.plain(txt) || strings.Contains(txt, "\n") {
		return h.Plain.Box(strings.ReplaceAll(txt, "$", ""), fnt)
	}
	_, height, depth = h.Plain.Box("(", fnt)
	for _, p := range pieces(txt) {
		if p.bracket != 0 {
			width += bracketWidth * fnt.Size
			continue
		}
		f := fnt
		if p.italic {
			f = italicOf(fnt)
		}
		w, ht, d := h.Plain.Box(p.s, f)
		width += w
		height, depth = max(height, ht), max(depth, d)
	}
	return width, height, depth
}

// Draw draws txt aligned as sty says.
func (h mathText) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	if h.plain(txt) || sty.Rotation != 0 || strings.Contains(txt, "\n") {
		sty.Handler = h.Plain
		h.Plain.Draw(c, strings.ReplaceAll(txt, "$", ""), sty, pt)
		return
	}
	w, ht, d := h.Box(txt, sty.Font)
	x := pt.X + vg.Length(sty.XAlign)*w
	baseline := pt.Y + (ht+d)*vg.Length(sty.YAlign) + d
	for _, p := range pieces(txt) {
		if p.bracket != 0 {
			h.bracket(c, p.bracket, sty, x, baseline)
			x += bracketWidth * sty.Font.Size
			continue
		}
		s := sty
		s.XAlign, s.YAlign, s.Handler = 0, 0, h.Plain
		if p.italic {
			s.Font = italicOf(sty.Font)
		}
		// text.Plain puts the baseline of a one-line text drawn with
		// YAlign 0 at pt.Y - ascent + size (as in powerText).
		asc := h.Plain.Extents(s.Font).Ascent
		h.Plain.Draw(c, p.s, s, vg.Point{X: x, Y: baseline + asc - s.Font.Size})
		pw, _, _ := h.Plain.Box(p.s, s.Font)
		x += pw
	}
}

// bracket draws ⌈ ⌉ ⌊ ⌋ at x on the baseline: a stem as tall as a
// parenthesis and a serif at its top (ceiling) or its foot (floor).
func (h mathText) bracket(c vg.Canvas, r rune, sty text.Style, x, baseline vg.Length) {
	size := sty.Font.Size
	_, up, down := h.Plain.Box("(", sty.Font)
	top, bottom := baseline+up*0.92, baseline-down*0.92
	stem := x + 0.1*size
	end := x + 0.25*size
	if r == '⌉' || r == '⌋' {
		stem, end = x+0.2*size, x+0.05*size
	}
	foot := top
	if r == '⌊' || r == '⌋' {
		foot = bottom
	}
	c.Push()
	c.SetColor(sty.Color)
	c.SetLineWidth(0.055 * size)
	var p vg.Path
	p.Move(vg.Point{X: stem, Y: bottom})
	p.Line(vg.Point{X: stem, Y: top})
	c.Stroke(p)
	var q vg.Path
	q.Move(vg.Point{X: stem, Y: foot})
	q.Line(vg.Point{X: end, Y: foot})
	c.Stroke(q)
	c.Pop()
}
