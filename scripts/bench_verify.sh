#!/usr/bin/env bash
# Measures "compute verify" against the engine that made the table, and
# writes the section "verify" of results/bench.md (between its markers).
# For each N: the complete table of a = 2 (grundy, 2 workers), then verify
# on it; wall time and peak RSS from /usr/bin/time. BENCH_BIG=0 skips
# N = 10^8; BENCH_HUGE=1 adds N = 10^9 (about 10 minutes for the table and
# 20 GiB; VERIFY_HUGE_TABLE=DIR reuses a results folder that holds it).
# BENCH_BASELINE=COMMIT also runs that commit's verify on the same tables
# up to N = 10^8 (at 10^9 the array-based verify of earlier commits needs
# about 18 GB and half an hour, and is not run).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=bin/compute
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
ROWS=$OUT/rows.md
: > "$ROWS"

timed() { # out-prefix command...: runs it, leaves "wall rss" in $OUT/t
  /usr/bin/time -f "%e %M" -o "$OUT/t" "$@" >"$OUT/log" 2>&1 || { cat "$OUT/log"; exit 1; }
}

if [ -n "${BENCH_BASELINE:-}" ]; then
  BASE=$(git rev-parse --short "$BENCH_BASELINE")
  git worktree add --detach "$OUT/base" "$BASE" >/dev/null 2>&1
  (cd "$OUT/base" && go build -o "$OUT/compute-base" ./cmd/compute)
  git worktree remove --force "$OUT/base"
fi

case_n() { # N [existing results folder]
  local n=$1 dir=${2:-} engine="-" erss="-"
  if [ -z "$dir" ]; then
    dir=$OUT/r
    rm -rf "$dir"
    timed $BIN grundy -n "$n" -out "$dir"
    read -r engine erss < "$OUT/t"
    erss=$(awk -v k="$erss" 'BEGIN{printf "%.2f GiB", k/1048576}')
    engine="${engine} s"
  fi
  timed $BIN verify -in "$dir"
  read -r wall rss < "$OUT/t"
  local base="-"
  if [ -n "${BENCH_BASELINE:-}" ] && [ "$n" -le 100000000 ]; then
    timed "$OUT/compute-base" verify -in "$dir"
    read -r bw brss < "$OUT/t"
    base=$(awk -v w="$bw" -v k="$brss" -v now="$wall" 'BEGIN{printf "%s s, %.2f GiB (%.2fx)", w, k/1048576, w/now}')
  fi
  printf '| %s | %s, %s | %s s, %s | %s |\n' "$n" "$engine" "$erss" "$wall" "$(awk -v k="$rss" 'BEGIN{printf "%.2f GiB", k/1048576}')" "$base" >> "$ROWS"
  echo "bench-verify: N=$n engine $engine, verify ${wall}s ${rss} KiB; baseline $base" >&2
  [ -z "${2:-}" ] && rm -rf "$OUT/r"
  return 0
}

case_n 1000000
case_n 10000000
if [ "${BENCH_BIG:-1}" = 1 ]; then case_n 100000000; fi
if [ "${BENCH_HUGE:-0}" = 1 ]; then case_n 1000000000 "${VERIFY_HUGE_TABLE:-}"; fi

{
  echo "<!-- verify: begin (scripts/bench_verify.sh) -->"
  echo "## verify against the engine"
  echo
  echo "Machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB; $(date -u +%Y-%m-%d). The complete table of a = 2 (\`compute grundy -n N\`, 2 workers), then \`compute verify\` on it (every check of a = 2, the paper's and the ones put for every multiplier; no n-times nim data). Targets: verify at N = 10^9 in at most 5 minutes and 2 GiB; at every N, less wall time than the engine."
  echo
  echo "| N | engine (wall, peak RSS) | verify (wall, peak RSS) | baseline verify${BENCH_BASELINE:+ @ $BASE} (ratio) |"
  echo "|---|---|---|---|"
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
