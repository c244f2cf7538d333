// Package report renders what the pipeline found as files a reader opens.
// They are the verification report (report.md and checks.json), the papers'
// tables regenerated beside the print (ft_table1.md and .csv,
// lrs_table1.md and .csv), the winning first moves of a = 2
// (winning_moves.csv, and their count by decade in report.md;
// startmoves.go), and the same tables as LaTeX a paper can \input
// (latex.go: lrs_table1.tex, ft_table1.tex, ft_table1_real.tex,
// verification.tex, verification_multipliers.tex, conjecture_decades.tex,
// first_occurrence.tex; some with a NAME_notes.tex for the caption), and
// the README's list of findings, from the committed checks.json files and
// atlas (readme.go; compute readme), and the OEIS b-files of the
// sequences (oeis.go).
//
// Every Markdown file of this package is built by one writer
// (markdown.go; the atlas's report, tables/atlas.md, is written by
// [fibnim/atlas.Report] with a writer of its own), every LaTeX table by
// another (latex.go: booktabs, no vertical rules, numbers in math
// mode with thousands separators, no caption), and every file
// reaches the disk through WriteFiles: a temporary file and a rename, so a
// killed run never leaves half a report where a good one was.
//
// It owns only the rendering. It computes nothing the checks have not
// computed ([fibnim/conjectures]), reads no Parquet file itself (the
// atlas's rows come through [fibnim/atlas.Read]),
// and puts no date or host name in a file, so a rerun reproduces them.
// The ids of the checks it singles out are spelt in one place, ids.go.
//
// References:
//   - U. Larsson, S. Rubinstein-Salzedo, "Grundy values of Fibonacci nim",
//     Int. J. Game Theory 45(3), 2016: Table 1, and the theorems checked.
//   - P. Frankl, N. Tokushige, "The game of n-times nim", Discrete Math.
//     260, 2003: Table 1, Theorem 2 (vii) (L and U), Theorem 2 (viii).
package report
