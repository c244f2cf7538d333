package conjectures

import (
	"context"
	"math/big"
	"strings"
	"testing"

	"fibnim/ntimes"
)

// FT-stored names the file, the multiplier or interval, the column and
// both values of every cell that differs, in each of the four files, and
// a row that is on one side only (issue 33, T1).
func TestFTStoredNamesEveryFile(t *testing.T) {
	sv := ntimes.Solve1(big.NewRat(3, 1), 200, 10, 1<<12)
	seqs := ntimes.NewSeqRows(sv, 20)
	realC, realT, _, err := ntimes.RealTables(context.Background(), 6, big.NewRat(3, 1), 200, 10, 1<<12)
	if err != nil {
		t.Fatal(err)
	}
	rc := make([]ntimes.RealCRow, len(realC))
	for i, r := range realC {
		rc[i] = r.RealC()
	}
	seqKey := func(r ntimes.SeqRow) string { return "a = " + r.Multiplier }
	ivKey := func(lo, hi string) string { return "[" + lo + ", " + hi + ")" }
	badSeq := append([]ntimes.SeqRow(nil), seqs...)
	badSeq[9].F = "999"
	badRC := append([]ntimes.RealCRow(nil), rc...)
	badRC[1].C++
	badRT := append([]ntimes.RealRow(nil), realT...)
	badRT[0].Terms = "1 2 3"
	for _, c := range []struct {
		d    StoredDiff
		want string
	}{
		{compareRows(ntimes.SequencesFile, badSeq, seqs, seqKey), `sequences.parquet, a = 3, column f_k: stored "999"`},
		{compareRows(ntimes.SequencesFile, seqs[:19], seqs, seqKey), "sequences.parquet, a = 3, column row: stored absent"},
		{compareRows(ntimes.RealCFile, badRC, rc, func(r ntimes.RealCRow) string { return ivKey(r.Lo, r.Hi) }), "real_c.parquet, [" + rc[1].Lo + ", " + rc[1].Hi + "), column c: stored"},
		{compareRows(ntimes.RealTermsFile, badRT, realT, func(r ntimes.RealRow) string { return ivKey(r.Lo, r.Hi) }), `real_terms.parquet, [1, ` + realT[0].Hi + `), column terms: stored "1 2 3"`},
	} {
		r := CheckFTStored([]StoredDiff{c.d})
		if r.Status != Fails || r.Failures != 1 || !strings.HasPrefix(r.Counterexamples[0].Computed, c.want) || !strings.HasPrefix(r.Counterexamples[0].Predicted, "recomputed ") {
			t.Errorf("want one failure %q: %s, %+v", c.want, r.Status, r.Counterexamples)
		}
		if r := CheckFTStored([]StoredDiff{compareRows(c.d.File, seqs, seqs, seqKey)}); r.Status != Holds && c.d.File == ntimes.SequencesFile {
			t.Errorf("%s against itself: %s", c.d.File, r.Status)
		}
	}
	// Nothing compared: not run, with the reason.
	if r := CheckFTStored([]StoredDiff{{File: ntimes.RealCFile, Skipped: "absent"}}); r.Status != NotRun || !strings.Contains(r.Note, "real_c.parquet: absent") {
		t.Errorf("no file compared: %s, %q", r.Status, r.Note)
	}
}
