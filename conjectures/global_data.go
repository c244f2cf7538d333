package conjectures

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"

	"fibnim/globalnim"
	"fibnim/grundy"
	"fibnim/table"
)

// VerifyGlobal runs the global game's checks on every table folder
// root/global/mult=A, with the single-pile rows of the same a from
// root/grundy/mult=A where that table covers them (else from the dense
// engine, as its Source says). It returns the results and a line per
// table saying what was read; no folder gives nothing.
func VerifyGlobal(ctx context.Context, root string) ([]Result, []string, error) {
	g, err := newGlobalPass(root)
	if err != nil {
		return nil, nil, err
	}
	return g.results(ctx)
}

// globalPass runs the global game's checks for Verify: on every table
// folder root/global/mult=A, in increasing a, each with the single pile's
// rows of the same a. Verify hands it each Grundy table it has open
// (run), so that the table is not opened again; results runs those left
// and returns them all in order.
type globalPass struct {
	root  string
	mults []grundy.Multiplier
	done  map[grundy.Multiplier]*globalOut
}

// globalOut is what the checks of one global table gave.
type globalOut struct {
	res  []Result
	line string
}

func newGlobalPass(root string) (*globalPass, error) {
	mults, err := table.Mults(filepath.Join(root, globalnim.Folder))
	if err != nil {
		return nil, err
	}
	return &globalPass{root: root, mults: mults, done: map[grundy.Multiplier]*globalOut{}}, nil
}

// run checks the global game's table of a, if there is one and it has not
// run yet, with the single pile's rows from the open table t of the same
// a (nil: LoadSinglePile opens root/grundy/mult=A, or computes them).
func (g *globalPass) run(ctx context.Context, a grundy.Multiplier, t *table.Table) error {
	if g.done[a] != nil || !slices.Contains(g.mults, a) {
		return nil
	}
	dir := globalnim.Dir(g.root, a)
	gt, err := globalnim.Open(dir)
	if err != nil {
		return err
	}
	single, err := singlePile(ctx, t, table.Dir(g.root, a), a, gt.M)
	if err != nil {
		return err
	}
	g.done[a] = &globalOut{
		res:  CheckGlobal(gt, single),
		line: fmt.Sprintf("Global game a = %s (GLOBAL-*): every position 0 <= x <= y <= %d from %s; one pile: %s.", a, gt.M, dir, single.Source),
	}
	return nil
}

// results runs the tables not run yet, and returns the results of every
// table and a line per table that says what was read, in increasing a.
func (g *globalPass) results(ctx context.Context) ([]Result, []string, error) {
	var res []Result
	var lines []string
	for _, a := range g.mults {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		if err := g.run(ctx, a, nil); err != nil {
			return nil, nil, err
		}
		res = append(res, g.done[a].res...)
		lines = append(lines, g.done[a].line)
	}
	return res, lines, nil
}

// LoadSinglePile reads G(n, r), 0 <= r <= n <= N, of multiplier a from the
// table folder dir: from dense.parquet where it covers N, else from the
// breakpoint files. Where the folder is missing or smaller, the rows come
// from grundy.Dense, an engine independent of package globalnim.
func LoadSinglePile(ctx context.Context, dir string, a grundy.Multiplier, N int) (*SinglePile, error) {
	return singlePile(ctx, nil, dir, a, N)
}

// singlePile is LoadSinglePile from the open table t of the folder dir, or
// for t nil from the folder, opened here.
func singlePile(ctx context.Context, t *table.Table, dir string, a grundy.Multiplier, N int) (*SinglePile, error) {
	if t == nil {
		var err error
		t, err = table.Open(dir)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
		if err == nil {
			defer t.Close()
		}
	}
	if t != nil {
		switch {
		case t.N() >= N && t.DenseN() >= N:
			rows, err := t.DenseRows()
			if err != nil {
				return nil, err
			}
			return &SinglePile{Rows: rows[:N+1], Source: fmt.Sprintf("G(n, r) for n <= %d from %s", N, filepath.Join(dir, table.DenseFile))}, nil
		case t.N() >= N && t.HasBreakpoints():
			rows := make([][]uint16, N+1)
			for n := range rows {
				rows[n] = make([]uint16, n+1)
			}
			for g := 1; ; g++ {
				col, err := t.Column(g, 0, N)
				if err != nil {
					return nil, err
				}
				any := false
				for n, r := range col {
					if r <= uint32(n) {
						any = true
						for c := int(r); c <= n; c++ {
							rows[n][c]++
						}
					}
				}
				if !any {
					break
				}
			}
			return &SinglePile{Rows: rows, Source: fmt.Sprintf("G(n, r) for n <= %d from %s", N, filepath.Join(dir, table.BreakpointsDir))}, nil
		}
	}
	tab, err := grundy.Dense(N, a, runtime.GOMAXPROCS(0))
	if err != nil {
		return nil, err
	}
	rows := make([][]uint16, N+1)
	for n := range rows {
		rows[n] = append([]uint16(nil), tab.Row(n)...)
	}
	return &SinglePile{Rows: rows, Source: fmt.Sprintf("G(n, r) for n <= %d from grundy.Dense (no table under %s covers it)", N, dir)}, nil
}
