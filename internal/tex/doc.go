// Package tex runs the TeX and poppler tools that the paper kit needs:
// pdflatex to compile a document, pdftotext and pdfinfo to read one back,
// pdftoppm to look at its pages.
// They come from Debian's texlive-latex-base, texlive-latex-recommended
// and poppler-utils (scripts/tex.sh installs them).
//
// Compile sets SOURCE_DATE_EPOCH and FORCE_SOURCE_DATE, so pdfTeX writes a
// fixed date and document id and the same sources give the same PDF, byte
// for byte.
package tex
