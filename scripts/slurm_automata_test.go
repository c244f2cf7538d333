package scripts

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// submit-automata.sh submits the sweep's array (one task per multiplier by
// default, or -M), its flags passed on to automata.sbatch, and chains the
// merge job on the array's id; bad arguments submit nothing.
func TestSubmitAutomataScript(t *testing.T) {
	compute := buildCompute(t)
	fake := fakeSbatch(t)
	out := filepath.Join(t.TempDir(), "shared")
	run := func(args ...string) (string, error) {
		cmd := exec.Command("bash", append([]string{"scripts/slurm/submit-automata.sh"}, args...)...)
		cmd.Dir = ".."
		cmd.Env = append(os.Environ(), "PATH="+fake+":"+os.Getenv("PATH"), "COMPUTE="+compute)
		b, err := cmd.CombinedOutput()
		return string(b), err
	}
	got, err := run("-m", "2..5,7/2", "-o", out, "-g", "6", "-n", "1e6", "-K", "2", "-b", "500000", "-t", "2m", "--", "--partition=big")
	if err != nil {
		t.Fatalf("%v\n%s", err, got)
	}
	if !strings.HasSuffix(got, "ARRAY_JOB=100\nMERGE_JOB=101\n") || !strings.Contains(got, "5 multipliers") || strings.Contains(got, "not found") {
		t.Errorf("output:\n%s", got)
	}
	arr, _ := os.ReadFile(filepath.Join(fake, "call-0"))
	mrg, _ := os.ReadFile(filepath.Join(fake, "call-1"))
	for _, want := range []string{"--array=0-4%2", "--mem=6G", "--partition=big", "scripts/slurm/automata.sbatch", compute, "2..5,7/2", "6", "1e6", out, "500000", "2m"} {
		if !strings.Contains(string(arr), want+"\n") {
			t.Errorf("the array's sbatch has no %q:\n%s", want, arr)
		}
	}
	for _, want := range []string{"--dependency=afterok:100", "--partition=big", "scripts/slurm/automata-merge.sbatch", compute, out} {
		if !strings.Contains(string(mrg), want+"\n") {
			t.Errorf("the merge's sbatch has no %q:\n%s", want, mrg)
		}
	}
	for _, bad := range [][]string{{"-o", out}, {"-m", "", "-o", out}, {"-m", "2", "-o", out, "-K", "0"},
		{"-m", "farey:10", "-o", out}, {"-m", "2", "-o", out, "-g", "x"}} {
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

// automata.sbatch, run as Slurm would run array task 1 of 2, sweeps shard
// 1/2 of the list without being told the shard.
func TestAutomataSbatchTaskTakesItsShard(t *testing.T) {
	compute := buildCompute(t)
	out := t.TempDir()
	cmd := exec.Command("bash", "scripts/slurm/automata.sbatch", compute, "1,3/2,4,5", "2", "2000", out)
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "SLURM_ARRAY_TASK_ID=1", "SLURM_ARRAY_TASK_COUNT=2", "SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX=1", "SLURM_CPUS_PER_TASK=1")
	b, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(b), "shard 1/2: 2 multipliers, 2 computed") {
		t.Fatalf("%v\n%s", err, b)
	}
	for m, want := range map[string]bool{"1": false, "3_2": true, "4": false, "5": true} {
		_, err := os.Stat(filepath.Join(out, "automata", "mult="+m, "sweep.json"))
		if (err == nil) != want {
			t.Errorf("a = %s: row written %v, want %v", m, err == nil, want)
		}
	}
}
