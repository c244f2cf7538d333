package table

// StartValue is one row of grundy/mult=A/start_values.parquet.
type StartValue struct {
	N      int64 `parquet:"n,delta"`      // pile size n
	GStart int32 `parquet:"g_start,dict"` // G(n, n-1), the starting position; G(0,0) for n = 0
	GFull  int32 `parquet:"g_full,dict"`  // G(n) = G(n, n)
}

// DenseCell is one row of grundy/mult=A/dense.parquet.
type DenseCell struct {
	N int32 `parquet:"n,delta"`
	R int32 `parquet:"r,delta"`
	G int32 `parquet:"g,dict"`
}

// CRow is one row of ntimes/c_table.parquet: the eventual behaviour of
// k - r(k) for one multiplier.
type CRow struct {
	Multiplier string  `parquet:"multiplier"`     // exact, "p" or "p/q"
	ANum       int64   `parquet:"a_num"`          // p
	ADen       int64   `parquet:"a_den"`          // q
	L          int32   `parquet:"L"`              // Theorem 2 (vii), exact
	C          int32   `parquet:"c"`              // observed eventual k - r(k)
	U          int32   `parquet:"U"`              // Theorem 2 (vii), exact
	K0         int64   `parquet:"k0"`             // k - r(k) = c for k0 < k <= terms
	Terms      int64   `parquet:"terms"`          // terms computed
	Stable     int64   `parquet:"stable"`         // terms - k0
	Certain    bool    `parquet:"certain"`        // c reached U, so it is final
	Proved     bool    `parquet:"proved"`         // c is proved by the Lemma of ntimes.Proof
	ProvedFrom int64   `parquet:"proved_from"`    // the Lemma's K: k - r(k) = c for K-c-1 <= k <= K, hence for all k >= K-c-1; 0 if not proved
	ALogA      int32   `parquet:"floor_a_log_a"`  // floor(a ln a)
	Ratio      float64 `parquet:"c_over_a_log_a"` // c / (a ln a)
	Violations int32   `parquet:"violations"`     // theorem violations found on the computed terms
}

// SeqRow is one row of ntimes/sequences.parquet.
type SeqRow struct {
	Multiplier string `parquet:"multiplier,dict"`
	K          int32  `parquet:"k,delta"`
	F          string `parquet:"f_k"` // exact decimal
	R          int32  `parquet:"r_k"` // r(k)
}

// RealCRow is one row of ntimes/real_c.parquet: RealRow without Terms,
// which an interval of c does not have.
type RealCRow struct {
	Lo         string  `parquet:"lo"`
	Hi         string  `parquet:"hi"`
	LoFloat    float64 `parquet:"lo_float"`
	HiFloat    float64 `parquet:"hi_float"`
	C          int32   `parquet:"c"`
	Stable     int64   `parquet:"stable"`
	Certain    bool    `parquet:"certain"`
	Proved     bool    `parquet:"proved"`
	ProvedFrom int64   `parquet:"proved_from"`
}

// RealC is r as a real_c.parquet row.
func (r RealRow) RealC() RealCRow {
	return RealCRow{Lo: r.Lo, Hi: r.Hi, LoFloat: r.LoFloat, HiFloat: r.HiFloat, C: r.C, Stable: r.Stable, Certain: r.Certain, Proved: r.Proved, ProvedFrom: r.ProvedFrom}
}

// Row is r as a RealRow, with no terms.
func (r RealCRow) Row() RealRow {
	return RealRow{Lo: r.Lo, Hi: r.Hi, LoFloat: r.LoFloat, HiFloat: r.HiFloat, C: r.C, Stable: r.Stable, Certain: r.Certain, Proved: r.Proved, ProvedFrom: r.ProvedFrom}
}

// RealRow is one row of ntimes/real_terms.parquet (and, less its terms, of
// ntimes/real_c.parquet, RealCRow):
// on lo <= a < hi (exact fractions; hi "" if unbounded), c or the first
// terms are constant.
type RealRow struct {
	Lo      string  `parquet:"lo"`
	Hi      string  `parquet:"hi"`
	LoFloat float64 `parquet:"lo_float"`
	HiFloat float64 `parquet:"hi_float"`
	C       int32   `parquet:"c"`     // real_c: c on the interval; real_terms: c at lo
	Terms   string  `parquet:"terms"` // real_terms: the first K terms, space separated
	Stable  int64   `parquet:"stable"`
	Certain bool    `parquet:"certain"`
	// Proved: on the whole interval, c is proved by the Lemma of
	// ntimes.Proof, from a window inside terms that are constant on it;
	// ProvedFrom is the Lemma's K (the largest over the interval's pieces),
	// 0 if not proved.
	Proved     bool  `parquet:"proved"`
	ProvedFrom int64 `parquet:"proved_from"`
}
