package table

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/parquet-go/parquet-go"
)

// The multiplier atlas (package atlas computes it) is a summary row per
// multiplier a, in two kinds of file:
//
//	ROOT/atlas/mult=A/summary.parquet   one AtlasRow, written by a shard
//	ROOT/atlas.parquet                  every AtlasRow of the list, by a
//
// Both carry MetaKind (AtlasSummaryKind or AtlasKind), MetaN and, for a
// summary, MetaMult; ReadAtlas refuses a file of another kind, N or
// schema (ErrInvalidAtlas), so a merge never mixes foreign rows in.
const (
	AtlasDir         = "atlas"
	AtlasSummaryFile = "summary.parquet"
	AtlasFile        = "atlas.parquet"

	MetaKind       = "fibnim.kind"        // what a file holds: AtlasSummaryKind or AtlasKind
	MetaAtlasList  = "fibnim.atlas.list"  // atlas.parquet: the LIST it was asked for
	MetaAtlasRows  = "fibnim.atlas.rows"  // atlas.parquet: the number of multipliers
	MetaAtlasSince = "fibnim.atlas.since" // atlas.parquet: the earlier atlas its report compares with, a file beside it

	AtlasSummaryKind = "atlas-summary"
	AtlasKind        = "atlas"
)

// Statuses of an AtlasRow.
const (
	// AtlasComplete: every field was computed.
	AtlasComplete = "complete"
	// AtlasOverflow: some G(n) does not fit the store of the engine or of
	// the checks; G(N), h and the checks are those of the values that fit
	// (see Note), and the checks are "not run".
	AtlasOverflow = "overflow"
)

// AtlasRow is one multiplier's line of the atlas: the run's size, G(N),
// the log fit, h(g), and the five statements put for every multiplier
// (package conjectures), each as verdict, cases, failures, and its first
// and last counterexample (n = -1 and "" when there is none). Nothing in
// it depends on the worker count, the shard or the time of the run, so
// the same list gives the same rows however it was split.
type AtlasRow struct {
	Multiplier string  `parquet:"multiplier"` // exact: "p" or "p/q" in lowest terms
	ANum       int64   `parquet:"a_num"`      // p
	ADen       int64   `parquet:"a_den"`      // q
	A          float64 `parquet:"a"`          // p/q as a float, for plots
	N          int64   `parquet:"n"`          // the table covers 0 <= n <= N
	Status     string  `parquet:"status"`     // AtlasComplete or AtlasOverflow
	Note       string  `parquet:"note"`       // why, for AtlasOverflow; else ""
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

// AtlasCheck is one check's columns of an AtlasRow.
type AtlasCheck struct {
	ID              string // the check's id in package conjectures, without "(a=...)"
	Status          *string
	Cases, Failures *int64
	FirstN, LastN   *int64
	First, Last     *string
}

// Checks returns the columns of the five checks of r, in the order of
// package conjectures, for reading or filling them in turn.
func (r *AtlasRow) Checks() []AtlasCheck {
	return []AtlasCheck{
		{"FT-P-positions", &r.FTPStatus, &r.FTPCases, &r.FTPFailures, &r.FTPFirstN, &r.FTPLastN, &r.FTPFirst, &r.FTPLast},
		{"SCHWENK-strategy", &r.SchwenkStatus, &r.SchwenkCases, &r.SchwenkFailures, &r.SchwenkFirstN, &r.SchwenkLastN, &r.SchwenkFirst, &r.SchwenkLast},
		{"LRS-5.2", &r.L52Status, &r.L52Cases, &r.L52Failures, &r.L52FirstN, &r.L52LastN, &r.L52First, &r.L52Last},
		{"LRS-5.3-step", &r.LowerStatus, &r.LowerCases, &r.LowerFailures, &r.LowerFirstN, &r.LowerLastN, &r.LowerFirst, &r.LowerLast},
		{"LRS-conj-upper", &r.UpperStatus, &r.UpperCases, &r.UpperFailures, &r.UpperFirstN, &r.UpperLastN, &r.UpperFirst, &r.UpperLast},
	}
}

// ErrInvalidAtlas wraps every reason an atlas file or folder is refused.
var ErrInvalidAtlas = errors.New("not a valid atlas")

// atlasSchema is the schema every atlas file must have.
var atlasSchema = parquet.SchemaOf(AtlasRow{})

// ReadAtlas reads the rows of an atlas file of the given kind and returns
// them with the file's metadata. It refuses, with an error wrapping
// ErrInvalidAtlas, a file of another kind, one without a valid N, one whose
// columns are not AtlasRow's, and a row whose N is not the file's, whose
// multiplier is not its own a_num/a_den in lowest terms, or whose status
// is unknown; a damaged file wraps ErrCorrupt.
func ReadAtlas(path, kind string) (rows []AtlasRow, meta map[string]string, err error) {
	r, err := OpenFile[AtlasRow](path)
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%s: %w: %s", path, ErrInvalidAtlas, fmt.Sprintf(format, args...))
	}
	if got := r.Meta[MetaKind]; got != kind {
		return nil, nil, bad("it holds %q, not %q (%s)", got, kind, MetaKind)
	}
	N, err := strconv.ParseInt(r.Meta[MetaN], 10, 64)
	if err != nil || N < 0 {
		return nil, nil, bad("no valid %s (%q)", MetaN, r.Meta[MetaN])
	}
	if !parquet.EqualNodes(r.pf.Schema(), atlasSchema) {
		return nil, nil, bad("its columns are not those of an atlas row")
	}
	err = func() (err error) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("%s: %w (%v)", path, ErrCorrupt, p)
			}
		}()
		buf := make([]AtlasRow, 256)
		for {
			n, rerr := r.r.Read(buf)
			rows = append(rows, buf[:n]...)
			if rerr == io.EOF {
				return nil
			}
			if rerr != nil {
				return fmt.Errorf("%s: %w (%v)", path, ErrCorrupt, rerr)
			}
		}
	}()
	if err != nil {
		return nil, nil, err
	}
	if int64(len(rows)) != r.NumRows() {
		return nil, nil, bad("%d rows read of %d", len(rows), r.NumRows())
	}
	for i, row := range rows {
		if err := checkAtlasRow(row, N); err != nil {
			return nil, nil, bad("row %d: %v", i, err)
		}
	}
	return rows, r.Meta, nil
}

func checkAtlasRow(row AtlasRow, N int64) error {
	if row.N != N {
		return fmt.Errorf("a = %s is for N = %d, the file for N = %d", row.Multiplier, row.N, N)
	}
	want := strconv.FormatInt(row.ANum, 10)
	if row.ADen != 1 {
		want += "/" + strconv.FormatInt(row.ADen, 10)
	}
	if row.ADen < 1 || row.ANum < row.ADen || row.ANum >= 1<<31 || gcd(row.ANum, row.ADen) != 1 || row.Multiplier != want {
		return fmt.Errorf("multiplier %q is not a_num/a_den = %d/%d in lowest terms", row.Multiplier, row.ANum, row.ADen)
	}
	if row.Status != AtlasComplete && row.Status != AtlasOverflow {
		return fmt.Errorf("a = %s has status %q", row.Multiplier, row.Status)
	}
	if len(row.StepDiffs) != len(row.StepCounts) {
		return fmt.Errorf("a = %s has %d step differences but %d counts", row.Multiplier, len(row.StepDiffs), len(row.StepCounts))
	}
	return nil
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
