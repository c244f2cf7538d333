package conjectures

import (
	"fmt"
	"math/big"
	"strings"

	"fibnim/grundy"
	"fibnim/ntimes"
)

const ftSource = "Frankl & Tokushige, The game of n-times nim (2003)"

// The ids of two n-times nim checks that package report names.
const (
	IDFTTable1  = "FT-table1"
	IDFTCProved = "FT-c-proved"
)

// ftBruteBound is the largest pile on which FT-1 compares F(a) with the
// game solved by brute force.
const ftBruteBound = 2000

// Frankl & Tokushige's theorems and table, on the recomputed n-times nim
// tables: four statements that share one recomputation of every
// multiplier of c_table.parquet (verifyNtimes), so in one file.
func init() {
	how := "not streamed: every multiplier of c_table.parquet is recomputed to its number of terms (in parallel), and the terms are checked one by one"
	register(&Check{Order: 900, Reads: NtimesTable, Streams: how,
		Statements: []Statement{{ID: "FT-1", Scope: NTimes, Source: ftSource + ", Theorem 1 and equation (1)",
			Text: "(i)-(ii) f_{k+1} = f_k + f_{r(k)} with r(k) = min{r : a f_r >= f_k}; (iii) ((a+1)/a) f_k <= f_{k+1}; (iv) r(k) <= r(k+1) <= r(k)+1; (6) k - r(k) < (a+1) log a; (1) f_i = i for i <= floor(a+1) and f_{floor(a+2)} = floor(a+3)",
			TeX:  `F\&T Thm 1 (i)--(v), eq.\ (1)`}},
		ntimes: func(d *ntimesData) Result { return CheckFT1(d.cases, ftBruteBound) }})
	register(&Check{Order: 901, Reads: NtimesTable, Streams: how,
		Statements: []Statement{{ID: "FT-2", Scope: NTimes, Source: ftSource + ", Theorem 2",
			Text: "(vi) (a/(a-1)) f_k > f_{k+1} for all k > k_0; (vii) L <= c <= U with L = floor(log a/(log a - log(a-1))), U = ceil(log a/(log(a+1) - log a))",
			TeX:  `F\&T Thm 2 (vi), (vii)`}},
		ntimes: func(d *ntimesData) Result { return CheckFT2(d.cases) }})
	register(&Check{Order: 902, Reads: NtimesTable, Streams: how,
		Statements: []Statement{{ID: IDFTCProved, Scope: NTimes, Source: "Lemma (ntimes.Proof) on " + ftSource + ", Theorem 1",
			Text: "if k - r(k) = c for the c+2 indices K-c-1 <= k <= K, then k - r(k) = c for every k >= K-c-1; c_table's proved and proved_from are that window in the computed terms, and the proved c is the observed one",
			TeX:  `Lemma: $c(a)$ proved`}},
		ntimes: func(d *ntimesData) Result { return CheckFTProof(d.cases, d.stored) }})
	register(&Check{Order: 903, Reads: NtimesTable, Streams: "not streamed: the printed cells against the recomputed rows of a = 2..14 and the recomputed intervals of real a",
		Statements: []Statement{{ID: IDFTTable1, Scope: NTimes, Source: ftSource + ", Table 1",
			Text: "the printed L, c(n), U, floor(n log n) for n = 2..14 and the printed intervals of real n with their c(n), against verify's recomputation (FT-stored compares the stored files with it)",
			TeX:  `F\&T Table 1 as printed`}},
		ntimes: func(d *ntimesData) Result { return CheckFTTable1(d.computed, d.intervals, d.noReal) }})
}

// ntimesData is what the n-times nim checks read: every multiplier of
// c_table.parquet recomputed, what the table stored of its proof, the
// integer rows of Table 1 and the real intervals, all recomputed, and the
// comparison of every stored file with its recomputation.
type ntimesData struct {
	cases     []FTCase
	stored    []StoredProof
	computed  map[int]FTRow
	intervals []FTInterval
	noReal    string // why the real intervals were not recomputed ("" if they were)
	diffs     []StoredDiff
}

// FTCase is one multiplier's computed sequence with its eventual summary
// and the violations ntimes.CheckTheorems finds in them.
type FTCase struct {
	Seq   *ntimes.Seq // the leading terms f_k <= ftHeadBound, for the brute-force comparison
	Terms int         // terms computed and checked
	E     ntimes.Eventual
	V     []ntimes.Violation
	P     ntimes.Proof // the Lemma's window in the recomputed terms
}

// ftHeadBound bounds the terms an FTCase keeps: the brute-force comparison
// needs only piles up to its bound, and keeping every big-integer term of
// 999 multipliers cost 8 GiB at the default scale.
const ftHeadBound = 1 << 16

// NewFTCase checks the theorems on all of s and e once (FT-1 and FT-2 share
// the result) and keeps only the terms up to ftHeadBound.
func NewFTCase(s *ntimes.Seq, e ntimes.Eventual) FTCase {
	k := 0
	for k < s.Len() && s.F[k].Cmp(big.NewInt(ftHeadBound)) <= 0 {
		k++
	}
	// Copies, so that the rest of the sequence can be freed.
	head := &ntimes.Seq{A: s.A, F: append([]*big.Int(nil), s.F[:k]...), R: append([]int(nil), s.R[:k]...)}
	return FTCase{Seq: head, Terms: s.Len(), E: e, V: ntimes.CheckTheorems(s, e), P: ntimes.Prove(s.R)}
}

func ftClauses(st Statement, cases []FTCase, want map[string]bool, bruteBound int) Result {
	res := st.result(grundy.Multiplier{})
	res.Domain = Domain{From: 1, Cells: "every computed term of every multiplier"}
	res.Index = "k"
	// Where the failures are, by multiplier and clause: a failure at every
	// term of one multiplier (a = 1, (6)) reads differently from one term.
	var where []string
	for _, c := range cases {
		res.Cases += int64(c.Terms)
		res.Domain.To = max(res.Domain.To, int64(c.Terms))
		byClause := map[string]int{}
		var order []string
		for _, v := range c.V {
			if want[v.Clause] {
				res.fail(Counterexample{N: int64(v.K), Computed: fmt.Sprintf("a = %s: %s", c.Seq.A.RatString(), v.Detail), Predicted: v.Clause})
				if byClause[v.Clause] == 0 {
					order = append(order, v.Clause)
				}
				byClause[v.Clause]++
			}
		}
		for _, cl := range order {
			where = append(where, fmt.Sprintf("a = %s: %s at %d of its %d terms", c.Seq.A.RatString(), cl, byClause[cl], c.Terms))
		}
	}
	if len(where) > 0 {
		if len(where) > 10 {
			where = append(where[:10], fmt.Sprintf("and %d more", len(where)-10))
		}
		res.Note = "failures by multiplier: " + strings.Join(where, "; ")
	}
	if bruteBound > ftHeadBound {
		panic("conjectures: brute-force bound above the terms an FTCase keeps")
	}
	if bruteBound > 0 {
		// Theorem 1 (i): the recurrence gives exactly the second-player wins,
		// compared with the game solved from its rules on piles <= bound,
		// for multipliers up to 20 (the brute force is quadratic).
		checked := 0
		for _, c := range cases {
			if x, _ := c.Seq.A.Float64(); x > 20 {
				continue
			}
			checked++
			want := ntimes.Brute(c.Seq.A, bruteBound)
			var got []int64
			for _, f := range c.Seq.F {
				if f.Cmp(big.NewInt(int64(bruteBound))) > 0 {
					break
				}
				got = append(got, f.Int64())
			}
			res.Cases += int64(bruteBound)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				res.fail(Counterexample{N: int64(bruteBound), Computed: fmt.Sprintf("a = %s: recurrence %v", c.Seq.A.RatString(), head(got)), Predicted: fmt.Sprintf("game solved: %v", head(want))})
			}
		}
		brute := fmt.Sprintf("also compared with the game solved by brute force on piles <= %d for the %d multipliers <= 20", bruteBound, checked)
		if res.Note != "" {
			brute = res.Note + "; " + brute
		}
		res.Note = brute
	}
	return *res
}

func head[T any](x []T) string {
	s := fmt.Sprint(x)
	if len(s) > 120 {
		s = s[:120] + " ...]"
	}
	return s
}

// CheckFT1 checks Theorem 1 (i)-(iv), the bound (6) behind (v), and
// equation (1) on every computed term, and (i) against brute force.
func CheckFT1(cases []FTCase, bruteBound int) Result {
	return ftClauses(statement("FT-1", NTimes), cases, map[string]bool{"T1(i-ii)": true, "T1(iii)": true, "T1(iv)": true, "T1(6)": true, "eq(1)": true}, bruteBound)
}

// CheckFT2 checks Theorem 2 (vi) and (vii) on every computed term.
func CheckFT2(cases []FTCase) Result {
	return ftClauses(statement("FT-2", NTimes), cases, map[string]bool{"T2(vi)": true, "T2(vii)": true}, 0)
}

// CheckFTTable1 compares the computed integer rows (L, c, U, floor(a log a)
// for a = 2..14) and the computed intervals of c with Table 1 as printed.
// Every printed cell is a case. noReal, if not empty, says why the
// intervals were not computed: the real half is then left out, with that
// reason in the note.
func CheckFTTable1(computed map[int]FTRow, intervals []FTInterval, noReal string) Result {
	st := statement(IDFTTable1, NTimes)
	res := st.result(grundy.Multiplier{})
	res.Domain = Domain{From: 2, To: 14, Cells: "every printed cell"}
	res.Index = "a"
	missing := 0
	for _, p := range FTTable1Printed {
		c, ok := computed[p.A]
		if !ok {
			missing++
			continue
		}
		for _, col := range []struct {
			name      string
			got, want int
		}{{"L", c.L, p.L}, {"c", c.C, p.C}, {"U", c.U, p.U}, {"floor(a log a)", c.ALogA, p.ALogA}} {
			res.Cases++
			if col.got != col.want {
				res.fail(Counterexample{N: int64(p.A), Computed: fmt.Sprintf("%s = %d", col.name, col.got), Predicted: fmt.Sprintf("%s = %d (printed)", col.name, col.want)})
			}
		}
	}
	byLo := map[string]FTInterval{}
	for _, iv := range intervals {
		byLo[iv.Lo] = iv
	}
	for _, p := range FTRealPrinted {
		if noReal != "" {
			break
		}
		res.Cases++
		iv, ok := byLo[p.Lo]
		if !ok || iv.Hi != p.Hi || iv.C != p.C {
			got := "no computed interval starts there"
			if ok {
				got = fmt.Sprintf("c = %d on [%s, %s)", iv.C, iv.Lo, iv.Hi)
			}
			res.fail(Counterexample{N: 0, Computed: got, Predicted: fmt.Sprintf("c = %d on [%s, %s) (printed)", p.C, p.Lo, p.Hi)})
		}
	}
	var notes []string
	if missing > 0 {
		notes = append(notes, fmt.Sprintf("%d printed rows not computed", missing))
	}
	if noReal != "" {
		notes = append(notes, "the printed intervals of real n not compared: "+noReal)
	}
	res.Note = strings.Join(notes, "; ")
	if len(computed) == 0 {
		return st.notRun(grundy.Multiplier{}, "no c table")
	}
	if strings.Contains(res.Note, "not computed") && res.Cases == 0 {
		res.Status = NotRun
	}
	return *res
}

// StoredProof is what c_table.parquet says of one multiplier's c.
type StoredProof struct {
	Proved bool
	From   int // the Lemma's K; 0 if not proved
}

// CheckFTProof checks the proof of c by the Lemma (ntimes.Proof) for every
// multiplier: the recomputed terms hold the window the table names (or
// none where it says not proved), and the c it proves is the observed c.
// stored[i] belongs to cases[i].
func CheckFTProof(cases []FTCase, stored []StoredProof) Result {
	res := statement(IDFTCProved, NTimes).result(grundy.Multiplier{})
	res.Domain = Domain{From: 1, To: int64(len(cases)), Cells: "every multiplier of c_table"}
	res.Index = "row"
	proved, most := 0, 0
	for i, c := range cases {
		res.Cases++
		st := stored[i]
		p := c.P
		want := StoredProof{}
		if p.OK && p.C == c.E.C {
			want = StoredProof{Proved: true, From: p.K}
			proved++
			most = max(most, p.K)
		}
		if st != want || (p.OK && p.C != c.E.C) {
			res.fail(Counterexample{N: int64(i + 1),
				Computed:  fmt.Sprintf("a = %s: the terms give window %+v for c = %d (observed c = %d)", c.Seq.A.RatString(), p, p.C, c.E.C),
				Predicted: fmt.Sprintf("proved = %v, proved_from = %d (as stored)", st.Proved, st.From)})
		}
	}
	res.setStats(FTProofStats{Proved: int64(proved), NotProved: int64(len(cases) - proved), LargestProvedFrom: int64(most)})
	return *res
}
