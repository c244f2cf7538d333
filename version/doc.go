// Package version reports which fibnim a program was built from: the module
// version and the source revision, from the build information the Go
// toolchain records in every binary (runtime/debug.ReadBuildInfo).
//
// A plain "go build" or "go install ./cmd/..." inside a git checkout
// records vcs.revision and vcs.modified, so the commands, the reports and
// the Parquet metadata name the commit they came from without help from
// make (where GOFLAGS does not hold -buildvcs=false; the Makefile passes
// -buildvcs=auto). A program that imports fibnim as a library gets the
// version its go.mod names: a pseudo-version ends in the commit, while a
// replace directive pointing at a checkout records only "(devel)", and
// then the revision is unknown.
//
// This package owns only the answer to "which fibnim is this"; it must not
// read or write files.
package version
