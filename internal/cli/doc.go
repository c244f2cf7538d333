// Package cli holds what the project's commands share about their command
// lines: usage errors, one-line error messages with the project's exit
// statuses (2 for usage, 1 for runtime errors), checking an
// output folder before anything is computed, the size syntax (1e6, 10^6,
// 4GiB; sizes.go) and the progress bar of long runs (progress.go).
//
// It owns only the terminal side of the commands and must not compute,
// read or write results: that is the packages' work, which a Go program
// can import without it.
package cli
