package figures

import (
	"strings"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// powerText is a text handler that draws "10^k" as 10 with a smaller,
// raised exponent k, and any text without '^' as text.Plain does. The
// figures' font, Liberation Serif, has no superscript zero (U+2070), and
// gonum's TeX handler (go-latex mtex v0.2) cannot draw superscripts, so
// the exponent is drawn as ordinary digits, scaled and raised.
type powerText struct{ text.Plain }

// The exponent's size and the height of its baseline, in units of the
// font size (about what TeX does for a first-level superscript).
const (
	supScale = 0.7
	supRise  = 0.4
)

// powerHandler is the handler that the tick labels of log axes use.
var powerHandler = powerText{text.Plain{Fonts: font.DefaultCache}}

func small(fnt font.Font) font.Font {
	fnt.Size *= supScale
	return fnt
}

// Box returns the width, the height above the baseline and the depth
// below it, of the whole text with its exponent.
func (h powerText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	base, exp, ok := strings.Cut(txt, "^")
	if !ok {
		return h.Plain.Box(txt, fnt)
	}
	bw, bh, bd := h.Plain.Box(base, fnt)
	ew, eh, _ := h.Plain.Box(exp, small(fnt))
	return bw + ew, max(bh, supRise*fnt.Size+eh), bd
}

// Draw draws txt aligned as sty says, as a whole with its exponent.
func (h powerText) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	base, exp, ok := strings.Cut(txt, "^")
	if !ok || sty.Rotation != 0 || strings.Contains(txt, "\n") {
		h.Plain.Draw(c, txt, sty, pt)
		return
	}
	w, ht, d := h.Box(txt, sty.Font)
	left := pt.X + vg.Length(sty.XAlign)*w
	baseline := pt.Y + (ht+d)*vg.Length(sty.YAlign) + d
	// text.Plain puts the baseline of a one-line text drawn with
	// YAlign 0 at pt.Y - ascent + size; place each piece from that.
	at := func(s text.Style, s2 string, x, y vg.Length) {
		s.XAlign, s.YAlign, s.Handler = 0, 0, h.Plain
		asc := h.Plain.Extents(s.Font).Ascent
		h.Plain.Draw(c, s2, s, vg.Point{X: x, Y: y + asc - s.Font.Size})
	}
	bw, _, _ := h.Plain.Box(base, sty.Font)
	at(sty, base, left, baseline)
	es := sty
	es.Font = small(sty.Font)
	at(es, exp, left+bw, baseline+supRise*sty.Font.Size)
}
