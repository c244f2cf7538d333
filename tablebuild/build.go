package tablebuild

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync/atomic"
	"syscall"
	"time"

	"fibnim/grundy"
	"fibnim/internal/atomicfile"
	"fibnim/internal/filehash"
	"fibnim/internal/tablewrite"
	"fibnim/table"
)

// The engines a run can use.
const (
	EngineDense      = "dense"      // grundy.Dense: the whole table in memory
	EngineBreakpoint = "breakpoint" // grundy.Breakpoints, checkpointed
	EngineBrute      = "brute"      // grundy.Brute, the oracle: small N only
)

// Config describes a run that writes one table folder,
// table.Dir(Root, Mult).
type Config struct {
	Root        string // the results folder
	N           int
	Mult        grundy.Multiplier
	Engine      string // EngineDense, EngineBreakpoint or EngineBrute
	Workers     int    // < 1: GOMAXPROCS
	Breakpoints bool   // breakpoint engine: write the breakpoint files (else start values only)
	DenseMax    int    // dense.parquet holds rows n <= min(N, DenseMax) (not for the oracle)
	MaxMem      uint64 // refuse a run estimated to need more memory; 0: no limit
	Replace     bool   // replace a table that holds more than this run writes

	SwitchAt int // grundy.BreakpointConfig.SwitchAt: 0 lets the engine choose where it sweeps runs

	// CheckpointEvery is the least time between checkpoints of the
	// breakpoint engine; 0 means after every value. At large N
	// checkpoints come less often (see runBreakpoints).
	CheckpointEvery time.Duration

	Revision string // the source revision, in every file's metadata
	Command  string // the command line, in the manifest and the lock file

	Log     io.Writer               // one line per notice (resume, leftovers, replacing); nil discards
	Started func(p Plan, fromG int) // called once before the engine; fromG > 0 on resume
	Done    func(g, firstN int)     // breakpoint engine: value g is complete; firstN is the least n with G(n) >= g, or -1
	Sweep   func(grundy.SweepStats) // breakpoint engine: what each sweep did (grundy.BreakpointConfig.Sweep)
	Swept   *atomic.Int64           // breakpoint engine: the rows swept so far (grundy.BreakpointConfig.Swept), for progress lines

	// planned is the memory plan of the parameters it names, made by the
	// first of Preflight and Run to need it, and checked says that
	// Preflight passed for these parameters: a command that calls
	// Preflight and then Run with the same Config checks and plans once
	// (the plan may run a pilot; see PlanMemory).
	planned *plannedMemory
	checked *planKey
}

// preflights counts the calls of Preflight, for the test that a run
// checks once.
var preflights atomic.Int64

// plannedMemory is a memory plan and the parameters it was made for.
type plannedMemory struct {
	key  planKey
	plan Plan
}

// planKey is what Preflight and PlanMemory read of a Config.
type planKey struct {
	Root        string
	N           int
	Mult        grundy.Multiplier
	Engine      string
	Workers     int
	Breakpoints bool
	DenseMax    int
	MaxMem      uint64
}

func (c *Config) planKey() planKey {
	return planKey{Root: c.Root, N: c.N, Mult: c.Mult, Engine: c.Engine, Workers: c.Workers, Breakpoints: c.Breakpoints, DenseMax: c.DenseMax, MaxMem: c.MaxMem}
}

// memoryPlan returns PlanMemory(ctx, c), made once for c's parameters.
func (c *Config) memoryPlan(ctx context.Context) (Plan, error) {
	key := c.planKey()
	if m := c.planned; m != nil && m.key == key {
		return m.plan, nil
	}
	p, err := PlanMemory(ctx, c)
	if err != nil {
		return p, err
	}
	c.planned = &plannedMemory{key: key, plan: p}
	return p, nil
}

// denseN is the last row of the dense.parquet the run writes, -1 for none.
func (c *Config) denseN() int {
	if c.Engine == EngineBrute {
		return -1
	}
	return min(c.N, c.DenseMax)
}

// outputs is what the table will hold. A table of N = 0 (the empty pile,
// G(0, 0) = 0) has no value g >= 1, so no breakpoint file: its manifest
// says so, as its files do (table.Open checks that they agree).
func (c *Config) outputs() outputs {
	return outputs{N: c.N, Breakpoints: c.Engine == EngineBreakpoint && c.Breakpoints && c.N >= 1, DenseN: c.denseN()}
}

// Result is what a run did.
type Result struct {
	Dir          string
	MaxG         int           // the largest G(n), n <= N
	Elapsed      time.Duration // the engine's time
	AlreadyThere bool          // the table was there, complete, with the same outputs: nothing was done
	NoManifest   bool          // with AlreadyThere: that table was written before manifests
	FromG        int           // the breakpoint engine resumed from a checkpoint at this value
	Plan         Plan
	Disk         Disk
}

// ShrinkError is the error of a run that would replace a table holding
// more than it writes, without Config.Replace.
type ShrinkError struct {
	Dir      string
	Old, New outputs
	Damage   error // not nil when the old table does not validate (its manifest says what it held)
}

func (e *ShrinkError) Error() string {
	if e.Damage != nil {
		return fmt.Sprintf("%s holds a table that does not validate (%v) but that its manifest says held more than this run would write (%s, against %s)", e.Dir, e.Damage, e.Old, e.New)
	}
	return fmt.Sprintf("%s holds a table with more than this run would write (%s, against %s)", e.Dir, e.Old, e.New)
}

// DiskFullError is the error of a run that met a full disk. The table
// folder is as it was; the staged files stay, so that the same command
// resumes once there is space.
type DiskFullError struct {
	Dir, Stage string
	Staged     uint64
	Err        error
}

func (e *DiskFullError) Error() string {
	return fmt.Sprintf("no space left on the device of %s while the new table was written (%v); the table in %s is as it was; the unfinished run (%s) stays in %s",
		e.Stage, shortErr(e.Err), e.Dir, human(e.Staged), e.Stage)
}

func (e *DiskFullError) Unwrap() error { return e.Err }

// shortErr is the innermost cause of a path error (the path is named
// beside it).
func shortErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s %s: %w", pe.Op, filepath.Base(pe.Path), pe.Err)
	}
	return err
}

// Failpoint, when set (by tests), is called at each phase boundary of a
// run: "planned" (memory planned, before the disk plan), "checkpoint"
// (after each checkpoint is saved), "engine" (the engine done, before the
// dense side table and the start values are written), "files" (every
// data file staged), "manifest" (the manifest staged), "staged" (the
// staging folder complete and synced, its checkpoint removed) and
// "swapped" (the new table in place, the old one not yet removed). An error it returns
// stops the run there, as a crash would; a test can also kill the
// process in it.
var Failpoint func(phase string) error

func failpoint(phase string) error {
	if Failpoint != nil {
		return Failpoint(phase)
	}
	return nil
}

// Run makes the table folder table.Dir(cfg.Root, cfg.Mult) and commits it:
//
//   - It takes the folder's lock for the whole run (a second writer fails
//     at once with a *LockedError).
//   - A table already there, complete, with the same outputs (N, the
//     breakpoint files or not, the dense rows), is left as it is: the
//     result says AlreadyThere. One that holds more (a larger N,
//     breakpoint files, more dense rows) is replaced only with
//     cfg.Replace; else a *ShrinkError.
//   - It estimates memory (PlanMemory; a *MemoryError past cfg.MaxMem)
//     and disk (PlanDisk; a *SpaceError if it does not fit) before any
//     work.
//   - The new table is made in a staging folder beside the target
//     (StagingDir), with the breakpoint engine's checkpoint: a run
//     killed at any point and started again resumes from it, and ends
//     with byte-identical files. Every file is synced, the manifest
//     written last, and the staging folder exchanged with the target in
//     one rename (atomicfile.SwapDir): at every instant the target holds the
//     complete old table or the complete new one. A full disk gives a
//     *DiskFullError and leaves the old table whole.
//
// A run whose G(n) passes 65535 stops with an *OverflowError: before it
// starts where ForeseeOverflow knows it will, else when the engine finds
// the value; it writes nothing.
func Run(ctx context.Context, cfg Config) (res Result, err error) {
	c := &cfg
	if c.Workers < 1 {
		c.Workers = runtime.GOMAXPROCS(0)
	}
	logf := func(format string, args ...any) {
		if c.Log != nil {
			fmt.Fprintf(c.Log, format, args...)
		}
	}
	dir := table.Dir(c.Root, c.Mult)
	res.Dir = dir
	if k := c.planKey(); c.checked == nil || *c.checked != k {
		if err := Preflight(ctx, c); err != nil {
			return res, err
		}
	}
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return res, err
	}
	lock, err := lockFolder(dir, c.Command)
	if err != nil {
		return res, err
	}
	defer lock.unlock()
	stage := StagingDir(dir)
	defer func() {
		if err != nil && ctx.Err() != nil {
			dropUnkept(stage)
		}
	}()
	if err := finishCommit(dir, stage, logf); err != nil {
		return res, err
	}

	// What is there decides whether to run at all.
	want := c.outputs()
	replacing := "" // said once the run is sure to start
	if old, err := table.Open(dir); err == nil {
		have := outputs{N: old.N(), Breakpoints: old.HasBreakpoints(), DenseN: old.DenseN()}
		res.MaxG = -1
		if m := old.Manifest(); m != nil {
			res.MaxG = m.MaxG
		} else if _, ok := old.Meta()[table.MetaMaxG]; ok {
			res.MaxG, _ = old.MaxValue() // recorded: no need to read the start values
		}
		res.NoManifest = old.Manifest() == nil
		old.Close()
		switch {
		case have == want && !c.Replace:
			res.AlreadyThere = true
			noteLeftovers(dir, stage, logf)
			return res, nil
		case have.holdsMore(want) && !c.Replace:
			noteLeftovers(dir, stage, logf)
			return res, &ShrinkError{Dir: dir, Old: have, New: want}
		}
		replacing = fmt.Sprintf("grundy: the table in %s (%s) is replaced when this run completes\n", dir, have)
	} else if !errors.Is(err, fs.ErrNotExist) {
		// A damaged table is still the work of a larger run when its
		// manifest says so: a run that would write less asks first.
		if m, merr := table.ReadManifest(dir); merr == nil && !c.Replace {
			have := outputs{N: m.N, Breakpoints: m.Breakpoints, DenseN: m.DenseN}
			if have.holdsMore(want) {
				noteLeftovers(dir, stage, logf)
				return res, &ShrinkError{Dir: dir, Old: have, New: want, Damage: err}
			}
		}
		replacing = fmt.Sprintf("grundy: %s does not validate (%v); the new table replaces it when this run completes\n", dir, err)
	}
	res.MaxG = 0
	res.NoManifest = false

	if res.Plan, err = c.memoryPlan(ctx); err != nil {
		return res, interrupted(ctx, err, "")
	}
	if !res.Plan.Fits {
		return res, memoryError(c, res.Plan)
	}

	if err := adoptOldRun(dir, stage, logf); err != nil {
		return res, err
	}
	if complete(stage, want, c.Mult) {
		// A run stopped between its manifest and its swap: its table is
		// complete (the manifest is written last) and is this run's.
		logf("grundy: %s holds the complete table of an earlier run that stopped before its swap; committing it\n", stage)
		return res, commit(dir, stage, &res)
	}
	if _, err := table.ReadManifest(stage); err == nil {
		logf("grundy: removing the complete table of an earlier run with other parameters from %s (it stopped before its swap)\n", stage)
		if err := os.RemoveAll(stage); err != nil {
			return res, err
		}
	}
	if c.Engine != EngineBreakpoint {
		if st, err := os.Stat(stage); err == nil && st.IsDir() {
			logf("grundy: removing an unfinished run (%s) from %s\n", human(uint64(du(stage))), stage)
		}
		if err := os.RemoveAll(stage); err != nil {
			return res, err
		}
	}

	if err := failpoint("planned"); err != nil {
		return res, err
	}
	free, known := freeSpace(parent)
	if !known {
		free = 0 // PlanDisk: unknown, so the pilot runs
	}
	res.Disk, err = PlanDisk(ctx, c, free)
	if err != nil {
		return res, interrupted(ctx, err, "")
	}
	res.Disk.Staged = uint64(du(stage))
	if known && res.Disk.Need() > free {
		return res, &SpaceError{Dir: dir, Disk: res.Disk, Free: free}
	}
	logf("%s", replacing)

	err = makeTable(ctx, c, stage, &res, logf)
	if errors.Is(err, syscall.ENOSPC) {
		return res, &DiskFullError{Dir: dir, Stage: stage, Staged: uint64(du(stage)), Err: err}
	}
	if err != nil {
		return res, err
	}
	if ctx.Err() != nil {
		return res, stagedInterrupted(stage)
	}
	return res, commit(dir, stage, &res)
}

// Preflight refuses, before anything is created, a run that cannot be
// made: an unknown engine, an N past what breakpoint files hold, a
// certain overflow (ForeseeOverflow), and, where no table folder is
// there yet (so none can be found complete), a run past cfg.MaxMem (a
// *MemoryError). Run calls it first; a command can call it before it
// creates its output folder. Its memory estimate may run a pilot
// (PlanMemory), which a cancelled ctx stops. What it found is kept in
// cfg, so that Run with the same parameters neither checks nor plans
// again.
func Preflight(ctx context.Context, cfg *Config) error {
	preflights.Add(1)
	switch cfg.Engine {
	case EngineDense, EngineBreakpoint, EngineBrute:
	default:
		return fmt.Errorf("tablebuild: unknown engine %q", cfg.Engine)
	}
	if cfg.Engine == EngineBreakpoint && cfg.Breakpoints && cfg.N > table.MaxBreakpointFileN {
		return fmt.Errorf("a table of N = %d: breakpoint files hold rows up to %d (int32 columns); start values alone (-breakpoints=false) go to %d", cfg.N, table.MaxBreakpointFileN, grundy.MaxBreakpointN)
	}
	if err := ForeseeOverflow(cfg.N, cfg.Mult); err != nil {
		return err
	}
	if _, err := os.Stat(table.Dir(cfg.Root, cfg.Mult)); errors.Is(err, fs.ErrNotExist) {
		p, err := cfg.memoryPlan(ctx)
		if err != nil {
			return interrupted(ctx, err, "")
		}
		if !p.Fits {
			return memoryError(cfg, p)
		}
	}
	k := cfg.planKey()
	cfg.checked = &k
	return nil
}

// memoryError is the *MemoryError of plan p, with what to change.
func memoryError(c *Config, p Plan) error {
	hint := "try fewer -workers"
	switch d := grundy.DenseBytes(max(c.denseN(), 0)); {
	case c.Engine == EngineDense:
		hint = "the dense engine holds every cell; the breakpoint engine (-engine breakpoint) needs far less"
	case c.Engine == EngineBreakpoint && d > p.Memory/2:
		hint = fmt.Sprintf("the dense side table of n <= %d needs %s of it: lower -dense-max", c.denseN(), human(d))
	}
	return &MemoryError{Plan: p, Limit: c.MaxMem, Hint: hint}
}

// makeTable runs the engine and writes the complete new table, manifest
// last, into the staging folder.
func makeTable(ctx context.Context, c *Config, stage string, res *Result, logf func(string, ...any)) error {
	meta := tablewrite.Meta(c.Engine, c.N, c.Mult, c.DenseMax, c.Revision)
	// The data files' sums, so that the manifest need not read them all
	// back (9.6 GB at N = 10^9) once the table is written: the breakpoint
	// files are hashed in the CPU time the engine leaves unused, the start
	// values and dense files as they are written. What is not hashed by
	// then (a resumed run's earlier values, files the hasher did not
	// reach) the manifest reads.
	written := new(filehash.Sums)
	hasher := filehash.NewSpare(ctx, written)
	defer hasher.Stop()
	var full func(int) int                          // G(n, n), for the dense and brute engines' largest value
	var values func(first int, start, full []int32) // the rows of start_values.parquet
	var tab *grundy.Table
	switch c.Engine {
	case EngineBreakpoint:
		br, err := runBreakpoints(ctx, c, breakpointRun{stage: stage, plan: res.Plan, meta: meta, log: logf, hasher: hasher})
		if err != nil {
			return err
		}
		res.MaxG, res.Elapsed, res.FromG = br.maxG, br.elapsed, br.fromG
		meta[table.MetaMaxG] = strconv.Itoa(br.maxG)
		values = br.counts.Values
		if err := failpoint("engine"); err != nil {
			return err
		}
		// The dense side table is small; the dense engine fills it.
		if tab, err = grundy.DenseContext(ctx, c.denseN(), c.Mult, c.Workers); err != nil {
			return interrupted(ctx, err, stage)
		}
	case EngineDense:
		if c.Started != nil {
			c.Started(res.Plan, 0)
		}
		t0 := time.Now()
		var err error
		tab, err = grundy.DenseContext(ctx, c.N, c.Mult, c.Workers)
		if errors.Is(err, grundy.ErrOverflow) {
			return &OverflowError{Mult: c.Mult, N: c.N, G: grundy.MaxValue + 1}
		}
		if err != nil {
			return interrupted(ctx, err, "")
		}
		res.Elapsed = time.Since(t0)
		full, values = tab.Full, tablewrite.PerRow(tab.Start, tab.Full)
	case EngineBrute:
		if c.Started != nil {
			c.Started(res.Plan, 0)
		}
		t0 := time.Now()
		g := grundy.Brute(c.N, c.Mult.Rat())
		res.Elapsed = time.Since(t0)
		full = func(n int) int { return g[n][n] }
		values = tablewrite.PerRow(func(n int) int { return g[n][max(n-1, 0)] }, full)
	}
	if err := os.MkdirAll(stage, 0o755); err != nil {
		return err
	}
	if c.Engine != EngineBreakpoint {
		for n := 0; n <= c.N; n++ {
			res.MaxG = max(res.MaxG, full(n))
		}
	}
	if d := c.denseN(); d >= 0 {
		logf("grundy: writing start_values.parquet (%d rows) and dense.parquet (%d cells)\n", c.N+1, int64(d+1)*int64(d+2)/2)
	} else {
		logf("grundy: writing start_values.parquet (%d rows)\n", c.N+1)
	}
	path := filepath.Join(stage, table.StartValuesFile)
	sum, err := tablewrite.WriteStartValues(ctx, path, meta, c.N, c.Workers, values)
	if err != nil {
		return interrupted(ctx, err, stage)
	}
	written.Put(path, sum)
	if tab != nil {
		path := filepath.Join(stage, table.DenseFile)
		sum, err := tablewrite.WriteDense(ctx, path, meta, tab, c.denseN())
		if err != nil {
			return interrupted(ctx, err, stage)
		}
		written.Put(path, sum)
	}
	for _, d := range []string{filepath.Join(stage, table.BreakpointsDir), stage} {
		if _, err := os.Stat(d); err == nil {
			if err := atomicfile.SyncDir(d); err != nil {
				return err
			}
		}
	}
	if err := failpoint("files"); err != nil {
		return err
	}
	if added, hashed := hasher.Stop(); added > 0 {
		logf("grundy: writing manifest.json: %d of %d breakpoint files hashed while the engine ran, reading the other %d back\n", hashed, added, added-hashed)
	}
	m, err := table.NewManifest(ctx, stage, table.Manifest{N: c.N, Multiplier: c.Mult.String(), Engine: c.Engine,
		Breakpoints: c.outputs().Breakpoints, MaxG: res.MaxG, DenseMax: c.DenseMax, DenseN: c.denseN(), Revision: c.Revision, Command: c.Command}, written)
	if err != nil {
		return interrupted(ctx, err, stage)
	}
	if err := tablewrite.WriteManifest(stage, m); err != nil {
		return err
	}
	if err := failpoint("manifest"); err != nil {
		return err
	}
	if ctx.Err() != nil {
		return stagedInterrupted(stage)
	}
	// The table is complete: the checkpoint is no longer needed.
	if err := os.Remove(filepath.Join(stage, checkpointName)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := atomicfile.SyncDir(stage); err != nil {
		return err
	}
	return failpoint("staged")
}

// InterruptedError is the error of a run (Run, Global) that its context
// stopped; it wraps ErrInterrupted. The table folder is as it was. What
// the run kept, the same command takes up: a staging folder with a
// checkpoint (Checkpoint) it resumes from, one with the complete new table
// (Complete) it commits. With neither, the run left nothing behind and
// the same command starts over.
type InterruptedError struct {
	Checkpoint string // the staging folder whose checkpoint the same command resumes from, or ""
	Complete   string // the staging folder that holds the complete new table, or ""
}

func (e *InterruptedError) Error() string {
	return ErrInterrupted.Error() + "; earlier results left in place; " + e.Resume()
}

func (e *InterruptedError) Unwrap() error { return ErrInterrupted }

// Resume says, in a clause, what the same command does next.
func (e *InterruptedError) Resume() string {
	switch {
	case e.Complete != "":
		return "the new table is complete in " + e.Complete + ", and the same command commits it"
	case e.Checkpoint != "":
		return "run the same command again to resume from the last checkpoint in " + e.Checkpoint
	}
	return "the same command starts over"
}

// stagedInterrupted is the error of a run stopped once its new table was
// complete in the staging folder: the swap is left to the same command,
// which finds the table complete and commits it.
func stagedInterrupted(stage string) error {
	return &InterruptedError{Complete: stage}
}

// interrupted words the error of a run that ctx stopped: whether the
// same command resumes (a checkpoint is staged) or starts over.
func interrupted(ctx context.Context, err error, stage string) error {
	if ctx.Err() == nil {
		return err
	}
	if stage != "" && hasCheckpoint(stage) {
		return &InterruptedError{Checkpoint: stage}
	}
	return &InterruptedError{}
}

// hasCheckpoint says whether the staging folder stage holds a checkpoint.
func hasCheckpoint(stage string) bool {
	_, err := os.Stat(filepath.Join(stage, checkpointName))
	return err == nil
}

// dropUnkept removes the staging folder of an interrupted run that holds
// nothing the same command takes up (no checkpoint, no manifest: the next
// run would remove it, and compute info would list it as something to
// resume). Every file in it was written by this run: one that held an
// earlier run's checkpoint still holds it, and an earlier run's folder
// without one was removed when this run started.
func dropUnkept(stage string) {
	if _, err := os.Stat(filepath.Join(stage, table.ManifestFile)); err == nil || hasCheckpoint(stage) {
		return
	}
	os.RemoveAll(stage)
}

// commit drops the checkpoint, swaps the complete staging folder in for
// the table folder and removes the old table (commitStaged: the swap
// marker, written first, tells a later run which of the two folders is the
// new table if this one stops after the swap; finishCommit).
func commit(dir, stage string, res *Result) error {
	if err := os.Remove(filepath.Join(stage, checkpointName)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if err := commitStaged(dir, stage); err != nil {
		return err
	}
	if m, err := table.ReadManifest(dir); err == nil && res.MaxG == 0 {
		res.MaxG = m.MaxG
	}
	return nil
}

// finishCommit completes the commit of a run that stopped after writing
// its swap marker, or between the two renames of a swap on a filesystem
// without RENAME_EXCHANGE (finishStaged; a staging folder with its
// manifest holds a complete table).
func finishCommit(dir, stage string, logf func(string, ...any)) error {
	staged := func(d string) bool {
		_, err := table.ReadManifest(d)
		return err == nil
	}
	return finishStaged(dir, stage, staged, func(format string, a ...any) { logf("grundy: "+format, a...) })
}

// complete reports whether the staging folder holds a complete table (its
// manifest is written, and it validates) with the outputs want.
func complete(stage string, want outputs, a grundy.Multiplier) bool {
	m, err := table.ReadManifest(stage)
	if err != nil || m.Multiplier != a.String() {
		return false
	}
	if (outputs{N: m.N, Breakpoints: m.Breakpoints, DenseN: m.DenseN}) != want {
		return false
	}
	// Open wants the folder's name to be the table's (mult=A); the staging
	// folder's is .mult=A.staging, which it does not check.
	t, err := table.Open(stage)
	if err != nil {
		return false
	}
	t.Close()
	return true
}

// adoptOldRun moves the .run/ folder that a run made before staging
// folders left inside the table folder to the staging folder, so that its
// checkpoint can be resumed (the format is the same).
func adoptOldRun(dir, stage string, logf func(string, ...any)) error {
	run := oldRunDir(dir)
	if _, err := os.Stat(filepath.Join(run, "checkpoint.bin")); err != nil {
		return nil
	}
	if _, err := os.Stat(stage); err == nil {
		return nil
	}
	logf("grundy: moving the unfinished run in %s (%s) to %s\n", run, human(uint64(du(run))), stage)
	if err := os.RemoveAll(filepath.Join(run, "old-breakpoints")); err != nil {
		return err
	}
	if err := os.Rename(run, stage); err != nil {
		return err
	}
	return os.Rename(filepath.Join(stage, "checkpoint.bin"), filepath.Join(stage, checkpointName))
}

// noteLeftovers tells about an unfinished run beside or inside a table
// that this run leaves alone.
func noteLeftovers(dir, stage string, logf func(string, ...any)) {
	for _, p := range []string{stage, oldRunDir(dir)} {
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			logf("grundy: note: %s holds an unfinished run (%s); the command that started it resumes it, or rm -rf %s removes it\n", p, human(uint64(du(p))), p)
		}
	}
}

// freeSpace is freeBytes; a test lowers it.
var freeSpace = freeBytes

// freeBytes is the space free to this user on the filesystem of dir, and
// whether it is known (a full disk has 0 bytes free, and is known to).
func freeBytes(dir string) (uint64, bool) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, false
	}
	return st.Bavail * uint64(st.Bsize), true
}

// du is the size of the regular files under path.
func du(path string) int64 {
	var n int64
	filepath.Walk(path, func(_ string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			n += info.Size()
		}
		return nil
	})
	return n
}
