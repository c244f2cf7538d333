// Package provenance records how a results folder was made. For each run
// of a compute command, it keeps the command line, the source revision,
// the Go version, the machine (GOOS/GOARCH, CPU count and model, memory), when it
// started, its wall time, the peak resident memory of its process, and N
// for each table it wrote. The records are in RESULTS/provenance.json
// (File), one per key (a command and the table it wrote: "grundy
// mult=2", "ntimes", "verify", "all"); a later run of the same key replaces
// the earlier record, so the file says how each table now in the folder
// was made.
//
// The note of results/paper ([fibnim/paper]) and the data release
// ([fibnim/release]) read it:
// their "how the values were computed" comes from these records, not from
// anything typed by hand.
//
// Guarantees: the file is written through a temporary file and a rename
// (atomicfile.Write), so a killed run never leaves half a file; a file
// that does not parse is an error, never overwritten. Two processes that
// record into the same folder at the same moment can lose one record
// (read, replace, write is not locked): run compute's commands on one
// folder one at a time, as make does.
//
// It owns only provenance.json; it must not read or write any other file.
// Records hold the time and the machine, so, unlike every other output of
// the pipeline, provenance.json does not reproduce bit for bit.
package provenance
