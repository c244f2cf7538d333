package cli

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// ParseSize reads a non-negative integer size, allowing 1e6 and 10^6 forms
// and '_' separators.
func ParseSize(name, s string) (int, error) {
	t := strings.ReplaceAll(strings.TrimSpace(s), "_", "")
	if base, exp, ok := strings.Cut(t, "^"); ok {
		b, err1 := strconv.Atoi(base)
		e, err2 := strconv.Atoi(exp)
		if err1 == nil && err2 == nil && b >= 0 && e >= 0 && e < 20 {
			v := 1
			for i := 0; i < e; i++ {
				if v > (1<<62)/max(b, 1) {
					return 0, Usagef("-%s %s is too large", name, s)
				}
				v *= b
			}
			return v, nil
		}
	}
	if m, exp, ok := strings.Cut(strings.ToLower(t), "e"); ok {
		b, err1 := strconv.Atoi(m)
		e, err2 := strconv.Atoi(exp)
		if err1 == nil && err2 == nil && b >= 0 && e >= 0 && e < 19 {
			v := b
			for i := 0; i < e; i++ {
				if v > (1<<62)/10 {
					return 0, Usagef("-%s %s is too large", name, s)
				}
				v *= 10
			}
			return v, nil
		}
	}
	v, err := strconv.ParseInt(t, 10, 64)
	if err != nil {
		return 0, Usagef("-%s %q is not a whole number", name, s)
	}
	if v < 0 {
		return 0, Usagef("-%s %s is negative", name, s)
	}
	return int(v), nil
}

// ParseBytes reads a memory size such as 4GiB, 500MB or 1073741824.
func ParseBytes(s string) (uint64, error) {
	t := strings.TrimSpace(strings.ToLower(s))
	mult := uint64(1)
	for _, u := range []struct {
		suf string
		m   uint64
	}{{"gib", 1 << 30}, {"mib", 1 << 20}, {"kib", 1 << 10}, {"gb", 1e9}, {"mb", 1e6}, {"kb", 1e3}, {"g", 1 << 30}, {"m", 1 << 20}, {"k", 1 << 10}, {"b", 1}} {
		if strings.HasSuffix(t, u.suf) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suf)), u.m
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v <= 0 {
		return 0, Usagef("-max-mem %q is not a memory size (e.g. 4GiB)", s)
	}
	return uint64(v * float64(mult)), nil
}

// MemoryLimit reads the -max-mem flag s: a size (ParseBytes), or, when s
// is empty, the memory available now (AvailableMemory).
func MemoryLimit(s string) (uint64, error) {
	if s == "" {
		return AvailableMemory(), nil
	}
	return ParseBytes(s)
}

// AvailableMemory is MemAvailable from /proc/meminfo, or 0 if unknown.
func AvailableMemory() uint64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var kb uint64
		if n, _ := fmt.Sscanf(sc.Text(), "MemAvailable: %d kB", &kb); n == 1 {
			return kb << 10
		}
	}
	return 0
}

func HumanBytes(b uint64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	}
	return fmt.Sprintf("%d KiB", (b+1023)>>10)
}
