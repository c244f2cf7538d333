//go:build linux

package rss

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
)

// ResetPeak resets the process's peak resident set (VmHWM) to its
// current resident set, by writing 5 to /proc/self/clear_refs (Linux 4.0
// and later), so that [HighWater] then gives the peak of what runs next:
// a sweep measures each multiplier's own peak this way, in one process. It
// reports whether the reset took effect. getrusage's peak ([Peak]) is not
// reset.
func ResetPeak() bool {
	return os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil
}

// HighWater is the process's peak resident set since it started or since
// the last [ResetPeak], in bytes (VmHWM of /proc/self/status), or -1.
func HighWater() int64 { return status("VmHWM:") }

// Current is the process's resident set now, in bytes (VmRSS of
// /proc/self/status), or -1.
func Current() int64 { return status("VmRSS:") }

// status reads a field of /proc/self/status given in kB, in bytes.
func status(field string) int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		f := bytes.Fields(sc.Bytes())
		if len(f) == 3 && string(f[0]) == field && string(f[2]) == "kB" {
			kb, err := strconv.ParseInt(string(f[1]), 10, 64)
			if err != nil {
				return -1
			}
			return kb << 10
		}
	}
	return -1
}
