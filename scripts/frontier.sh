#!/usr/bin/env bash
# The frontier of a = 2 (make frontier): the start values to N (FRONTIER_N,
# default 3e9) in FRONTIER_DIR (default results/big, not committed), then
# compute verify on that table of start values alone (R_1..R_4 recomputed by
# the engine), then the small outputs copied to results/frontier/mult=2/:
# checks.json, report.md, the h(g) b-file, the per-value sweeps of the run,
# and runs.md, written from the runs' own records (provenance.json: command,
# revision, machine, wall time, peak memory). At 3e9 on 2 cores: about 10
# minutes and 11.3 GiB for the table, 5 minutes and 0.1 GiB for verify
# (docs/scaling.md). A table already there is not computed again;
# FRONTIER_COLLECT=1 only copies the outputs of runs already made (the
# verify folder is FRONTIER_VERIFY, default FRONTIER_DIR/verify).
set -euo pipefail
cd "$(dirname "$0")/.."
N=${FRONTIER_N:-3e9}
DIR=${FRONTIER_DIR:-results/big}
VER=${FRONTIER_VERIFY:-$DIR/verify}
SWEEPS=${FRONTIER_SWEEPS:-$DIR/sweeps.csv}
DEST=results/frontier/mult=2
if [ "${FRONTIER_COLLECT:-0}" != 1 ]; then
  mkdir -p "$DIR"
  bin/compute grundy -n "$N" -breakpoints=false -workers 2 -sweeps "$SWEEPS" -out "$DIR"
  bin/compute verify -in "$DIR" -out "$VER"
fi
mkdir -p "$DEST"
cp "$VER/checks.json" "$VER/report.md" "$DEST/"
cp "$VER/oeis/b_fibonacci_nim_h.txt" "$DEST/"
if [ -f "$SWEEPS" ]; then cp "$SWEEPS" "$DEST/sweeps.csv"; fi
python3 - "$DIR/provenance.json" > "$DEST/runs.md" <<'PY'
import json, sys
runs = json.load(open(sys.argv[1]))["runs"]
keep = [r for r in runs if len(r.get("command", [])) > 1 and r["command"][1] in ("grundy", "verify")]
print("# The frontier runs of a = 2\n")
print("Written by scripts/frontier.sh from the runs' own records (provenance.json); the table itself is not committed.")
print("A revision \"unknown\" is a binary built without the VCS stamp (go build outside make).\n")
print("| step | command | revision | machine | started | wall | peak RSS |")
print("|---|---|---|---|---|---|---|")
for r in keep:
    m = r.get("machine", {})
    mach = "%s CPUs, %s, %.1f GiB" % (m.get("cpus"), m.get("cpu_model", ""), m.get("memory_bytes", 0) / 2**30)
    print("| %s | `%s` | %s | %s | %s | %.0f s | %.2f GiB |" % (r["command"][1], " ".join(r["command"]), r.get("revision", "")[:12], mach, r.get("started", ""), r.get("wall_seconds", 0), r.get("peak_rss_bytes", 0) / 2**30))
PY
echo "frontier: wrote $DEST/{checks.json,report.md,b_fibonacci_nim_h.txt,sweeps.csv,runs.md}"
