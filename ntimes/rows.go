package ntimes

import (
	"math"
	"math/big"
	"strings"
)

// The n-times nim tables a results folder holds (written by compute
// ntimes), in the folder ROOT/ntimes, and their rows:
const (
	CTableFile    = "c_table.parquet"    // CRow rows: c, L, U and the proof, per multiplier
	SequencesFile = "sequences.parquet"  // SeqRow rows: the first terms of each sequence
	RealCFile     = "real_c.parquet"     // RealCRow rows: c on intervals of real a
	RealTermsFile = "real_terms.parquet" // RealRow rows: the first terms on intervals of real a
)

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
	Proved     bool    `parquet:"proved"`         // c is proved by the Lemma of Proof
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
	// Proof, from a window inside terms that are constant on it;
	// ProvedFrom is the Lemma's K (the largest over the interval's pieces),
	// 0 if not proved.
	Proved     bool  `parquet:"proved"`
	ProvedFrom int64 `parquet:"proved_from"`
}

// NewCRow is the c_table.parquet row of one solved multiplier.
func NewCRow(s Solved) CRow {
	a, e := s.A, s.Eventual
	x, _ := a.Float64()
	alog, _ := ALogA(a)
	ratio := math.NaN()
	if x > 1 {
		ratio = float64(e.C) / (x * math.Log(x))
	}
	var proved bool
	var from int64
	if p := s.Proof; p.OK && p.C == e.C {
		proved, from = true, int64(p.K)
	}
	return CRow{Proved: proved, ProvedFrom: from, Multiplier: a.RatString(), ANum: a.Num().Int64(), ADen: a.Denom().Int64(),
		L: int32(e.L), C: int32(e.C), U: int32(e.U), K0: int64(e.K0), Terms: int64(e.Terms), Stable: int64(e.Stable),
		Certain: e.Certain, ALogA: int32(alog), Ratio: ratio, Violations: int32(len(s.Violations))}
}

// NewSeqRows are the sequences.parquet rows of the first K terms of a
// solved multiplier (fewer if fewer were computed).
func NewSeqRows(s Solved, K int) []SeqRow {
	var rows []SeqRow
	for k := 1; k <= min(K, s.Seq.Len()); k++ {
		rows = append(rows, SeqRow{Multiplier: s.A.RatString(), K: int32(k), F: s.Seq.F[k-1].String(), R: int32(s.Seq.R[k-1])})
	}
	return rows
}

// NewRealRow is a real_c.parquet or real_terms.parquet row: on
// lo <= a < hi (hi nil: unbounded) c, or the first terms, are constant.
func NewRealRow(lo, hi *big.Rat, c int, terms []*big.Int, stable int64, certain bool, proof Proof) RealRow {
	parts := make([]string, len(terms))
	for i, x := range terms {
		parts[i] = x.String()
	}
	r := RealRow{Lo: lo.RatString(), C: int32(c), Terms: strings.Join(parts, " "), Stable: stable, Certain: certain, HiFloat: math.Inf(1)}
	if proof.OK && proof.C == c {
		r.Proved, r.ProvedFrom = true, int64(proof.K)
	}
	r.LoFloat, _ = lo.Float64()
	if hi != nil {
		r.Hi = hi.RatString()
		r.HiFloat, _ = hi.Float64()
	}
	return r
}
