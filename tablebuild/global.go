package tablebuild

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

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
	Revision string
	// Done, if not nil, is called after the file of each value g is
	// written, with the number of positions that reach g.
	Done func(g, positions int)
}

// Global computes the global game's table with globalnim.Sweep and
// writes it to cfg.Dir. The files are written into a hidden folder beside
// it and put in place only when every file is complete, so a run that is
// stopped (ctx) or fails leaves the earlier table as it was. It returns
// the largest value G(x, y, y).
func Global(ctx context.Context, cfg GlobalConfig) (int, error) {
	parent, base := filepath.Dir(cfg.Dir), filepath.Base(cfg.Dir)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return 0, err
	}
	tmp, err := os.MkdirTemp(parent, "."+base+".tmp-*")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp) // gone once renamed
	if err := os.Chmod(tmp, 0o755); err != nil {
		return 0, err
	}
	if err := os.Mkdir(filepath.Join(tmp, table.BreakpointsDir), 0o755); err != nil {
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
		err := tablewrite.WriteRows(ctx, table.BreakpointFile(filepath.Join(tmp, table.BreakpointsDir), g), m, func(yield func([]globalnim.GlobalBreakpoint) bool) {
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
		if ctx.Err() != nil {
			return 0, fmt.Errorf("%w; %s left as it was", ErrInterrupted, cfg.Dir)
		}
		return 0, err
	}
	meta[table.MetaMaxG] = strconv.Itoa(maxG)
	err = tablewrite.WriteRows(ctx, filepath.Join(tmp, globalnim.PositionsFile), meta, func(yield func([]globalnim.GlobalPosition) bool) {
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
	if err := replaceDir(tmp, cfg.Dir); err != nil {
		return 0, err
	}
	return maxG, nil
}

// replaceDir puts the complete folder tmp at dir, in one step where the
// filesystem can exchange two folders (atomicfile.SwapDir), and removes
// the old table.
func replaceDir(tmp, dir string) error {
	old, err := atomicfile.SwapDir(tmp, dir)
	if err != nil {
		return err
	}
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
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
