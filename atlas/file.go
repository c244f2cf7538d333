package atlas

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/parquet-go/parquet-go"

	"fibnim/table"
)

// The multiplier atlas is a summary row per multiplier a, in two kinds of
// file, which this package writes, validates and reads:
//
//	ROOT/atlas/mult=A/summary.parquet   one AtlasRow, written by a shard
//	ROOT/atlas.parquet                  every AtlasRow of the list, by a
//
// Both carry MetaKind (SummaryKind or Kind), table.MetaN and, for a
// summary, table.MetaMult; readFile refuses a file of another kind, N or
// schema (ErrInvalid), so a merge never mixes foreign rows in.
const (
	dirName     = "atlas"
	SummaryFile = "summary.parquet"
	ParquetFile = "atlas.parquet"

	MetaKind  = "fibnim.kind"        // what a file holds: SummaryKind or Kind
	MetaList  = "fibnim.atlas.list"  // atlas.parquet: the LIST it was asked for
	MetaRows  = "fibnim.atlas.rows"  // atlas.parquet: the number of multipliers
	MetaSince = "fibnim.atlas.since" // atlas.parquet: the earlier atlas its report compares with, a file beside it

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
// the log fit, h(g), and the five statements put for every multiplier
// (package conjectures), each as verdict, cases, failures, and its first
// and last counterexample (n = -1 and "" when there is none). Nothing in
// it depends on the worker count, the shard or the time of the run, so
// the same list gives the same rows however it was split.
//
// The type's name is the name of the files' Parquet schema: it stays
// AtlasRow, so that the files are byte for byte those of earlier versions.
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

	// Least squares G(n) ~ alpha ln n + beta over 1 <= n <= N
	// (conjectures.FitLog): RMS and largest residual, with its n.
	Alpha       float64 `parquet:"fit_alpha"`
	Beta        float64 `parquet:"fit_beta"`
	RMS         float64 `parquet:"fit_rms"`
	MaxResidual float64 `parquet:"fit_max_residual"`
	MaxResAt    int64   `parquet:"fit_max_at_n"`

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

	// FT-P-positions(a): G(n, n-1) = 0 exactly for n in F(a).
	FTPStatus   string `parquet:"ft_p_positions_status"`
	FTPCases    int64  `parquet:"ft_p_positions_cases"`
	FTPFailures int64  `parquet:"ft_p_positions_failures"`
	FTPFirstN   int64  `parquet:"ft_p_positions_first_n"`
	FTPFirst    string `parquet:"ft_p_positions_first"`
	FTPLastN    int64  `parquet:"ft_p_positions_last_n"`
	FTPLast     string `parquet:"ft_p_positions_last"`

	// SCHWENK-strategy(a): G(n, r) = 0 exactly when r < z_1(n).
	SchwenkStatus   string `parquet:"schwenk_strategy_status"`
	SchwenkCases    int64  `parquet:"schwenk_strategy_cases"`
	SchwenkFailures int64  `parquet:"schwenk_strategy_failures"`
	SchwenkFirstN   int64  `parquet:"schwenk_strategy_first_n"`
	SchwenkFirst    string `parquet:"schwenk_strategy_first"`
	SchwenkLastN    int64  `parquet:"schwenk_strategy_last_n"`
	SchwenkLast     string `parquet:"schwenk_strategy_last"`

	// LRS-5.2(a): G(n) <= G(n+1) <= G(n) + 1.
	L52Status   string `parquet:"lrs_5_2_status"`
	L52Cases    int64  `parquet:"lrs_5_2_cases"`
	L52Failures int64  `parquet:"lrs_5_2_failures"`
	L52FirstN   int64  `parquet:"lrs_5_2_first_n"`
	L52First    string `parquet:"lrs_5_2_first"`
	L52LastN    int64  `parquet:"lrs_5_2_last_n"`
	L52Last     string `parquet:"lrs_5_2_last"`

	// LRS-5.3-step(a): G(n + ceil(n/a)) >= G(n) + 1.
	LowerStatus   string `parquet:"lrs_5_3_step_status"`
	LowerCases    int64  `parquet:"lrs_5_3_step_cases"`
	LowerFailures int64  `parquet:"lrs_5_3_step_failures"`
	LowerFirstN   int64  `parquet:"lrs_5_3_step_first_n"`
	LowerFirst    string `parquet:"lrs_5_3_step_first"`
	LowerLastN    int64  `parquet:"lrs_5_3_step_last_n"`
	LowerLast     string `parquet:"lrs_5_3_step_last"`

	// LRS-conj-upper(a): G(n + ceil(n/a)) <= G(n) + 2.
	UpperStatus   string `parquet:"lrs_conj_upper_status"`
	UpperCases    int64  `parquet:"lrs_conj_upper_cases"`
	UpperFailures int64  `parquet:"lrs_conj_upper_failures"`
	UpperFirstN   int64  `parquet:"lrs_conj_upper_first_n"`
	UpperFirst    string `parquet:"lrs_conj_upper_first"`
	UpperLastN    int64  `parquet:"lrs_conj_upper_last_n"`
	UpperLast     string `parquet:"lrs_conj_upper_last"`
}

// CheckColumns is one check's columns of an AtlasRow.
type CheckColumns struct {
	ID              string // the check's id in package conjectures, without "(a=...)"
	Status          *string
	Cases, Failures *int64
	FirstN, LastN   *int64
	First, Last     *string
}

// Checks returns the columns of the five checks of r, in the order of
// package conjectures, for reading or filling them in turn.
func (r *AtlasRow) Checks() []CheckColumns {
	return []CheckColumns{
		{"FT-P-positions", &r.FTPStatus, &r.FTPCases, &r.FTPFailures, &r.FTPFirstN, &r.FTPLastN, &r.FTPFirst, &r.FTPLast},
		{"SCHWENK-strategy", &r.SchwenkStatus, &r.SchwenkCases, &r.SchwenkFailures, &r.SchwenkFirstN, &r.SchwenkLastN, &r.SchwenkFirst, &r.SchwenkLast},
		{"LRS-5.2", &r.L52Status, &r.L52Cases, &r.L52Failures, &r.L52FirstN, &r.L52LastN, &r.L52First, &r.L52Last},
		{"LRS-5.3-step", &r.LowerStatus, &r.LowerCases, &r.LowerFailures, &r.LowerFirstN, &r.LowerLastN, &r.LowerFirst, &r.LowerLast},
		{"LRS-conj-upper", &r.UpperStatus, &r.UpperCases, &r.UpperFailures, &r.UpperFirstN, &r.UpperLastN, &r.UpperFirst, &r.UpperLast},
	}
}

// fileMeta is the metadata of an atlas file: its kind, N and the source
// revision, and no timestamps, so reruns reproduce the files byte for
// byte; extra holds the rest (table.MetaMult for a summary, MetaList
// and MetaRows for atlas.parquet).
func fileMeta(kind string, N int, revision string, extra map[string]string) map[string]string {
	m := map[string]string{MetaKind: kind, table.MetaN: strconv.Itoa(N), table.MetaRevision: revision}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

// ErrInvalid wraps every reason an atlas file or folder is refused.
var ErrInvalid = errors.New("not a valid atlas")

// rowSchema is the schema every atlas file must have.
var rowSchema = parquet.SchemaOf(AtlasRow{})

// readFile reads the rows of an atlas file of the given kind and returns
// them with the file's metadata. It refuses, with an error wrapping
// ErrInvalid, a file of another kind, one without a valid N, one whose
// columns are not AtlasRow's, and a row whose N is not the file's, whose
// multiplier is not its own a_num/a_den in lowest terms, or whose status
// is unknown; a damaged file wraps table.ErrCorrupt.
func readFile(path, kind string) (rows []AtlasRow, meta map[string]string, err error) {
	r, err := table.OpenFile[AtlasRow](path)
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%s: %w: %s", path, ErrInvalid, fmt.Sprintf(format, args...))
	}
	if got := r.Meta[MetaKind]; got != kind {
		return nil, nil, bad("it holds %q, not %q (%s)", got, kind, MetaKind)
	}
	N, err := strconv.ParseInt(r.Meta[table.MetaN], 10, 64)
	if err != nil || N < 0 {
		return nil, nil, bad("no valid %s (%q)", table.MetaN, r.Meta[table.MetaN])
	}
	if !parquet.EqualNodes(r.Schema(), rowSchema) {
		return nil, nil, bad("its columns are not those of an atlas row")
	}
	if err := r.Rows(0, func(b []AtlasRow) bool {
		rows = append(rows, b...)
		return true
	}); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(len(rows)) != r.NumRows() {
		return nil, nil, bad("%d rows read of %d", len(rows), r.NumRows())
	}
	for i, row := range rows {
		if err := checkRow(row, N); err != nil {
			return nil, nil, bad("row %d: %v", i, err)
		}
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
