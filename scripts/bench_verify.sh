#!/usr/bin/env bash
# Measures "compute verify" against the engine that made the table, and
# writes the section "verify" of results/bench.md (between its markers).
# For each N: the complete table of a = 2 (grundy, 2 workers), then verify
# on it, then (BENCH_BASELINE=COMMIT) that commit's verify on the same
# table, all in one run, so that the three carry the same load; wall
# time, user CPU and peak RSS from /usr/bin/time, and the load average
# (1 minute) before each command. BENCH_REPEAT=K does this K times for
# each N (a row each). BENCH_BIG=0 skips N = 10^8; BENCH_HUGE=1 adds
# N = 10^9 (about 5 minutes for the table and 6 GiB;
# VERIFY_HUGE_TABLE=DIR reuses a results folder that holds it); the
# baseline's verify runs there too.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=bin/compute
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
ROWS=$OUT/rows.md
: > "$ROWS"

timed() { # command...: runs it, leaves "wall user rss load" in $OUT/t
  local load
  load=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -f "%e %U %M" -o "$OUT/t" "$@" >"$OUT/log" 2>&1 || { cat "$OUT/log"; exit 1; }
  echo "$(cat "$OUT/t") $load" > "$OUT/t"
}
gib() { awk -v k="$1" 'BEGIN{printf "%.2f GiB", k/1048576}'; }

if [ -n "${BENCH_BASELINE:-}" ]; then
  BASE=$(git rev-parse --short "$BENCH_BASELINE")
  git worktree add --detach "$OUT/base" "$BASE" >/dev/null 2>&1
  (cd "$OUT/base" && go build -o "$OUT/compute-base" ./cmd/compute)
  git worktree remove --force "$OUT/base"
fi

case_n() { # N [existing results folder]
  local n=$1 dir=${2:-} engine="-" eload="-" ew="" eu erss
  if [ -z "$dir" ]; then
    dir=$OUT/r
    rm -rf "$dir"
    timed $BIN grundy -n "$n" -out "$dir"
    read -r ew eu erss eload < "$OUT/t"
    engine="$ew s, $eu s, $(gib "$erss")"
  fi
  timed $BIN verify -in "$dir" -out "$OUT/v"
  read -r wall user rss vload < "$OUT/t"
  local ratio="-"
  [ -n "$ew" ] && ratio=$(awk -v v="$wall" -v e="$ew" 'BEGIN{printf "%.2f", v/e}')
  local base="-" bload="-"
  if [ -n "${BENCH_BASELINE:-}" ]; then
    timed "$OUT/compute-base" verify -in "$dir" -out "$OUT/vb"
    read -r bw bu brss bload < "$OUT/t"
    base=$(awk -v w="$bw" -v u="$bu" -v now="$wall" 'BEGIN{printf "%s s, %s s, ", w, u}')"$(gib "$brss") ($(awk -v w="$bw" -v now="$wall" 'BEGIN{printf "%.2fx", w/now}'))"
  fi
  printf '| %s | %s | %s s, %s s, %s | %s | %s | %s |\n' "$n" "$engine" "$wall" "$user" "$(gib "$rss")" "$ratio" "$base" "$eload, $vload, $bload" >> "$ROWS"
  echo "bench-verify: N=$n engine $engine, verify ${wall}s ${user}s ${rss} KiB; baseline $base; load $eload, $vload, $bload" >&2
  [ -z "${2:-}" ] && rm -rf "$OUT/r"
  return 0
}

for _ in $(seq "${BENCH_REPEAT:-1}"); do
  case_n 1000000
  case_n 10000000
  if [ "${BENCH_BIG:-1}" = 1 ]; then case_n 100000000; fi
done
if [ "${BENCH_HUGE:-0}" = 1 ]; then case_n 1000000000 "${VERIFY_HUGE_TABLE:-}"; fi

{
  echo "<!-- verify: begin (scripts/bench_verify.sh) -->"
  echo "## verify against the engine"
  echo
  echo "Machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB; $(date -u +%Y-%m-%d). The complete table of a = 2 (\`compute grundy -n N\`, 2 workers), then \`compute verify\` on it (every check of a = 2, the paper's and the ones put for every multiplier, every file of the table read and checked; no n-times nim data)${BENCH_BASELINE:+, then the verify of $BASE on the same table}, one after the other in one run: each row is one run, with the load average (1 minute) before each command. Wall time, user CPU and peak RSS. Targets: verify at N = 10^9 in at most 5 minutes and 2 GiB; at every N, less wall time than the engine."
  echo
  echo "| N | engine (wall, user CPU, peak RSS) | verify (wall, user CPU, peak RSS) | verify / engine | baseline verify${BENCH_BASELINE:+ @ $BASE} (wall, user CPU, peak RSS; baseline / verify) | load: engine, verify, baseline |"
  echo "|---|---|---|---|---|---|"
  cat "$ROWS"
  echo "<!-- verify: end -->"
} > "$OUT/section.md"
python3 - "$OUT/section.md" <<'PY'
import re, sys
sec = open(sys.argv[1]).read()
path = "results/bench.md"
try:
    md = open(path).read()
except FileNotFoundError:
    md = ""
pat = re.compile(r"<!-- verify: begin.*?<!-- verify: end -->\n?", re.S)
md = pat.sub(lambda m: sec, md) if pat.search(md) else md.rstrip("\n") + "\n\n" + sec
open(path, "w").write(md)
PY
echo "bench-verify: wrote the verify section of results/bench.md" >&2
