// Package figures draws the figures of fibnim's results, with gonum/plot,
// from the Parquet files that "compute" writes.
//
// It owns the figures and their captions: which figures there are (Names,
// About), how each is drawn from the tables (Draw), how it is written as
// PNG, SVG or PDF (Save) and the one-line caption of each in the captions file
// (WriteCaptions). Command plot is a thin wrapper around it:
//
//	src := figures.NewSource("results", grundy.Fibonacci)
//	for _, name := range figures.Names() {
//		f, err := figures.Draw(src, name)
//		// a figures.MissingError means the data is not there: skip it
//		figures.Save(filepath.Join("out", name+".png"), "png", f, 300)
//	}
//
// Guarantees:
//
//   - Every figure is drawn 6.5 in wide, a journal's text width, and at
//     most 4.6 in tall (the note prints it at 0.4 of its text height at
//     most), with a white margin on every side, and its caption says only
//     what is drawn.
//   - Every mark is named in the figure's legend (a colour bar names the
//     colours), or in its caption.
//   - Mathematics is set as a journal sets it, and only mathematics: the
//     titles, labels, legends and captions write it between '$', and
//     mathText (math_text.go) sets its letters italic and the rest, the
//     text included, upright; the ceiling and floor brackets, which the
//     font lacks, are drawn as solid lines wherever they stand (a test
//     reads every text a figure draws and finds no letter of mathematics
//     upright). Package paper sets the captions' '$' spans in math mode.
//   - The same input gives byte-identical PNG, SVG and PDF files (SVGs and
//     PDFs embed their fonts; a PDF carries a fixed date), and files are
//     written to a temporary name and renamed.
//   - A PDF's text reads as drawn: vgpdf encodes text as Windows-1252
//     (gonum/plot issue #347), so the characters it has are re-encoded and
//     the others (≤, α, the minus sign, √, ₁) are drawn as outlines from
//     the same font (pdf.go); vgpdf's images, drawn upside down, are
//     turned over first. A test renders every PDF page with pdftoppm and
//     compares it with the PNG, and reads its text with pdftotext.
//   - Series longer than the figure is wide are downsampled into bins that
//     keep each bin's minimum and maximum (and where they occur); heat maps
//     beyond 500 × 500 cells show the largest value in each block. Nothing
//     is averaged away.
//   - A figure whose data is missing is a MissingError, not a failure; a
//     corrupt file is an error naming it.
//
// What it must not do: it never writes or changes the tables (their
// formats are owned by [fibnim/table], [fibnim/globalnim], [fibnim/atlas]
// and [fibnim/ntimes]; this package only reads them) and never
// recomputes the checks. The theorem boundaries of value_regions and the
// fit of start_value_growth come from package conjectures (Predicted,
// FitLog), so the figures draw exactly what the checks test.
//
// Tests compare every figure, drawn at 40 dpi from a small run computed in
// the test, with testdata/NAME.png, allowing 1% of pixels to differ
// visibly (anti-aliasing across CPUs); after a deliberate change, look at
// the new images and run "go test ./figures -update". A mismatch leaves
// the new drawing in testdata/NAME.got.png.
//
// References:
//
//   - U. Larsson and S. Rubinstein-Salzedo, "Grundy values of Fibonacci
//     nim", International Journal of Game Theory 45 (2016): Theorems 4.1
//     and 4.5-4.7 (the cells of value 0 to 3), Theorem 5.3 (bounds on
//     G(n)) and the closing conjecture on G(⌈3n/2⌉) − G(n).
//   - P. Frankl and N. Tokushige, "The game of n-times nim", Discrete
//     Mathematics 260 (2003): Theorem 1 (the sequence F(a)) and Theorem 2
//     (vii) (the bounds L and U on c(a)).
package figures
