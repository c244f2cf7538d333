package conjectures

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"fibnim/grundy"
	"fibnim/internal/pool"
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
	// StartMoves holds the winning first moves of the starting piles of
	// a = 2 (nil without a table of a = 2 that holds cells).
	StartMoves *StartMoves
}

// Verify runs every check whose data is under the results folder root:
// the LRS and Whinihan checks on the table of a = 2 (table.Dir(root, 2)),
// the Frankl & Tokushige checks on root/ntimes/, and the statements put
// for every multiplier on every table folder root/grundy/mult=A. A check
// whose data is missing is reported as not run; a table folder that is
// there but incomplete or foreign is an error (table.Open).
//
// Each table is read once, in n order, by Stream: memory does not grow
// with N.
//
// progress, if not nil, gets a line now and then while a table is read.
func Verify(ctx context.Context, root string, progress func(string)) (*Verification, error) {
	return VerifyWith(ctx, root, Options{Layers: 4, Progress: progress})
}

// Options tune VerifyWith.
type Options struct {
	// Layers is how many of R_1..R_4 verify may recompute, with the
	// engine's row sweeps (grundy.FirstLayers: one sweep over 0..N each,
	// in constant memory), for a table that holds no breakpoint files: 4
	// runs every check (LRS-4.x read R_1..R_4), 1 those that read R_1
	// (WHI-strategy, SCHWENK-strategy), 0 none of them. The checks it
	// leaves out are reported as not run, with the reason.
	Layers int
	// Progress, if not nil, gets a line now and then while a table is read.
	Progress func(string)
	// Decode reads and checks every row of every file of each table
	// ([table.Table.Check], the check of "compute info -full") in the pass
	// that runs the checks over it, so that each file is decoded once;
	// Data then ends with a line per table that says so
	// ([table.Table.CheckedLine]). Without it the pass reads only the files
	// the checks read.
	Decode bool
	// Decoding, if not nil, is called with a table's folder before its
	// pass, where Decode is set.
	Decoding func(dir string)
}

// VerifyWith is Verify with options. Each table folder is opened and
// validated once (table.Open), and that Table is passed to every reader
// of the folder: the deep check, the hashes, the streamed checks, the
// winning first moves and the global game's single pile.
func VerifyWith(ctx context.Context, root string, opt Options) (*Verification, error) {
	progress := opt.Progress
	v := &Verification{}
	mults, err := table.Mults(filepath.Join(root, "grundy"))
	if err != nil {
		return nil, err
	}
	global, err := newGlobalPass(root)
	if err != nil {
		return nil, err
	}
	var paper, multRes []Result
	var decoded []string
	var head *Starts // G(n, n-1) and G(n) of a = 2 up to 10000, for the OEIS b-files
	var hFib []int64
	fibN := -1
	for _, a := range mults {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		dir := table.Dir(root, a)
		t, err := table.Open(dir)
		if err != nil {
			return nil, err
		}
		tv, err := verifyTable(ctx, t, opt, global)
		t.Close()
		if err != nil {
			return nil, err
		}
		decoded = append(decoded, tv.decoded...)
		v.Data = append(v.Data, tv.lines...)
		byID := map[string]Result{}
		for _, r := range tv.res {
			if r.Mult == "" {
				byID[r.ID] = r
			} else {
				multRes = append(multRes, r)
			}
			if r.ID == IDConjLower {
				st, ok, err := StatsOf[ConjLowerStats](r)
				if err != nil {
					return nil, err
				}
				if ok {
					hFib = st.H
				}
			}
		}
		if a != grundy.Fibonacci {
			continue
		}
		fibN, head, v.StartMoves = tv.n, tv.head, tv.moves
		paper = append(paper, fibonacciResults(byID, v.StartMoves, dir)...)
		if sm := v.StartMoves; sm != nil {
			v.Data = append(v.Data, fmt.Sprintf("Winning first moves (%s, tables/winning_moves.csv, the table of winning first moves): every one from (n, n-1) for n <= %d, and their number for n <= %d from R_1, of a = 2, from %s.", readers(Fibonacci, Cells, Cells), len(sm.Moves)-1, sm.TallyN, dir))
		}
	}
	if fibN < 0 {
		gdir := table.Dir(root, grundy.Fibonacci)
		for _, c := range Registry() {
			paper = append(paper, c.notRunAll(Fibonacci, grundy.Fibonacci, "no table of a = 2 under "+gdir)...)
		}
	}
	v.Results = append(v.Results, paper...)
	ft, err := verifyNtimes(ctx, filepath.Join(root, "ntimes"), progress)
	if err != nil {
		return nil, err
	}
	v.Results = append(v.Results, ft...)
	if fibN >= 0 {
		v.LoadOEIS(fibN, head.Full, hFib)
		v.OEIS.Start = head.Start
	}
	v.Results = append(v.Results, multRes...)
	// The global game (issue 29): root/global/mult=A, if any; those whose
	// single pile's table was open above ran then.
	gres, glines, err := global.results(ctx)
	if err != nil {
		return nil, err
	}
	v.Results = append(v.Results, gres...)
	v.Data = append(v.Data, glines...)
	v.Data = append(v.Data, decoded...)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	// No case, no verdict: a check that visited no case did not run.
	Settle(v.Results)
	return v, nil
}

// tableVerification is what verify read and found in one table folder.
type tableVerification struct {
	res     []Result
	lines   []string // what was read, for Data
	decoded []string // the deep check's line (Options.Decode)
	n       int      // the table's N
	head    *Starts  // a = 2: the start values n <= 10000
	moves   *StartMoves
}

// verifyTable runs on the open table t everything verify reads from it,
// in one pass over its files: the hashes, the streamed checks and, where
// opt.Decode asks, the deep check (streamTable); for a = 2 the winning
// first moves, and the checks of the global game of the same a, which
// read its rows.
func verifyTable(ctx context.Context, t *table.Table, opt Options, global *globalPass) (*tableVerification, error) {
	a := t.Mult()
	tv := &tableVerification{n: t.N()}
	if opt.Decode && opt.Decoding != nil {
		opt.Decoding(t.Dir())
	}
	p := Pass{Mult: a, Mults: true, Paper: a == grundy.Fibonacci}
	if progress := opt.Progress; progress != nil {
		t0 := time.Now()
		p.Progress = func(done, total int64) {
			progress(fmt.Sprintf("verify: a = %s, %d of %d rows (%.0f%%), elapsed %v", a, done, total, 100*float64(done)/float64(total), time.Since(t0).Round(time.Second)))
		}
	}
	// For a = 2, the winning first moves of the piles n <= 10^4 are
	// listed from the cells, beside the pass where it can.
	var list func() (*StartMoves, error)
	if p.Paper {
		var stop func()
		list, stop = listBeside(ctx, t)
		defer stop()
	}
	st, err := streamTable(ctx, t, p, tableRead{layers: opt.Layers, keep: keepHead(p), every: opt.Decode})
	if err != nil {
		return nil, err
	}
	tv.res, tv.lines, tv.head = st.res, st.lines, st.head
	if opt.Decode {
		line, err := t.CheckedLine()
		if err != nil {
			return nil, err
		}
		tv.decoded = append(tv.decoded, line)
	}
	if p.Paper {
		if tv.moves, err = list(); err != nil {
			return nil, err
		}
		if err := countStartMoves(ctx, t, tv.moves, st.tally); err != nil {
			return nil, err
		}
	}
	if err := global.run(ctx, a, t); err != nil {
		return nil, err
	}
	return tv, nil
}

// keepHead is how many rows' start values the pass p keeps for the OEIS
// b-files: those of n <= oeisHead for a = 2, none otherwise.
func keepHead(p Pass) int {
	if p.Paper {
		return oeisHead + 1
	}
	return 0
}

// oeisHead is the last n of the start values of a = 2 that the OEIS
// b-files compare (LoadOEIS).
const oeisHead = 10000

// fibonacciResults lists the statements of a = 2 in the order of the
// registry: those the pass streamed (byID), and those that read the
// winning first moves (sm; nil for a table of start values only, under
// dir).
func fibonacciResults(byID map[string]Result, sm *StartMoves, dir string) []Result {
	var paper []Result
	for _, c := range Registry() {
		switch {
		case !c.has(Fibonacci):
		case c.stream != nil:
			for _, s := range c.of(Fibonacci) {
				paper = append(paper, byID[s.ID])
			}
		case c.cells != nil && sm != nil:
			paper = append(paper, c.cells(sm))
		case c.cells != nil:
			paper = append(paper, c.notRunAll(Fibonacci, grundy.Fibonacci, "the table of a = 2 under "+dir+" holds start values only: no cells for the moves")...)
		}
	}
	return paper
}

// readers lists the ids of scope whose checks read some of the data in
// any and nothing outside all, for the lines that say what was read.
func readers(scope Scope, any, all Data) string {
	var ids []string
	for _, c := range Registry() {
		if c.Reads&any != 0 && c.Reads&^all == 0 {
			for _, s := range c.of(scope) {
				ids = append(ids, s.ID)
			}
		}
	}
	return strings.Join(ids, ", ")
}

// tableRead says how streamTable reads a table.
type tableRead struct {
	// layers is how many of R_1..R_4 may be recomputed for a table
	// without breakpoint files (Options.Layers).
	layers int
	// keep is how many rows' start values to keep (n < keep).
	keep int
	// every reads and checks every file of the table in the same pass, as
	// table.Table.Check does (Options.Decode), not only those the checks
	// read.
	every bool
}

// tableStream is what streamTable read and found.
type tableStream struct {
	res   []Result
	lines []string // what was read, for Data
	head  *Starts  // the start values of the first rd.keep rows (nil for keep 0)
	// tally counts the winning first moves of a = 2 from the R_1 that
	// the pass read from breakpoint file 1 (nil: not counted).
	tally *startTally
}

// streamTable runs the checks p names on the table t, in one pass over its
// files (table.Table.Scan; with rd.every, the pass reads every file and
// checks every row, so that no file is decoded twice): with R_1..R_4
// from its breakpoint files where it holds them; in memory, with R from
// dense.parquet, for a small table of the dense engine whose
// dense.parquet holds every row; and otherwise (a table of start values
// alone, or dense.parquet short of N) with at most rd.layers of R_1..R_4
// recomputed by the engine's row sweeps (NewRecomputedSource). It
// returns the results, the lines that say what was read, and the start
// values of the first rd.keep rows, kept as they stream by.
func streamTable(ctx context.Context, t *table.Table, p Pass, rd tableRead) (*tableStream, error) {
	dir := t.Dir()
	a := p.Mult
	N := t.N()
	var lines []string
	// Every file against the manifest first: a flipped byte in a file no
	// check reads is still a table that is not the one that was written.
	if m := t.Manifest(); m != nil {
		if p.Progress != nil {
			p.Progress(0, int64(N)+1)
		}
		if err := t.CheckHashes(ctx); err != nil {
			return nil, err
		}
		lines = append(lines, fmt.Sprintf("Table %s: its %d files match the SHA-256 of its manifest.", dir, len(m.Files)))
	} else {
		lines = append(lines, fmt.Sprintf("Table %s has no manifest (written before manifests): its files could not be checked against one.", dir))
	}
	if p.Paper {
		lines = append(lines, fmt.Sprintf("Start values (%s): n <= %d of a = 2.", readers(Fibonacci, StartValues, StartValues), N))
	}
	cellIDs := readers(Fibonacci, R1|R1to4, StartValues|R1|R1to4)
	multIDs := readers(EveryMultiplier, StartValues, StartValues|R1)
	need := p.rows()
	out := &tableStream{}
	// run streams src through the checks, keeping the head.
	run := func(src *tableSource) error {
		defer src.Close()
		h := newHeadSource(src, rd.keep)
		res, err := Stream(h, p)
		if err != nil {
			return err
		}
		out.res, out.head = res, h.Head()
		return nil
	}
	switch {
	case t.HasBreakpoints():
		o := sourceOptions{g: need, from: sourceFiles, every: rd.every}
		if p.Paper && need >= 1 {
			// For a = 2, the winning first moves of every pile are
			// counted from the R_1 the pass reads.
			out.tally = newStartTally(a, N, dir)
			o.window = out.tally.window
		}
		src, err := newTableSource(ctx, t, o)
		if err != nil {
			return nil, err
		}
		if err := run(src); err != nil {
			return nil, err
		}
		if p.Paper {
			lines = append(lines, fmt.Sprintf("Cells of value 0..3 (%s): rows n <= %d of a = 2, from %s.", cellIDs, N, filepath.Join(dir, table.BreakpointsDir)))
		}
		out.lines = append(lines, fmt.Sprintf("Multiplier a = %s (%s put for a): start values and R_1, n <= %d, streamed from %s.", a, multIDs, N, dir))
		return out, nil
	case t.DenseN() == N:
		// A table of the dense engine whose dense.parquet holds every row:
		// small, so R_1..R_4 in memory, from the rows of dense.parquet
		// that the deep check decoded (rd.every), or streamed from it.
		var rows *LowRows
		var from string
		var err error
		if rd.every {
			rows, from, err = denseLowRows(t)
		} else {
			rows, from, err = LoadLowRows(t)
		}
		if err != nil {
			return nil, err
		}
		src, err := newTableSource(ctx, t, sourceOptions{g: need, from: sourceArrays, every: rd.every, low: rows.R[:need]})
		if err != nil {
			return nil, err
		}
		if err := run(src); err != nil {
			return nil, err
		}
		if p.Paper {
			lines = append(lines, fmt.Sprintf("Cells of value 0..3 (%s): rows n <= %d of a = 2, from %s.", cellIDs, N, from))
		}
		out.lines = append(lines, fmt.Sprintf("Multiplier a = %s (%s put for a): start values n <= %d, R_1 for n <= %d.", a, multIDs, N, N))
		return out, nil
	}
	// Start values alone, or dense rows short of N: R recomputed.
	k := min(need, max(rd.layers, 0))
	held := "no breakpoint files"
	if d := t.DenseN(); d >= 0 {
		held += fmt.Sprintf(", and dense.parquet only rows n <= %d", d)
	}
	if k < need {
		p.NoRows = fmt.Sprintf("the table %s holds %s, and verify recomputed %s (-layers %d)", dir, held, layerNames(k), rd.layers)
	}
	if N > grundy.MaxBreakpointN {
		return nil, fmt.Errorf("conjectures: %s: N = %d is past %d, the last row the engine's sweeps reach", t.Dir(), N, grundy.MaxBreakpointN)
	}
	src, err := newTableSource(ctx, t, sourceOptions{g: k, from: sourceRecomputed, every: rd.every})
	if err != nil {
		return nil, err
	}
	if err := run(src); err != nil {
		return nil, err
	}
	how := fmt.Sprintf("%s recomputed for n <= %d by the engine's row sweeps (grundy.FirstLayers, one sweep over 0..N each), not read from the table: it holds %s", layerNames(k), N, held)
	if k == 0 {
		how = fmt.Sprintf("no R_1: the table holds %s and verify recomputed none (-layers %d)", held, rd.layers)
	}
	if p.Paper {
		lines = append(lines, fmt.Sprintf("Cells of value 0..3 (%s): rows n <= %d of a = 2, %s.", cellIDs, N, how))
	}
	out.lines = append(lines, fmt.Sprintf("Multiplier a = %s (%s put for a): start values n <= %d, streamed from %s; %s.", a, multIDs, N, dir, how))
	return out, nil
}

// layerNames names R_1..R_k.
func layerNames(k int) string {
	switch k {
	case 0:
		return "none of R_1..R_4"
	case 1:
		return "R_1"
	}
	return fmt.Sprintf("R_1..R_%d", k)
}

// rows is how many of R_1..R_4 the checks of the pass read.
func (p *Pass) rows() int {
	k := 0
	for _, c := range Registry() {
		if c.stream != nil && c.For(p.Mult) && (p.Paper && c.has(Fibonacci) || p.Mults && c.has(EveryMultiplier)) {
			k = max(k, c.Reads.Rows())
		}
	}
	return k
}

// headSource passes the rows of a Source on, and keeps the start values
// of the first of them.
type headSource struct {
	Source
	keep int
	head Starts
}

// newHeadSource keeps the start values of rows n < keep of src.
func newHeadSource(src Source, keep int) *headSource { return &headSource{Source: src, keep: keep} }

func (h *headSource) Next() ([]Row, error) {
	rows, err := h.Source.Next()
	for _, r := range rows[:min(len(rows), max(h.keep-len(h.head.Full), 0))] {
		h.head.Start = append(h.head.Start, r.Start)
		h.head.Full = append(h.head.Full, r.Full)
	}
	return rows, err
}

// Head is the start values kept, or nil if none were to be kept.
func (h *headSource) Head() *Starts {
	if h.keep == 0 {
		return nil
	}
	return &h.head
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

// denseLowRows is LoadLowRows for a table without breakpoint files, from
// the rows of dense.parquet as table.Table.DenseRows decodes and checks
// them (and keeps them, for the cells the winning moves read), so that a
// pass that checks every file does not decode dense.parquet twice.
func denseLowRows(t *table.Table) (*LowRows, string, error) {
	rows, err := t.DenseRows()
	if err != nil {
		return nil, "", err
	}
	var l LowRows
	for g := range l.R {
		l.R[g] = infRow(t.DenseN())
	}
	for n, row := range rows {
		for r := len(row) - 1; r >= 0; r-- {
			for g := 1; g <= min(int(row[r]), 4); g++ {
				l.R[g-1][n] = uint32(r)
			}
		}
	}
	return &l, filepath.Join(t.Dir(), table.DenseFile), nil
}

// infRow is R_g for a value g that no row 0..N reaches.
func infRow(N int) []uint32 {
	R := make([]uint32, N+1)
	for i := range R {
		R[i] = grundy.Inf
	}
	return R
}

// maxStoredTerms bounds the terms of a row of c_table.parquet that verify
// recomputes: compute ntimes's -max-terms defaults to 1<<20, and a damaged
// count must not make verify compute without end.
const maxStoredTerms = 1 << 26

// verifyNtimes recomputes every multiplier of c_table.parquet (with the
// parameters its metadata record, or else to its stored number of terms),
// the first terms sequences.parquet keeps and the real tables, checks
// Theorems 1 and 2 on every recomputed term, compares the recomputed
// Table 1 with the print, and every stored cell with its recomputation
// (FT-stored).
func verifyNtimes(ctx context.Context, dir string, progress func(string)) ([]Result, error) {
	path := filepath.Join(dir, ntimes.CTableFile)
	rows, meta, err := table.ReadFile[ntimes.CRow](path)
	if errors.Is(err, os.ErrNotExist) {
		var out []Result
		for _, c := range Registry() {
			out = append(out, c.notRunAll(NTimes, grundy.Multiplier{}, "no "+path)...)
		}
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	params, missing := parseNtimesParams(meta)
	seqPath := filepath.Join(dir, ntimes.SequencesFile)
	seqs, _, err := table.ReadFile[ntimes.SeqRow](seqPath)
	haveSeqs := err == nil
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	// Without the parameters, each multiplier's sequence is recomputed to
	// the terms the files hold.
	seqTerms := map[string]int{}
	for _, r := range seqs {
		seqTerms[r.Multiplier] = max(seqTerms[r.Multiplier], int(r.K))
	}
	cases := make([]FTCase, len(rows))
	stored := make([]StoredProof, len(rows))
	wantC := make([]ntimes.CRow, len(rows))
	wantSeq := make([][]ntimes.SeqRow, len(rows))
	var mu sync.Mutex
	done := 0
	t0 := time.Now()
	err = pool.Each(ctx, len(rows), 0, func(i int) error {
		r := rows[i]
		if r.ADen < 1 || r.ANum < r.ADen || r.Terms < 1 || r.Terms > maxStoredTerms {
			return fmt.Errorf("%s: row %d: a = %d/%d with %d terms is not a multiplier of n-times nim", path, i+1, r.ANum, r.ADen, r.Terms)
		}
		a := big.NewRat(r.ANum, r.ADen)
		var s *ntimes.Seq
		var e ntimes.Eventual
		var err error
		if missing == "" {
			if s, e, err = ntimes.SolveContext(ctx, a, params.minStable, params.factor, params.maxTerms); err != nil {
				return err
			}
		} else {
			s = ntimes.Sequence(a, int(r.Terms))
			e = ntimes.Analyse(s)
		}
		c := NewFTCase(s, e)
		cases[i] = c
		stored[i] = StoredProof{Proved: r.Proved, From: int(r.ProvedFrom)}
		v := c.V
		if p := c.P; p.OK && p.C != e.C {
			v = append(v, ntimes.Violation{Clause: "lemma", K: p.K})
		}
		solved := ntimes.Solved{A: a, Seq: s, Eventual: e, Proof: c.P, Violations: v}
		wantC[i] = ntimes.NewCRow(solved)
		k := params.seqTerms
		if missing != "" {
			k = seqTerms[a.RatString()]
		}
		wantSeq[i] = ntimes.NewSeqRows(solved, k)
		mu.Lock()
		defer mu.Unlock()
		done++
		if progress != nil {
			progress(fmt.Sprintf("verify: n-times nim, %d of %d multipliers recomputed, elapsed %v", done, len(rows), time.Since(t0).Round(time.Second)))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	byMult := func(r ntimes.CRow) string { return "a = " + r.Multiplier }
	diffs := []StoredDiff{compareRows(ntimes.CTableFile, rows, wantC, byMult)}
	if haveSeqs {
		var want []ntimes.SeqRow
		for _, w := range wantSeq {
			want = append(want, w...)
		}
		diffs = append(diffs, compareRows(ntimes.SequencesFile, seqs, want, func(r ntimes.SeqRow) string { return fmt.Sprintf("a = %s, k = %d", r.Multiplier, r.K) }))
	} else {
		diffs = append(diffs, StoredDiff{File: ntimes.SequencesFile, Skipped: "absent"})
	}
	computed := map[int]FTRow{}
	for _, r := range wantC {
		if r.ADen == 1 {
			computed[int(r.ANum)] = FTRow{A: int(r.ANum), L: int(r.L), C: int(r.C), U: int(r.U), ALogA: int(r.ALogA)}
		}
	}
	// The real tables, recomputed with the parameters of c_table (compute
	// ntimes writes one set of metadata into all four files).
	intervals, noReal, realDiffs, err := verifyRealTables(ctx, dir, params, missing)
	if err != nil {
		return nil, err
	}
	diffs = append(diffs, realDiffs...)
	d := &ntimesData{cases: cases, stored: stored, computed: computed, intervals: intervals, noReal: noReal, diffs: diffs}
	var out []Result
	for _, c := range Registry() {
		if c.ntimes != nil {
			out = append(out, c.ntimes(d))
		}
	}
	return out, nil
}

// verifyRealTables recomputes the real tables of n-times nim with the
// parameters of c_table.parquet (params; missing says which it lacks, and
// then nothing is recomputed) and compares the stored real_c and
// real_terms files under dir with them. It returns the intervals of c,
// why they were not recomputed (noReal, "" if they were) and a StoredDiff
// per file.
func verifyRealTables(ctx context.Context, dir string, params ntimesParams, missing string) ([]FTInterval, string, []StoredDiff, error) {
	var intervals []FTInterval
	var diffs []StoredDiff
	noReal := ""
	if missing != "" {
		noReal = ntimes.CTableFile + "'s metadata lack the parameters (" + strings.TrimPrefix(missing, "its metadata lack ") + ")"
		diffs = append(diffs, StoredDiff{File: ntimes.RealCFile, Skipped: "not recomputed: " + noReal}, StoredDiff{File: ntimes.RealTermsFile, Skipped: "not recomputed: " + noReal})
	} else {
		x, _ := grundy.ParseMultiplier(params.realUpto)
		realC, realT, _, err := ntimes.RealTables(ctx, params.terms, x.Rat(), params.minStable, params.factor, params.maxTerms)
		if err != nil {
			return nil, "", nil, err
		}
		for _, r := range realC {
			intervals = append(intervals, FTInterval{Lo: r.Lo, Hi: r.Hi, C: int(r.C)})
		}
		interval := func(lo, hi string) string { return "[" + lo + ", " + hi + ")" }
		wantRC := make([]ntimes.RealCRow, len(realC))
		for i, r := range realC {
			wantRC[i] = r.RealC()
		}
		if rc, _, err := table.ReadFile[ntimes.RealCRow](filepath.Join(dir, ntimes.RealCFile)); err == nil {
			diffs = append(diffs, compareRows(ntimes.RealCFile, rc, wantRC, func(r ntimes.RealCRow) string { return interval(r.Lo, r.Hi) }))
		} else if errors.Is(err, os.ErrNotExist) {
			diffs = append(diffs, StoredDiff{File: ntimes.RealCFile, Skipped: "absent"})
		} else {
			return nil, "", nil, err
		}
		if rt, _, err := table.ReadFile[ntimes.RealRow](filepath.Join(dir, ntimes.RealTermsFile)); err == nil {
			diffs = append(diffs, compareRows(ntimes.RealTermsFile, rt, realT, func(r ntimes.RealRow) string { return interval(r.Lo, r.Hi) }))
		} else if errors.Is(err, os.ErrNotExist) {
			diffs = append(diffs, StoredDiff{File: ntimes.RealTermsFile, Skipped: "absent"})
		} else {
			return nil, "", nil, err
		}
	}
	return intervals, noReal, diffs, nil
}
