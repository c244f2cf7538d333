// Command compute fills Grundy tables of Fibonacci nim and n-times nim
// (and of global Fibonacci nim, two piles with one shared limit),
// regenerates the papers' tables, verifies their theorems, summarises many
// multipliers in shards (the atlas) and answers queries at a terminal.
// Run "compute help" for the subcommands.
//
// It parses flags, calls the packages and turns errors into exit codes
// (2 for usage, 1 for runtime errors): the engines are in grundy,
// globalnim and ntimes, the n-times pipeline in ntimesrun, the commit of
// table folders in tablebuild, what a results folder holds in inventory,
// the files in table, the checks in conjectures, the reports in report,
// the atlas's shards and merge in atlas. The packages' errors state the
// fact; the one line of advice on what to run or which flag to give is
// added here, in one place (advice.go), and so is the one line that ends
// every command an interrupt stopped, with the removal of the folders a
// stopped run made and left empty (interrupt.go).
package main
