package atlas

import (
	"testing"

	"fibnim/grundy"
)

// The M shards of a list are disjoint, cover it, and each takes every
// M-th multiplier, whatever M (more shards than multipliers included).
func TestShardsPartitionTheList(t *testing.T) {
	list, _ := ParseList("farey:4:5")
	for M := 1; M <= len(list)+2; M++ {
		seen := map[grundy.Multiplier]int{}
		for i := 0; i < M; i++ {
			got := Shard{i, M}.Pick(list)
			for k, a := range got {
				if a != list[i+k*M] {
					t.Fatalf("shard %d/%d: element %d is %s, want %s", i, M, k, a, list[i+k*M])
				}
				seen[a]++
			}
		}
		if len(seen) != len(list) {
			t.Fatalf("M = %d: the shards cover %d of %d multipliers", M, len(seen), len(list))
		}
		for a, c := range seen {
			if c != 1 {
				t.Fatalf("M = %d: %s is in %d shards", M, a, c)
			}
		}
	}
}

func TestParseShard(t *testing.T) {
	for _, c := range []struct {
		text string
		want Shard
		ok   bool
	}{
		{"0/1", Shard{0, 1}, true}, {"2/3", Shard{2, 3}, true}, {" 1 / 4 ", Shard{1, 4}, true},
		{"3/3", Shard{}, false}, {"5/3", Shard{}, false}, {"0/0", Shard{}, false}, {"-1/3", Shard{}, false},
		{"1", Shard{}, false}, {"a/b", Shard{}, false}, {"1/-2", Shard{}, false}, {"", Shard{}, false},
	} {
		got, err := ParseShard(c.text)
		if (err == nil) != c.ok || c.ok && got != c.want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v (ok %v)", c.text, got, err, c.want, c.ok)
		}
	}
}

func TestShardFromSlurm(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	for _, c := range []struct {
		name    string
		env     func(string) string
		want    Shard
		ok, bad bool
	}{
		{"not an array", env(), Shard{}, false, false},
		{"task 2 of 4", env("SLURM_ARRAY_TASK_ID", "2", "SLURM_ARRAY_TASK_COUNT", "4", "SLURM_ARRAY_TASK_MIN", "0", "SLURM_ARRAY_TASK_MAX", "3"), Shard{2, 4}, true, false},
		{"without MIN and MAX", env("SLURM_ARRAY_TASK_ID", "0", "SLURM_ARRAY_TASK_COUNT", "3"), Shard{0, 3}, true, false},
		{"an array from 1", env("SLURM_ARRAY_TASK_ID", "1", "SLURM_ARRAY_TASK_COUNT", "3", "SLURM_ARRAY_TASK_MIN", "1", "SLURM_ARRAY_TASK_MAX", "3"), Shard{0, 3}, true, false},
		{"no count", env("SLURM_ARRAY_TASK_ID", "1"), Shard{}, true, true},
		{"a step", env("SLURM_ARRAY_TASK_ID", "2", "SLURM_ARRAY_TASK_COUNT", "3", "SLURM_ARRAY_TASK_MIN", "0", "SLURM_ARRAY_TASK_MAX", "4", "SLURM_ARRAY_TASK_STEP", "2"), Shard{}, true, true},
		{"a list of ids", env("SLURM_ARRAY_TASK_ID", "7", "SLURM_ARRAY_TASK_COUNT", "3", "SLURM_ARRAY_TASK_MIN", "1", "SLURM_ARRAY_TASK_MAX", "7"), Shard{}, true, true},
		{"count 0", env("SLURM_ARRAY_TASK_ID", "0", "SLURM_ARRAY_TASK_COUNT", "0"), Shard{}, true, true},
		{"garbage", env("SLURM_ARRAY_TASK_ID", "x", "SLURM_ARRAY_TASK_COUNT", "3"), Shard{}, true, true},
	} {
		got, ok, err := ShardFromSlurm(c.env)
		if ok != c.ok || (err != nil) != c.bad || !c.bad && got != c.want {
			t.Errorf("%s: %v, %v, %v; want %v, %v, error %v", c.name, got, ok, err, c.want, c.ok, c.bad)
		}
	}
}
