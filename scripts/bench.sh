#!/usr/bin/env bash
# Writes results/bench.md: one side-by-side run of the brute-force oracle,
# the dense engine and the breakpoint engine, with wall time, peak RSS
# (/usr/bin/time), cells per second and 1 vs 2 workers, the time of each
# value's sweep at N = 10^8 (rows or runs), then the Go micro-benchmarks of
# the hot loops, and the targets set for engine v3 against what was
# measured. Takes about 15 minutes on 2 cores.
# BENCH_BIG=0 skips N = 10^8; BENCH_REPEAT (default 3) is how many times
# each N = 10^8 run is repeated, reported as the median; BENCH_HUGE=1 adds
# N = 10^9 start values with 2 workers (about 10 more minutes), and
# BENCH_HUGE_TABLE=1 the complete table at 10^9 as well (tens of minutes).
# BENCH_BASELINE="COMMIT ..." also builds each commit and runs its breakpoint
# engine on the same N = 10^7 and 10^8 cases right after, for ratios
# measured in the same session (about 3 more minutes each with
# BENCH_BASE_REPEAT=1, the default being BENCH_REPEAT), and with
# BENCH_HUGE=1 BENCH_BASE_HUGE=1 its N = 10^9 case too. The raw runs stay in
# bin/bench/; BENCH_RENDER=1 writes results/bench.md again from them
# without running anything. The section that scripts/bench_verify.sh
# writes is kept.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=bin/compute
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
# The raw runs are kept in bin/bench/ (not committed), so that the report
# can be rendered again without running them (BENCH_RENDER=1).
KEEP=bin/bench
mkdir -p "$KEEP"
TSV=$KEEP/runs.tsv
SWEEPS=$KEEP/sweeps.csv
GOBF=$KEEP/gobench.txt
REPS=${BENCH_REPEAT:-3}

run() { # engine N workers breakpoints [label [multiplier [extra flags]]]
  local engine=$1 n=$2 w=$3 bp=$4 label=${5:-$1} mult=${6:-2} extra=${7:-}
  # shellcheck disable=SC2086
  /usr/bin/time -f "%e %M" -o "$OUT/time" $BIN grundy -n "$n" -mult "$mult" -engine "$engine" -workers "$w" -breakpoints="$bp" -dense-max 0 -out "$OUT/r" $extra >/dev/null 2>"$OUT/err" || { cat "$OUT/err"; exit 1; }
  read -r wall rss < "$OUT/time"
  local vals # sweeps run: values of the table + 1
  vals=$(grep -o '[0-9]* values done' "$OUT/err" | tail -1 | cut -d' ' -f1 || true)
  local size=0 # bytes of the breakpoint files
  if [ "$bp" = true ]; then size=$(du -sb "$OUT"/r/grundy/*/breakpoints | cut -f1); fi
  [ "$mult" = 2 ] || label="$label a=$mult"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$n" "$w" "$bp" "$wall" "$rss" "$size" "${vals:-0}" >> "$TSV"
  echo "bench: $label N=$n workers=$w table=$bp: ${wall}s, ${rss} KiB" >&2
  rm -rf "$OUT/r"
}

measure() {
: > "$TSV"
rm -f "$SWEEPS"
for n in 100 200 400; do run brute $n 1 false; done
for n in 1000 3000 10000 30000; do run dense $n 1 false; run dense $n 2 false; done
for n in 1000 100000 1000000 10000000; do run breakpoint $n 1 false; run breakpoint $n 2 false; done
run breakpoint 10000000 2 true
big() { # label [reps]: the N = 10^8 cases, reps (default REPS) times each
  if [ "${BENCH_BIG:-1}" = 1 ]; then
    for _ in $(seq "${2:-$REPS}"); do
      run breakpoint 100000000 2 false "$1"
      run breakpoint 100000000 1 false "$1"
      run breakpoint 100000000 2 true "$1"
      run breakpoint 100000000 2 false "$1" 3
      run breakpoint 100000000 2 false "$1" 5/2
    done
  fi
}
big breakpoint
# Each value's sweep at N = 10^8 with 1 worker (its wall time is then its
# CPU time): the row part in ns per row, the run part in ns per segment.
if [ "${BENCH_BIG:-1}" = 1 ]; then
  run breakpoint 100000000 1 false "breakpoint (per value)" 2 "-sweeps $SWEEPS"
  sed -i '$d' "$TSV" # not one of the timed cases
fi
if [ "${BENCH_HUGE:-0}" = 1 ]; then
  run breakpoint 1000000000 2 false
  if [ "${BENCH_HUGE_TABLE:-0}" = 1 ]; then run breakpoint 1000000000 2 true; fi
fi
for c in ${BENCH_BASELINE:-}; do
  BASE=$(git rev-parse --short "$c")
  git worktree add --detach "$OUT/base" "$BASE" >/dev/null 2>&1
  (cd "$OUT/base" && go build -o "$OUT/compute-base" ./cmd/compute)
  git worktree remove --force "$OUT/base"
  BIN=$OUT/compute-base
  run breakpoint 10000000 1 false "breakpoint@$BASE"
  run breakpoint 10000000 2 false "breakpoint@$BASE"
  run breakpoint 10000000 2 true "breakpoint@$BASE"
  big "breakpoint@$BASE" "${BENCH_BASE_REPEAT:-$REPS}"
  if [ "${BENCH_HUGE:-0}" = 1 ] && [ "${BENCH_BASE_HUGE:-0}" = 1 ]; then run breakpoint 1000000000 2 false "breakpoint@$BASE"; fi
  BIN=bin/compute
done
go test -run '^$' -bench . -benchtime 3x -count 5 ./grundy ./table ./internal/tablewrite 2>&1 | grep -E '^Benchmark' > "$GOBF" || true
}
if [ "${BENCH_RENDER:-0}" != 1 ]; then measure; fi
# The sections of scripts/bench_verify.sh and bench_reads.sh, and what
# follows them, survive this rewrite.
VERIFY=$OUT/verify.md
python3 - > "$VERIFY" <<'PY'
import re
try:
    m = re.search(r"<!-- (?:verify|reads): begin.*", open("results/bench.md").read(), re.S)
except FileNotFoundError:
    m = None
if m:
    print(m.group(0), end="")
PY

GOB=$(cat "$GOBF")

python3 - "$TSV" "$GOB" "$SWEEPS" > "$OUT/bench.md" <<'PY'
import sys, math, collections, platform, subprocess, os, csv
raw = [l.split('\t') for l in open(sys.argv[1]).read().split('\n') if l]
gob = sys.argv[2]
sweeps = list(csv.DictReader(open(sys.argv[3]))) if os.path.exists(sys.argv[3]) else []
# Repeated runs of one case become one row: the median wall time (the
# lower middle one for an even count) and the largest peak RSS.
reps = collections.OrderedDict()
size = {}
vals = {}
for e, n, w, bp, wall, rss, b, nv in raw:
    reps.setdefault((e, n, w, bp), []).append((float(wall), int(rss)))
    size[(e, n, w, bp)] = int(b)
    vals[(e, n, w, bp)] = int(nv)
rows = []
for (e, n, w, bp), v in reps.items():
    walls = sorted(x[0] for x in v)
    rows.append([e, n, w, bp, str(walls[(len(walls)-1)//2]), str(max(x[1] for x in v)), len(v)])
cpu = subprocess.run(['sh', '-c', "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"], capture_output=True, text=True).stdout.strip()
print("# Benchmarks\n")
print("Generated by `make bench` (scripts/bench.sh) in one run; do not edit by hand.")
print(f"Machine: 2 cores ({cpu}), 24 GiB, Linux. Multiplier a = 2. Wall time and peak RSS of the whole")
print("`compute grundy` process (/usr/bin/time), including writing Parquet. Cells = (N+1)(N+2)/2, all")
print("(n, r) the output represents. \"table\" = the complete breakpoint table was written (else start values only).")
print("Where a case ran more than once (\"runs\"), wall time is the median and peak RSS the largest. An engine")
print("named breakpoint@COMMIT is that earlier commit, built and run in the same session (BENCH_BASELINE).")
print("Table MiB: the breakpoint files on disk.\n")
print("| engine | N | workers | table | runs | wall s | peak RSS MiB | cells/s | speed-up 2 vs 1 | table MiB |")
print("|---|---|---|---|---|---|---|---|---|---|")
byk = {(r[0], r[1], r[3]): {} for r in rows}
for r in rows: byk[(r[0], r[1], r[3])][r[2]] = float(r[4])
for e, n, w, bp, wall, rss, k in rows:
    N = int(n); cells = (N+1)*(N+2)/2; wall = float(wall)
    su = ''
    d = byk[(e, n, bp)]
    if w == '2' and '1' in d and min(d['1'], wall) >= 0.1: su = f"{d['1']/wall:.2f}x"
    mib = f"{size[(e, n, w, bp)]/2**20:.0f}" if bp == "true" else ""
    print(f"| {e} | {N:,} | {w} | {bp} | {k} | {wall:.2f} | {int(rss)/1024:.0f} | {cells/max(wall,0.01):.3g} | {su} | {mib} |")
base = [r for r in rows if r[0].startswith("breakpoint@")]
if base:
    # A label is the engine, then " a=A" for a multiplier other than 2:
    # each baseline row is set beside the row of the same multiplier.
    def mult(label):
        return label.split(" a=")[1] if " a=" in label else "2"
    now = {(mult(r[0]), r[1], r[2], r[3]): r for r in rows if r[0].split(" ")[0] == "breakpoint"}
    print("\n## Against the baseline commit, same session\n")
    print("| a | N | workers | table | baseline wall s, peak MiB | now wall s, peak MiB | faster | less memory |")
    print("|---|---|---|---|---|---|---|---|")
    for e, n, w, bp, wall, rss, k in base:
        c = now.get((mult(e), n, w, bp))
        if not c: continue
        print(f"| {mult(e)} | {int(n):,} | {w} | {bp} | {float(wall):.2f}, {int(rss)/1024:.0f} | {float(c[4]):.2f}, {int(c[5])/1024:.0f} | {float(wall)/float(c[4]):.2f}x | {int(rss)/int(c[5]):.2f}x |")
print("\n## Growth of time in N\n")
print("Least-squares slope of log(wall) against log(N), over the runs with wall >= 0.5 s (1 worker for brute/dense/breakpoint):\n")
print("| engine | workers | N range | exponent |")
print("|---|---|---|---|")
groups = collections.defaultdict(list)
for e, n, w, bp, wall, rss, k in rows:
    if bp == 'false' and float(wall) >= 0.5: groups[(e, w)].append((int(n), float(wall)))
for (e, w), pts in sorted(groups.items()):
    if len(pts) < 2: continue
    xs = [math.log(p[0]) for p in pts]; ys = [math.log(p[1]) for p in pts]
    mx, my = sum(xs)/len(xs), sum(ys)/len(ys)
    b = sum((x-mx)*(y-my) for x, y in zip(xs, ys)) / sum((x-mx)**2 for x in xs)
    print(f"| {e} | {w} | {min(p[0] for p in pts):,}..{max(p[0] for p in pts):,} | {b:.2f} |")
print("\n## Go benchmarks of the hot loops (`go test -bench . ./grundy ./table ./internal/tablewrite`, 5 runs each)\n")
runs = collections.defaultdict(list)
for line in gob.split("\n"):
    f = line.split()
    if len(f) >= 3 and f[0].startswith("Benchmark"):
        runs[f[0]].append(float(f[2]))
med = {k: sorted(v)[len(v)//2] for k, v in runs.items()}
print("| benchmark | runs | median ms/op | ratio |")
print("|---|---|---|---|")
for k in sorted(med):
    ratio = ""
    if "workers=2" in k and k.replace("workers=2", "workers=1") in med:
        ratio = f"{med[k.replace('workers=2', 'workers=1')]/med[k]:.2f}x faster than workers=1"
    print(f"| {k} | {len(runs[k])} | {med[k]/1e6:.1f} | {ratio} |")
print("\nRaw output:\n\n```\n" + gob + "\n```")

if sweeps:
    print("\n## Each value's sweep, N = 10^8, a = 2, 1 worker\n")
    print("From `compute grundy -sweeps` (one run; with 1 worker a sweep's wall time is its CPU time). Values below the")
    print("switch are swept row by row; from the switch on, over runs (a segment is a stretch of a run with one output piece).\n")
    rw = [x for x in sweeps if x['kind'] == 'rows']; ru = [x for x in sweeps if x['kind'] == 'runs']
    tr = sum(float(x['wall_s']) for x in rw); tu = sum(float(x['wall_s']) for x in ru)
    segs = sum(int(x['segments']) for x in ru)
    print(f"Row part: {len(rw)} values, {tr:.2f} s, {tr/(len(rw)*(10**8+1))*1e9:.2f} ns per row and value. ", end="")
    if ru:
        print(f"Run part: {len(ru)} values from v = {ru[0]['v']}, {tu:.2f} s, {segs/1e6:.0f}M segments, {tu/max(segs,1)*1e9:.1f} ns per segment.\n")
    print("| v | swept by | s | rows of R_{v+1} | runs in | segments | ns per row | ns per segment |")
    print("|---|---|---|---|---|---|---|---|")
    for x in sweeps:
        if int(x['v']) < 16 or int(x['v']) % 5 == 0:
            print(f"| {x['v']} | {x['kind']} | {float(x['wall_s']):.3f} | {int(x['rows_out']):,} | {int(x['runs_in']):,} | {int(x['segments']):,} | {x['ns_per_row']} | {x['ns_per_segment']} |")
print("\n## Against the targets set for engine v3\n")
get = {(r[0], int(r[1]), r[2], r[3]): (float(r[4]), int(r[5])/1024) for r in rows}  # wall s, peak MiB
runs_of = {(r[0], int(r[1]), r[2], r[3]): r[6] for r in rows}
def row(target, key, limit_s, limit_gib):
    if key not in get:
        print(f"| {target} | not run in this benchmark (BENCH_BIG=0 skips N = 10^8; BENCH_HUGE=1 adds N = 10^9 start values, BENCH_HUGE_TABLE=1 the complete table) | - |")
        return
    wall, gib = get[key]
    gib /= 1024
    ok = wall <= limit_s and (limit_gib is None or gib <= limit_gib)
    k = runs_of[key]
    what = f"median of {k} runs" if k > 1 else "1 run"
    print(f"| {target} | {wall:.1f} s, {gib:.2f} GiB peak, {key[2]} worker(s), {what} | {'met' if ok else 'missed'} |")
print("| target | measured | verdict |")
print("|---|---|---|")
row("N = 10^8, 1 worker, start values: <= 16 s", ("breakpoint", 10**8, "1", "false"), 16, None)
row("N = 10^8, 2 workers, start values: <= 10 s", ("breakpoint", 10**8, "2", "false"), 10, None)
row("N = 10^9, 2 workers, start values: <= 120 s", ("breakpoint", 10**9, "2", "false"), 120, None)
row("N = 10^9, complete table: <= 180 s, <= 10 GiB", ("breakpoint", 10**9, "2", "true"), 180, 10)
gains = {}
for lab in ("", " a=3", " a=5/2"):
    now = get.get(("breakpoint" + lab, 10**8, "2", "false"))
    for e in sorted({r[0] for r in rows if r[0].startswith("breakpoint@") and r[0].endswith(lab) and (lab or " a=" not in r[0])}):
        b = get.get((e, 10**8, "2", "false"))
        if now and b:
            gains[lab or " a=2"] = b[0] / now[0]
if gains:
    g2 = gains.get(" a=2")
    for lab in (" a=3", " a=5/2"):
        if lab in gains and g2:
            print(f"| N = 10^8,{lab}, 2 workers: at least as much faster than the baseline as a = 2 | {gains[lab]:.2f}x against {g2:.2f}x for a = 2 | {'met' if gains[lab] >= g2 else 'missed'} |")
else:
    print("| a = 3 and a = 5/2 at 10^8: at least as much faster as a = 2 | needs BENCH_BASELINE | - |")
k9 = ("breakpoint", 10**9, "2", "false")
if k9 in get:
    # The largest N whose start values fit in 20 GiB, at the bytes per row
    # measured at 10^9 (a guide, not a bound), and its time at N^1.1.
    wall9, mib9 = get[k9]
    bpr = mib9 * 2**20 / 10**9
    nmax = min(2**32 - 2, int(20 * 2**30 / bpr))
    print(f"\nLargest N in 20 GiB (start values, 2 workers), at the {bpr:.2f} bytes per row measured at 10^9: about {nmax:.4g} (rows stop at 2^32 - 2); at time growing as N^1.1, about {wall9 * (nmax / 10**9) ** 1.1 / 60:.0f} minutes.")
base = {(r[0], r[1], r[2], r[3]): float(r[4]) for r in rows if r[0].startswith("breakpoint@")}
for (e, n, w, bp), bw in base.items():
    c = get.get(("breakpoint", int(n), w, bp))
    if c:
        print(f"\nAgainst {e}, N = {int(n):,}, {w} worker(s), table={bp}: {bw / c[0]:.2f}x faster.", end="")
print()
PY
if [ -s "$VERIFY" ]; then echo >> "$OUT/bench.md"; cat "$VERIFY" >> "$OUT/bench.md"; fi
mv "$OUT/bench.md" results/bench.md
echo "bench: wrote results/bench.md" >&2
