package table

import (
	"math"
	"math/big"
	"strings"

	"fibnim/ntimes"
)

// NewCRow is the c_table.parquet row of one solved multiplier.
func NewCRow(s ntimes.Solved) CRow {
	a, e := s.A, s.Eventual
	x, _ := a.Float64()
	alog, _ := ntimes.ALogA(a)
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
func NewSeqRows(s ntimes.Solved, K int) []SeqRow {
	var rows []SeqRow
	for k := 1; k <= min(K, s.Seq.Len()); k++ {
		rows = append(rows, SeqRow{Multiplier: s.A.RatString(), K: int32(k), F: s.Seq.F[k-1].String(), R: int32(s.Seq.R[k-1])})
	}
	return rows
}

// NewRealRow is a real_c.parquet or real_terms.parquet row: on
// lo <= a < hi (hi nil: unbounded) c, or the first terms, are constant.
func NewRealRow(lo, hi *big.Rat, c int, terms []*big.Int, stable int64, certain bool, proof ntimes.Proof) RealRow {
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
