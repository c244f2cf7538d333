#!/usr/bin/env bash
# Measures reading a table: the Go benchmarks of table.Value, Values and
# Row (table/bench_read_test.go, bench_batch_test.go), `compute query` with
# 1000 random positions, verify, and the two consistency tests that read
# every position, beside the same at a baseline commit built in the same
# session; writes the section "reads" of results/bench.md (between its
# markers). About 10 minutes on 2 cores, most of it the baseline's query.
#   BENCH_READS_BASELINE  commit to compare with (default dd78b25, the
#                         commit before the page index and the cache)
#   BENCH_READS_N         the table's N (default 10^7), made with bin/compute
#   BENCH_READS_TABLE     a results folder holding grundy/mult=2 to use
#                         instead (for 10^9); then the baseline's query and
#                         verify are not run
#   BENCH_READS_REPS      runs of each timing (default 3; medians reported)
#   BENCH_READS_BASE_QUERY_REPS  runs of the baseline's query (default 1:
#                         about 200 s each at 10^7)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$PWD/bin/compute
OUT=$(mktemp -d)
trap 'git worktree remove --force "$OUT/base" >/dev/null 2>&1 || true; rm -rf "$OUT"' EXIT
BASE=$(git rev-parse --short "${BENCH_READS_BASELINE:-dd78b25}")
N=${BENCH_READS_N:-10000000}
REPS=${BENCH_READS_REPS:-3}
BQREPS=${BENCH_READS_BASE_QUERY_REPS:-1}
ROWS=$OUT/rows.tsv
: > "$ROWS"
load() { cut -d' ' -f1 /proc/loadavg; }

# The baseline: its compute, and its table package with this commit's
# Value benchmarks (they use only Open and Value).
git worktree add --detach "$OUT/base" "$BASE" >/dev/null 2>&1
(cd "$OUT/base" && go build -o "$OUT/compute-base" ./cmd/compute)
cp table/bench_read_test.go "$OUT/base/table/"

if [ -n "${BENCH_READS_TABLE:-}" ]; then
  ROOT=$BENCH_READS_TABLE
  N=$("$BIN" info "$ROOT" | sed -n 's/.*validates: N = \([0-9]*\),.*/\1/p' | head -1)
else
  ROOT=$OUT/r
  "$BIN" grundy -n "$N" -out "$ROOT" >/dev/null 2>&1
fi
DIR=$ROOT/grundy/mult=2

record() { # what, who, seconds, peak KiB (or -), load
  printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5" >> "$ROWS"
  echo "bench-reads: $1 ($2): $3 s, $4 KiB, load $5" >&2
}

# Go benchmarks: ns/op, median of REPS runs.
gobench() { # who dir pattern benchtime
  local who=$1 dir=$2 pat=$3 bt=$4 l
  l=$(load)
  (cd "$dir" && FIBNIM_BENCH_TABLE=$DIR go test -run '^$' -bench "$pat" -benchtime "$bt" -count "$REPS" ./table) 2>&1 |
    awk -v who="$who" -v l="$l" '/^Benchmark/ { sub(/-[0-9]+$/, "", $1); print $1 "\t" who "\t" $3/1e9 "\t-\t" l }' >> "$ROWS"
}
gobench now . 'ValueWarm|ValueRandom|Row' 2s
gobench now . 'Values$' 5x
gobench "$BASE" "$OUT/base" 'ValueWarm|ValueRandom' 10x

# compute query with 1000 random positions (n uniform in 0..N, r in 0..n).
POS=$(python3 -c "
import random
random.seed(366)
N = $N
ps = []
for _ in range(1000):
    n = random.randint(0, N)
    ps.append(f'{n},{random.randint(0, n)}')
print(' '.join(ps))")
timed() { # what who command...
  local what=$1 who=$2 l
  shift 2
  l=$(load)
  /usr/bin/time -f "%e %M" -o "$OUT/t" "$@" >"$OUT/log" 2>&1 || { cat "$OUT/log"; exit 1; }
  read -r wall rss < "$OUT/t"
  record "$what" "$who" "$wall" "$rss" "$l"
}
for _ in $(seq "$REPS"); do
  # shellcheck disable=SC2086
  timed "compute query, 1000 random positions" now "$BIN" query -in "$ROOT" $POS
done
if [ -z "${BENCH_READS_TABLE:-}" ]; then
  for _ in $(seq "$BQREPS"); do
    # shellcheck disable=SC2086
    timed "compute query, 1000 random positions" "$BASE" "$OUT/compute-base" query -in "$ROOT" $POS
  done
  # verify on copies, so that neither writes where the other reads.
  cp -r "$ROOT" "$OUT/vnow"
  cp -r "$ROOT" "$OUT/vbase"
  for _ in $(seq "$REPS"); do
    timed "compute verify (a = 2 only)" now "$BIN" verify -in "$OUT/vnow"
    timed "compute verify (a = 2 only)" "$BASE" "$OUT/compute-base" verify -in "$OUT/vbase"
  done
fi

# The consistency tests that read positions through Value: their time.
testtime() { # who dir label test
  local who=$1 dir=$2 label=$3 t=$4 l
  for _ in $(seq "$REPS"); do
    l=$(load)
    (cd "$dir" && go test -count=1 -v -run "^$t\$" ./table ./cmd/compute 2>&1) |
      awk -v t="$t" -v label="$label" -v who="$who" -v l="$l" '$1 == "---" && $3 == t { gsub(/[()s]/, "", $4); print label "\t" who "\t" $4 "\t-\t" l }' >> "$ROWS"
  done
}
testtime now . "test TestTableEqualsDense" TestTableEqualsDense
testtime "$BASE" "$OUT/base" "test TestTableEqualsDense" TestTableEqualsDense
Q="test: query from the table = dense engine (now TestQueryFromTableEqualsDense, at $BASE TestTableValuerEqualsDense)"
testtime now . "$Q" TestQueryFromTableEqualsDense
testtime "$BASE" "$OUT/base" "$Q" TestTableValuerEqualsDense

python3 - "$ROWS" "$BASE" "$N" "$(nproc)" "$(free -g | awk '/Mem:/{print $2}')" > "$OUT/section.md" <<'PY'
import sys, collections
rows, base, N, cores, mem = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
m = collections.OrderedDict()
for line in open(rows):
    what, who, s, rss, load = line.rstrip("\n").split("\t")
    m.setdefault((what, who), []).append((float(s), rss, load))
def med(v):
    s = sorted(x[0] for x in v)
    return s[(len(s) - 1) // 2]
def fmt(s):
    if s < 1e-3: return f"{s*1e6:.1f} µs"
    if s < 1: return f"{s*1e3:.1f} ms"
    return f"{s:.2f} s"
print("<!-- reads: begin (scripts/bench_reads.sh) -->")
print("## Reading a table: positions, rows, batches, query")
print()
print(f"Machine: {cores} cores, {mem} GiB, shared with other jobs (the load average, 1 minute, is given with each row). "
      f"The complete table of a = 2 to N = {N:,} (`compute grundy -n N`, default flags). "
      f"Baseline: {base}, built in a separate worktree and run in the same session on the same table. "
      "Medians of the runs; peak RSS is the largest. "
      "ValueWarm: 256 positions with n in one window of 256 rows and r anywhere, asked again and again (their pages decoded by earlier calls). "
      "ValueRandom: positions drawn uniformly from the whole table (nearly every call decodes new pages). "
      "Values: 1000 uniform positions in one call, cache emptied first. Row: R_1(n)..R_G(n) of a uniform n.")
print()
print("| measurement | runs | now | baseline | faster | load |")
print("|---|---|---|---|---|---|")
whats = list(dict.fromkeys(w for w, _ in m))
for w in whats:
    now, b = m.get((w, "now")), m.get((w, base))
    cell = lambda v: "-" if not v else fmt(med(v)) + ("" if v[0][1] == "-" else f", {max(int(x[1]) for x in v)/1024:.0f} MiB")
    ratio = f"{med(b)/med(now):,.0f}x" if now and b and med(b) / med(now) >= 10 else (f"{med(b)/med(now):.2f}x" if now and b else "-")
    loads = ", ".join(sorted(set(x[2] for x in (now or []) + (b or []))))
    runs = "/".join(str(len(v)) for v in (now, b) if v)
    print(f"| {w} | {runs} | {cell(now)} | {cell(b)} | {ratio} | {loads} |")
print()
def verdict(ok): return "**met**" if ok else "**missed**"
vw = m.get(("BenchmarkValueWarm", "now"))
q = m.get(("compute query, 1000 random positions", "now"))
print("Targets set for reading a table:")
if vw: print(f"- a warm Value at most 100 µs at N = {N:,}: {fmt(med(vw))}, {verdict(med(vw) <= 100e-6)}.")
if q: print(f"- `compute query` with 1000 random positions at most 1 s: {fmt(med(q))}, {verdict(med(q) <= 1)}.")
print("<!-- reads: end -->")
PY
python3 - "$OUT/section.md" <<'PY'
import re, sys
sec = open(sys.argv[1]).read()
path = "results/bench.md"
try:
    md = open(path).read()
except FileNotFoundError:
    md = ""
pat = re.compile(r"<!-- reads: begin.*?<!-- reads: end -->\n?", re.S)
md = pat.sub(lambda m: sec, md) if pat.search(md) else md.rstrip("\n") + "\n\n" + sec
open(path, "w").write(md)
PY
echo "bench-reads: wrote the reads section of results/bench.md" >&2
