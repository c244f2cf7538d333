// Package rss reads the peak resident memory of the running process, which
// the run records (provenance) and the automata runs (compute automata) state;
// the sweep of many multipliers resets it between them (ResetPeak, HighWater)
// and budgets each in CPU time (CPU).
package rss
