package figures

import (
	"math"
	"strings"
	"unicode"

	xfont "golang.org/x/image/font"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// mathText is the text handler of the figures' titles, axis labels,
// legends and annotations: it sets what stands between two '$' as
// mathematics, as a journal prints it (and as the note's captions set the
// same '$' spans, package paper), and the rest as text.Plain does. In
// mathematics the Latin letters and the lowercase Greek ones are italic
// (Liberation Serif Italic), as TeX sets them; the digits, signs,
// brackets and the names of functions (ln, exp, min: operatorNames)
// upright; and the ceiling and floor brackets ⌈ ⌉ ⌊ ⌋, which Liberation
// Serif lacks (text.Plain would drop them silently), are drawn as lines
// (anywhere in a text, with or without '$'). gonum's TeX handler (go-latex
// mtex v0.2) has no ceiling brackets and no superscripts, so it is not
// used. A rotated text (a y axis' label) is set the same way in the
// rotated frame. A text without '$' or brackets, or of several lines, is
// drawn by text.Plain with the '$' removed.
type mathText struct{ text.Plain }

var mathHandler = mathText{text.Plain{Fonts: font.DefaultCache}}

// piece is a run of text drawn in one font, or a bracket drawn as lines.
type piece struct {
	s       string
	italic  bool
	bracket rune // ⌈ ⌉ ⌊ ⌋, or 0
}

// operatorNames are the words that mathematics sets upright, as TeX's
// \ln, \exp, \min do: "$a ln a$" is an italic a, an upright ln.
var operatorNames = map[string]bool{"ln": true, "log": true, "exp": true, "min": true, "max": true}

// italicLetter says whether mathematics sets r in italic: the Latin
// letters and the lowercase Greek ones (α, β), as TeX does.
func italicLetter(r rune) bool {
	return unicode.IsLetter(r) && (r < 0x370 || unicode.Is(unicode.Greek, r) && unicode.IsLower(r))
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
	rs := []rune(txt)
	inMath := false
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == '$':
			inMath = !inMath
		case strings.ContainsRune("⌈⌉⌊⌋", r):
			out = append(out, piece{bracket: r})
		case inMath && unicode.IsLetter(r):
			j := i
			for j < len(rs) && unicode.IsLetter(rs[j]) {
				j++
			}
			if word := string(rs[i:j]); operatorNames[word] {
				add(word, false)
			} else {
				for _, l := range rs[i:j] {
					add(string(l), italicLetter(l))
				}
			}
			i = j - 1
		default:
			add(string(r), false)
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
	if h.plain(txt) || strings.Contains(txt, "\n") {
		sty.Handler = h.Plain
		h.Plain.Draw(c, strings.ReplaceAll(txt, "$", ""), sty, pt)
		return
	}
	if sty.Rotation != 0 {
		// As text.Plain does: turn the canvas, and pt with it, then set
		// the text level in the turned frame.
		c.Push()
		c.Rotate(sty.Rotation)
		sin, cos := math.Sincos(sty.Rotation)
		pt = vg.Point{X: pt.Y*vg.Length(sin) + pt.X*vg.Length(cos), Y: pt.Y*vg.Length(cos) - pt.X*vg.Length(sin)}
		sty.Rotation = 0
		h.Draw(c, txt, sty, pt)
		c.Pop()
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
// parenthesis and a serif at its top (ceiling) or its foot (floor), in
// solid lines. The canvas keeps the dashes last set on it: a legend draws
// each entry's text just after its line, so a bracket in the legend of
// a dashed curve came out dashed (broken into bits) where one in a title
// did not, unless the dashes are reset here.
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
	c.SetLineDash(nil, 0)
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
