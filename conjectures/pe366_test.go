package conjectures

import (
	"context"
	"fibnim/tablebuild"
	"path/filepath"
	"testing"

	"fibnim/grundy"
	"fibnim/internal/tablewrite"
	"fibnim/moves"
	"fibnim/table"
)

// PE366 holds on the winning moves of the dense engine, fails when one is
// dropped or added, and is not run on data that stops before n = 100.
func TestPE366CatchesCorruption(t *testing.T) {
	tab, _ := grundy.Dense(120, grundy.Fibonacci, 2)
	start, err := moves.FromDense(tab).StartMoves(context.Background(), 120)
	if err != nil {
		t.Fatal(err)
	}
	r := CheckPE366(start)
	expect(t, r, Holds, 0)
	if r.Cases != 100 || r.Domain.From != 1 || r.Domain.To != 100 {
		t.Errorf("PE366 covered %d cases on %+v", r.Cases, r.Domain)
	}
	copyMoves := func() [][]moves.Move {
		c := make([][]moves.Move, len(start))
		for n := range start {
			c[n] = append([]moves.Move(nil), start[n]...)
		}
		return c
	}
	// n = 17: "the first player can remove one or four stones"; without
	// the four, M(17) = 1.
	bad := copyMoves()
	if len(bad[17]) != 2 || bad[17][1].Take != 4 {
		t.Fatalf("winning moves from (17, 16): %+v", bad[17])
	}
	bad[17] = bad[17][:1]
	expect(t, CheckPE366(bad), Fails, 100)
	// A winning move that is not one: M(50) grows.
	bad = copyMoves()
	bad[50] = append(bad[50], moves.Move{Take: 40})
	expect(t, CheckPE366(bad), Fails, 100)
	// A losing pile that wins: 89 is a Fibonacci number.
	bad = copyMoves()
	if len(bad[89]) != 0 {
		t.Fatalf("(89, 88) has winning moves %+v", bad[89])
	}
	bad[89] = []moves.Move{{Take: 1}}
	expect(t, CheckPE366(bad), Fails, 100)
	if r := CheckPE366(start[:100]); r.Status != NotRun {
		t.Errorf("PE366 on n <= 99: %s", r.Status)
	}
}

// Verify lists the winning first moves of a = 2 from the table's files,
// counts them by decade from R_1, runs PE366 on them, and sees a
// corrupted R_1 in PE366.
func TestVerifyStartMoves(t *testing.T) {
	const N = 12000
	root := t.TempDir()
	dir := table.Dir(root, grundy.Fibonacci)
	if _, err := tablebuild.Run(context.Background(), tablebuild.Config{Root: root, N: N, Mult: grundy.Fibonacci, Engine: tablebuild.EngineBreakpoint, Workers: 2, Breakpoints: true, DenseMax: 50}); err != nil {
		t.Fatal(err)
	}
	pe := func() (Result, *StartMoves) {
		t.Helper()
		v, err := Verify(context.Background(), root, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range v.Results {
			if r.ID == "PE366" {
				return r, v.StartMoves
			}
		}
		t.Fatal("no PE366 in the results")
		return Result{}, nil
	}
	r, sm := pe()
	expect(t, r, Holds, 0)
	if sm == nil || len(sm.Moves) != startMovesN+1 || sm.TallyN != N {
		t.Fatalf("start moves: %+v", sm)
	}
	piles := int64(0)
	for _, d := range sm.Decades {
		piles += d.Piles
	}
	if piles != N || sm.Decades[len(sm.Decades)-1].To != N {
		t.Errorf("the decades count %d piles to %d", piles, sm.Decades[len(sm.Decades)-1].To)
	}

	// R_1(13) = 13 (13 is a Fibonacci number): from 14..19, moving to 13
	// wins. With R_1(13) = 1 it does not, and M(n) changes.
	tb, err := table.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	R, err := tb.R(1)
	tb.Close()
	if err != nil || R[13] != 13 {
		t.Fatalf("R_1(13) = %d, %v", R[13], err)
	}
	R[13] = 1
	path := table.BreakpointFile(filepath.Join(dir, table.BreakpointsDir), 1)
	_, meta, err := table.ReadFile[table.Breakpoint](path)
	if err != nil {
		t.Fatal(err)
	}
	var runs []grundy.Run // R as maximal runs, as the engine hands them on
	for n, r := range R {
		if r == grundy.Inf {
			continue
		}
		if k := len(runs) - 1; k >= 0 && runs[k].N+runs[k].Len == uint32(n) && runs[k].R+runs[k].Len == r {
			runs[k].Len++
			continue
		}
		runs = append(runs, grundy.Run{N: uint32(n), R: r, Len: 1})
	}
	w, err := tablewrite.CreateRunFile(path, meta, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(runs); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	// The manifest is sealed again, so that the reader accepts the
	// corrupted file and the check, not the manifest, has to catch it.
	old, err := table.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	m, err := table.NewManifest(context.Background(), dir, *old, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := tablewrite.WriteManifest(dir, m); err != nil {
		t.Fatal(err)
	}
	r, _ = pe()
	expect(t, r, Fails, 100)
}
