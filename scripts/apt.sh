# Sourced by the scripts that install Debian packages (bash).
#
# apt_install_once runs apt-get with its output in a log, and shows the log's errors
# (and, for dpkg, the end of /var/log/apt/term.log, where the cause is)
# when it fails.
apt_install_once() {
	local log
	log=$(mktemp)
	if apt-get update -qq >"$log" 2>&1 && apt-get install -y -qq "$@" >>"$log" 2>&1; then
		rm -f "$log"
		return 0
	fi
	echo "apt: apt-get failed:" >&2
	grep -E '^(E|W):|rror' "$log" | tail -n 20 >&2 || tail -n 20 "$log" >&2
	[ -f /var/log/apt/term.log ] && { echo "apt: the end of /var/log/apt/term.log:" >&2; tail -n 15 /var/log/apt/term.log >&2; }
	rm -f "$log"
	return 1
}

# apt_install installs the packages, and retries once after a fresh
# apt-get update when that fails: a stale package list is the usual cause
# of a missing .deb.
apt_install() {
	apt_install_once "$@" && return 0
	echo "apt: retrying once" >&2
	apt_install_once "$@"
}
