// Package tablewrite writes the files of a Grundy table folder in the
// format that package [fibnim/table] defines and reads. It writes the
// start values
// ([WriteStartValues]), the dense cells ([WriteDense], [WriteDenseTable]),
// one breakpoint file per value g as the engine hands over its runs
// ([RunFile], [CreateRunFile]), the file metadata ([Meta]) and the
// manifest ([WriteManifest]), every file through internal/parquetfile and
// internal/atomicfile, so that it appears at its path only when complete.
// [ErrInterrupted] is what a write stopped through its context wraps.
//
// It owns the writing only: package [fibnim/tablebuild] decides what is
// written where and commits the folder, package [fibnim/grundy] computes
// the values, and package [fibnim/table]'s tests read what this writes, so
// that writer and reader cannot drift apart.
package tablewrite
