package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"fibnim/grundy"
	"fibnim/internal/cli"
	"fibnim/internal/tex"
	"fibnim/paper"
	"fibnim/table"
	"fibnim/tablebuild"
)

// cancelOn is a command's stderr that cancels its context as soon as what
// the command wrote holds want: the line a command prints as a phase
// starts.
type cancelOn struct {
	mu     sync.Mutex
	b      bytes.Buffer
	want   string
	cancel context.CancelFunc
	after  time.Duration // how long after want the cancel comes
	at     time.Time     // when it cancelled
}

func (c *cancelOn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.b.Write(p)
	if c.at.IsZero() && c.want != "" && strings.Contains(c.b.String(), c.want) {
		c.at = time.Now().Add(c.after)
		time.AfterFunc(c.after, c.cancel)
	}
	return len(p), nil
}

func (c *cancelOn) cancelled() (time.Time, string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.at, c.b.String()
}

// tree is every file and folder under dir, hidden ones included, with
// each file's SHA-256: what a run left, to compare with what was there.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if d.IsDir() {
			out[rel+"/"] = "folder"
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		out[rel] = fmt.Sprintf("%x", sha256.Sum256(b))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// treeDiff says what differs between two trees, in a line.
func treeDiff(before, after map[string]string) string {
	var d []string
	for p, h := range after {
		if old, ok := before[p]; !ok {
			d = append(d, "new "+p)
		} else if old != h {
			d = append(d, "changed "+p)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			d = append(d, "gone "+p)
		}
	}
	slices.Sort(d)
	return strings.Join(d, ", ")
}

// Every long command, interrupted at its first phase (SIGINT or SIGTERM:
// its context cancelled), ends with the one line cli.ErrInterrupted
// (exit status 1), stops within seconds, and leaves the folders it reads
// and writes as they were: a run that did not get to write anything
// leaves no folder, no staging folder and no lock behind (issue 44, item
// 3: an interrupted ntimes -out D left empty D/ntimes/ and D/tables/, a
// global an empty D/global/, a first grundy a 0 KiB .mult=2.staging that
// every later run reported as something to resume; automata and query
// -global said only "context canceled").
//
// The first phase is caught by the line the command prints as it starts
// it, after it made its folders (the cancel comes then, not after a
// time); automata prints none before its learner, so it is cancelled
// 300 ms after it starts, inside a learner that takes 2 s on this machine
// (if it ended first, the run would not fail as interrupted and the test
// would say so). Commands whose first phase reads their input and prints
// nothing first (export, info, release, paper) get an interrupt that came
// before they started; paper -pdf is also stopped while pdflatex runs,
// after it wrote the note's source, and the earlier PDF must stay (an
// interrupted pdflatex left its first pass's PDF in its place).
func TestInterruptAtFirstPhase(t *testing.T) {
	res := filepath.Join(t.TempDir(), "results")
	for _, args := range [][]string{
		{"grundy", "-n", "30000", "-out", res},
		{"ntimes", "-mults", "2..40", "-real-upto", "2", "-out", res},
		{"verify", "-in", res},
	} {
		if _, err := runArgs(t, args...); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
	}
	// release carries the note: any file stands for it here.
	if err := os.MkdirAll(filepath.Join(res, paper.Dir), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(res, paper.Dir, paper.Name+".pdf"), []byte("%PDF earlier\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bp := table.BreakpointFile(filepath.Join(table.Dir(res, grundy.Fibonacci), table.BreakpointsDir), 1)

	const (
		before = "" // cancelled before the command starts
		delay  = "300ms"
	)
	citation := filepath.Join("..", "..", "CITATION.cff")
	for _, c := range []struct {
		name  string
		args  []string      // OUT: a folder that is not there yet
		at    string        // the stderr text whose arrival cancels, before or delay
		after time.Duration // how long after that text the cancel comes
		allow []string      // files of the results folder that the phases before may write
	}{
		{"grundy, breakpoint engine, first run", []string{"grundy", "-n", "3e6", "-out", "OUT"}, "grundy: breakpoint engine", 0, nil},
		{"grundy, breakpoint engine, over a table", []string{"grundy", "-n", "3e6", "-out", res}, "grundy: breakpoint engine", 0, nil},
		{"grundy, dense engine", []string{"grundy", "-n", "12000", "-out", "OUT"}, "grundy: dense engine", 0, nil},
		{"grundy, start values", []string{"grundy", "-n", "3e7", "-breakpoints=false", "-out", "OUT"}, "grundy: breakpoint engine", 0, nil},
		{"global", []string{"global", "-n", "1500", "-out", "OUT"}, "global: M=", 0, nil},
		{"ntimes", []string{"ntimes", "-mults", "2..3000", "-out", "OUT"}, "ntimes: ", 0, nil},
		{"ntimes into a results folder", []string{"ntimes", "-mults", "2..3000", "-out", res}, "ntimes: ", 0, nil},
		{"verify", []string{"verify", "-in", res}, "verify: reading every row", 0, nil},
		{"atlas", []string{"atlas", "-mults", "2,3", "-n", "3e6", "-out", "OUT"}, "atlas: shard", 0, nil},
		{"all", []string{"all", "-n", "3e6", "-mults", "", "-global-mults", "", "-out", "OUT"}, "grundy: breakpoint engine", 0, nil},
		{"automata", []string{"automata", "-max-g", "5", "-n", "1e6", "-out", "OUT"}, delay, 0, nil},
		{"query -global", []string{"query", "-global", "1000,1500", "-in", "OUT"}, "computing one", 0, nil},
		{"query, dense fallback", []string{"query", "-in", "OUT", "35000"}, "computing one", 0, nil},
		{"export", []string{"export", "-in", bp, "-out", filepath.Join("OUT", "g1.csv")}, before, 0, nil},
		{"export into a results folder", []string{"export", "-in", bp, "-out", filepath.Join(res, "g1.csv")}, before, 0, nil},
		{"info -full", []string{"info", "-full", res}, before, 0, nil},
		{"release", []string{"release", "-in", res, "-citation", citation}, before, 0, nil},
		{"paper", []string{"paper", "-in", res, "-partial", "-pdf", "-citation", citation}, before, 0, nil},
		// The note is written, then compiled: pdflatex is stopped while it
		// runs (its first run takes a second or more), and the earlier PDF
		// stays.
		{"paper -pdf, compiling", []string{"paper", "-in", res, "-partial", "-pdf", "-citation", citation}, "paper: compiling", 300 * time.Millisecond, []string{filepath.Join(paper.Dir, paper.Name+".tex")}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "out")
			args := slices.Clone(c.args)
			for i, a := range args {
				args[i] = strings.Replace(a, "OUT", out, 1)
			}
			if c.name == "export" {
				os.Mkdir(out, 0o755) // the file's folder must be there
			}
			if strings.HasPrefix(c.name, "paper") {
				if err := tex.Available(); err != nil {
					t.Skipf("the note is compiled with pdflatex: %v", err)
				}
			}
			was, resWas := tree(t, dir), tree(t, res)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			stderr := &cancelOn{want: c.at, cancel: cancel, after: c.after}
			start := time.Now()
			switch c.at {
			case before:
				cancel()
				stderr.at = start
			case delay:
				time.AfterFunc(300*time.Millisecond, func() {
					stderr.mu.Lock()
					stderr.at = time.Now()
					stderr.mu.Unlock()
					cancel()
				})
			}
			err := run(ctx, args, &bytes.Buffer{}, stderr)
			at, log := stderr.cancelled()
			if at.IsZero() {
				t.Fatalf("compute %v never printed %q, its first phase: %v\n%s", args, c.at, err, log)
			}
			if took := time.Since(at); took > 10*time.Second { // well under a second when idle
				t.Errorf("stopped %v after the interrupt", took.Round(time.Millisecond))
			}
			var ie *cli.InterruptedError
			var ue usageError
			if !errors.As(err, &ie) || errors.As(err, &ue) || err.Error() != cli.ErrInterrupted.Error() {
				t.Errorf("compute %v, interrupted: %v; want %q alone (nothing kept)\n%s", args, err, cli.ErrInterrupted, log)
			}
			if d := treeDiff(was, tree(t, dir)); d != "" {
				t.Errorf("the interrupted run left: %s", d)
			}
			resNow := tree(t, res)
			for _, f := range c.allow {
				delete(resNow, f)
				delete(resWas, f)
			}
			if d := treeDiff(resWas, resNow); d != "" {
				t.Errorf("the interrupted run changed the results folder: %s", d)
			}
		})
	}
}

// What an interrupted run keeps for the same command, the line names
// after the one line: a grundy checkpoint, the atlas's summaries.
func TestInterruptNamesWhatIsKept(t *testing.T) {
	out := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	tablebuild.Failpoint = func(phase string) error {
		if phase == "checkpoint" {
			cancel()
		}
		return nil
	}
	err := run(ctx, []string{"grundy", "-n", "100000", "-checkpoint-every", "0", "-workers", "1", "-out", out}, &bytes.Buffer{}, &bytes.Buffer{})
	tablebuild.Failpoint = nil
	stage := tablebuild.StagingDir(table.Dir(out, grundy.Fibonacci))
	if want := cli.ErrInterrupted.Error() + "; run the same command again to resume from the last checkpoint in " + stage; err == nil || err.Error() != want {
		t.Errorf("grundy stopped after a checkpoint: %v, want %q", err, want)
	}
	if _, err := os.Stat(stage); err != nil {
		t.Errorf("the checkpoint's staging folder: %v", err)
	}
	if _, err := runArgs(t, "grundy", "-n", "100000", "-checkpoint-every", "0", "-workers", "1", "-out", out); err != nil {
		t.Fatalf("the same command after the interrupt: %v", err)
	}

	// The atlas: the first multiplier's summary is kept.
	out = t.TempDir()
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	stderr := &cancelOn{want: "atlas: [1/2]", cancel: cancel}
	err = run(ctx, []string{"atlas", "-mults", "2,3", "-n", "1e6", "-out", out}, &bytes.Buffer{}, stderr)
	if want := cli.ErrInterrupted.Error() + "; the summaries written (1) are kept; run the same command again to resume"; err == nil || err.Error() != want {
		t.Errorf("atlas stopped after a summary: %v, want %q", err, want)
	}
}
