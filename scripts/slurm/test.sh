#!/usr/bin/env bash
# make slurm-test (and make test): a real one-node Slurm cluster on this machine, from Debian's
# packages, runs a small atlas as an array job plus its merge job, and the merged result must
# equal a single-process compute atlas of the same list, row for row; then a small automata
# sweep (compute automata -mults) the same way.
#
# As root it installs slurm-wlm and munge when they are missing (scripts/apt.sh), makes the
# munge key /etc/munge/munge.key if there is none (owned by munge, mode 400), and starts, in a
# fresh state folder under /tmp: munged as the munge user, then slurmctld and slurmd with a
# minimal slurm.conf (ProctrackType=proctrack/linuxproc, TaskPlugin=task/none,
# SelectType=select/cons_tres, this host's short name as the only node, on ports that are
# free). Whatever happens, it stops the daemons it started, by their pid files, and removes
# the state folder (SLURM_TEST_KEEP=1 keeps it). Without root, or without the packages and no
# way to install them, it says so and fails: it never skips.
#
# Environment: SLURM_TEST_N (default 1e5), SLURM_TEST_LIST (default farey:3:3,4,5: 11
# multipliers), SLURM_TEST_SHARDS (default 3), SLURM_TEST_TIMEOUT in seconds (default 300).
# Then the same for the automata sweep (compute automata -mults, submit-automata.sh):
# SLURM_TEST_AUTOMATA_LIST (default 1,2,5/2,7/2), SLURM_TEST_AUTOMATA_G (default 3) and
# SLURM_TEST_AUTOMATA_N (default 2e4); its summary.json, summary.md and edge.md must equal a
# single-process sweep's byte for byte.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
N=${SLURM_TEST_N:-1e5}
LIST=${SLURM_TEST_LIST:-farey:3:3,4,5}
SHARDS=${SLURM_TEST_SHARDS:-3}
TIMEOUT=${SLURM_TEST_TIMEOUT:-300}
ALIST=${SLURM_TEST_AUTOMATA_LIST:-1,2,5/2,7/2}
AG=${SLURM_TEST_AUTOMATA_G:-3}
AN=${SLURM_TEST_AUTOMATA_N:-2e4}
t0=$(date +%s)
say() { echo "slurm-test: $*"; }
fail() {
	echo "slurm-test: FAIL: $*" >&2
	exit 1
}

[ "$(id -u)" = 0 ] || fail "needs root (it installs slurm-wlm and munge and starts munged, slurmctld and slurmd); run make test as root, as CI does"
[ -x bin/compute ] || fail "bin/compute is missing: run make build first (make slurm-test does)"
[ "$SHARDS" -ge 3 ] || fail "SLURM_TEST_SHARDS=$SHARDS: the test runs an array of at least 3 tasks"

have() {
	for c in munged mungekey slurmctld slurmd sbatch squeue scontrol; do
		command -v "$c" >/dev/null || return 1
	done
}
if ! have; then
	command -v apt-get >/dev/null || fail "slurm-wlm and munge are not installed, and there is no apt-get to install them"
	. scripts/apt.sh
	say "installing slurm-wlm and munge from Debian's packages"
	DEBIAN_FRONTEND=noninteractive apt_install slurm-wlm munge || fail "could not install slurm-wlm and munge"
	have || fail "slurm-wlm and munge installed, but munged, slurmctld, slurmd or sbatch is still missing"
fi
id munge >/dev/null 2>&1 || fail "there is no munge user (the munge package makes it)"

state=$(mktemp -d /tmp/fibnim-slurm.XXXXXX)
chmod 755 "$state" # munged, running as munge, must reach its socket folder
started=()         # "name pidfile" of every daemon this script started

stop_daemons() {
	local entry name pidfile pid i
	# In reverse order: slurmd, slurmctld, then munged, which they need to the end.
	for ((i = ${#started[@]} - 1; i >= 0; i--)); do
		entry=${started[i]}
		name=${entry%% *} pidfile=${entry#* }
		[ -s "$pidfile" ] || continue
		pid=$(cat "$pidfile")
		# Only the process the pid file names, and only if it is still that daemon.
		[ "$(cat /proc/"$pid"/comm 2>/dev/null)" = "$name" ] || continue
		kill "$pid" 2>/dev/null || true
		for _ in $(seq 50); do
			[ -d /proc/"$pid" ] || break
			sleep 0.1
		done
		if [ -d /proc/"$pid" ]; then
			echo "slurm-test: $name (pid $pid) did not stop in 5 s; killing it" >&2
			kill -9 "$pid" 2>/dev/null || true
		fi
	done
}
# cancel_jobs cancels every job of the test cluster (all of them are this script's) and waits
# for their processes to end, so that stopping slurmd leaves no job step behind; then any
# slurmstepd still holding a file in this state folder (a step the cancel did not end) is
# killed by its pid.
cancel_jobs() {
	local pid i
	if [ -n "${SLURM_CONF:-}" ] && [ -s "$state/slurmctld.pid" ] && squeue -h -o %i >/dev/null 2>&1; then
		scancel -u "$(id -un)" 2>/dev/null || true
		for i in $(seq 100); do
			[ -z "$(squeue -h -o %i 2>/dev/null)" ] && break
			sleep 0.2
		done
	fi
	for pid in $(ls /proc | grep -E '^[0-9]+$'); do
		[ "$(cat /proc/"$pid"/comm 2>/dev/null)" = slurmstepd ] || continue
		if ls -l /proc/"$pid"/fd 2>/dev/null | grep -qF -- "$state/"; then
			echo "slurm-test: killing job step $pid, which outlived its cancelled job" >&2
			kill -9 "$pid" 2>/dev/null || true
		fi
	done
}
cleanup() {
	local rc=$?
	trap - EXIT INT TERM
	cancel_jobs
	stop_daemons
	if [ $rc -ne 0 ]; then
		for f in "$state"/slurmctld.log "$state"/slurmd.log "$state"/munge/munged.log "$state"/out/slurm/*.out; do
			[ -s "$f" ] || continue
			echo "--- the end of $f" >&2
			tail -n 15 "$f" >&2
		done
	fi
	if [ "${SLURM_TEST_KEEP:-}" = 1 ]; then
		echo "slurm-test: state kept in $state" >&2
	else
		rm -rf "$state"
	fi
	exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The munge key: generated if there is none, then owned by munge and readable by it alone.
key=/etc/munge/munge.key
if [ ! -s "$key" ]; then
	install -d -o munge -g munge -m 700 /etc/munge
	mungekey --create --keyfile="$key" --force
	say "generated the munge key $key"
fi
chown munge:munge "$key"
chmod 400 "$key"

install -d -o munge -g munge -m 755 "$state/munge"
sock=$state/munge/munge.socket.2
runuser -u munge -- munged --socket="$sock" --key-file="$key" --pid-file="$state/munge/munged.pid" \
	--log-file="$state/munge/munged.log" --seed-file="$state/munge/munged.seed" ||
	fail "munged did not start"
started+=("munged $state/munge/munged.pid")
munge -n -S "$sock" | unmunge -S "$sock" >/dev/null || fail "munge cannot encode and decode a credential"

# Two free ports for slurmctld and slurmd.
free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port=16817
while ! free "$port" || ! free $((port + 1)); do
	port=$((port + 2))
	[ $port -lt 16917 ] || fail "no two free ports in 16817..16917"
done
host=$(hostname -s)
# The node as slurmd sees this machine (CPUs, sockets, memory), under this host's short name.
node=$(slurmd -C | head -n 1 | sed "s/^NodeName=[^ ]*/NodeName=$host NodeAddr=127.0.0.1/")
mkdir -p "$state/ctld" "$state/slurmd" "$state/out"
cat >"$state/slurm.conf" <<EOF
ClusterName=fibnimtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$sock
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
MinJobAge=600
KillWait=5
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmdSpoolDir=$state/slurmd
StateSaveLocation=$state/ctld
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
$node State=UNKNOWN
PartitionName=atlas Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$state/slurm.conf
slurmctld -f "$SLURM_CONF" || fail "slurmctld did not start"
started+=("slurmctld $state/slurmctld.pid")
slurmd -f "$SLURM_CONF" -N "$host" || fail "slurmd did not start"
started+=("slurmd $state/slurmd.pid")
for _ in $(seq 100); do
	sinfo -h -N -o '%T' 2>/dev/null | grep -qx idle && break
	sleep 0.2
done
sinfo -h -N -o '%T' | grep -qx idle || fail "the node $host did not come up idle: $(sinfo -h -N -o '%T %E' 2>&1)"
say "one-node cluster up: $(sinfo -h -N -o '%N %c CPUs %m MiB %T'), ports $port and $((port + 1)) ($(($(date +%s) - t0)) s)"

# The atlas as an array of $SHARDS tasks and its merge job.
shared=$state/out
sub=$(scripts/slurm/submit.sh -m "$LIST" -n "$N" -o "$shared" -M "$SHARDS" -K "$SHARDS") || fail "submit.sh failed"
echo "$sub" | sed 's/^/  /'
array=$(sed -n 's/^ARRAY_JOB=//p' <<<"$sub")
merge=$(sed -n 's/^MERGE_JOB=//p' <<<"$sub")
[ -n "$array" ] && [ -n "$merge" ] || fail "submit.sh printed no job ids"
deadline=$(($(date +%s) + TIMEOUT))
while [ -n "$(squeue -h -j "$array,$merge" -o %i 2>/dev/null)" ]; do
	[ "$(date +%s)" -lt "$deadline" ] || fail "the jobs did not finish in $TIMEOUT s: $(squeue -h -o '%i %T %r')"
	sleep 0.5
done
states=$(scontrol show job "$array" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | sort | uniq -c | xargs)
tasks=$(scontrol show job "$array" | grep -c 'ArrayTaskId=' || true)
mstate=$(scontrol show job "$merge" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
say "array job $array: $tasks tasks, $states; merge job $merge: $mstate"
[ "$tasks" -eq "$SHARDS" ] || fail "the array ran $tasks tasks, not $SHARDS"
[ "$states" = "$SHARDS COMPLETED" ] || fail "not every array task completed: $states"
[ "$mstate" = COMPLETED ] || fail "the merge job ended $mstate"
for i in $(seq 0 $((SHARDS - 1))); do
	grep -q "atlas: shard $i/$SHARDS: " "$shared/slurm/atlas-${array}_$i.out" ||
		fail "task $i did not run shard $i/$SHARDS (see its log)"
done
[ -s "$shared/atlas.parquet" ] && [ -s "$shared/tables/atlas.md" ] || fail "the merge wrote no atlas.parquet or tables/atlas.md"

# The same list in one process, then the two compared row for row (and byte for byte: the
# rows hold nothing that depends on the shard, and the same binary wrote both).
single=$state/single
bin/compute atlas -mults "$LIST" -n "$N" -out "$single" >/dev/null 2>"$state/single.log" || fail "the single-process atlas failed: $(tail -n 3 "$state/single.log")"
bin/compute atlas -merge "$single" >/dev/null || fail "the single-process merge failed"
bin/compute export -in "$shared/atlas.parquet" -out "$state/slurm.csv" 2>/dev/null
bin/compute export -in "$single/atlas.parquet" -out "$state/single.csv" 2>/dev/null
rows=$(($(wc -l <"$state/single.csv") - 1))
want=$(bin/compute atlas -mults "$LIST" -n "$N" -plan 2>/dev/null | awk '$1 == "multipliers" {print $2}')
[ "$rows" -eq "$want" ] || fail "the single-process atlas has $rows rows, the list $want multipliers"
diff -u "$state/single.csv" "$state/slurm.csv" >"$state/rows.diff" || fail "the Slurm atlas differs from the single-process one: $(head -n 20 "$state/rows.diff")"
cmp -s "$single/atlas.parquet" "$shared/atlas.parquet" || fail "the rows agree, but the two atlas.parquet files differ in bytes"
cmp -s "$single/tables/atlas.md" "$shared/tables/atlas.md" || fail "the two atlas.md differ"
say "PASS: $rows multipliers to N = $N from $SHARDS array tasks and a merge job equal the single-process atlas row for row (and byte for byte), in $(($(date +%s) - t0)) s"

# The automata sweep (compute automata -mults) as an array of $SHARDS tasks and
# its merge job, against the same sweep in one process: summary.json,
# summary.md and edge.md byte for byte (timings.md holds measurements).
asweep=$state/automata
sub=$(scripts/slurm/submit-automata.sh -m "$ALIST" -o "$asweep" -g "$AG" -n "$AN" -M "$SHARDS" -K "$SHARDS" -r 2G) || fail "submit-automata.sh failed"
echo "$sub" | sed 's/^/  /'
array=$(sed -n 's/^ARRAY_JOB=//p' <<<"$sub")
merge=$(sed -n 's/^MERGE_JOB=//p' <<<"$sub")
[ -n "$array" ] && [ -n "$merge" ] || fail "submit-automata.sh printed no job ids"
deadline=$(($(date +%s) + TIMEOUT))
while [ -n "$(squeue -h -j "$array,$merge" -o %i 2>/dev/null)" ]; do
	[ "$(date +%s)" -lt "$deadline" ] || fail "the automata jobs did not finish in $TIMEOUT s: $(squeue -h -o '%i %T %r')"
	sleep 0.5
done
states=$(scontrol show job "$array" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | sort | uniq -c | xargs)
tasks=$(scontrol show job "$array" | grep -c 'ArrayTaskId=' || true)
mstate=$(scontrol show job "$merge" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
say "automata array job $array: $tasks tasks, $states; merge job $merge: $mstate"
[ "$tasks" -eq "$SHARDS" ] || fail "the automata array ran $tasks tasks, not $SHARDS"
[ "$states" = "$SHARDS COMPLETED" ] || fail "not every automata array task completed: $states"
[ "$mstate" = COMPLETED ] || fail "the automata merge job ended $mstate"
for i in $(seq 0 $((SHARDS - 1))); do
	grep -q "automata: shard $i/$SHARDS: " "$asweep/slurm/automata-${array}_$i.out" ||
		fail "automata task $i did not run shard $i/$SHARDS (see its log)"
done
asingle=$state/automata-single
bin/compute automata -mults "$ALIST" -max-g "$AG" -n "$AN" -out "$asingle" >/dev/null 2>"$state/automata-single.log" ||
	fail "the single-process sweep failed: $(tail -n 3 "$state/automata-single.log")"
bin/compute automata -merge "$asingle" >/dev/null || fail "the single-process sweep's merge failed"
arows=$(grep -c '"multiplier"' "$asingle/automata/summary.json" || true)
for f in summary.json summary.md edge.md; do
	[ -s "$asweep/automata/$f" ] || fail "the Slurm merge wrote no automata/$f"
	cmp -s "$asingle/automata/$f" "$asweep/automata/$f" || fail "automata/$f differs between the Slurm sweep and the single-process one: $(diff -u "$asingle/automata/$f" "$asweep/automata/$f" | head -n 20)"
done
[ -s "$asweep/automata/timings.md" ] || fail "the Slurm merge wrote no automata/timings.md"
say "PASS: the automata sweep of $ALIST ($arows rows, values 0..$AG, tables to $AN) from $SHARDS array tasks and a merge job equals the single-process sweep byte for byte (summary.json, summary.md, edge.md), in $(($(date +%s) - t0)) s"
