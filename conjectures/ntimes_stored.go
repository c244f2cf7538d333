package conjectures

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"fibnim/grundy"
)

// IDFTStored is the id of the statement that the stored n-times nim tables
// equal their recomputation.
const IDFTStored = "FT-stored"

// The n-times nim files have no manifest and no hashes: the recomputation
// is their only guard. FT-stored compares every cell of the four files
// with what verifyNtimes recomputed, so that the other n-times checks,
// which judge the recomputation, also vouch for the files a reader opens.
func init() {
	register(&Check{Order: 899, Reads: NtimesTable,
		Streams: "not streamed: every row of c_table, sequences, real_c and real_terms against the rows the recomputation gives, column by column",
		Statements: []Statement{{ID: IDFTStored, Scope: NTimes, Source: "compute ntimes (ntimes.NewCRow, NewSeqRows, RealTables)",
			Text: "the stored n-times tables equal the recomputation: every column of c_table.parquet, sequences.parquet, real_c.parquet and real_terms.parquet, " +
				"recomputed with the parameters of the files' metadata",
			TeX: `stored tables $=$ recomputed`}},
		ntimes: func(d *ntimesData) Result { return CheckFTStored(d.diffs) }})
}

// StoredDiff is what comparing one stored n-times file with its
// recomputation found.
type StoredDiff struct {
	File    string // base name, e.g. c_table.parquet
	Cells   int64  // cells compared
	Rows    int64  // rows compared (the larger of stored and recomputed)
	Diffs   []CellDiff
	Skipped string // why the file was not compared ("" if it was)
}

// CellDiff is one cell where a stored file and its recomputation differ.
type CellDiff struct {
	Row        int64  // 1-based row of the stored file (or of the recomputation, for a missing row)
	Mult       string // the multiplier, or the interval "[lo, hi)" of a real table
	Column     string // the Parquet column; "row" for a row missing on one side
	Stored     string
	Recomputed string
}

// compareRows compares stored and recomputed rows of one file column by
// column (the parquet tags of T), row i with row i. key names a row's
// multiplier or interval for the report.
func compareRows[T any](file string, stored, want []T, key func(T) string) StoredDiff {
	d := StoredDiff{File: file}
	typ := reflect.TypeFor[T]()
	n := max(len(stored), len(want))
	d.Rows = int64(n)
	for i := range n {
		switch {
		case i >= len(stored):
			d.Diffs = append(d.Diffs, CellDiff{Row: int64(i + 1), Mult: key(want[i]), Column: "row", Stored: "absent", Recomputed: "present"})
			continue
		case i >= len(want):
			d.Diffs = append(d.Diffs, CellDiff{Row: int64(i + 1), Mult: key(stored[i]), Column: "row", Stored: "present", Recomputed: "absent"})
			continue
		}
		s, w := reflect.ValueOf(stored[i]), reflect.ValueOf(want[i])
		for f := range typ.NumField() {
			name, _, _ := strings.Cut(typ.Field(f).Tag.Get("parquet"), ",")
			if name == "" || name == "-" {
				continue
			}
			d.Cells++
			a, b := cellString(s.Field(f)), cellString(w.Field(f))
			if a != b {
				d.Diffs = append(d.Diffs, CellDiff{Row: int64(i + 1), Mult: key(want[i]), Column: name, Stored: a, Recomputed: b})
			}
		}
	}
	return d
}

// cellString writes a cell exactly: floats in their shortest round-trip
// form (NaN equals NaN), everything else as fmt does.
func cellString(v reflect.Value) string {
	if v.Kind() == reflect.Float64 || v.Kind() == reflect.Float32 {
		x := v.Float()
		if math.IsNaN(x) {
			return "NaN"
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	if v.Kind() == reflect.String {
		return strconv.Quote(v.String())
	}
	return fmt.Sprint(v.Interface())
}

// CheckFTStored reports the comparison of every stored n-times file with
// its recomputation: every compared cell is a case, every differing cell
// (or row present on one side only) a failure that names the file, the
// multiplier or interval, the column, and the stored and recomputed
// values. A file that was not compared is named in the note with the
// reason.
func CheckFTStored(diffs []StoredDiff) Result {
	st := statement(IDFTStored, NTimes)
	res := st.result(grundy.Multiplier{})
	res.Index = "row"
	res.Domain = Domain{From: 1, Cells: "every cell of every row of the four files"}
	var skipped, files []string
	for _, d := range diffs {
		if d.Skipped != "" {
			skipped = append(skipped, d.File+": "+d.Skipped)
			continue
		}
		files = append(files, fmt.Sprintf("%s (%d rows)", d.File, d.Rows))
		res.Cases += d.Cells
		res.Domain.To = max(res.Domain.To, d.Rows)
		for _, c := range d.Diffs {
			if c.Column == "row" {
				res.Cases++
			}
			res.fail(Counterexample{N: c.Row,
				Computed:  fmt.Sprintf("%s, %s, column %s: stored %s", d.File, c.Mult, c.Column, c.Stored),
				Predicted: fmt.Sprintf("recomputed %s", c.Recomputed)})
		}
	}
	if res.Cases == 0 {
		return st.notRun(grundy.Multiplier{}, "no stored n-times file compared: "+strings.Join(skipped, "; "))
	}
	res.Note = "compared: " + strings.Join(files, ", ")
	if len(skipped) > 0 {
		res.Note += "; not recomputed: " + strings.Join(skipped, "; ")
	}
	return *res
}

// ntimesParams are the parameters compute ntimes records in the key-value
// metadata of its files, which the recomputation reuses.
type ntimesParams struct {
	terms, seqTerms, minStable, factor, maxTerms int
	realUpto                                     string
}

// parseNtimesParams reads the parameters from a file's metadata; missing
// names what is absent or malformed ("" when all are there).
func parseNtimesParams(meta map[string]string) (p ntimesParams, missing string) {
	var bad []string
	num := func(key string, dst *int) {
		v, err := strconv.Atoi(meta[key])
		if err != nil || v < 1 {
			bad = append(bad, key)
		}
		*dst = v
	}
	num("fibnim.terms", &p.terms)
	num("fibnim.seq_terms", &p.seqTerms)
	num("fibnim.min_stable", &p.minStable)
	num("fibnim.factor", &p.factor)
	num("fibnim.max_terms", &p.maxTerms)
	p.realUpto = meta["fibnim.real_upto"]
	if _, err := grundy.ParseMultiplier(p.realUpto); err != nil {
		bad = append(bad, "fibnim.real_upto")
	}
	if len(bad) > 0 {
		return p, "its metadata lack " + strings.Join(bad, ", ")
	}
	return p, ""
}
