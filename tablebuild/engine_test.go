package tablebuild

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fibnim/grundy"
	"fibnim/table"
)

// Start values past 255, as in package table's tests.
func wideFull(n int) int { return min(n, grundy.MaxStartValue) }
func wideStart(n int) int {
	if n%7 == 3 {
		return wideFull(n) / 2 // a row whose G(n, n-1) is below G(n)
	}
	return wideFull(n)
}

// The checkpoint keeps start values past 255: saved and loaded, the counts
// are the same, exceptions (G(n, n-1) < G(n)) included.
func TestCheckpointWideValues(t *testing.T) {
	const N = 3000
	a := grundy.Fibonacci
	counts := grundy.NewStartCounts(N)
	R := grundy.NewRowLayer(N)
	inf := make([]uint32, N+1)
	for n := range inf {
		inf[n] = grundy.Inf // R_G(n) > n: Checkpoint reads Full and the exceptions
		counts.SetG(n, wideFull(n*21))
		if s := wideStart(n * 21); s < counts.G(n) {
			counts.SetStart(n, s)
		}
	}
	R.Fill(0, inf)
	path := filepath.Join(t.TempDir(), "checkpoint.bin")
	c := &checkpoint{N: N, G: grundy.MaxStartValue, P: a.P, Q: a.Q, breakpoints: true, R: R, counts: counts}
	if err := c.save(context.Background(), path); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Size() != checkpointBytes(N) {
		t.Errorf("checkpoint of %d bytes, want %d", st.Size(), checkpointBytes(N))
	}
	got, err := loadCheckpoint(path, N, a, true)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n <= N; n++ {
		if got.counts.G(n) != counts.G(n) || got.counts.StartValue(n) != counts.StartValue(n) {
			t.Fatalf("n = %d: loaded %d, %d; saved %d, %d", n, got.counts.StartValue(n), got.counts.G(n), counts.StartValue(n), counts.G(n))
		}
	}
	if got.G != grundy.MaxStartValue {
		t.Errorf("loaded G = %d", got.G)
	}
}

// A run left by an older fibnim, whose checkpoint has 1 byte per value
// (magic FIBNIMCK2), in the .run/ folder such runs used, is not resumed:
// Run says why, starts over and
// writes the same table as a fresh run.
func TestOldCheckpointIgnored(t *testing.T) {
	const N = 2000
	a := grundy.Fibonacci
	root := t.TempDir()
	dir := table.Dir(root, a)
	work := oldRunDir(dir)
	if err := os.MkdirAll(work, 0o755); err != nil {
		t.Fatal(err)
	}
	old := append([]byte("FIBNIMCK2"), make([]byte, 40+6*(N+1)+4)...)
	if err := os.WriteFile(filepath.Join(work, "checkpoint.bin"), old, 0o644); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	resumed := -1
	_, err := Run(context.Background(), Config{Root: root, N: N, Mult: a, Engine: EngineBreakpoint, Workers: 2, Breakpoints: false, DenseMax: 10, Revision: "test",
		Log: &log, Started: func(_ Plan, g int) { resumed = g }})
	if err != nil {
		t.Fatal(err)
	}
	if resumed != 0 || !strings.Contains(log.String(), "removing an unfinished run left by another fibnim version") {
		t.Errorf("started from g = %d; log %q", resumed, log.String())
	}
	tb, err := table.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	start, full, err := tb.StartValues()
	if err != nil {
		t.Fatal(err)
	}
	tab, _ := grundy.Dense(N, a, 2)
	for n := 0; n <= N; n++ {
		if int(start[n]) != tab.Start(n) || int(full[n]) != tab.Full(n) {
			t.Fatalf("n = %d: %d, %d; dense engine %d, %d", n, start[n], full[n], tab.Start(n), tab.Full(n))
		}
	}
}

// A run whose values pass what a table stores stops with a one-line error
// naming a and N, wrapping grundy.ErrOverflow, and leaves no files. The
// limit is lowered to 5 so that a = 1 meets it at n = 21, h(6).
func TestBuildOverflow(t *testing.T) {
	defer func(m int) { maxStoredValue = m }(maxStoredValue)
	maxStoredValue = 5
	a := grundy.Multiplier{P: 1, Q: 1}
	for _, bp := range []bool{false, true} {
		root := t.TempDir()
		dir := table.Dir(root, a)
		_, err := Run(context.Background(), Config{Root: root, N: 5000, Mult: a, Engine: EngineBreakpoint, Workers: 2, Breakpoints: bp, DenseMax: 10, Revision: "test", CheckpointEvery: 0})
		var oe *OverflowError
		if !errors.As(err, &oe) || !errors.Is(err, grundy.ErrOverflow) {
			t.Fatalf("breakpoints %v: %v, want an *OverflowError", bp, err)
		}
		want := "a = 1, N = 5000: G(n) reaches 6, beyond the largest value a table stores (5)"
		if err.Error() != want {
			t.Errorf("breakpoints %v: %q, want %q", bp, err, want)
		}
		if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("breakpoints %v: the run made %s", bp, dir)
		}
		if _, err := os.Stat(StagingDir(dir)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("breakpoints %v: the run left %s", bp, StagingDir(dir))
		}
	}
}

// Where the overflow is certain before any work (a >= the largest stored
// value + 1, where G(n) = n as in nim), Build refuses at once and creates
// nothing. The limit is lowered to 5, so a = 7 and N >= 6 qualify.
func TestBuildForeseesOverflow(t *testing.T) {
	defer func(m int) { maxStoredValue = m }(maxStoredValue)
	maxStoredValue = 5
	a := grundy.Multiplier{P: 7, Q: 1}
	if err := ForeseeOverflow(5, a); err != nil {
		t.Errorf("N = 5: %v", err)
	}
	if err := ForeseeOverflow(1000, grundy.Multiplier{P: 9, Q: 2}); err != nil {
		t.Errorf("a = 9/2: %v", err) // floor(a) + 1 = 5: G(6) need not be 6
	}
	root := t.TempDir()
	_, err := Run(context.Background(), Config{Root: root, N: 6, Mult: a, Engine: EngineBreakpoint, Workers: 2, Revision: "test"})
	if want := "a = 7, N = 6: G(n) reaches 6, beyond the largest value a table stores (5)"; err == nil || err.Error() != want {
		t.Errorf("Run: %v, want %q", err, want)
	}
	if _, err := os.Stat(filepath.Join(root, "grundy")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Run created %s: %v", filepath.Join(root, "grundy"), err)
	}
}

// A run interrupted after values past 255 resumes from its checkpoint (2
// bytes per value) and writes the same start values, byte for byte, as a
// run that was never interrupted: a = 300, stopped once value 280 is done.
func TestResumePast255(t *testing.T) {
	a := grundy.Multiplier{P: 300, Q: 1}
	const N = 1000
	cfg := func(root string) Config {
		return Config{Root: root, N: N, Mult: a, Engine: EngineBreakpoint, Workers: 2, DenseMax: 10, Revision: "test", CheckpointEvery: 0}
	}
	freshRoot, root := t.TempDir(), t.TempDir()
	if _, err := Run(context.Background(), cfg(freshRoot)); err != nil {
		t.Fatal(err)
	}
	fresh, dir := table.Dir(freshRoot, a), table.Dir(root, a)
	ctx, cancel := context.WithCancel(context.Background())
	c := cfg(root)
	c.Done = func(g, _ int) {
		if g == 280 {
			cancel()
		}
	}
	if _, err := Run(ctx, c); !errors.Is(err, ErrInterrupted) {
		t.Fatalf("interrupted run: %v", err)
	}
	c = cfg(root)
	from := 0
	c.Started = func(_ Plan, g int) { from = g }
	if _, err := Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	if from <= 255 {
		t.Errorf("resumed from g = %d; the test wants a checkpoint past 255", from)
	}
	want, _ := os.ReadFile(filepath.Join(fresh, table.StartValuesFile))
	got, _ := os.ReadFile(filepath.Join(dir, table.StartValuesFile))
	if len(want) == 0 || !bytes.Equal(got, want) {
		t.Errorf("the resumed run's %s differs from a fresh run's", table.StartValuesFile)
	}
}
