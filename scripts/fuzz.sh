#!/usr/bin/env bash
# make fuzz: runs every fuzz target of the module in the current folder for
# FUZZTIME each (default 60s), one after the other, and stops at the first
# that fails.
#
# The list is derived from the code, never written by hand: every line
# "func FuzzXxx(f *testing.F)" of the test files (in-package and _test package) of each
# package that `go list ./...` names, with that package's folder. A new
# fuzz target, or a package that moves or is renamed, needs no edit here.
# scripts/fuzz_test.go holds `make fuzz` to every fuzz target that the Go
# parser finds in the module.
#
#   scripts/fuzz.sh         run them (GO: the go command, default go)
#   scripts/fuzz.sh -list   print the list, "./PACKAGE TARGET" a line, and run nothing
set -euo pipefail
GO=${GO:-go}
FUZZTIME=${FUZZTIME:-60s}
root=$(pwd)

# targets prints "./PACKAGE TARGET" for every fuzz target, in go list's
# order of the packages and the files' order of the targets.
targets() {
	"$GO" list -f '{{$d := .Dir}}{{range .TestGoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}{{range .XTestGoFiles}}{{$d}}/{{.}}{{"\n"}}{{end}}' ./... |
		while IFS= read -r file; do
			[ -n "$file" ] || continue
			dir=$(dirname "$file")
			rel=.${dir#"$root"}
			sed -nE 's/^func (Fuzz[A-Za-z0-9_]*)\(([A-Za-z_][A-Za-z0-9_]*[[:space:]]+)?\*testing\.F\).*/\1/p' "$file" | while IFS= read -r name; do
				echo "$rel $name"
			done
		done
}

list=$(targets)
if [ "${1:-}" = "-list" ]; then
	[ -z "$list" ] || echo "$list"
	exit 0
fi
if [ -n "${1:-}" ]; then
	echo "usage: scripts/fuzz.sh [-list]" >&2
	exit 2
fi
if [ -z "$list" ]; then
	echo "fuzz: no fuzz target found under $root" >&2
	exit 1
fi
echo "fuzz: $(echo "$list" | wc -l) targets, $FUZZTIME each:" $(echo "$list" | awk '{print substr($1, 3) ":" $2}')
# go1.26's fuzz coordinator can fail a target with a bare "context deadline
# exceeded" at the end of -fuzztime, with no failing input, when the
# machine is busy: it races its own deadline (golang/go#75804, fixed in
# Go 1.27). Such a target is run again, twice at most, and said so; any
# other failure, and one that wrote a failing input, stops make fuzz.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
while read -r pkg name; do
	for try in 1 2 3; do
		echo "== $pkg $name"
		if "$GO" test -run '^$' -fuzz "^${name}\$" -fuzztime "$FUZZTIME" "$pkg" 2>&1 | tee "$log"; [ "${PIPESTATUS[0]}" -eq 0 ]; then
			break
		fi
		if [ "$try" -lt 3 ] && grep -q 'context deadline exceeded' "$log" && ! grep -q 'Failing input written' "$log"; then
			echo "fuzz: $pkg $name stopped with \"context deadline exceeded\" at the end of its -fuzztime and wrote no failing input: Go's fuzz coordinator raced its own deadline (golang/go#75804, fixed in Go 1.27), not a finding; running it again"
			continue
		fi
		exit 1
	done
done <<<"$list"
