// Package cli holds what the project's commands share about their command
// lines: usage errors, one-line error messages with the project's exit
// statuses (2 for usage, 1 for runtime errors), the one line that ends a
// run an interrupt stopped (interrupt.go), checking an output folder
// before anything is computed and making it (outputs.go, cli.go), the size
// syntax (1e6, 10^6, 4GiB; sizes.go) and the progress lines of long runs
// (progress.go).
//
// It owns only the terminal side of the commands and must not compute,
// read or write results: that is the packages' work, which a Go program
// can import without it.
package cli
