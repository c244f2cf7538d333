// Package filehash gives a file's size and SHA-256, reading it in pieces
// so that a cancelled context stops it within a megabyte, hashing the
// bytes as a writer writes them (Writer), or hashing it in the CPU time
// the rest of the process leaves unused (Spare): what the manifests of
// Grundy and global tables, the note's data and the release's sums are
// made and checked with.
//
// A table's manifest takes the sums its run recorded (Sums) for the files
// whose size on disk is the recorded one, and reads the others back
// (table.NewManifest).
package filehash
