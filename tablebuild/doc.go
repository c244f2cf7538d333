// Package tablebuild makes a Grundy table folder and commits it to disk. It
// runs an engine of package grundy (the dense engine, the checkpointed
// breakpoint engine, or the brute-force oracle) and writes what it finds
// in the format of package table, so that the table on disk is replaced
// whole or not at all, by one writer at a time, and never by a smaller run
// without asking.
//
// Run is the one path every run takes (compute grundy is flags around
// it):
//
//  1. Lock: flock on lockFile(dir), held for the whole run; a second
//     writer of the folder fails at once, naming the holder's pid and
//     command (lock.go). Readers need no lock.
//  2. Never less: a table already there with the same outputs (N, the
//     breakpoint files or not, the dense rows) is left alone and the run
//     ends at once; one that holds more is replaced only with
//     Config.Replace.
//  3. Plan: the memory (PlanMemory, against -max-mem) and the disk space
//     (PlanDisk: the breakpoint files from the runs counted within the
//     pilot's budget, against the space free), both before any work
//     (plan.go).
//  4. Make: the engine writes the new table into a staging folder beside
//     the target (StagingDir) with its checkpoint; a killed run
//     resumes from it with byte-identical files. Every file is synced
//     when written; the manifest (table.Manifest: every file's size and
//     SHA-256, the parameters, the revision and the command) is written
//     last, and the checkpoint removed. The breakpoint files are hashed
//     in the CPU time the engine leaves unused (filehash.Spare), the
//     start values as they are written, and only the rest is read back
//     for the manifest. engine.go is the only file that calls
//     grundy.Breakpoints; checkpoint.go says what a checkpoint holds.
//  5. Commit: the staging folder is exchanged with the target in one
//     rename (atomicfile.SwapDir), the folder synced, and the old table
//     removed. At every instant the target holds the complete old table
//     or the complete new one; a reader that opened the old one keeps
//     reading it.
//
// A stop at any phase boundary leaves the old table (or, after the swap,
// the new one) and a staging folder that the same command resumes or
// completes; a full disk leaves the old table whole and says so in one
// line. Failpoint lets a test stop a run at each boundary.
//
// It also builds a global game's table folder under the same protocol
// (Global, global.go): lock, never less without GlobalConfig.Replace, a
// disk plan, a staging folder, a manifest (globalnim.Manifest) written
// last, one swap. The hidden files of a run (its staging folder, lock and
// swap marker) are named in layout.go, and nowhere else; Leftovers lists
// those that stopped runs left (package inventory shows them).
//
// Its errors state the fact and carry its data ([LockedError],
// [ShrinkError], [GlobalShrinkError], [SpaceError], [DiskFullError],
// [GlobalDiskFullError], [InterruptedError], which wraps [ErrInterrupted]); which flag to give about them
// is the command's to say (cmd/compute/advice.go).
//
// What it must not do: compute Grundy values itself ([fibnim/grundy]),
// define the files' format or read tables ([fibnim/table]; the files are
// written by internal/tablewrite), or parse command lines (cmd/compute).
//
// References:
//   - U. Larsson, S. Rubinstein-Salzedo, "Grundy values of Fibonacci nim",
//     Int. J. Game Theory 45(3), 2016: the table G(n, r) and its rows as
//     step functions of r (Section 4), whence the breakpoint files.
package tablebuild
