#!/usr/bin/env bash
# Submits the automata sweep (compute automata -mults) to Slurm: an array of M
# shards, at most K at once, and a merge job chained after it
# (--dependency=afterok), and prints both job ids.
#
#   scripts/slurm/submit-automata.sh -m LIST -o OUT [-g MAX_G] [-n N] [-M SHARDS] [-K AT_ONCE]
#                                    [-b STATES] [-t CPU] [-r MEM] [-- SBATCH_OPTIONS...]
#
#   -m LIST    multipliers, as compute automata -mults reads them (farey:10:12, 2..5,7/2, ...)
#   -o OUT     the output folder, on a filesystem every node shares (made absolute);
#              the sweep is OUT/automata/
#   -g MAX_G   values 0..MAX_G (default 8)
#   -n N       the largest table the learner reads (default 1e7)
#   -M SHARDS  array tasks (default: one per multiplier, at most 1000)
#   -K AT_ONCE tasks running at once (default 32)
#   -b STATES  the state budget of a proof step (default: compute's, 10000000)
#   -t CPU     the CPU budget of one attempt, as Go writes durations (default: compute's, 5m)
#   -r MEM     memory per task (default 6G: the sweep's largest peak measured
#              on farey:10:12 is in OUT/automata/timings.md of the committed run)
#   after --    further sbatch options for both jobs (--partition=..., --time=..., --account=...)
#
# COMPUTE (default bin/compute of this checkout) must be reachable from every
# node. The last two lines of output are ARRAY_JOB=<id> and MERGE_JOB=<id>.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
compute=${COMPUTE:-$repo/bin/compute}
usage() {
	echo "usage: $0 -m LIST -o OUT [-g MAX_G] [-n N] [-M SHARDS] [-K AT_ONCE] [-b STATES] [-t CPU] [-r MEM] [-- SBATCH_OPTIONS...]" >&2
	exit 2
}
list="" out="" maxg=8 n=1e7 shards="" atonce=32 budget="" cpu="" mem=6G
while getopts "m:o:g:n:M:K:b:t:r:h" opt; do
	case $opt in
	m) list=$OPTARG ;;
	o) out=$OPTARG ;;
	g) maxg=$OPTARG ;;
	n) n=$OPTARG ;;
	M) shards=$OPTARG ;;
	K) atonce=$OPTARG ;;
	b) budget=$OPTARG ;;
	t) cpu=$OPTARG ;;
	r) mem=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ -n "$list" ] && [ -n "$out" ] || usage
int() { [[ $2 =~ ^[1-9][0-9]*$ ]] || { echo "submit-automata: $1 $2: want a whole number >= 1" >&2; exit 2; }; }
int -K "$atonce"
[[ $maxg =~ ^[0-9]+$ ]] || { echo "submit-automata: -g $maxg: want a whole number" >&2; exit 2; }
[ -x "$compute" ] || { echo "submit-automata: $compute is not there: run make build (or set COMPUTE)" >&2; exit 2; }
command -v sbatch >/dev/null || { echo "submit-automata: sbatch not found: this is not a Slurm submit host" >&2; exit 2; }

# The list's size, from compute itself (a bad list fails here, before anything
# is queued): compute atlas -plan parses the same lists.
errs=$(mktemp)
count=$("$compute" atlas -mults "$list" -n 1000 -workers 1 -plan 2>"$errs" | awk '$1 == "multipliers" {print $2}') || true
if [ -z "$count" ]; then
	cat "$errs" >&2
	rm -f "$errs"
	exit 2
fi
rm -f "$errs"
[ -n "$shards" ] || shards=$((count < 1000 ? count : 1000))
int -M "$shards"
mkdir -p "$out"
out=$(cd "$out" && pwd)
mkdir -p "$out/slurm"
extra=()
if [ -n "$budget" ] || [ -n "$cpu" ]; then
	extra=("${budget:-0}" "${cpu:-5m}")
fi

array=$(sbatch --parsable --job-name=fibnim-automata --array="0-$((shards - 1))%$atonce" --ntasks=1 \
	--cpus-per-task=1 --mem="$mem" --output="$out/slurm/automata-%A_%a.out" "$@" \
	"$here/automata.sbatch" "$compute" "$list" "$maxg" "$n" "$out" "${extra[@]}")
array=${array%%;*}
merge=$(sbatch --parsable --job-name=fibnim-automata-merge --dependency="afterok:$array" --ntasks=1 \
	--cpus-per-task=1 --mem=1G --output="$out/slurm/automata-merge-%j.out" "$@" \
	"$here/automata-merge.sbatch" "$compute" "$out")
merge=${merge%%;*}
echo "submit-automata: $count multipliers, values 0..$maxg, tables to N = $n, in $shards array tasks (at most $atonce at once), $mem each: job $array"
echo "submit-automata: merge job $merge runs after every task succeeds; logs in $out/slurm/"
echo "ARRAY_JOB=$array"
echo "MERGE_JOB=$merge"
