package main

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fibnim/figures"
	"fibnim/internal/cli"
)

// The figures themselves are tested in package figures; these tests cover
// the command line: flags, notices, exit paths and what is left on disk.

func runPlot(args ...string) (stdout, stderr string, err error) {
	var o, e bytes.Buffer
	err = run(args, &o, &e)
	return o.String(), e.String(), err
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestHelpListsFigures(t *testing.T) {
	_, stderr, err := runPlot("-h")
	if !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("plot -h: error %v, want flag.ErrHelp (exit 0)", err)
	}
	for _, want := range append([]string{"usage: plot", "-only", "-version"}, figures.Names()...) {
		if !strings.Contains(stderr, want) {
			t.Errorf("plot -h does not mention %q:\n%s", want, stderr)
		}
	}
	if n := strings.Count(stderr, "usage: plot"); n != 1 {
		t.Errorf("plot -h prints its usage %d times", n)
	}
	if _, stderr, _ := runPlot("-bogus"); strings.Contains(stderr, "usage: plot") {
		t.Errorf("a bad flag prints the whole usage:\n%s", stderr)
	}
}

func TestVersion(t *testing.T) {
	stdout, _, err := runPlot("-version")
	if err != nil || strings.Count(stdout, "\n") != 1 {
		t.Fatalf("plot -version: %q, %v; want one line", stdout, err)
	}
	if _, _, err := runPlot("-version", "extra"); err == nil {
		t.Error("plot -version extra: no error, want a usage error")
	}
}

func TestBadInput(t *testing.T) {
	for _, c := range []struct {
		args  []string
		usage bool
		want  string
	}{
		{[]string{"-formats", "eps"}, true, "unknown format"},
		{[]string{"-dpi", "0"}, true, "-dpi"},
		{[]string{"-mult", "1/2"}, true, "-mult"},
		{[]string{"-only", "nosuch"}, true, "unknown figure"},
		{[]string{"-nosuchflag"}, true, "not defined"},
		{[]string{"extra"}, true, "unexpected argument"},
		{[]string{"-in", filepath.Join(t.TempDir(), "absent")}, true, "is not a folder"}, // exit 2, as compute
		{[]string{"-in", t.TempDir(), "-out", "/proc/forbidden"}, true, "output folder"}, // exit 2, as compute (issue 36)
		{[]string{"-in", t.TempDir(), "-out", t.TempDir(), "-only", "grundy_table"}, false, "no figure could be drawn"},
	} {
		_, _, err := runPlot(c.args...)
		var ue cli.UsageError
		if err == nil || errors.As(err, &ue) != c.usage || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("plot %v: error %v (usage %v), want a one-line %q (usage %v)", c.args, err, errors.As(err, &ue), c.want, c.usage)
		}
	}
}

// TestSkipsMissing: from an empty results folder only zeckendorf_rows,
// which needs no data, is drawn; every other figure gets one notice.
func TestSkipsMissing(t *testing.T) {
	out := t.TempDir()
	stdout, stderr, err := runPlot("-in", t.TempDir(), "-out", out, "-formats", "png", "-dpi", "30")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range figures.Names() {
		_, statErr := os.Stat(filepath.Join(out, name+".png"))
		if drawn := statErr == nil; drawn != (name == "zeckendorf_rows") {
			t.Errorf("%s: drawn = %v", name, drawn)
		}
		if name != "zeckendorf_rows" && !strings.Contains(stderr, "plot: skip "+name+": ") {
			t.Errorf("%s skipped without a notice; stderr:\n%s", name, stderr)
		}
	}
	if strings.Count(stdout, "plot: wrote") != 1 {
		t.Errorf("stdout:\n%s", stdout)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "README.md")); !bytes.Contains(b, []byte("- `zeckendorf_rows` (png): ")) {
		t.Errorf("README.md:\n%s", b)
	}
}

// TestCorruptInput: a damaged Parquet file is a one-line error naming it,
// and nothing already in the output folder is lost or changed.
func TestCorruptInput(t *testing.T) {
	in := t.TempDir()
	gdir := filepath.Join(in, "grundy", "mult=2")
	must(t, os.MkdirAll(gdir, 0o755))
	must(t, os.WriteFile(filepath.Join(gdir, "start_values.parquet"), []byte("PAR1 not really parquet"), 0o644))
	out := t.TempDir()
	old := map[string][]byte{
		"start_value_growth.png": []byte("an earlier figure"),
		"README.md":              []byte("earlier captions"),
	}
	for name, data := range old {
		must(t, os.WriteFile(filepath.Join(out, name), data, 0o644))
	}
	_, _, err := runPlot("-in", in, "-out", out, "-formats", "png", "-dpi", "30", "-only", "start_value_growth")
	if err == nil || !strings.Contains(err.Error(), "start_values.parquet") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("corrupt start_values.parquet: error %v, want one line naming the file", err)
	}
	entries, _ := os.ReadDir(out)
	if len(entries) != len(old) {
		t.Errorf("output folder holds %d entries after the error, want the %d it had", len(entries), len(old))
	}
	for name, data := range old {
		got, err := os.ReadFile(filepath.Join(out, name))
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("%s changed or lost: %q, %v", name, got, err)
		}
	}
}
