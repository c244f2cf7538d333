package figures

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/recorder"
)

// recorded is a recorder.Canvas with a size, as draw.New needs.
type recorded struct{ *recorder.Canvas }

func (recorded) Size() (vg.Length, vg.Length) { return fullWidth, height }

// TestPDFText: a label is cut into Windows-1252 runs, re-encoded, and
// outlines for the rest, each where the whole label's layout puts it.
func TestPDFText(t *testing.T) {
	rec := recorded{&recorder.Canvas{}}
	face := font.DefaultCache.Lookup(font.Font{Typeface: "Liberation", Variant: "Serif"}, 10)
	label := "G ≤ 5×5 − α"
	pt := vg.Point{X: 10, Y: 20}
	pdfCanvas{rec}.FillString(face, pt, label)
	// The runs: "G ", then ≤ as an outline, " 5×5 " in Windows-1252
	// (× is 0xD7 there), − outlined, " ", α outlined.
	want := []struct {
		text   string // "" for an outline
		prefix string // the label before it
	}{{"G ", ""}, {"", "G "}, {" 5\xd75 ", "G ≤"}, {"", "G ≤ 5×5 "}, {" ", "G ≤ 5×5 −"}, {"", "G ≤ 5×5 − "}}
	var got []recorder.Action
	for _, a := range rec.Actions {
		switch a.(type) {
		case *recorder.FillString, *recorder.Fill:
			got = append(got, a)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d text and fill actions, want %d: %v", len(got), len(want), got)
	}
	for i, w := range want {
		x := pt.X + face.Width(w.prefix)
		switch a := got[i].(type) {
		case *recorder.FillString:
			if w.text == "" || a.String != w.text || a.Point != (vg.Point{X: x, Y: pt.Y}) {
				t.Errorf("action %d: text %q at %v, want %q at x = %v", i, a.String, a.Point, w.text, x)
			}
		case *recorder.Fill:
			if w.text != "" {
				t.Errorf("action %d: an outline, want text %q", i, w.text)
				continue
			}
			// The outline lies within the glyph's advance, from x.
			var xs []vg.Length
			for _, c := range a.Path {
				if c.Type != vg.CloseComp {
					xs = append(xs, c.Pos.X)
				}
			}
			lo, hi := xs[0], xs[0]
			for _, v := range xs {
				lo, hi = min(lo, v), max(hi, v)
			}
			next := pt.X + face.Width(label[:len(w.prefix)+len(string([]rune(label[len(w.prefix):])[0]))])
			if len(xs) < 4 || lo < x-0.5 || hi > next+0.5 {
				t.Errorf("action %d: an outline spanning x = %v..%v, want one within %v..%v", i, lo, hi, x, next)
			}
		}
	}
}

// TestPDFImageRows: vgpdf draws an image's first row at the bottom of its
// rectangle, so pdfCanvas hands it the rows turned over.
func TestPDFImageRows(t *testing.T) {
	rec := recorded{&recorder.Canvas{}}
	img := image.NewNRGBA(image.Rect(0, 0, 1, 2))
	red, blue := color.NRGBA{255, 0, 0, 255}, color.NRGBA{0, 0, 255, 255}
	img.Set(0, 0, red) // the top row
	img.Set(0, 1, blue)
	pdfCanvas{rec}.DrawImage(vg.Rectangle{Max: vg.Point{X: 1, Y: 2}}, img)
	a, ok := rec.Actions[len(rec.Actions)-1].(*recorder.DrawImage)
	if !ok {
		t.Fatalf("no image drawn: %v", rec.Actions)
	}
	if a.Image.At(0, 0) != color.Color(blue) || a.Image.At(0, 1) != color.Color(red) {
		t.Errorf("rows handed to vgpdf: %v, %v; want blue then red", a.Image.At(0, 0), a.Image.At(0, 1))
	}
}

// TestPDFLooksLikePNG renders every figure's PDF page with poppler's
// pdftoppm and compares it with the PNG that vgimg draws: a flipped image
// or a missing part changes far more of the page than the two
// rasterisers' anti-aliasing does; and reads its text with pdftotext,
// where a label sent to vgpdf as UTF-8 would show as mojibake. Without pdftoppm
// it is skipped, unless FIBNIM_NEED_POPPLER is set (make test sets it,
// after scripts/tex.sh has installed poppler-utils).
func TestPDFLooksLikePNG(t *testing.T) {
	if testing.Short() {
		t.Skip("renders every PDF with pdftoppm: make test runs it (FIBNIM_NEED_POPPLER)")
	}
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		if os.Getenv("FIBNIM_NEED_POPPLER") != "" {
			t.Fatal("pdftoppm not found (install poppler-utils: scripts/tex.sh)")
		}
		t.Skip("pdftoppm not found; scripts/tex.sh installs poppler-utils")
	}
	out := drawAll(t, testInputs(t), pdfDPI, "png", "pdf")
	for _, name := range testedNames(t) {
		base := filepath.Join(out, name+"-pdf")
		cmd := exec.Command("pdftoppm", "-r", strconv.Itoa(pdfDPI), "-png", "-singlefile", filepath.Join(out, name+".pdf"), base)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: pdftoppm: %v: %s", name, err, msg)
		}
		fromPDF, err := os.ReadFile(base + ".png")
		must(t, err)
		fromPNG, err := os.ReadFile(filepath.Join(out, name+".png"))
		must(t, err)
		if d, msg := blockDiff(fromPDF, fromPNG); d > pdfTolerance {
			os.WriteFile(filepath.Join("testdata", name+".pdf.got.png"), fromPDF, 0o644)
			t.Errorf("%s: the PDF page differs from the PNG in %.2f%% of 8x8 blocks (%s); its page is in testdata/%s.pdf.got.png", name, 100*d, msg, name)
		}
		// UTF-8 read as Windows-1252 starts every character with one of
		// these (≤ is "â‰¤", α is "Î±", × is "Ã—"); no label has them.
		text, err := exec.Command("pdftotext", filepath.Join(out, name+".pdf"), "-").Output()
		if err != nil {
			t.Fatalf("%s: pdftotext: %v", name, err)
		}
		if i := bytes.IndexAny(text, "ÂÃâÎÏ"); i >= 0 {
			t.Errorf("%s: the PDF's text has UTF-8 read as Windows-1252: %q", name, text[max(0, i-20):min(len(text), i+20)])
		}
	}
}

// pdfTolerance is the share of 8x8-pixel blocks whose mean colour may
// differ visibly between a PDF page, rasterised by pdftoppm at pdfDPI, and
// vgimg's PNG at the same resolution. The two anti-alias text and thin
// bars differently pixel by pixel (at 40 dpi, up to 14% of single pixels
// on zeckendorf_rows), but agree on blocks (at most 0.36% of them on these
// figures, global_values), while an image turned over or a part left out
// differs in many (TestPDFToleranceCatchesFlip).
const pdfTolerance = 0.02

// pdfDPI is the resolution both are drawn at for that comparison.
const pdfDPI = 100

// blockDiff returns the fraction of 8x8-pixel blocks whose mean colour
// differs by more than 40 (of 255) in some channel, or 1 if the images
// differ in size.
func blockDiff(a, b []byte) (float64, string) {
	ia, err := decodePNG(a)
	if err != nil {
		return 1, "first image unreadable: " + err.Error()
	}
	ib, err := decodePNG(b)
	if err != nil {
		return 1, "second image unreadable: " + err.Error()
	}
	if ia.Bounds() != ib.Bounds() {
		return 1, fmt.Sprintf("sizes %v and %v", ia.Bounds().Size(), ib.Bounds().Size())
	}
	const s = 8
	r := ia.Bounds()
	bad, blocks := 0, 0
	for y := r.Min.Y; y+s <= r.Max.Y; y += s {
		for x := r.Min.X; x+s <= r.Max.X; x += s {
			var sa, sb [3]int64
			for dy := range s {
				for dx := range s {
					r1, g1, b1, _ := ia.At(x+dx, y+dy).RGBA()
					r2, g2, b2, _ := ib.At(x+dx, y+dy).RGBA()
					sa[0], sa[1], sa[2] = sa[0]+int64(r1>>8), sa[1]+int64(g1>>8), sa[2]+int64(b1>>8)
					sb[0], sb[1], sb[2] = sb[0]+int64(r2>>8), sb[1]+int64(g2>>8), sb[2]+int64(b2>>8)
				}
			}
			blocks++
			for i := range sa {
				if d := sa[i] - sb[i]; d > 40*s*s || d < -40*s*s {
					bad++
					break
				}
			}
		}
	}
	return float64(bad) / float64(blocks), "the drawing"
}

// TestPDFToleranceCatchesFlip turns a heat map's PNG upside down and
// checks that pixelDiff sees it beyond pdfTolerance.
func TestPDFToleranceCatchesFlip(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("testdata", "grundy_table_full.png"))
	must(t, err)
	img, err := decodePNG(want)
	must(t, err)
	b := img.Bounds()
	flipped := image.NewRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			flipped.Set(x, b.Max.Y-1-y+b.Min.Y, img.At(x, y))
		}
	}
	var buf bytes.Buffer
	must(t, encodePNG(&buf, flipped))
	if d, _ := blockDiff(buf.Bytes(), want); d <= pdfTolerance {
		t.Fatalf("a figure turned upside down differs in only %.2f%% of pixels: pdfTolerance would hide it", 100*d)
	}
}

func decodePNG(b []byte) (image.Image, error) { return png.Decode(bytes.NewReader(b)) }

func encodePNG(w *bytes.Buffer, img image.Image) error { return png.Encode(w, img) }
