// Package inventory lists what a results folder holds: each Grundy table
// folder (grundy/mult=A) and each global game's table folder
// (global/mult=A), whether it validates and what it holds, the other
// files with their sizes, and what stopped runs left behind (Survey). It
// is what compute info prints.
//
// It reads and never writes: a table is validated by the package that
// owns its format ([fibnim/table.Open] for a Grundy table,
// [fibnim/globalnim.Footers] and [fibnim/globalnim.Open] for a global
// one), and the hidden files of runs (staging folders, swap markers,
// journals) are recognised by the package that makes them
// ([fibnim/tablebuild.Leftovers]). Advice on what to run belongs to the
// command.
package inventory
