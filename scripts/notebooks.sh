#!/usr/bin/env bash
# Executes every notebook in notebooks/ headless, as `make notebooks` and `make test` do.
#
# The committed notebooks are never modified: the executed copies, with their outputs, go to
# bin/notebooks/. A notebook that raises stops the run with a non-zero status.
#
# Needs Debian's Jupyter, pandas and matplotlib. /usr/bin/jupyter runs /usr/bin/python3, not the
# python3 first on PATH, so the modules are checked for that interpreter. Missing packages are
# installed with apt-get when running as root (as CI does); otherwise the command to run is printed.
set -euo pipefail
cd "$(dirname "$0")/.."

packages="jupyter-nbconvert python3-nbconvert python3-ipykernel python3-pandas python3-matplotlib"
have() {
	[ -x /usr/bin/jupyter ] && [ -x /usr/bin/python3 ] &&
		/usr/bin/python3 -c 'import nbconvert, ipykernel, pandas, matplotlib' 2>/dev/null
}
. scripts/apt.sh # apt_install: shows apt's errors, retries once
if ! have; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
		# Only the packages that are not installed yet.
		missing=""
		for p in $packages; do
			dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
		done
		[ -n "$missing" ] || missing=$packages
		echo "notebooks: installing$missing"
		export DEBIAN_FRONTEND=noninteractive
		# A failed install is retried once, after a fresh apt-get update: a
		# stale package list is the usual cause of a missing .deb.
		apt_install $missing || exit 1
		have || { echo "notebooks: the packages installed, but Python still cannot import nbconvert, ipykernel, pandas or matplotlib" >&2; exit 1; }
	else
		echo "notebooks: Jupyter, pandas or matplotlib missing; install them with:" >&2
		echo "  sudo apt-get install -y $packages" >&2
		exit 1
	fi
fi

# The committed notebooks carry no outputs: results belong to whoever runs them.
/usr/bin/python3 - notebooks/*.ipynb <<'PY'
import json, sys
bad = [p for p in sys.argv[1:] for c in json.load(open(p))["cells"]
       if c["cell_type"] == "code" and (c.get("outputs") or c.get("execution_count") is not None)]
if bad:
    sys.exit("notebooks: outputs committed in " + ", ".join(sorted(set(bad))) +
             "; clear them (jupyter nbconvert --clear-output --inplace FILE) before committing")
PY

out=bin/notebooks
mkdir -p "$out"
export PYDEVD_DISABLE_FILE_VALIDATION=1
for nb in notebooks/*.ipynb; do
	start=$(date +%s)
	/usr/bin/jupyter nbconvert --to notebook --execute --output-dir "$out" \
		--ExecutePreprocessor.timeout=600 "$nb" 2>"$out/$(basename "$nb" .ipynb).log" || {
		echo "notebooks: $nb failed; the last lines of its log ($out/$(basename "$nb" .ipynb).log):" >&2
		tail -n 25 "$out/$(basename "$nb" .ipynb).log" >&2
		exit 1
	}
	echo "notebooks: $nb ran in $(($(date +%s) - start)) s; executed copy in $out/$(basename "$nb")"
done
