// Package rss reads the peak resident memory of the running process, which
// the run records (provenance) and the automata runs (compute automata) state.
package rss
