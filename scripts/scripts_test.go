package scripts

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeApt puts an apt-get on PATH whose install fails the first fails
// times, as apt does when a .deb has gone missing, and counts the calls.
func fakeApt(t *testing.T, fails int) (dir string) {
	dir = t.TempDir()
	script := `#!/bin/sh
echo "$1" >> "` + dir + `/calls"
[ "$1" = update ] && exit 0
n=$(grep -c install "` + dir + `/calls")
if [ "$n" -le ` + string(rune('0'+fails)) + ` ]; then
	echo "Reading package lists..."
	echo "E: Sub-process /usr/bin/dpkg returned an error code (2)"
	exit 100
fi
exit 0
`
	if err := os.WriteFile(filepath.Join(dir, "apt-get"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func runApt(t *testing.T, dir string) (string, error) {
	cmd := exec.Command("bash", "-c", ". scripts/apt.sh && apt_install python3-pandas")
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "PATH="+dir+":"+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// A failed apt-get install shows apt's own error and is retried once,
// after a fresh apt-get update.
func TestAptInstallShowsErrorsAndRetries(t *testing.T) {
	dir := fakeApt(t, 1)
	out, err := runApt(t, dir)
	if err != nil {
		t.Fatalf("one failure then success: %v\n%s", err, out)
	}
	if !strings.Contains(out, "E: Sub-process /usr/bin/dpkg returned an error code (2)") || !strings.Contains(out, "retrying once") {
		t.Errorf("apt's error or the retry is not shown:\n%s", out)
	}
	calls, _ := os.ReadFile(filepath.Join(dir, "calls"))
	if got := strings.Fields(string(calls)); strings.Join(got, " ") != "update install update install" {
		t.Errorf("apt-get calls: %v", got)
	}

	dir = fakeApt(t, 2)
	if out, err := runApt(t, dir); err == nil || !strings.Contains(out, "E: Sub-process") {
		t.Errorf("two failures: %v\n%s", err, out)
	}
}

// frontier_compare.py passes on the committed frontier and fails when one
// count of the second engine's distribution below 10^9 is changed.
func TestFrontierCompareCatchesADifference(t *testing.T) {
	src := filepath.Join("..", "results", "frontier", "mult=2")
	run := func(dir string) error {
		return exec.Command("python3", "frontier_compare.py", dir).Run()
	}
	if err := run(src); err != nil {
		t.Fatalf("on the committed frontier: %v", err)
	}
	dir := t.TempDir()
	for _, f := range []string{"checks.json", "rows-engine-1.5e9.checks.json"} {
		b, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			t.Fatal(err)
		}
		if f != "checks.json" {
			// The burst past 9*10^8: 35,305,096 n with a difference of 3.
			if !strings.Contains(string(b), "35305096") {
				t.Fatal("the second engine's file has no count 35305096")
			}
			b = []byte(strings.Replace(string(b), "35305096", "35305095", 1))
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := run(dir); err == nil {
		t.Error("a changed count passed")
	}
}
