#!/usr/bin/env bash
# staticcheck on every package (make check, make test). The Go module proxy
# serves honnef.co/go/tools: v0.8.2 builds with go 1.26 (STATICCHECK_VERSION
# picks another). go run builds it once into the build cache.
#
# scripts/staticcheck.known lists findings, without line numbers, that are
# left to the work that owns their code (the engine in grundy/, build/, the
# check registry in conjectures/); they are shown but do not fail. Any other
# finding fails. A known finding that no longer occurs is reported, so that
# its line is removed: the list only shrinks.
set -euo pipefail
cd "$(dirname "$0")/.."
version=${STATICCHECK_VERSION:-v0.8.2}
known=scripts/staticcheck.known

set +e
out=$(go run "honnef.co/go/tools/cmd/staticcheck@$version" ./... 2>&1)
rc=$?
set -e
if [ $rc -ne 0 ] && ! grep -qE '^[^ :]+\.go:[0-9]+:[0-9]+: ' <<<"$out"; then
	# Not findings: staticcheck did not run (the proxy refused it, say).
	echo "$out" >&2
	echo "staticcheck: could not run honnef.co/go/tools/cmd/staticcheck@$version (exit $rc)" >&2
	exit 1
fi

# A finding without its line and column: "grundy/layer.go: func ... (U1000)".
normalize() { sed -E 's/^([^ :]+\.go):[0-9]+:[0-9]+: /\1: /'; }
want=$(grep -vE '^(#|$)' "$known" | sort -u || true)
got=$(grep -E '^[^ :]+\.go:[0-9]+:[0-9]+: ' <<<"$out" | normalize | sort -u || true)

new=$(comm -13 <(echo "$want") <(echo "$got") | grep -v '^$' || true)
gone=$(comm -23 <(echo "$want") <(echo "$got") | grep -v '^$' || true)
old=$(comm -12 <(echo "$want") <(echo "$got") | grep -v '^$' || true)
if [ -n "$old" ]; then
	echo "staticcheck: $(wc -l <<<"$old") known findings, left to the code's owners ($known):"
	sed 's/^/  /' <<<"$old"
fi
if [ -n "$gone" ]; then
	echo "staticcheck: fixed, remove from $known:"
	sed 's/^/  /' <<<"$gone"
fi
if [ -n "$new" ]; then
	echo "staticcheck: new findings:" >&2
	grep -E '^[^ :]+\.go:[0-9]+:[0-9]+: ' <<<"$out" | while IFS= read -r line; do
		if grep -qxF "$(normalize <<<"$line")" <<<"$new"; then echo "  $line" >&2; fi
	done
	exit 1
fi
echo "staticcheck $version: no new findings"
