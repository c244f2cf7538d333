// Command plot draws the figures of the pipeline's results; the figures
// themselves are package [fibnim/figures].
//
//	plot [-in DIR] [-out DIR/figures] [-formats png,svg,pdf] [-mult A] [-dpi D] [-only NAMES]
//	plot -version
//
// It reads the Parquet files that "compute" writes under DIR and writes
// every figure whose data is there as PNG (300 dpi, or -dpi) and as SVG
// and PDF (vector, fonts embedded), with a caption line per figure in
// OUT/README.md. A figure whose data is missing is skipped with a one-line notice. "plot -h"
// lists the figures.
package main
