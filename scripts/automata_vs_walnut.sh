#!/usr/bin/env bash
# The project's prover against Walnut on the same statements: for each
# automata folder of the sweep (results/multipliers/automata/mult=A), the time
# of `compute automata -check 1000 -mult A -reprove` (it proves the folder's
# classes again: the adder built and its induction, the mex induction of every
# value, Schwenk's rule: the steps of prove.txt) against Walnut's replay of the
# folder's prove.txt (../shared/walnut/prove.sh), run one after the other on the
# same machine, ROUNDS times, alternating. Writes a Markdown table on stdout.
#
#   scripts/automata_vs_walnut.sh [-r ROUNDS] [-i RESULTS] A...    (e.g. 1 7/3 5/2 3)
#
# Needs bin/compute (make build; COMPUTE overrides), ../shared/walnut/prove.sh
# (WALNUT overrides), javac and java, and /usr/bin/time.
set -euo pipefail
cd "$(dirname "$0")/.."
compute=${COMPUTE:-bin/compute}
walnut=${WALNUT:-../shared/walnut/prove.sh}
rounds=2 in=results/multipliers
while getopts "r:i:" opt; do
	case $opt in
	r) rounds=$OPTARG ;;
	i) in=$OPTARG ;;
	*) echo "usage: $0 [-r ROUNDS] [-i RESULTS] A..." >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { echo "usage: $0 [-r ROUNDS] [-i RESULTS] A..." >&2; exit 2; }
[ -x "$compute" ] || { echo "automata_vs_walnut: $compute is missing: run make build" >&2; exit 2; }
[ -f "$walnut" ] || { echo "automata_vs_walnut: no Walnut at $walnut" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# timed CMD...: runs CMD under /usr/bin/time; prints "wall user sys maxrss_kb" into $tmp/time.
timed() { /usr/bin/time -o "$tmp/time" -f "%e %U %S %M" "$@"; }
echo "# The project's prover against Walnut, on the same statements"
echo
echo "Written by \`scripts/automata_vs_walnut.sh -r $rounds $*\` on $(hostname -s) ($(nproc) CPUs, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)),"
echo "$(date -u +%Y-%m-%d), load average $(cut -d' ' -f1-3 /proc/loadavg) at the start (other work shared the machine: wall times carry it; CPU times less)."
echo "Ours: \`compute automata -check 1000 -mult A -reprove -in $in\`: it proves the folder's classes again with the project's prover"
echo "(the steps of prove.txt: the adder's induction, cap, the mex induction of every value, Schwenk's rule); *steps* is the sum of"
echo "the steps' own times as the prover reports them, *process* the whole command (reading the files, building and proving the adder"
echo "once more, the 1000-row engine check). Walnut: \`prove.sh DIR DIR/prove.txt\` (Walnut b3ed70b, a JVM started per run), the same"
echo "statements over the same files, msd_NAME.txt and msd_NAME_addition.txt in its Custom Bases. The two ran one after the other, $rounds"
echo "rounds alternating; the ratio is Walnut's wall time over ours (process), round by round."
echo
echo "| a | claims | round | ours: steps s | ours: process wall s | ours: CPU s | ours: peak MiB | Walnut: wall s | Walnut: CPU s | Walnut: peak MiB | Walnut TRUE | ratio (wall) |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
for a in "$@"; do
	dir=$in/automata/mult=${a/\//_}
	[ -f "$dir/prove.txt" ] || { echo "automata_vs_walnut: no $dir/prove.txt" >&2; exit 1; }
	claims=$(grep -c '^eval ' "$dir/prove.txt")
	for r in $(seq "$rounds"); do
		timed "$compute" automata -check 1000 -mult "$a" -reprove -in "$in" >"$tmp/ours.out" 2>"$tmp/ours.err" ||
			{ cat "$tmp/ours.err" >&2; exit 1; }
		read -r ow ou os om <"$tmp/time"
		steps=$(sed -n 's/.*proving .* again: .*, \([0-9.]*\) s)$/\1/p' "$tmp/ours.err" | awk '{s += $1} END {printf "%.2f", s}')
		timed bash "$walnut" "$dir" "$dir/prove.txt" >"$tmp/walnut.out" 2>&1 || { tail -n 20 "$tmp/walnut.out" >&2; exit 1; }
		read -r ww wu ws wm <"$tmp/time"
		wtrue=$(sed -n 's/^walnut: \([0-9]*\) TRUE, 0 FALSE, 0 errors$/\1/p' "$tmp/walnut.out")
		[ "$wtrue" = "$claims" ] || { echo "automata_vs_walnut: a = $a: Walnut: $(tail -n 1 "$tmp/walnut.out"), want $claims TRUE" >&2; exit 1; }
		awk -v a="$a" -v c="$claims" -v r="$r" -v st="$steps" -v ow="$ow" -v ou="$ou" -v os="$os" -v om="$om" \
			-v ww="$ww" -v wu="$wu" -v ws="$ws" -v wm="$wm" -v wt="$wtrue" 'BEGIN {
			printf "| %s | %d | %d | %s | %.2f | %.2f | %.0f | %.2f | %.2f | %.0f | %d | %.1f |\n", a, c, r, st, ow, ou + os, om / 1024, ww, wu + ws, wm / 1024, wt, ww / ow }'
	done
done
