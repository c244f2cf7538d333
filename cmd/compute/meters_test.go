package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"fibnim/grundy"
	"fibnim/grundyproof"
	"fibnim/internal/cli"
)

// Every computation a query can start that may take over 2 s shows its
// progress on stderr (issue 44, item 9: query -global 1000,2000 ran 42 s
// at 686 MB without a line): the dense table of a query past the saved
// tables (up to n = 40000; minutes on a loaded machine), the global
// game's table (up to M = 2000), and the proof of the automata that a
// query past every table loads (minutes for S_0..S_8) and the moves of a
// heap of any size into a class. The meters' quiet
// period is set to 0 here, so that a small computation shows its line.
func TestQueryShowsProgress(t *testing.T) {
	quiet, every := cli.MeterQuiet, cli.MeterEvery
	defer func() { cli.MeterQuiet, cli.MeterEvery = quiet, every }()
	cli.MeterQuiet, cli.MeterEvery = 0, 10*time.Millisecond
	empty := t.TempDir()
	proofless, _ := automataFolder(t) // no proof.json: loading proves them
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"query", "-in", empty, "5000"}, "query: the dense table to n = 5000: "},
		{[]string{"query", "-in", empty, "-mult", "5/2", "4000", "3000,7"}, "query: the dense table to n = 4000: "},
		{[]string{"query", "-global", "300,400", "-in", empty}, "query: the global game's table to M = 400: "},
		{[]string{"query", "-n", "10^30", "-r", "5", "-in", proofless}, "query: proving the automata of " + grundyproof.Dir(proofless, grundy.Fibonacci) + " again (its proof.json does not match its files): step "},
		{[]string{"query", "-in", proofless, "10^30", "10^40,7"}, "query: the moves from a heap of "},
	} {
		var stderr syncBuffer
		if err := run(context.Background(), c.args, &bytes.Buffer{}, &stderr); err != nil {
			t.Fatalf("compute %v: %v", c.args, err)
		}
		if !strings.Contains(stderr.String(), c.want) || !strings.Contains(stderr.String(), ", elapsed ") {
			t.Errorf("compute %v: no progress line %q on stderr:\n%s", c.args, c.want, stderr.String())
		}
	}
}
