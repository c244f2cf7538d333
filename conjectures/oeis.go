package conjectures

import (
	"fmt"
	"math/big"

	"fibnim/grundy"
	"fibnim/ntimes"
)

// IDOEISA003411 is the id of the check of A003411's formula (package
// report names it).
const IDOEISA003411 = "OEIS-A003411"

// The OEIS entries of two sequences F(a), against F(a) computed afresh
// (LoadOEIS): their statements share the sequences the b-files hold.
func init() {
	o := OEISA003411
	register(&Check{Order: 950, Reads: Sequences,
		Streams: "not streamed: F(3) to OEISTerms terms, the initial terms one by one, then the lemma's window (ntimes.Prove) for the rest",
		Statements: []Statement{{ID: IDOEISA003411, Scope: OEIS, Source: "OEIS A003411, its formula (marked conjectured there)",
			Text: fmt.Sprintf("A003411 is F(3): a(n) = f_{n+1}, with a(0..%d) = %v and a(n) = a(n-1) + a(n-%d) for every n >= %d", len(o.Initial)-1, o.Initial, o.Lag, o.From),
			TeX:  `A003411's recurrence`}},
		oeis: func(d *OEISData) Result { return CheckOEISA003411(d.seq("A003411")) }})
	register(&Check{Order: 951, Reads: Sequences,
		Streams: "not streamed: F(4) to OEISTerms terms against every listed term",
		Statements: []Statement{{ID: "OEIS-A003413", Scope: OEIS, Source: "OEIS A003413, the terms listed on its page",
			Text: "A003413 is F(4): a(n) = f_{n+1} on every listed term", TeX: `A003413's terms`}},
		oeis: func(d *OEISData) Result { return CheckOEISA003413(d.seq("A003413")) }})
}

// seq is the sequence of d compared with the OEIS entry id.
func (d *OEISData) seq(id string) *ntimes.Seq {
	for _, f := range d.F {
		if f.OEIS == id {
			return f.Seq
		}
	}
	panic("conjectures: no sequence for " + id)
}

// OEISA003413 is A003413 ("From a nim-like game", offset 0) as the OEIS
// lists it on its page (the 48 terms shown there, transcribed): F(4),
// with a(n) = f_{n+1}.
var OEISA003413 = []int64{1, 2, 3, 4, 5, 7, 9, 12, 15, 19, 24, 31, 40, 52, 67, 86, 110, 141, 181, 233, 300, 386, 496, 637,
	818, 1051, 1351, 1737, 2233, 2870, 3688, 4739, 6090, 7827, 10060, 12930, 16618, 21357, 27447, 35274, 45334, 58264,
	74882, 96239, 123686, 158960, 204294, 262558}

// OEISA003411 is A003411 (offset 0) as the OEIS defines it: its first
// terms 1, 2, 3, 4, 6 and "a(n) = a(n-1) + a(n-4), n >= 5", which the
// OEIS marks as conjectured (Plouffe's generating function
// (1+x+x^2+x^3+x^4)/(1-x-x^4)).
var OEISA003411 = struct {
	Initial []int64
	Lag     int // a(n) = a(n-1) + a(n-Lag)
	From    int // for n >= From
}{Initial: []int64{1, 2, 3, 4, 6}, Lag: 4, From: 5}

// CheckOEISA003413 compares F(4) with A003413's listed terms.
func CheckOEISA003413(s *ntimes.Seq) Result {
	res := statement("OEIS-A003413", OEIS).result(grundy.Multiplier{})
	res.Domain = Domain{From: 0, To: int64(len(OEISA003413) - 1), Cells: "every listed term"}
	for n, want := range OEISA003413 {
		res.Cases++
		if n >= s.Len() || !s.F[n].IsInt64() || s.F[n].Int64() != want {
			got := "not computed"
			if n < s.Len() {
				got = s.F[n].String()
			}
			res.fail(Counterexample{N: int64(n), Computed: "f = " + got, Predicted: fmt.Sprint(want)})
		}
	}
	if res.Status == Holds {
		res.setStats(OEISStats{Meaning: fmt.Sprintf("F(4) equals all %d terms listed on the OEIS page", len(OEISA003413))})
	}
	res.closeRange()
	return *res
}

// CheckOEISA003411 proves A003411's recurrence for F(3), or reports where
// it fails: the initial terms are f_1..f_5, and a window of the Lemma
// (ntimes.Proof) for c = Lag-1 ending at K gives r(k) = k - c for every
// k >= K-c-1, that is a(n) = a(n-1) + a(n-Lag) for every n >= K-c-1; the
// terms before that are checked one by one.
func CheckOEISA003411(s *ntimes.Seq) Result {
	o := OEISA003411
	res := statement(IDOEISA003411, OEIS).result(grundy.Multiplier{})
	c := o.Lag - 1
	p := ntimes.Prove(s.R)
	res.Domain = Domain{From: 0, To: int64(s.Len() - 1), Cells: "the initial terms and every n up to the lemma's window; the lemma for every n beyond"}
	for n, want := range o.Initial {
		res.Cases++
		if n >= s.Len() || s.F[n].Cmp(big.NewInt(want)) != 0 {
			res.fail(Counterexample{N: int64(n), Computed: fmt.Sprintf("f_%d = %v", n+1, s.F[min(n, s.Len()-1)]), Predicted: fmt.Sprint(want)})
		}
	}
	// a(n) = a(n-1) + a(n-Lag) is f_{n+1} = f_n + f_{n+1-Lag}: r(n) = n - c.
	if !p.OK || p.C != c {
		res.fail(Counterexample{N: int64(s.Len()), Computed: fmt.Sprintf("lemma window %+v", p), Predicted: fmt.Sprintf("a window for c = %d", c)})
		return *res
	}
	for n := o.From; n < p.K-c-1; n++ {
		res.Cases++
		if s.R[n-1] != n-c {
			res.fail(Counterexample{N: int64(n), Computed: fmt.Sprintf("r(%d) = %d", n, s.R[n-1]), Predicted: fmt.Sprintf("r(%d) = %d", n, n-c)})
		}
	}
	res.setStats(OEISStats{LemmaWindowEndK: int64(p.K), ProvedForNFrom: int64(p.K - c - 1),
		Meaning: fmt.Sprintf("k - r(k) = %d for k = %d..%d, so by the lemma for every k >= %d: a(n) = a(n-1) + a(n-%d) for all n >= %d", c, p.K-c-1, p.K, p.K-c-1, o.Lag, min(o.From, p.K-c-1))})
	return *res
}

// OEISSequences are the F(a) written as b-files, with the OEIS entry each
// is compared with ("" where no transcription is kept here).
var OEISSequences = []struct {
	A    grundy.Multiplier
	OEIS string
}{{grundy.Multiplier{P: 5, Q: 2}, "A003410"}, {grundy.Multiplier{P: 3, Q: 1}, "A003411"}, {grundy.Multiplier{P: 4, Q: 1}, "A003413"}}

// OEISData is what the b-files of results/oeis/ hold.
type OEISData struct {
	N     int      // the a = 2 table's N
	G     []uint16 // G(n) = G(n, n) for n = 0..min(10000, N)
	Start []uint16 // G(n, n-1), the start, for n = 0..min(10000, N) (G(0, 0) at n = 0)
	H     []int64  // h(g), the least n with G(n) = g, for g = 0..max G(n)
	F     []struct {
		A    grundy.Multiplier
		OEIS string
		Seq  *ntimes.Seq // the first OEISTerms terms
	}
}

// OEISTerms is how many terms of each F(a) the b-files hold.
const OEISTerms = 1000

// LoadOEIS gathers the b-files' data: G(n) for n <= 10000 and h(g) of
// the a = 2 table to N, and the F(a) of OEISSequences, and checks F(3)
// and F(4) against the OEIS.
func (v *Verification) LoadOEIS(N int, G []uint16, h []int64) {
	d := &OEISData{N: N, G: G, H: h}
	for _, x := range OEISSequences {
		seq := ntimes.Sequence(x.A.Rat(), OEISTerms)
		d.F = append(d.F, struct {
			A    grundy.Multiplier
			OEIS string
			Seq  *ntimes.Seq
		}{x.A, x.OEIS, seq})
	}
	for _, c := range Registry() {
		if c.oeis != nil {
			v.Results = append(v.Results, c.oeis(d))
		}
	}
	v.OEIS = d
}
