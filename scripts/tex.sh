#!/usr/bin/env bash
# Makes sure pdflatex (with booktabs) and poppler's pdftotext and pdftoppm are there, as
# `make paper` and `make test` need them. Sourced-free: run it, it exits 0 when they are.
#
# They come from Debian: texlive-latex-base (pdflatex, graphicx, amsmath), texlive-latex-recommended
# (booktabs, hyperref's companions), poppler-utils (pdftotext, pdftoppm) and graphviz (dot, which
# draws the automaton of S_2 for the figures and the note), installed without their
# recommended packages (20 packages instead of 88 on Debian 12; nothing else is needed). As root
# they are installed with apt-get, as the notebooks' packages are (scripts/notebooks.sh); otherwise
# the command to run is printed. The time the installation took is printed.
set -euo pipefail
cd "$(dirname "$0")/.."

packages="texlive-latex-base texlive-latex-recommended poppler-utils graphviz"
have() {
	command -v pdflatex >/dev/null && command -v pdftotext >/dev/null && command -v pdftoppm >/dev/null && command -v dot >/dev/null &&
		kpsewhich booktabs.sty >/dev/null 2>&1
}
have && exit 0
. scripts/apt.sh # apt_install: shows apt's errors, retries once
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
	echo "tex: installing $packages (without recommends)"
	export DEBIAN_FRONTEND=noninteractive
	start=$(date +%s)
	apt_install --no-install-recommends $packages || exit 1
	echo "tex: installed in $(($(date +%s) - start)) s"
	have || { echo "tex: the packages installed, but pdflatex, pdftotext, pdftoppm or booktabs.sty is still missing" >&2; exit 1; }
else
	echo "tex: pdflatex, booktabs, pdftotext or pdftoppm missing; install them with:" >&2
	echo "  sudo apt-get install -y --no-install-recommends $packages" >&2
	exit 1
fi
