// Package atomicfile is how fibnim's files reach the disk: the one
// temporary-file-and-rename writer ([Create], [Write]: the Parquet writer,
// the reports, figures, checkpoints and compute export go through it), a
// folder put in place of another in one step ([SwapDir]), and several
// files replaced as one set ([FileSet]). A run killed at any point leaves either
// the old file or the new one at the path, never a half-written one; what
// it leaves is a temporary file named ".NAME.tmp-*" beside it, or a
// FileSet's journal that the next FileSet of its name completes.
package atomicfile
