package tablebuild

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"syscall"

	"fibnim/globalnim"
	"fibnim/grundy"
	"fibnim/internal/atomicfile"
	"fibnim/internal/tablewrite"
	"fibnim/table"
)

// GlobalConfig is what Global computes and where it writes it.
type GlobalConfig struct {
	Dir      string // the table folder, globalnim.Dir(root, Mult)
	M        int
	Mult     grundy.Multiplier
	Workers  int
	Replace  bool   // replace a table of a larger M
	Revision string // the source revision, in every file's metadata and the manifest
	Command  string // the command line, in the manifest and the lock file
	Log      io.Writer
	// Started, if not nil, is called once the run is sure to compute:
	// after the lock, the never-less rule and the disk plan.
	Started func()
	// Done, if not nil, is called after the file of each value g is
	// written, with the number of positions that reach g.
	Done func(g, positions int)
}

// GlobalResult is what Global did.
type GlobalResult struct {
	Dir          string
	MaxG         int  // the largest G(x, y, y); -1 if AlreadyThere and unknown
	AlreadyThere bool // the table was there, complete, with the same M: nothing was done
	NoManifest   bool // with AlreadyThere: that table was written before global tables had manifests
	Disk         Disk // the space planned (Table: the files)
}

// GlobalShrinkError is the error of a global run that would replace a
// table of a larger M without GlobalConfig.Replace.
type GlobalShrinkError struct {
	Dir      string
	Old, New int   // M
	Damage   error // not nil when the old table does not validate (its manifest says what it held)
}

func (e *GlobalShrinkError) Error() string {
	if e.Damage != nil {
		return fmt.Sprintf("%s holds a global table that does not validate (%v) but that its manifest says was of M = %d, more than this run's M = %d", e.Dir, e.Damage, e.Old, e.New)
	}
	return fmt.Sprintf("%s holds a global table of M = %d, more than this run's M = %d", e.Dir, e.Old, e.New)
}

// GlobalDiskFullError is the error of a global run that met a full disk.
// The table folder Dir is as it was; nothing staged is kept (the engine
// has no checkpoint), so the same command starts over once there is space.
type GlobalDiskFullError struct {
	Dir, Stage string
	Err        error
}

func (e *GlobalDiskFullError) Error() string {
	return fmt.Sprintf("no space left on the device of %s while the new table was written (%v); the table in %s is as it was", e.Stage, shortErr(e.Err), e.Dir)
}

func (e *GlobalDiskFullError) Unwrap() error { return e.Err }

// Global makes the global game's table folder cfg.Dir with
// globalnim.Sweep and commits it as Run commits a Grundy table:
//
//   - It takes the folder's lock for the whole run (a second writer fails
//     at once with a *LockedError).
//   - Never less: a complete table of the same M (globalnim.Footers,
//     which checks the manifest's sizes) is left as it is, and the result
//     says AlreadyThere; one of a larger M is replaced only with
//     cfg.Replace, else a *GlobalShrinkError (also when the old table is
//     damaged but its manifest says it was larger).
//   - It plans the disk space (GlobalDisk) before any work: a
//     *SpaceError if it does not fit.
//   - The files are written into the staging folder beside the target
//     (StagingDir), each synced, and the manifest (globalnim.Manifest:
//     every file's size and SHA-256) written last; the staging folder is
//     then exchanged with the target in one rename (atomicfile.SwapDir):
//     at every instant the target holds the complete old table or the
//     complete new one. A staged table that is complete (a run that
//     stopped between its manifest and its swap) is committed by the
//     next run of the same M; an incomplete one is removed (the engine
//     keeps no checkpoint: the run starts over) and said so in cfg.Log.
//
// A run stopped through ctx returns an *InterruptedError (ErrInterrupted) and
// leaves the earlier table as it was; a full disk leaves it whole too.
// Failpoint stops a run at each phase: "planned", "engine", "files",
// "manifest", "staged" and "swapped", as for Run.
func Global(ctx context.Context, cfg GlobalConfig) (res GlobalResult, err error) {
	logf := func(format string, args ...any) {
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, "global: "+format, args...)
		}
	}
	dir := filepath.Clean(cfg.Dir)
	res.Dir = dir
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return res, err
	}
	lock, err := lockFolder(dir, cfg.Command)
	if err != nil {
		return res, err
	}
	defer lock.unlock()
	stage := StagingDir(dir)
	complete := func(d string) bool {
		_, err := globalnim.ReadManifest(d)
		return err == nil
	}
	if err := finishStaged(dir, stage, complete, logf); err != nil {
		return res, err
	}

	// What is there decides whether to run at all.
	replacing := "" // said once the run is sure to start
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		M, maxG, ferr := globalnim.Footers(dir, cfg.Mult)
		if ferr == nil {
			_, merr := globalnim.ReadManifest(dir)
			switch {
			case M == cfg.M && !cfg.Replace:
				res.MaxG, res.AlreadyThere, res.NoManifest = maxG, true, merr != nil
				noteStaged(stage, logf)
				return res, nil
			case M > cfg.M && !cfg.Replace:
				noteStaged(stage, logf)
				return res, &GlobalShrinkError{Dir: dir, Old: M, New: cfg.M}
			}
			replacing = fmt.Sprintf("the table in %s (M = %d) is replaced when this run completes\n", dir, M)
		} else {
			if m, merr := globalnim.ReadManifest(dir); merr == nil && !cfg.Replace && m.M > cfg.M {
				noteStaged(stage, logf)
				return res, &GlobalShrinkError{Dir: dir, Old: m.M, New: cfg.M, Damage: ferr}
			}
			replacing = fmt.Sprintf("%s does not validate (%v); the new table replaces it when this run completes\n", dir, ferr)
		}
	}

	// A staged table: complete and of this run (commit it), or not.
	if m, err := globalnim.ReadManifest(stage); err == nil && m.M == cfg.M && m.Multiplier == cfg.Mult.String() {
		// The footers and the manifest's sizes, as for the table in place:
		// Open would hold the whole table in memory.
		if _, _, err := globalnim.Footers(stage, cfg.Mult); err == nil {
			logf("%s holds the complete table of an earlier run that stopped before its swap; committing it\n", stage)
			res.MaxG = m.MaxG
			return res, commitStaged(dir, stage)
		}
	}
	if st, err := os.Stat(stage); err == nil && st.IsDir() {
		logf("removing an unfinished run (%s) from %s; this run starts over\n", human(uint64(du(stage))), stage)
	}
	if err := os.RemoveAll(stage); err != nil {
		return res, err
	}

	free, known := freeSpace(parent)
	res.Disk = GlobalDisk(cfg.M)
	if known && res.Disk.Need() > free {
		return res, &SpaceError{Dir: dir, Disk: res.Disk, Free: free}
	}
	if err := failpoint("planned"); err != nil {
		return res, err
	}
	if ctx.Err() != nil {
		return res, &InterruptedError{}
	}
	if replacing != "" {
		logf("%s", replacing)
	}
	if cfg.Started != nil {
		cfg.Started()
	}

	res.MaxG, err = makeGlobal(ctx, cfg, stage)
	if err != nil {
		if complete(stage) {
			if ctx.Err() != nil {
				return res, stagedInterrupted(stage)
			}
			return res, err
		}
		// Nothing staged is worth keeping: the engine has no checkpoint.
		os.RemoveAll(stage)
		switch {
		case errors.Is(err, syscall.ENOSPC):
			return res, &GlobalDiskFullError{Dir: dir, Stage: stage, Err: err}
		case ctx.Err() != nil:
			return res, &InterruptedError{}
		}
		return res, err
	}
	if ctx.Err() != nil {
		return res, stagedInterrupted(stage)
	}
	return res, commitStaged(dir, stage)
}

// noteStaged tells about a staging folder beside a table that this run
// leaves alone.
func noteStaged(stage string, logf func(string, ...any)) {
	if st, err := os.Stat(stage); err == nil && st.IsDir() {
		logf("note: %s holds an unfinished run (%s); a run of its M completes or removes it, or rm -rf %s removes it\n", stage, human(uint64(du(stage))), stage)
	}
}

// Bytes on disk of a global table, per position: the files of this
// machine's runs held 34, 57 and 79 bytes a position at M = 300, 1000 and
// 2000 for a = 2 (the most of a = 1, 3/2, 2 at each M, and more than a =
// 100 and 1000 at M = 300, 47 and 35), growing with the number of values,
// like log M; a = 10 held 55 at M = 300. 12 log2(M + 2) bytes a position
// is above each of them (99, 120 and 132).
const globalBytesPerLog2 = 12

// GlobalDisk estimates the space a global table of M takes on disk (Table;
// there is no checkpoint): globalBytesPerLog2 log2(M + 2) bytes a
// position, and a file's footer (fileOverhead) for each of at most 2M + 1
// values (G(x, y, y) <= x + y) and positions.parquet, which is what
// small tables of many values take (M = 50, a = 100: 117 KB). It is a
// bound from the measurements above, not a promise: a multiplier that
// gives far more values than those measured can exceed it.
func GlobalDisk(M int) Disk {
	perPos := globalBytesPerLog2 * math.Log2(float64(M)+2)
	return Disk{Table: uint64(perPos*float64(globalnim.Positions(M))) + uint64(2*M+2)*fileOverhead}
}

// makeGlobal computes the table with globalnim.Sweep and writes it,
// manifest last, into the staging folder. It returns the largest value.
func makeGlobal(ctx context.Context, cfg GlobalConfig, stage string) (int, error) {
	if err := os.MkdirAll(filepath.Join(stage, table.BreakpointsDir), 0o755); err != nil {
		return 0, err
	}
	M, a := cfg.M, cfg.Mult
	meta := globalMeta(M, a, cfg.Revision)
	full := make([]uint16, globalnim.Positions(M))
	start := make([]uint16, globalnim.Positions(M))
	startR := make([]uint16, globalnim.Positions(M))
	r1 := make([]uint16, globalnim.Positions(M))
	p := 0
	for y := 0; y <= M; y++ {
		for x := 0; x <= y; x++ {
			startR[p] = uint16(globalnim.StartLimit(x, y))
			p++
		}
	}
	emit := func(g int, R []uint16) error {
		m := make(map[string]string, len(meta)+1)
		for k, v := range meta {
			m[k] = v
		}
		m[table.MetaG] = strconv.Itoa(g)
		count := 0
		_, err := tablewrite.WriteRows(ctx, table.BreakpointFile(filepath.Join(stage, table.BreakpointsDir), g), m, func(yield func([]globalnim.GlobalBreakpoint) bool) {
			row := make([]globalnim.GlobalBreakpoint, 0, 4096)
			p := 0
			for y := 0; y <= M; y++ {
				for x := 0; x <= y; x++ {
					if r := R[p]; r != globalnim.Inf {
						row = append(row, globalnim.GlobalBreakpoint{X: int32(x), Y: int32(y), G: int32(g), R: int32(r)})
						full[p]++
						if g == 1 {
							r1[p] = r
						}
						if r <= startR[p] {
							start[p]++
						}
					}
					p++
				}
				if len(row) >= 4096 || y == M {
					if !yield(row) {
						return
					}
					row = row[:0]
				}
			}
		})
		if err != nil {
			return err
		}
		for _, f := range full {
			if int(f) == g {
				count++
			}
		}
		if cfg.Done != nil {
			cfg.Done(g, count)
		}
		return nil
	}
	maxG, err := globalnim.Sweep(ctx, M, a, cfg.Workers, emit)
	if err != nil {
		return 0, err
	}
	if err := failpoint("engine"); err != nil {
		return 0, err
	}
	meta[table.MetaMaxG] = strconv.Itoa(maxG)
	_, err = tablewrite.WriteRows(ctx, filepath.Join(stage, globalnim.PositionsFile), meta, func(yield func([]globalnim.GlobalPosition) bool) {
		row := make([]globalnim.GlobalPosition, 0, 4096)
		p := 0
		for y := 0; y <= M; y++ {
			for x := 0; x <= y; x++ {
				pr := globalnim.GlobalPosition{X: int32(x), Y: int32(y), GStart: int32(start[p]), GFull: int32(full[p]), R1: -1}
				if full[p] > 0 {
					pr.R1 = int32(r1[p])
				}
				row = append(row, pr)
				p++
			}
			if len(row) >= 4096 || y == M {
				if !yield(row) {
					return
				}
				row = row[:0]
			}
		}
	})
	if err != nil {
		return 0, err
	}
	for _, d := range []string{filepath.Join(stage, table.BreakpointsDir), stage} {
		if err := atomicfile.SyncDir(d); err != nil {
			return 0, err
		}
	}
	if err := failpoint("files"); err != nil {
		return 0, err
	}
	m, err := globalnim.NewManifest(ctx, stage, globalnim.Manifest{M: M, Multiplier: a.String(), Engine: globalnim.Engine,
		MaxG: maxG, Revision: cfg.Revision, Command: cfg.Command})
	if err != nil {
		return 0, err
	}
	if err := globalnim.WriteManifest(stage, m); err != nil {
		return 0, err
	}
	if err := failpoint("manifest"); err != nil {
		return maxG, err
	}
	if err := atomicfile.SyncDir(stage); err != nil {
		return maxG, err
	}
	return maxG, failpoint("staged")
}

// globalMeta is the metadata of a global table's files.
func globalMeta(M int, a grundy.Multiplier, revision string) map[string]string {
	return map[string]string{
		table.MetaGame:      globalnim.Game,
		table.MetaEngine:    globalnim.Engine,
		table.MetaN:         strconv.Itoa(M),
		table.MetaMult:      a.String(),
		table.MetaRevision:  revision,
		globalnim.MetaStart: "r = min(x+y-1, max(x,y)): any move but taking every token; (0,0,0) for the empty game",
		"fibnim.rules": "position (x,y,r); a move takes k, 1 <= k <= min(r, pile), from either pile, and the next limit is floor(a*k); " +
			"N is the largest pile M",
	}
}
