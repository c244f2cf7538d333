// Package release writes a data release of a results folder, ROOT/release/.
// It holds SHA256SUMS (the SHA-256 of every result file, in the format of GNU
// sha256sum, paths relative to ROOT), PROVENANCE.md and provenance.json
// (how each table was made: revision, command, machine, times, N), a copy
// of CITATION.cff, and the note's PDF.
//
// Verify recomputes the sums: a file changed, missing or unreadable since
// the release is named. The same check runs without fibnim:
//
//	cd results && sha256sum -c release/SHA256SUMS
//
// It owns only ROOT/release/; it reads, and never changes, everything
// else. The files it lists are the regular files under ROOT except the
// release itself, hidden files (the temporary files of an interrupted
// write) and the byproducts of compiling the note (.aux, .log, .out).
// Every file is written through a temporary file and a rename.
package release
