// Package filehash gives a file's size and SHA-256, reading it in pieces
// so that a cancelled context stops it within a megabyte: what the
// manifests of Grundy and global tables, the note's data and the release's
// sums are made and checked with.
package filehash
