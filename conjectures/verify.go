package conjectures

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"fibnim/grundy"
	"fibnim/ntimes"
	"fibnim/table"
)

// Verification is what Verify found under one results folder.
type Verification struct {
	Results []Result
	// OEIS holds the data of the b-files (LoadOEIS).
	OEIS *OEISData
	// Data says which data each group of checks ran on, a line per group.
	Data []string
}

// Verify runs every check whose data is under the results folder root:
// the LRS and Whinihan checks on the table of a = 2 (table.Dir(root, 2)),
// and the Frankl & Tokushige checks on root/ntimes/. A check whose data is
// missing is reported as not run; a table folder that is there but
// incomplete or foreign is an error (table.Open).
func Verify(ctx context.Context, root string) (*Verification, error) {
	v := &Verification{}
	gdir := table.Dir(root, grundy.Fibonacci)
	t, err := table.Open(gdir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	var starts *Starts
	var rows *LowRows
	if t != nil {
		defer t.Close()
		start, full, err := t.StartValues()
		if err != nil {
			return nil, err
		}
		starts = &Starts{Start: start, Full: full}
		var src string
		rows, src, err = LoadLowRows(t)
		if err != nil {
			return nil, err
		}
		if rows != nil {
			v.Data = append(v.Data, fmt.Sprintf("Cells of value 0..3 (LRS-4.x, WHI-strategy): rows n <= %d of a = 2, from %s.", rows.N(), src))
		}
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if rows != nil {
		v.Results = append(v.Results, CheckLRS41(rows), CheckLRS45(rows), CheckLRS46(rows), CheckLRS47(rows))
	} else {
		for _, id := range []string{"LRS-4.1", "LRS-4.5", "LRS-4.6", "LRS-4.7"} {
			v.Results = append(v.Results, Result{ID: id, Status: NotRun, Note: "no breakpoint or dense table for a = 2 under " + gdir})
		}
	}
	if starts != nil {
		v.Data = append(v.Data, fmt.Sprintf("Start values (LRS-5.x, conjecture, WHI-start, BRILLIANT): n <= %d of a = 2.", starts.N()))
		lo, up := CheckConjecture(starts)
		v.Results = append(v.Results, CheckLRS51(starts), CheckLRS52(starts), CheckLRS53Lower(starts), CheckLRS53Upper(starts), lo, up)
	} else {
		for _, id := range []string{"LRS-5.1", "LRS-5.2", "LRS-5.3-lower", "LRS-5.3-upper", "LRS-conj-lower", "LRS-conj-upper"} {
			v.Results = append(v.Results, Result{ID: id, Status: NotRun, Note: "no start_values.parquet for a = 2 under " + gdir})
		}
	}
	if rows != nil {
		v.Results = append(v.Results, CheckWhinihanStrategy(rows))
	} else {
		v.Results = append(v.Results, Result{ID: "WHI-strategy", Status: NotRun, Note: "no table"})
	}
	if starts != nil {
		v.Results = append(v.Results, CheckWhinihanStart(starts), CheckBrilliant(starts))
	} else {
		v.Results = append(v.Results, Result{ID: "WHI-start", Status: NotRun}, Result{ID: "BRILLIANT-count", Status: NotRun})
	}
	ft, err := verifyNtimes(ctx, filepath.Join(root, "ntimes"))
	if err != nil {
		return nil, err
	}
	v.Results = append(v.Results, ft...)
	if starts != nil {
		v.LoadOEIS(starts)
	}
	if err := v.verifyMultipliers(ctx, root, starts, rows); err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return v, nil
}

// verifyMultipliers runs CheckMultiplier on every table folder under
// root/grundy, in increasing order of a; for a = 2 it reuses the data
// already loaded.
func (v *Verification) verifyMultipliers(ctx context.Context, root string, starts2 *Starts, rows2 *LowRows) error {
	entries, err := os.ReadDir(filepath.Join(root, "grundy"))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var mults []grundy.Multiplier
	for _, e := range entries {
		if name, ok := strings.CutPrefix(e.Name(), "mult="); ok && e.IsDir() {
			a, err := grundy.ParseFolder(name)
			if err != nil {
				return fmt.Errorf("%s: %v", filepath.Join(root, "grundy", e.Name()), err)
			}
			mults = append(mults, a)
		}
	}
	sort.Slice(mults, func(i, j int) bool { return mults[i].P*mults[j].Q < mults[j].P*mults[i].Q })
	for _, a := range mults {
		if err := ctx.Err(); err != nil {
			return err
		}
		starts, R1 := starts2, []uint32(nil)
		if rows2 != nil {
			R1 = rows2.R[0]
		}
		if a != grundy.Fibonacci || starts2 == nil {
			t, err := table.Open(table.Dir(root, a))
			if err != nil {
				return err
			}
			start, full, err := t.StartValues()
			if err == nil {
				starts = &Starts{Start: start, Full: full}
				R1, err = loadR1(t)
			}
			t.Close()
			if err != nil {
				return err
			}
		}
		line := fmt.Sprintf("Multiplier a = %s (FT-P-positions, SCHWENK-strategy, LRS-5.2, LRS-5.3-lower, LRS-conj-upper put for a): start values n <= %d", a, starts.N())
		if R1 != nil {
			line += fmt.Sprintf(", R_1 for n <= %d", len(R1)-1)
		}
		v.Data = append(v.Data, line+".")
		v.Results = append(v.Results, CheckMultiplier(a, starts, R1)...)
	}
	return nil
}

// loadR1 reads R_1(n) for every n of t's breakpoint file g = 1, or from
// dense.parquet for the rows it holds; nil if t has neither.
func loadR1(t *table.Table) ([]uint32, error) {
	if t.HasBreakpoints() {
		return t.R(1)
	}
	l, _, err := LoadLowRows(t)
	if l == nil || err != nil {
		return nil, err
	}
	return l.R[0], nil
}

// LoadLowRows reads R_1..R_4 of t, from its breakpoint files or else from
// dense.parquet (then for the rows it holds), and names the source. It
// returns nil rows for a table with neither.
func LoadLowRows(t *table.Table) (*LowRows, string, error) {
	var l LowRows
	if t.HasBreakpoints() {
		for g := 1; g <= 4; g++ {
			R, err := t.R(g)
			if err != nil {
				return nil, "", err
			}
			l.R[g-1] = R
		}
		return &l, filepath.Join(t.Dir(), table.BreakpointsDir), nil
	}
	N := t.DenseN()
	if N < 0 {
		return nil, "", nil
	}
	for g := range l.R {
		l.R[g] = infRow(N)
	}
	path := filepath.Join(t.Dir(), table.DenseFile)
	err := t.ScanDense(func(b []table.DenseCell) error {
		for _, c := range b {
			if c.N < 0 || int(c.N) > N || c.R < 0 || c.R > c.N {
				return fmt.Errorf("%s: bad cell (%d, %d)", path, c.N, c.R)
			}
			for g := 1; g <= min(int(c.G), 4); g++ {
				l.R[g-1][c.N] = min(l.R[g-1][c.N], uint32(c.R))
			}
		}
		return nil
	})
	if err != nil {
		return nil, "", err
	}
	return &l, path, nil
}

// infRow is R_g for a value g that no row 0..N reaches.
func infRow(N int) []uint32 {
	R := make([]uint32, N+1)
	for i := range R {
		R[i] = Inf
	}
	return R
}

// verifyNtimes recomputes every multiplier of c_table.parquet to the same
// number of terms and checks Theorems 1 and 2 on every term, and compares
// the table with the print.
func verifyNtimes(ctx context.Context, dir string) ([]Result, error) {
	path := filepath.Join(dir, "c_table.parquet")
	rows, _, err := table.ReadFile[table.CRow](path)
	if errors.Is(err, os.ErrNotExist) {
		why := "no " + path
		return []Result{{ID: "FT-1", Status: NotRun, Note: why}, {ID: "FT-2", Status: NotRun, Note: why}, {ID: "FT-c-proved", Status: NotRun, Note: why}, {ID: "FT-table1", Status: NotRun, Note: why}}, nil
	}
	if err != nil {
		return nil, err
	}
	cases := make([]FTCase, len(rows))
	stored := make([]StoredProof, len(rows))
	computed := map[int]FTRow{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r := rows[i]
				a := big.NewRat(r.ANum, r.ADen)
				s := ntimes.Sequence(a, int(r.Terms))
				e := ntimes.Analyse(s)
				// The stored summary is data too: check it reproduces.
				e.C, e.K0 = int(r.C), int(r.K0)
				cases[i] = NewFTCase(s, e)
				stored[i] = StoredProof{Proved: r.Proved, From: int(r.ProvedFrom)}
				if r.ADen == 1 {
					mu.Lock()
					computed[int(r.ANum)] = FTRow{A: int(r.ANum), L: int(r.L), C: int(r.C), U: int(r.U), ALogA: int(r.ALogA)}
					mu.Unlock()
				}
			}
		}()
	}
	for i := range rows {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var intervals []FTInterval
	if rc, _, err := table.ReadFile[table.RealRow](filepath.Join(dir, "real_c.parquet")); err == nil {
		for _, r := range rc {
			intervals = append(intervals, FTInterval{Lo: r.Lo, Hi: r.Hi, C: int(r.C)})
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	return []Result{CheckFT1(cases, 2000), CheckFT2(cases), CheckFTProof(cases, stored), CheckFTTable1(computed, intervals)}, nil
}
