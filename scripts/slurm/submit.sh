#!/usr/bin/env bash
# Submits an atlas to Slurm: an array of M shards, at most K at once, and a merge job
# chained after it (--dependency=afterok), and prints both job ids.
#
#   scripts/slurm/submit.sh -m LIST -n N -o OUT [-M SHARDS] [-K AT_ONCE] [-c CPUS] [-- SBATCH_OPTIONS...]
#
#   -m LIST    multipliers, as compute atlas -mults reads them (farey:10:12, 2..5,7/2, ...)
#   -n N       the size of every multiplier's table
#   -o OUT     the output folder, on a filesystem every node shares (made absolute)
#   -M SHARDS  array tasks (default: one per multiplier, at most 1000)
#   -K AT_ONCE tasks running at once (default 32)
#   -c CPUS    CPUs per task, the engine's workers (default 1)
#   after --    further sbatch options for both jobs (--partition=..., --time=..., --account=...)
#
# Memory: each task asks for compute atlas -plan's estimate for N and CPUS (the engine's own,
# atlas.Bytes), plus 20%; the merge job for 512 MiB. COMPUTE (default bin/compute of this
# checkout) must be reachable from every node. The last two lines of output are
# ARRAY_JOB=<id> and MERGE_JOB=<id>.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
compute=${COMPUTE:-$repo/bin/compute}
usage() {
	echo "usage: $0 -m LIST -n N -o OUT [-M SHARDS] [-K AT_ONCE] [-c CPUS] [-- SBATCH_OPTIONS...]" >&2
	exit 2
}
list="" n="" out="" shards="" atonce=32 cpus=1
while getopts "m:n:o:M:K:c:h" opt; do
	case $opt in
	m) list=$OPTARG ;;
	n) n=$OPTARG ;;
	o) out=$OPTARG ;;
	M) shards=$OPTARG ;;
	K) atonce=$OPTARG ;;
	c) cpus=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ -n "$list" ] && [ -n "$n" ] && [ -n "$out" ] || usage
int() { [[ $2 =~ ^[1-9][0-9]*$ ]] || { echo "submit: $1 $2: want a whole number >= 1" >&2; exit 2; }; }
int -K "$atonce"
int -c "$cpus"
[ -x "$compute" ] || { echo "submit: $compute is not there: run make build (or set COMPUTE)" >&2; exit 2; }
command -v sbatch >/dev/null || { echo "submit: sbatch not found: this is not a Slurm submit host" >&2; exit 2; }

# The plan: the list's size and the memory of one task, from compute itself (a bad list
# or N fails here, before anything is queued).
errs=$(mktemp)
plan=$("$compute" atlas -mults "$list" -n "$n" -workers "$cpus" -plan 2>"$errs") || {
	rc=$?
	cat "$errs" >&2
	rm -f "$errs"
	exit $rc
}
sed 's/^atlas: /submit: /' "$errs"
rm -f "$errs"
count=$(awk '$1 == "multipliers" {print $2}' <<<"$plan")
mib=$(awk '$1 == "mem_mib" {print $2}' <<<"$plan")
mem=$(((mib * 12 + 9) / 10))
[ -n "$shards" ] || shards=$((count < 1000 ? count : 1000))
int -M "$shards"
mkdir -p "$out"
out=$(cd "$out" && pwd)
mkdir -p "$out/slurm"

array=$(sbatch --parsable --job-name=fibnim-atlas --array="0-$((shards - 1))%$atonce" --ntasks=1 \
	--cpus-per-task="$cpus" --mem="${mem}M" --output="$out/slurm/atlas-%A_%a.out" "$@" \
	"$here/atlas.sbatch" "$compute" "$list" "$n" "$out")
array=${array%%;*}
merge=$(sbatch --parsable --job-name=fibnim-atlas-merge --dependency="afterok:$array" --ntasks=1 \
	--cpus-per-task=1 --mem=512M --output="$out/slurm/merge-%j.out" "$@" \
	"$here/merge.sbatch" "$compute" "$out")
merge=${merge%%;*}
echo "submit: $count multipliers to N = $n in $shards array tasks (at most $atonce at once), $cpus CPU(s) and $mem MiB each: job $array"
echo "submit: merge job $merge runs after every task succeeds; logs in $out/slurm/"
echo "ARRAY_JOB=$array"
echo "MERGE_JOB=$merge"
