package atlas

// rowV1 is an AtlasRow as schema version 1 stored it (atlases written
// before version 2, among them the committed results/atlas.parquet and
// results/atlas-1e7.parquet): its own columns, then seven columns for
// each of the five statements of the registry then, in its order. It is
// read, never written; converting is row, so that the rest of the package
// sees one type. It is frozen: a statement added to the registry since
// has no column here, and a version 1 row simply has no entry for it.
type rowV1 struct {
	AtlasRow

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

// row is v as an AtlasRow: its own columns, and its five statements as
// Checks, in the order of its columns.
func (v rowV1) row() AtlasRow {
	r := v.AtlasRow
	r.Checks = []CheckResult{
		{"FT-P-positions", v.FTPStatus, v.FTPCases, v.FTPFailures, v.FTPFirstN, v.FTPFirst, v.FTPLastN, v.FTPLast},
		{"SCHWENK-strategy", v.SchwenkStatus, v.SchwenkCases, v.SchwenkFailures, v.SchwenkFirstN, v.SchwenkFirst, v.SchwenkLastN, v.SchwenkLast},
		{"LRS-5.2", v.L52Status, v.L52Cases, v.L52Failures, v.L52FirstN, v.L52First, v.L52LastN, v.L52Last},
		{IDStep, v.LowerStatus, v.LowerCases, v.LowerFailures, v.LowerFirstN, v.LowerFirst, v.LowerLastN, v.LowerLast},
		{IDUpper, v.UpperStatus, v.UpperCases, v.UpperFailures, v.UpperFirstN, v.UpperFirst, v.UpperLastN, v.UpperLast},
	}
	return r
}
