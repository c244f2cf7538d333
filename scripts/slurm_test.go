package scripts

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// buildCompute builds cmd/compute into a temporary folder.
func buildCompute(t *testing.T) string {
	t.Helper()
	exe := filepath.Join(t.TempDir(), "compute")
	cmd := exec.Command("go", "build", "-o", exe, "./cmd/compute")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return exe
}

// fakeSbatch puts an sbatch on PATH that records each call's arguments,
// one per line, in dir/call-K (K = 0, 1, ...), and answers job id 100+K
// as --parsable does.
func fakeSbatch(t *testing.T) string {
	dir := t.TempDir()
	script := `#!/bin/sh
k=$(ls "` + dir + `" | grep -c '^call-')
for a in "$@"; do echo "$a"; done > "` + dir + `/call-$k"
echo "$((100 + k));cluster"
`
	if err := os.WriteFile(filepath.Join(dir, "sbatch"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// submit.sh asks compute for the plan, then submits the array with the
// memory estimate (plus 20%) and the shard count, and chains the merge
// job on the array's id; bad arguments submit nothing.
func TestSubmitScript(t *testing.T) {
	compute := buildCompute(t)
	fake := fakeSbatch(t)
	out := filepath.Join(t.TempDir(), "shared")
	run := func(args ...string) (string, error) {
		cmd := exec.Command("bash", append([]string{"scripts/slurm/submit.sh"}, args...)...)
		cmd.Dir = ".."
		cmd.Env = append(os.Environ(), "PATH="+fake+":"+os.Getenv("PATH"), "COMPUTE="+compute)
		b, err := cmd.CombinedOutput()
		return string(b), err
	}
	got, err := run("-m", "2..5,7/2", "-n", "1e6", "-o", out, "-M", "3", "-K", "2", "--", "--partition=big")
	if err != nil {
		t.Fatalf("%v\n%s", err, got)
	}
	if !strings.HasSuffix(got, "ARRAY_JOB=100\nMERGE_JOB=101\n") {
		t.Errorf("output:\n%s", got)
	}
	plan, err := exec.Command(compute, "atlas", "-mults", "2..5,7/2", "-n", "1e6", "-workers", "1", "-plan").Output()
	if err != nil {
		t.Fatal(err)
	}
	var mib int
	for _, l := range strings.Split(string(plan), "\n") {
		if v, ok := strings.CutPrefix(l, "mem_mib "); ok {
			mib, _ = strconv.Atoi(v)
		}
	}
	arr, _ := os.ReadFile(filepath.Join(fake, "call-0"))
	mrg, _ := os.ReadFile(filepath.Join(fake, "call-1"))
	for _, want := range []string{"--array=0-2%2", "--cpus-per-task=1", "--mem=" + strconv.Itoa((mib*12+9)/10) + "M", "--partition=big",
		"scripts/slurm/atlas.sbatch", compute, "2..5,7/2", "1e6", out} {
		if !strings.Contains(string(arr), want+"\n") {
			t.Errorf("the array's sbatch has no %q:\n%s", want, arr)
		}
	}
	for _, want := range []string{"--dependency=afterok:100", "--partition=big", "scripts/slurm/merge.sbatch", compute, out} {
		if !strings.Contains(string(mrg), want+"\n") {
			t.Errorf("the merge's sbatch has no %q:\n%s", want, mrg)
		}
	}
	for _, bad := range [][]string{{"-n", "1e6", "-o", out}, {"-m", "", "-n", "1e6", "-o", out}, {"-m", "2", "-n", "1e6", "-o", out, "-K", "0"},
		{"-m", "farey:10", "-n", "1e6", "-o", out}, {"-m", "2", "-n", "-3", "-o", out}} {
		os.Remove(filepath.Join(fake, "call-2"))
		got, err := run(bad...)
		if code, ok := err.(*exec.ExitError); !ok || code.ExitCode() != 2 {
			t.Errorf("%v: %v, want exit status 2\n%s", bad, err, got)
		}
		if _, err := os.Stat(filepath.Join(fake, "call-2")); err == nil {
			t.Errorf("%v submitted a job", bad)
		}
	}
}

// atlas.sbatch, run as Slurm would run array task 1 of 2, computes shard
// 1/2 of the list without being told the shard.
func TestSbatchTaskTakesItsShard(t *testing.T) {
	compute := buildCompute(t)
	out := t.TempDir()
	cmd := exec.Command("bash", "scripts/slurm/atlas.sbatch", compute, "2..5", "2000", out)
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "SLURM_ARRAY_TASK_ID=1", "SLURM_ARRAY_TASK_COUNT=2", "SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX=1", "SLURM_CPUS_PER_TASK=1")
	b, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(b), "shard 1/2: 2 multipliers, 2 computed") {
		t.Fatalf("%v\n%s", err, b)
	}
	for m, want := range map[string]bool{"2": false, "3": true, "4": false, "5": true} {
		_, err := os.Stat(filepath.Join(out, "atlas", "mult="+m, "summary.parquet"))
		if (err == nil) != want {
			t.Errorf("a = %s: summary written %v, want %v", m, err == nil, want)
		}
	}
}
