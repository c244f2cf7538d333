// Package paper writes the note of a results folder,
// ROOT/paper/fibnim-note.tex, and checks its compiled PDF.
//
// The note (note.tex.tmpl, filled by Note) states the game and its
// definitions; says how the values were computed, from the runs' own
// records (package provenance); sets out every disagreement with the
// papers with its counterexamples and context; states and proves the
// lemma that proves c(a) of n-times nim; summarises the multiplier atlas
// and the global game; says how to reproduce the results; and cites the
// references of CITATION.cff. It \input's the LaTeX tables of ROOT/tables
// (package report) and includes the figures of ROOT/figures (package
// figures): the PDFs, and the PNGs of the dense heat maps.
//
// Guarantees: every number in the note is read from the data (checks.json,
// provenance.json, the Parquet tables, the figures' captions); the
// template holds none. The same data give the same bytes. A part whose
// data is missing says so instead of failing, except checks.json and the
// check of a = 2's lower bound, without which there is no note.
//
// Files: note.go assembles the note (Note, the view the template reads);
// sections.go, section_lrs.go and section_ntimes.go generate its sections'
// text (the game, provenance and reproduction; Fibonacci nim and the
// papers' statements; n-times nim, the atlas and the global game);
// cite.go the citations and the bibliography from CITATION.cff; tex.go
// the TeX helpers (numbers, captions, tables and figures); check.go the
// check of the PDF; layout.go the empty space on its pages; data.go what
// the note reads; cff.go the CITATION.cff reader.
//
// Figures and tables float (note.tex.tmpl sets where): each goes at the
// top or foot of a page of text where there is room, a page of floats
// alone is at least 80% full, and a figure is printed at most 0.4 of the
// text height tall, so that two share a page. A figure's caption comes
// from figures/README.md, its mathematics between '$' set in math mode
// (captionTeX), as the figure sets it.
//
// CheckPDF checks a compiled note: its pages, its references, every key
// number of checks.json (Expectations), read back with pdftotext, and the
// empty space of every page (Layout, from the pages drawn by pdftoppm): no
// page but the last may be more than MaxEmptyFraction empty. The
// expectations are built from checks.json alone, not from the note's view,
// so a number printed wrongly fails.
//
// The check ids it singles out are spelt in report.IDs, nowhere else.
//
// References: the papers of CITATION.cff, as the note cites them:
// Larsson & Rubinstein-Salzedo 2016 (Theorems 4.1-5.3, Table 1, the
// closing conjecture), Frankl & Tokushige 2003 (Theorems 1 and 2, Table
// 1), Whinihan 1963.
package paper
