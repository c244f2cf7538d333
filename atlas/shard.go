package atlas

import (
	"fmt"
	"strconv"
	"strings"

	"fibnim/grundy"
)

// Shard is part I of M of a list: the multipliers at positions I, I+M,
// I+2M, ... of the sorted list. The M shards are disjoint, cover the list,
// and depend on nothing but I, M and the list, so a shard can run
// anywhere, at any time, and again.
type Shard struct{ I, M int }

// All is the whole list as one shard.
var All = Shard{0, 1}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.I, s.M) }

// Valid reports whether 0 <= I < M.
func (s Shard) Valid() error {
	switch {
	case s.M < 1:
		return fmt.Errorf("shard %d/%d: the number of shards M must be at least 1", s.I, s.M)
	case s.I < 0 || s.I >= s.M:
		return fmt.Errorf("shard %d/%d: the index must be in 0..%d", s.I, s.M, s.M-1)
	}
	return nil
}

// ParseShard reads "i/M".
func ParseShard(text string) (Shard, error) {
	is, ms, ok := strings.Cut(strings.TrimSpace(text), "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(is))
	m, err2 := strconv.Atoi(strings.TrimSpace(ms))
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("shard %q: want i/M, e.g. 0/4 (the first of 4)", text)
	}
	s := Shard{i, m}
	return s, s.Valid()
}

// Pick returns the multipliers of the shard: every M-th of list (sorted),
// starting at position I.
func (s Shard) Pick(list []grundy.Multiplier) []grundy.Multiplier {
	var out []grundy.Multiplier
	for j := s.I; j < len(list); j += s.M {
		out = append(out, list[j])
	}
	return out
}

// ShardFromSlurm reads the shard of a Slurm array task from its
// environment: I = SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN (0 if
// unset) and M = SLURM_ARRAY_TASK_COUNT. ok is false outside an array
// job. An array that is not a plain range (--array=0-9:2 or 1,5,7) gives
// an error: its task ids are not 0..M-1.
func ShardFromSlurm(getenv func(string) string) (s Shard, ok bool, err error) {
	id := getenv("SLURM_ARRAY_TASK_ID")
	if id == "" {
		return Shard{}, false, nil
	}
	num := func(name string, def int) (int, error) {
		v := getenv(name)
		if v == "" && def >= 0 {
			return def, nil
		}
		if v == "" {
			return 0, fmt.Errorf("%s is set but %s is not", "SLURM_ARRAY_TASK_ID", name)
		}
		x, err := strconv.Atoi(v)
		if err != nil {
			return 0, fmt.Errorf("%s=%q is not a whole number", name, v)
		}
		return x, nil
	}
	task, err := num("SLURM_ARRAY_TASK_ID", -1)
	if err != nil {
		return Shard{}, true, err
	}
	count, err := num("SLURM_ARRAY_TASK_COUNT", -1)
	if err != nil {
		return Shard{}, true, err
	}
	lo, err := num("SLURM_ARRAY_TASK_MIN", 0)
	if err != nil {
		return Shard{}, true, err
	}
	hi, err := num("SLURM_ARRAY_TASK_MAX", lo+count-1)
	if err != nil {
		return Shard{}, true, err
	}
	step, err := num("SLURM_ARRAY_TASK_STEP", 1)
	if err != nil {
		return Shard{}, true, err
	}
	if step != 1 || hi-lo+1 != count {
		return Shard{}, true, fmt.Errorf("the Slurm array runs tasks %d..%d step %d but has %d tasks: submit it as --array=0-%d (scripts/slurm/submit.sh does)", lo, hi, step, count, count-1)
	}
	s = Shard{task - lo, count}
	if err := s.Valid(); err != nil {
		return Shard{}, true, fmt.Errorf("SLURM_ARRAY_TASK_ID=%d, SLURM_ARRAY_TASK_COUNT=%d: %v", task, count, err)
	}
	return s, true, nil
}
