package atlas

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"fibnim/grundy"
	"fibnim/table"
)

// MaxList bounds the multipliers of one list: far more than a cluster
// runs (farey:10:12 is 415), few enough that a typing slip such as
// farey:10:1200 is refused before anything is written.
const MaxList = 100_000

// ParseList reads a list of multipliers: items separated by commas, each
//   - a multiplier as grundy.ParseMultiplier reads it: 2, 7/2 or 3.5;
//   - INT..INT, every integer of the range (the syntax of compute ntimes);
//   - farey:MAX:Q, every fraction p/q in lowest terms with q <= Q and
//     1 <= p/q <= MAX (MAX a multiplier, Q a whole number): farey:10:12
//     is every a = p/q <= 10 with q <= 12.
//
// It returns them sorted by value, each once (3, 6/2 and 3.0 are one).
// An empty list, an empty item, a bad item or more than MaxList
// multipliers is an error.
func ParseList(spec string) ([]grundy.Multiplier, error) {
	if strings.TrimSpace(spec) == "" {
		return nil, errors.New("empty list: give multipliers such as 2,7/2,3..5 or farey:10:12")
	}
	seen := map[grundy.Multiplier]bool{}
	var out []grundy.Multiplier
	add := func(a grundy.Multiplier) error {
		if !seen[a] {
			if len(out) == MaxList {
				return fmt.Errorf("more than %d multipliers", MaxList)
			}
			seen[a] = true
			out = append(out, a)
		}
		return nil
	}
	for _, item := range strings.Split(spec, ",") {
		item = strings.TrimSpace(item)
		var err error
		switch {
		case item == "":
			err = fmt.Errorf("empty item in %q", spec)
		case strings.HasPrefix(item, "farey:"):
			err = farey(item, add)
		case strings.Contains(item, ".."):
			err = intRange(item, add)
		default:
			var a grundy.Multiplier
			if a, err = grundy.ParseMultiplier(item); err == nil {
				err = add(a)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	table.SortMults(out)
	return out, nil
}

// Less orders multipliers by value, exactly, as [table.CompareMults] does.
func Less(a, b grundy.Multiplier) bool { return table.CompareMults(a, b) < 0 }

// intRange adds every integer of "lo..hi".
func intRange(item string, add func(grundy.Multiplier) error) error {
	lo, hi, _ := strings.Cut(item, "..")
	a, err1 := strconv.Atoi(strings.TrimSpace(lo))
	b, err2 := strconv.Atoi(strings.TrimSpace(hi))
	if err1 != nil || err2 != nil || a < 1 || b < a {
		return fmt.Errorf("range %q must be INT..INT with 1 <= first <= last", item)
	}
	if b-a >= MaxList {
		return fmt.Errorf("range %q has more than %d multipliers", item, MaxList)
	}
	for i := a; i <= b; i++ {
		if err := add(grundy.Multiplier{P: uint64(i), Q: 1}); err != nil {
			return err
		}
	}
	return nil
}

// farey adds every p/q in lowest terms with q <= Q and 1 <= p/q <= MAX,
// for "farey:MAX:Q".
func farey(item string, add func(grundy.Multiplier) error) error {
	parts := strings.Split(item, ":")
	if len(parts) != 3 {
		return fmt.Errorf("%q: want farey:MAX:Q, e.g. farey:10:12 for every p/q <= 10 with q <= 12", item)
	}
	top, err := grundy.ParseMultiplier(parts[1])
	if err != nil {
		return fmt.Errorf("%q: MAX: %v", item, err)
	}
	Q, err := strconv.Atoi(strings.TrimSpace(parts[2]))
	if err != nil || Q < 1 {
		return fmt.Errorf("%q: Q must be a whole number >= 1", item)
	}
	// Count first, so that a huge range is refused before it is built:
	// for each q, the p with q <= p <= MAX q.
	count := 0
	for q := 1; q <= Q; q++ {
		hi := top.P * uint64(q) / top.Q
		count += int(hi) - q + 1
		if count > MaxList || q > MaxList {
			return fmt.Errorf("%q has more than %d multipliers", item, MaxList)
		}
	}
	for q := uint64(1); q <= uint64(Q); q++ {
		for p := q; p*top.Q <= top.P*q; p++ {
			if gcd(p, q) != 1 {
				continue
			}
			if err := add(grundy.Multiplier{P: p, Q: q}); err != nil {
				return fmt.Errorf("%q: %v", item, err)
			}
		}
	}
	return nil
}

func gcd(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
