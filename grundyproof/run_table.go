package grundyproof

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"fibnim/automatic"
	"fibnim/internal/rss"
)

// Learner names the learner Run guesses the thresholds with.
type Learner string

const (
	// LearnerSuffix is the bounded-suffix learner (automatic.LearnFunction):
	// the default.
	LearnerSuffix Learner = "suffix"
	// LearnerTable is the table learner (automatic.LearnTable).
	LearnerTable Learner = "table"
)

// ParseLearner reads a Learner: "suffix" (or "") or "table".
func ParseLearner(s string) (Learner, error) {
	switch Learner(s) {
	case "", LearnerSuffix:
		return LearnerSuffix, nil
	case LearnerTable:
		return LearnerTable, nil
	}
	return "", fmt.Errorf("grundyproof: unknown learner %q (suffix, table)", s)
}

// TableAttempt is one automatic.LearnTable run of the table learner: the
// table it read and its rounds.
type TableAttempt struct {
	Rows      uint64 // n = 0..Rows-1
	Digits    int    // every number of this many digits is in the table
	Source    string // "memory" or the layer files'
	Rounds    []automatic.LearnRound
	Converged bool
}

// learnTable learns T_1..T_{K+1} with the table learner into res.T and
// res.Learned. The thresholds R'_1..R'_{K+1} to min(N, Tier) are kept in
// memory (4 bytes a row each); past that, one engine pass writes a layer
// file for every threshold still unlearnt (4 bytes a row each, on disk),
// which LearnTable reads a range at a time. Each threshold is tried on
// tables of Start, 10 Start, ... rows up to N, and kept from the first on
// which it converges and that agrees with every row in memory (LearnTable
// itself streams the whole table it was given). Learning stops at the first
// threshold that does not converge on the table to N.
func learnTable(ctx context.Context, cfg Config, res *Result, say func(string, ...any), step func(string, time.Time)) (*NotConvergedError, error) {
	ns := res.System.NS
	maxSuffix := cfg.MaxSuffix
	if maxSuffix == 0 {
		maxSuffix = 20
	}
	small := min(cfg.N, cfg.Tier)
	thr, err := smallThresholds(ctx, cfg, small, say, step)
	if err != nil {
		return nil, err
	}
	dir := cfg.LayerDir
	if cfg.N > small {
		if dir == "" {
			if dir, err = os.MkdirTemp("", "fibnim-layers-"); err != nil {
				return nil, err
			}
			defer os.RemoveAll(dir)
		} else if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
	}
	learned := make([]*Learned, cfg.K+2)
	T := make([]*automatic.Automaton, cfg.K+2)
	var pending []int
	for g := 1; g <= cfg.K+1; g++ {
		learned[g] = &Learned{G: g}
		pending = append(pending, g)
	}
	var learnTime, layerTime time.Duration
	keep := map[int]bool{} // layer files kept with their bound (LayerDir given)
	for size := min(cfg.Start, cfg.N); len(pending) > 0; size = min(10*size, cfg.N) {
		tabs := map[int]automatic.FunctionTable{}
		var files []*LayerFile
		src := "memory"
		if size <= small {
			for _, g := range pending {
				tabs[g] = automatic.SliceTable(thr[g][:size+1])
			}
		} else {
			t := time.Now()
			say("layer files R'_g for g in %v to N = %d (one pass of the engine)", pending, size)
			if err := WriteLayerFiles(ctx, dir, cfg.A, size, pending, nil); err != nil {
				return nil, err
			}
			layerTime += time.Since(t)
			for _, g := range pending {
				l, err := OpenLayerFile(filepath.Join(dir, LayerFileName(g)))
				if err != nil {
					for _, f := range files {
						f.Close()
					}
					return nil, err
				}
				files = append(files, l)
				tabs[g] = l
			}
			src = fmt.Sprintf("layer files to N = %d", size)
		}
		var still []int
		for _, g := range pending {
			t := time.Now()
			say("T_%d: the table learner on %s (%d rows)", g, src, size+1)
			a, lr, err := automatic.LearnTable(ctx, tabs[g], automatic.LearnTableConfig{Num: ns, MaxSuffix: maxSuffix, Memory: rss.Peak})
			if err != nil && !errors.Is(err, automatic.ErrTableNotConverged) {
				for _, f := range files {
					f.Close()
				}
				return nil, err
			}
			ok := err == nil
			if ok && size < small {
				if bad, fits := disagreement(a, thr[g]); !fits {
					ok = false
					lr.Converged = false
					lr.Rounds[len(lr.Rounds)-1].Verdict += fmt.Sprintf("; but it rejects (%d, %d) of the table in memory", bad, thr[g][bad])
				}
			}
			lg := learned[g]
			lg.Attempts = append(lg.Attempts, lr.Stats(maxSuffix))
			lg.TableRuns = append(lg.TableRuns, TableAttempt{Rows: lr.Rows, Digits: lr.Digits, Source: src, Rounds: lr.Rounds, Converged: ok})
			lg.Time += time.Since(t)
			learnTime += time.Since(t)
			if n := len(lr.Rounds); n > 0 {
				say("T_%d: %s", g, lr.Rounds[n-1].Verdict)
			}
			if ok {
				lg.Converged, lg.States = true, a.States()
				T[g] = a
			} else {
				still = append(still, g)
				if l, isLayer := tabs[g].(*LayerFile); isLayer && size == cfg.N {
					// The evidence: a certified lower bound on T_g's states,
					// with the layer file kept beside it in a LayerDir given.
					bdir := dir
					if cfg.LayerDir == "" {
						bdir = os.TempDir()
					}
					k, err := writeBound(ctx, bdir, l, ns, lr)
					if cfg.LayerDir == "" {
						os.Remove(filepath.Join(bdir, BoundFileName(g)))
					} else {
						keep[g] = true
					}
					if err != nil {
						for _, f := range files {
							f.Close()
						}
						return nil, err
					}
					lg.LowerBound = k
					where := ""
					if cfg.LayerDir != "" {
						where = ": " + filepath.Join(cfg.LayerDir, BoundFileName(g))
					}
					say("T_%d: at least %d states (a distinguishing set, checked against the table%s)", g, k, where)
				}
			}
		}
		for _, f := range files {
			f.Close()
			if !keep[f.G] {
				os.Remove(filepath.Join(dir, LayerFileName(f.G)))
			}
		}
		pending = still
		if size == cfg.N {
			break
		}
	}
	if layerTime > 0 {
		res.Steps = append(res.Steps, Step{"layer files for the thresholds that need more rows (grundy.FirstLayers, on disk)", layerTime})
	}
	res.Steps = append(res.Steps, Step{"learn T_g (automatic.LearnTable)", learnTime})
	zero, err := thresholdZero(ctx, ns)
	if err != nil {
		return nil, err
	}
	res.T = []*automatic.Automaton{zero}
	var nc *NotConvergedError
	for g := 1; g <= cfg.K+1; g++ {
		res.Learned = append(res.Learned, *learned[g])
		if T[g] == nil {
			l := learned[g]
			nc = &NotConvergedError{G: g, N: cfg.N, Next: 10 * cfg.N, Stats: l.Attempts[len(l.Attempts)-1]}
			say("%v", nc)
			break
		}
		res.T = append(res.T, T[g])
	}
	return nc, nil
}
