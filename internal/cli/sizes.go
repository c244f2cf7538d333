package cli

import (
	"bufio"
	"fmt"
	"math/big"
	"os"
	"strconv"
	"strings"
)

// ParseSize reads a non-negative whole size: 1000000, 1_000_000, 1e6,
// 2.5e7, 10^6, 2^20, and a mantissa times a power of ten written
// 2.5·10^7, 2.5*10^7, 2.5x10^7 or 2.5×10^7. The value is computed exactly,
// so 2.5e7 is 25000000 and 2.5e0 is refused as not whole. The error names
// the flag and echoes at most 40 characters of s.
func ParseSize(name, s string) (int, error) {
	t := strings.ReplaceAll(strings.TrimSpace(s), "_", "")
	v, ok := parseExact(t)
	switch {
	case !ok:
		return 0, Usagef("-%s %s is not a whole number (sizes look like 1000000, 1e6, 2.5e7, 10^6 or 2.5·10^7)", name, echo(s))
	case v.Sign() < 0:
		return 0, Usagef("-%s %s is negative", name, echo(s))
	case !v.IsInt():
		return 0, Usagef("-%s %s is not a whole number", name, echo(s))
	case v.Num().Cmp(big.NewInt(maxSize)) > 0:
		return 0, Usagef("-%s %s is too large (at most %d)", name, echo(s), int64(maxSize))
	}
	return int(v.Num().Int64()), nil
}

// maxSize is the largest size ParseSize accepts, 2^62: far above any
// table, and safe from overflow in the arithmetic that sizes feed.
const maxSize = 1 << 62

// maxExp bounds the exponent of a size, so that 1e999999999 is refused
// without computing it.
const maxExp = 4096

// parseExact reads t as an exact rational: a decimal (2.5), optionally
// times a power, written eE (2.5e7), ^ (10^6, 2^20: the base is a whole
// number) or ·10^, *10^, x10^, ×10^ (2.5·10^7).
func parseExact(t string) (*big.Rat, bool) {
	v, _, ok := parseExactClamped(t)
	return v, ok
}

// ParseWhole reads a non-negative whole number of any size, in the forms
// ParseSize reads (10^100 and 1e100 included), exactly. An exponent
// beyond 4096 is refused as too large. The error names the flag.
func ParseWhole(name, s string) (*big.Int, error) { return ParseNumber("-"+name, s) }

// ParseNumber is ParseWhole for any argument, a flag's or not: the
// one-line usage error starts with what, as given ("-n", "heap 2: n").
func ParseNumber(what, s string) (*big.Int, error) {
	t := strings.ReplaceAll(strings.TrimSpace(s), "_", "")
	v, clamped, ok := parseExactClamped(t)
	switch {
	case !ok:
		return nil, Usagef("%s %s is not a whole number (numbers look like 1000000, 1e6, 10^100 or 2.5·10^7)", what, echo(s))
	case clamped:
		return nil, Usagef("%s %s has an exponent beyond %d", what, echo(s), maxExp)
	case v.Sign() < 0:
		return nil, Usagef("%s %s is negative", what, echo(s))
	case !v.IsInt():
		return nil, Usagef("%s %s is not a whole number", what, echo(s))
	}
	return new(big.Int).Set(v.Num()), nil
}

// parseExactClamped is parseExact that also says whether the exponent was
// clamped to maxExp (then the value is not the one written).
func parseExactClamped(t string) (*big.Rat, bool, bool) {
	mant, base, exp := t, "", ""
	for _, times := range []string{"·", "*", "×", "x", "X"} {
		if m, rest, ok := strings.Cut(t, times); ok {
			if b, e, ok := strings.Cut(rest, "^"); ok && b == "10" {
				mant, base, exp = m, b, e
			} else {
				return nil, false, false
			}
			break
		}
	}
	if base == "" {
		if b, e, ok := strings.Cut(t, "^"); ok {
			mant, base, exp = "1", b, e
		} else if i := strings.IndexAny(t, "eE"); i >= 0 {
			mant, base, exp = t[:i], "10", t[i+1:]
		}
	}
	m, ok := decimal(mant)
	if !ok {
		return nil, false, false
	}
	if base == "" {
		return m, false, true
	}
	b, ok := decimal(base)
	if !ok || !b.IsInt() || b.Sign() < 0 {
		return nil, false, false
	}
	e, err := strconv.Atoi(strings.TrimPrefix(exp, "+"))
	if err != nil {
		return nil, false, false
	}
	// Past maxExp, a size is too large (or, for a negative exponent, not
	// whole) whatever its mantissa, short of thousands of digits.
	clamped := e > maxExp || e < -maxExp
	e = min(max(e, -maxExp), maxExp)
	if b.Sign() == 0 && e < 0 {
		return nil, false, false
	}
	p := new(big.Int).Exp(b.Num(), big.NewInt(int64(max(e, -e))), nil)
	if e < 0 {
		return m.Quo(m, new(big.Rat).SetInt(p)), clamped, true
	}
	return m.Mul(m, new(big.Rat).SetInt(p)), clamped, true
}

// decimal reads an optionally signed decimal number with at most one '.'.
func decimal(s string) (*big.Rat, bool) {
	if s == "" || strings.ContainsAny(s, "/eE") {
		return nil, false
	}
	digits := strings.TrimLeft(s, "+-")
	if len(s)-len(digits) > 1 || digits == "" || digits == "." {
		return nil, false
	}
	for _, c := range digits {
		if (c < '0' || c > '9') && c != '.' {
			return nil, false
		}
	}
	r, ok := new(big.Rat).SetString(s)
	return r, ok
}

// echo is s for an error message: at most 40 characters, quoted where
// it holds a space or a character that does not print.
func echo(s string) string {
	if r := []rune(s); len(r) > 40 {
		s = string(r[:37]) + "..."
	}
	for _, c := range s {
		if c <= ' ' || c == '"' || !strconv.IsPrint(c) {
			return strconv.Quote(s)
		}
	}
	return s
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
