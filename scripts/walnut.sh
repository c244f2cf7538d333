#!/usr/bin/env bash
# Makes sure Walnut can replay the committed automata proofs in make test: where
# ../shared/walnut/prove.sh is beside the clone (CI and the developers' machines),
# javac and java must be there, from Debian's openjdk-17-jdk-headless (installed as
# root). A fresh clone without ../shared needs nothing: the Walnut test skips, saying
# why in one line. Prints "1" on stdout when make test should require the replay
# (FIBNIM_NEED_WALNUT=1), nothing otherwise; messages go to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f ../shared/walnut/prove.sh ] || { echo "walnut: no ../shared/walnut beside this clone; the Walnut replay is skipped" >&2; exit 0; }
have() { command -v javac >/dev/null && command -v java >/dev/null; }
if ! have; then
	. scripts/apt.sh
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
		echo "walnut: installing openjdk-17-jdk-headless" >&2
		export DEBIAN_FRONTEND=noninteractive
		apt_install --no-install-recommends openjdk-17-jdk-headless >&2 || exit 1
		have || { echo "walnut: openjdk-17-jdk-headless installed, but javac or java is still missing" >&2; exit 1; }
	else
		echo "walnut: javac missing; install it with: sudo apt-get install -y openjdk-17-jdk-headless" >&2
		exit 1
	fi
fi
echo 1
