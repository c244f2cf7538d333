package ntimesrun

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"fibnim/internal/atomicfile"
	"fibnim/internal/parquetfile"
	"fibnim/ntimes"
	"fibnim/report"
)

// Config is what Run computes and where it writes it.
type Config struct {
	Mults     []*big.Rat // the multipliers, in the order the outputs list them
	MultsText string     // the list as the user wrote it: fibnim.mults in the files' metadata
	Terms     int        // K: the real pieces on which the first K terms of F(a) are constant
	SeqTerms  int        // terms f_1..f_K of each F(a) in sequences.parquet
	RealUpto  *big.Rat   // the exact real thresholds cover [1, RealUpto]
	MinStable int        // c is accepted once k - r(k) stayed constant this many terms ...
	Factor    int        // ... or Factor*(c+1) terms (ntimes.SolveAll)
	MaxTerms  int        // the most terms computed for one multiplier
	Workers   int        // goroutines solving multipliers; the outputs do not depend on it
	Out       string     // the results folder: Out/ntimes and Out/tables are written
	Revision  string     // the source revision, in every Parquet file's metadata

	// Log, if not nil, gets one line per notice: the clauses of Theorem 1
	// a multiplier violates (the first ten of each), and each phase done.
	Log io.Writer
	// Solved, if not nil, is called as multipliers are solved, with how
	// many are done (from the solving goroutines, one call at a time).
	Solved func(done int)
}

// The folders Run writes under Config.Out.
const (
	Folder       = "ntimes" // c_table, sequences, real_c and real_terms .parquet
	TablesFolder = "tables" // ft_table1.md, .csv, .tex, _real.tex
)

// ErrInterrupted is the error of a run stopped through its context: the
// earlier outputs are left as they were.
var ErrInterrupted = errors.New("interrupted; earlier results left in place")

// Result is what Run did.
type Result struct {
	Multipliers int  // rows of c_table.parquet
	Intervals   int  // intervals of c in [1, RealUpto] (real_c.parquet)
	Pieces      int  // pieces of the first Terms terms (real_terms.parquet)
	Recovered   bool // the outputs of an earlier run, stopped while replacing them, were completed first
}

// Bytes estimates the peak memory of Run with cfg: the larger of the
// multipliers' phase (ntimes.SolveAllBytes) and the real thresholds',
// which solve a sequence at a time up to RealUpto, plus the runtime's own
// 32 MiB. Measured against peak RSS (cmd/compute's
// TestNtimesMemoryEstimate).
func Bytes(cfg Config) uint64 {
	need := ntimes.SolveAllBytes(cfg.Mults, cfg.Workers, cfg.MinStable, cfg.Factor, cfg.MaxTerms, cfg.SeqTerms)
	need = max(need, 2*ntimes.SequenceBytes(cfg.RealUpto, cfg.MinStable, cfg.Factor, cfg.MaxTerms))
	return need + 32<<20
}

// Run computes n-times nim for cfg and writes, as one set:
//
//   - Out/ntimes/c_table.parquet: a row per multiplier (ntimes.CRow: c,
//     k_0, L, U, the theorem checks and their violations);
//   - Out/ntimes/sequences.parquet: the first SeqTerms terms of each F(a);
//   - Out/ntimes/real_c.parquet: every interval of real a in [1, RealUpto]
//     on which c is constant (ntimes.CIntervalsContext), with its proof;
//   - Out/ntimes/real_terms.parquet: every piece on which the first Terms
//     terms are constant (ntimes.PiecesContext), each re-solved at its
//     lower end, and at the end just below its upper one to say whether c
//     is certain on it;
//   - Out/tables/ft_table1.{md,csv} and the TeX tables (report.FTTable1,
//     report.FTTeXFiles).
//
// Every Parquet file's metadata holds the parameters and cfg.Revision,
// and no timestamp: the same cfg gives the same bytes. A run stopped
// through ctx returns ErrInterrupted and leaves the earlier outputs; one
// stopped while replacing them is completed by the next run, which says
// so (Result.Recovered).
func Run(ctx context.Context, cfg Config) (Result, error) {
	var res Result
	logf := func(format string, args ...any) {
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, format, args...)
		}
	}
	dir := filepath.Join(cfg.Out, Folder)
	tables := filepath.Join(cfg.Out, TablesFolder)
	for _, d := range []string{dir, tables} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return res, err
		}
	}
	start := time.Now()
	solved, err := ntimes.SolveAll(ctx, cfg.Mults, cfg.Workers, cfg.MinStable, cfg.Factor, cfg.MaxTerms, cfg.SeqTerms, cfg.Solved)
	if err != nil {
		return res, ErrInterrupted
	}
	var rows []ntimes.CRow
	var seqs []ntimes.SeqRow
	for _, s := range solved {
		for i, v := range s.Violations {
			if i == 10 {
				// a = 1 violates (6) at every term: the first ten say it.
				logf("ntimes: a=%s violates %d times in all (c_table's violations column)\n", s.A.RatString(), len(s.Violations))
				break
			}
			logf("ntimes: a=%s violates %s at k=%d: %s\n", s.A.RatString(), v.Clause, v.K, v.Detail)
		}
		rows = append(rows, ntimes.NewCRow(s))
		seqs = append(seqs, ntimes.NewSeqRows(s, cfg.SeqTerms)...)
	}
	res.Multipliers = len(rows)
	logf("ntimes: %d multipliers solved in %v\n", len(rows), time.Since(start).Round(time.Millisecond))
	logf("ntimes: finding the exact thresholds of c in [1, %s]\n", cfg.RealUpto.RatString())
	cs, unresolved, err := ntimes.CIntervalsContext(ctx, cfg.Terms, 1<<12, cfg.RealUpto, cfg.MinStable, cfg.Factor, cfg.MaxTerms)
	if err != nil {
		return res, ErrInterrupted
	}
	pieces, err := ntimes.PiecesContext(ctx, cfg.Terms, big.NewRat(1, 1), cfg.RealUpto)
	if err != nil {
		return res, ErrInterrupted
	}
	res.Intervals, res.Pieces = len(cs), len(pieces)
	logf("ntimes: %d intervals of c and %d pieces of the first %d terms in [1, %s] in %v\n", len(cs), len(pieces), cfg.Terms, cfg.RealUpto.RatString(), time.Since(start).Round(time.Millisecond))
	if ctx.Err() != nil {
		return res, ErrInterrupted
	}
	meta := map[string]string{
		"fibnim.revision":   cfg.Revision,
		"fibnim.mults":      cfg.MultsText,
		"fibnim.terms":      strconv.Itoa(cfg.Terms),
		"fibnim.seq_terms":  strconv.Itoa(cfg.SeqTerms),
		"fibnim.real_upto":  cfg.RealUpto.RatString(),
		"fibnim.min_stable": strconv.Itoa(cfg.MinStable),
		"fibnim.factor":     strconv.Itoa(cfg.Factor),
		"fibnim.max_terms":  strconv.Itoa(cfg.MaxTerms),
	}
	// The outputs are replaced as one set (atomicfile.FileSet): a stop
	// leaves the earlier ones, or the next run completes the new ones.
	set, recovered, err := atomicfile.NewFileSet(cfg.Out, "ntimes")
	if err != nil {
		return res, err
	}
	defer set.Abort()
	if recovered {
		res.Recovered = true
		logf("ntimes: completed the outputs of an earlier run that stopped while replacing them\n")
	}
	if err := parquetfile.WriteFile(set.Stage(filepath.Join(dir, ntimes.CTableFile)), meta, rows); err != nil {
		return res, err
	}
	if err := parquetfile.WriteFile(set.Stage(filepath.Join(dir, ntimes.SequencesFile)), meta, seqs); err != nil {
		return res, err
	}
	var realC []ntimes.RealRow
	for _, c := range cs {
		realC = append(realC, ntimes.NewRealRow(c.Lo, c.Hi, c.C, nil, int64(c.MinStable), c.Certain, ntimes.Proof{C: c.C, K: c.ProvedFrom, OK: c.Proved}))
	}
	realT, err := solvePieces(ctx, cfg, pieces)
	if err != nil {
		return res, err
	}
	rc := make([]ntimes.RealCRow, len(realC))
	for i, r := range realC {
		rc[i] = r.RealC()
	}
	if err := parquetfile.WriteFile(set.Stage(filepath.Join(dir, ntimes.RealCFile)), meta, rc); err != nil {
		return res, err
	}
	if err := parquetfile.WriteFile(set.Stage(filepath.Join(dir, ntimes.RealTermsFile)), meta, realT); err != nil {
		return res, err
	}
	md, csv := report.FTTable1(rows, realC, realT, unresolved, report.FTParams{Terms: cfg.Terms, MinStable: cfg.MinStable, Factor: cfg.Factor, RealUpto: cfg.RealUpto})
	files := append([]report.File{{Name: "ft_table1.md", Data: md}, {Name: "ft_table1.csv", Data: csv}}, report.FTTeXFiles(rows, realC)...)
	for _, f := range files {
		if err := set.Add(filepath.Join(tables, f.Name), f.Data); err != nil {
			return res, err
		}
	}
	if ctx.Err() != nil {
		return res, ErrInterrupted
	}
	return res, set.Commit()
}

// solvePieces re-solves each piece of the first K terms at its lower end
// (its c and how long it was stable) and, where c was certain there, just
// below its upper end: c is certain on the piece, as in real_c, when it
// reached U at both ends and is the same.
func solvePieces(ctx context.Context, cfg Config, pieces []ntimes.Piece) ([]ntimes.RealRow, error) {
	var realT []ntimes.RealRow
	for _, p := range pieces {
		_, e, err := ntimes.SolveContext(ctx, p.Lo, cfg.MinStable, cfg.Factor, cfg.MaxTerms)
		if err != nil {
			return nil, ErrInterrupted
		}
		if p.Hi != nil && e.Certain {
			_, e2, err := ntimes.SolveContext(ctx, ntimes.JustBelow(p.Lo, p.Hi), cfg.MinStable, cfg.Factor, cfg.MaxTerms)
			if err != nil {
				return nil, ErrInterrupted
			}
			e.Certain = e2.Certain && e2.C == e.C
		}
		realT = append(realT, ntimes.NewRealRow(p.Lo, p.Hi, e.C, p.F, int64(e.Stable), e.Certain, p.Prove()))
	}
	return realT, nil
}
