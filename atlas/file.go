package atlas

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/parquet-go/parquet-go"

	"fibnim/conjectures"
	"fibnim/internal/parquetfile"
	"fibnim/table"
)

// The multiplier atlas is a summary row per multiplier a, in two kinds of
// file, which this package writes, validates and reads:
//
//	ROOT/atlas/mult=A/summary.parquet   one AtlasRow, written by a shard
//	ROOT/atlas.parquet                  every AtlasRow of the list, by a
//
// Both carry MetaKind (SummaryKind or Kind), MetaSchema, table.MetaN and,
// for a summary, table.MetaMult; readFile refuses a file of another kind,
// N or schema (ErrInvalid), so a merge never mixes foreign rows in. It
// reads the schema of today (SchemaVersion) and that of the files written
// before per-statement results became lists (version 1, schema_v1.go:
// no MetaSchema, seven columns per statement), so earlier atlases, and
// the summaries of a shard that an upgrade interrupted, still read; every
// file written is of SchemaVersion.
const (
	dirName     = "atlas"
	SummaryFile = "summary.parquet"
	ParquetFile = "atlas.parquet"

	MetaKind  = "fibnim.kind"        // what a file holds: SummaryKind or Kind
	MetaList  = "fibnim.atlas.list"  // atlas.parquet: the LIST it was asked for
	MetaRows  = "fibnim.atlas.rows"  // atlas.parquet: the number of multipliers
	MetaSince = "fibnim.atlas.since" // atlas.parquet: the earlier atlas its report compares with, a file beside it
	// MetaSchema is the version of the file's columns: SchemaVersion;
	// absent in a file of version 1.
	MetaSchema = "fibnim.atlas.schema"
	// MetaFit names the estimator of the fit columns (fit_alpha, fit_beta,
	// fit_rms, fit_max_residual, fit_max_at_n): conjectures.FitEstimator
	// over 1 <= n <= N. A file without it (every atlas written before the
	// fit was weighted, among them the committed results/atlas.parquet and
	// results/atlas-1e7.parquet) holds the ordinary least-squares fit, every
	// n weighted alike; readFile recomputes its rows' fits (refit).
	MetaFit = "fibnim.atlas.fit"

	// SchemaVersion is the version of the columns this package writes:
	// 2, one list column per field of CheckResult (fileRow). Version 1
	// had seven columns per statement (rowV1).
	SchemaVersion = "2"

	SummaryKind = "atlas-summary"
	Kind        = "atlas"
)

// Statuses of an AtlasRow.
const (
	// Complete: every field was computed.
	Complete = "complete"
	// Overflow: some G(n) does not fit the store of the engine or of
	// the checks; G(N), h and the checks are those of the values that fit
	// (see Note), and the checks are "not run".
	Overflow = "overflow"
)

// AtlasRow is one multiplier's line of the atlas: the run's size, G(N),
// the log fit, h(g), the distribution of G(n + ceil(n/a)) - G(n), and the
// result of every statement put for every multiplier (package
// conjectures), one entry of Checks each. Nothing in it depends on the
// worker count, the shard or the time of the run, so the same list gives
// the same rows however it was split.
//
// On disk (schema SchemaVersion, fileRow) the fields with a parquet tag
// are columns of their own and Checks is one list column per field of
// CheckResult, so that a statement added to the registry adds an entry to
// each row's lists, not columns to the schema: files written before it
// still read, and their rows simply have no entry for it.
type AtlasRow struct {
	Multiplier string  `parquet:"multiplier"` // exact: "p" or "p/q" in lowest terms
	ANum       int64   `parquet:"a_num"`      // p
	ADen       int64   `parquet:"a_den"`      // q
	A          float64 `parquet:"a"`          // p/q as a float, for plots
	N          int64   `parquet:"n"`          // the table covers 0 <= n <= N
	Status     string  `parquet:"status"`     // Complete or Overflow
	Note       string  `parquet:"note"`       // why, for Overflow; else ""
	GN         int32   `parquet:"g_n"`        // G(N) = G(N, N)
	MaxG       int32   `parquet:"max_g"`      // the largest G(n), n <= N

	// The fit G(n) ~ alpha ln n + beta over 1 <= n <= N by least squares
	// weighted by 1/n (conjectures.FitLog, conjectures.FitEstimator): the
	// RMS residual (weighted alike) and the largest residual, with its n.
	// In a file written before (no MetaFit), the columns hold ordinary
	// least squares; readFile replaces them by the weighted fit
	// recomputed from H (Refit), or leaves them and sets OldFit.
	Alpha       float64 `parquet:"fit_alpha"`
	Beta        float64 `parquet:"fit_beta"`
	RMS         float64 `parquet:"fit_rms"`
	MaxResidual float64 `parquet:"fit_max_residual"`
	MaxResAt    int64   `parquet:"fit_max_at_n"`
	// Refit: the fit above was recomputed from H when the row was read,
	// for its file holds the ordinary least-squares fit, whose alpha is
	// FileAlpha. OldFit: it is that file's ordinary least-squares fit
	// still, for H does not give G(n) back (LRS-5.2(a) does not hold, so
	// G(n) may decrease). None of the three is stored; a row with OldFit
	// is not written again (writeRows).
	Refit     bool    `parquet:"-"`
	OldFit    bool    `parquet:"-"`
	FileAlpha float64 `parquet:"-"`

	// H[g] = h(g), the least n with G(n) >= g, for g = 0..MaxG.
	H []int64 `parquet:"h"`

	// The difference G(n + ceil(n/a)) - G(n) over 1 <= n <= StepTop, the
	// largest n with n + ceil(n/a) <= N: each difference that occurs and
	// how often; StepLastOutside is the largest n where it leaves [1, 2]
	// (the last counterexample of LRS-5.3-step(a) or LRS-conj-upper(a)),
	// -1 if it never does.
	StepTop         int64   `parquet:"step_top"`
	StepDiffs       []int64 `parquet:"step_diffs"`
	StepCounts      []int64 `parquet:"step_counts"`
	StepLastOutside int64   `parquet:"step_last_outside"`

	// Checks are the results of the statements the registry puts for
	// every multiplier (conjectures.Statements(conjectures.EveryMultiplier)),
	// in its order, as they were when the row was computed: a statement
	// added since has no entry here (see Check).
	Checks []CheckResult `parquet:"-"`
}

// CheckResult is one statement's result in an AtlasRow: its verdict, the
// cases it judged, its failures, and its first and last counterexample,
// n and the case in words (n = -1 and "" when there is none).
type CheckResult struct {
	ID       string // the statement's id in package conjectures, without "(a=...)"
	Status   string // conjectures.Holds, Fails or NotRun
	Cases    int64
	Failures int64
	FirstN   int64
	First    string
	LastN    int64
	Last     string
}

// The ids of the statements that the atlas's report and findings read
// beside their generic verdicts: the two halves of the closing
// conjecture's analogue, whose counterexamples StepLastOutside joins.
const (
	IDStep  = "LRS-5.3-step"
	IDUpper = conjectures.IDConjUpper
)

// Check returns the result of statement id in r, or nil if r has none
// (the statement was not in the registry when r was computed).
func (r *AtlasRow) Check(id string) *CheckResult {
	for i := range r.Checks {
		if r.Checks[i].ID == id {
			return &r.Checks[i]
		}
	}
	return nil
}

// StepOutside is the number of n where G(n + ceil(n/a)) - G(n) leaves
// [1, 2]: the failures of LRS-5.3-step(a) and LRS-conj-upper(a) together.
func (r *AtlasRow) StepOutside() int64 {
	var f int64
	for _, id := range []string{IDStep, IDUpper} {
		if c := r.Check(id); c != nil {
			f += c.Failures
		}
	}
	return f
}

// Clone returns a copy of r that shares no slice with it.
func (r AtlasRow) Clone() AtlasRow {
	r.H = append([]int64(nil), r.H...)
	r.StepDiffs = append([]int64(nil), r.StepDiffs...)
	r.StepCounts = append([]int64(nil), r.StepCounts...)
	r.Checks = append([]CheckResult(nil), r.Checks...)
	return r
}

// CheckIDs are the statements of rows, in the order of their entries:
// those of the first row, then any that a later row adds (a row computed
// after a statement joined the registry), each once.
func CheckIDs(rows []AtlasRow) []string {
	var ids []string
	seen := map[string]bool{}
	for _, r := range rows {
		for _, c := range r.Checks {
			if !seen[c.ID] {
				seen[c.ID] = true
				ids = append(ids, c.ID)
			}
		}
	}
	return ids
}

// fileMeta is the metadata of an atlas file: its kind, the schema
// version, N and the source revision, and no timestamps, so reruns
// reproduce the files byte for byte; extra holds the rest (table.MetaMult
// for a summary, MetaList and MetaRows for atlas.parquet).
func fileMeta(kind string, N int, revision string, extra map[string]string) map[string]string {
	m := map[string]string{MetaKind: kind, MetaSchema: SchemaVersion, MetaFit: fitMeta, table.MetaN: strconv.Itoa(N), table.MetaRevision: revision}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

// fileRow is an AtlasRow as schema version 2 stores it: its own columns,
// then the fields of its Checks, one list column each, entry i of every
// list the statement Checks[i]. The lists have one length in a row
// (readFile checks it).
type fileRow struct {
	AtlasRow
	CheckID       []string `parquet:"check_id"`
	CheckStatus   []string `parquet:"check_status"`
	CheckCases    []int64  `parquet:"check_cases"`
	CheckFailures []int64  `parquet:"check_failures"`
	CheckFirstN   []int64  `parquet:"check_first_n"`
	CheckFirst    []string `parquet:"check_first"`
	CheckLastN    []int64  `parquet:"check_last_n"`
	CheckLast     []string `parquet:"check_last"`
}

func toFile(r AtlasRow) fileRow {
	f := fileRow{AtlasRow: r}
	for _, c := range r.Checks {
		f.CheckID = append(f.CheckID, c.ID)
		f.CheckStatus = append(f.CheckStatus, c.Status)
		f.CheckCases = append(f.CheckCases, c.Cases)
		f.CheckFailures = append(f.CheckFailures, c.Failures)
		f.CheckFirstN = append(f.CheckFirstN, c.FirstN)
		f.CheckFirst = append(f.CheckFirst, c.First)
		f.CheckLastN = append(f.CheckLastN, c.LastN)
		f.CheckLast = append(f.CheckLast, c.Last)
	}
	return f
}

// fromFile is the AtlasRow of f, or an error if its lists differ in
// length or name a statement twice or none.
func fromFile(f fileRow) (AtlasRow, error) {
	r := f.AtlasRow
	k := len(f.CheckID)
	for _, l := range []int{len(f.CheckStatus), len(f.CheckCases), len(f.CheckFailures), len(f.CheckFirstN), len(f.CheckFirst), len(f.CheckLastN), len(f.CheckLast)} {
		if l != k {
			return r, fmt.Errorf("a = %s has %d statement ids but a list of %d of their results", r.Multiplier, k, l)
		}
	}
	r.Checks = make([]CheckResult, k)
	seen := map[string]bool{}
	for i, id := range f.CheckID {
		if id == "" || seen[id] {
			return r, fmt.Errorf("a = %s has the statement id %q twice or empty", r.Multiplier, id)
		}
		seen[id] = true
		r.Checks[i] = CheckResult{ID: id, Status: f.CheckStatus[i], Cases: f.CheckCases[i], Failures: f.CheckFailures[i],
			FirstN: f.CheckFirstN[i], First: f.CheckFirst[i], LastN: f.CheckLastN[i], Last: f.CheckLast[i]}
	}
	return r, nil
}

// writeRows writes rows to path in schema SchemaVersion, with meta
// (fileMeta), through a temporary file and a rename. It refuses a row
// whose fit is still an earlier file's ordinary least squares (OldFit):
// the file says its fit is weighted (MetaFit).
func writeRows(path string, meta map[string]string, rows []AtlasRow) error {
	out := make([]fileRow, len(rows))
	for i, r := range rows {
		if r.OldFit {
			return fmt.Errorf("%s: a = %s: its fit is the ordinary least squares of an earlier file, and its h(g) cannot give the weighted one (LRS-5.2(a) does not hold); compute its row again", path, r.Multiplier)
		}
		out[i] = toFile(r)
	}
	return parquetfile.WriteFile(path, meta, out)
}

// ErrInvalid wraps every reason an atlas file or folder is refused.
var ErrInvalid = errors.New("not a valid atlas")

// The schemas every atlas file must have one of: today's and version 1's.
var (
	rowSchema   = parquet.SchemaOf(fileRow{})
	rowSchemaV1 = parquet.SchemaOf(rowV1{})
)

// readFile reads the rows of an atlas file of the given kind and returns
// them with the file's metadata. It refuses, with an error wrapping
// ErrInvalid, a file of another kind, one without a valid N, one whose
// columns are not those of its schema version (MetaSchema: SchemaVersion,
// or absent for version 1) or of a version it does not know, and a row
// whose N is not the file's, whose multiplier is not its own a_num/a_den
// in lowest terms, whose status is unknown or whose lists disagree; a
// damaged file wraps table.ErrCorrupt. The fits of a file written before
// the fit was weighted (no MetaFit) are recomputed (refit).
func readFile(path, kind string) (rows []AtlasRow, meta map[string]string, err error) {
	rows, meta, err = readStored(path, kind)
	if err == nil && meta[MetaFit] == "" {
		for i := range rows {
			refit(&rows[i])
		}
	}
	return rows, meta, err
}

// readStored is readFile with every row as its file stores it: the fit
// of an earlier file is left as it is.
func readStored(path, kind string) (rows []AtlasRow, meta map[string]string, err error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%s: %w: %s", path, ErrInvalid, fmt.Sprintf(format, args...))
	}
	var N int64
	check := func(m map[string]string, schema parquet.Node, want *parquet.Schema) error {
		if got := m[MetaKind]; got != kind {
			return bad("it holds %q, not %q (%s)", got, kind, MetaKind)
		}
		var err error
		if N, err = strconv.ParseInt(m[table.MetaN], 10, 64); err != nil || N < 0 {
			return bad("no valid %s (%q)", table.MetaN, m[table.MetaN])
		}
		if !parquet.EqualNodes(schema, want) {
			return bad("its columns are not those of an atlas row of schema version %s", versionOf(m))
		}
		return nil
	}
	switch v := versionOf(meta0(path)); v {
	case SchemaVersion:
		var raw []fileRow
		if raw, meta, err = readRows[fileRow](path, rowSchema, check); err != nil {
			return nil, nil, err
		}
		rows = make([]AtlasRow, len(raw))
		for i, f := range raw {
			if rows[i], err = fromFile(f); err != nil {
				return nil, nil, bad("row %d: %v", i, err)
			}
		}
	case "1":
		var raw []rowV1
		if raw, meta, err = readRows[rowV1](path, rowSchemaV1, check); err != nil {
			return nil, nil, err
		}
		rows = make([]AtlasRow, len(raw))
		for i, f := range raw {
			rows[i] = f.row()
		}
	default:
		return nil, nil, bad("schema version %q (%s), which this version does not read (it reads 1 and %s)", v, MetaSchema, SchemaVersion)
	}
	for i, row := range rows {
		if err := checkRow(row, N); err != nil {
			return nil, nil, bad("row %d: %v", i, err)
		}
	}
	return rows, meta, nil
}

// fitMeta is MetaFit's value in every file written.
const fitMeta = conjectures.FitEstimator + " over 1 <= n <= N"

// refit replaces r's fit, read from a file written before the fit was
// weighted (no MetaFit), by the weighted fit, recomputed from h(g) alone
// (conjectures.FitFirstReach): where LRS-5.2(a) holds, G(n) is
// non-decreasing, so G(n) = g exactly for h(g) <= n < h(g+1), and the fit
// is the one the row's own run would have made, bit for bit. Elsewhere
// (an overflow, LRS-5.2(a) failing or not run, an h that does not end at
// G(N)) it keeps the file's fit and sets OldFit.
func refit(r *AtlasRow) {
	if !monotone(r) {
		r.OldFit = true
		return
	}
	f, _ := conjectures.FitFirstReach(r.H, r.N)
	r.FileAlpha = r.Alpha
	r.Alpha, r.Beta, r.RMS, r.MaxResidual, r.MaxResAt = f.Alpha, f.Beta, f.RMS, f.MaxResidual, f.MaxAt
	r.Refit = true
}

// FitByDecade is the log fit of r on each decade of n alone
// (conjectures.FitDecades), from h(g), where G(n) is non-decreasing
// (LRS-5.2(a) holds) so that h(g) gives it; nil elsewhere.
func (r *AtlasRow) FitByDecade() []conjectures.LogFit {
	if !monotone(r) {
		return nil
	}
	_, d := conjectures.FitFirstReach(r.H, r.N)
	return d
}

// monotone reports whether h(g) gives r's G(n): the row is complete,
// LRS-5.2(a) holds (G(n) never decreases), and H runs from h(0) = 0 up to
// G(N) = the largest value, inside the range.
func monotone(r *AtlasRow) bool {
	c := r.Check("LRS-5.2")
	ok := r.Status == Complete && c != nil && c.Status == conjectures.Holds && len(r.H) == int(r.MaxG)+1 && r.MaxG == r.GN &&
		len(r.H) > 0 && r.H[0] == 0
	for g := 1; ok && g < len(r.H); g++ {
		ok = r.H[g-1] < r.H[g] && r.H[g] <= r.N
	}
	return ok
}

// versionOf is the schema version that metadata m declares: "1" when it
// declares none.
func versionOf(m map[string]string) string {
	if v, ok := m[MetaSchema]; ok {
		return v
	}
	return "1"
}

// meta0 is the key-value metadata of the file at path, or nil if it
// cannot be read (readRows then reports why).
func meta0(path string) map[string]string {
	r, err := table.OpenFile[fileRow](path)
	if err != nil {
		return nil
	}
	defer r.Close()
	return r.Meta
}

// readRows reads every row of the file at path as T, after check has
// accepted its metadata and columns against want.
func readRows[T any](path string, want *parquet.Schema, check func(map[string]string, parquet.Node, *parquet.Schema) error) ([]T, map[string]string, error) {
	r, err := table.OpenFile[T](path)
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	if err := check(r.Meta, r.Schema(), want); err != nil {
		return nil, nil, err
	}
	var rows []T
	if err := r.Rows(0, func(b []T) bool {
		rows = append(rows, b...)
		return true
	}); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(len(rows)) != r.NumRows() {
		return nil, nil, fmt.Errorf("%s: %w: %d rows read of %d", path, ErrInvalid, len(rows), r.NumRows())
	}
	return rows, r.Meta, nil
}

func checkRow(row AtlasRow, N int64) error {
	if row.N != N {
		return fmt.Errorf("a = %s is for N = %d, the file for N = %d", row.Multiplier, row.N, N)
	}
	want := strconv.FormatInt(row.ANum, 10)
	if row.ADen != 1 {
		want += "/" + strconv.FormatInt(row.ADen, 10)
	}
	if row.ADen < 1 || row.ANum < row.ADen || row.ANum >= 1<<31 || gcd(uint64(row.ANum), uint64(row.ADen)) != 1 || row.Multiplier != want {
		return fmt.Errorf("multiplier %q is not a_num/a_den = %d/%d in lowest terms", row.Multiplier, row.ANum, row.ADen)
	}
	if row.Status != Complete && row.Status != Overflow {
		return fmt.Errorf("a = %s has status %q", row.Multiplier, row.Status)
	}
	if len(row.StepDiffs) != len(row.StepCounts) {
		return fmt.Errorf("a = %s has %d step differences but %d counts", row.Multiplier, len(row.StepDiffs), len(row.StepCounts))
	}
	return nil
}
