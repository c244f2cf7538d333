package atlas

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"fibnim/internal/parquetfile"
	"fibnim/table"
)

// committedV1 are the atlases of schema version 1 that results/ holds:
// the 10^8 atlas and the 10^7 one it compares with (docs/atlas.md).
var committedV1 = []string{
	filepath.Join("..", "results", ParquetFile),
	filepath.Join("..", "results", "atlas-1e7.parquet"),
}

// v1Column is the name version 1 gave field f of statement id's result:
// the id in lower case, '-' and '.' as '_', then the field
// ("lrs_conj_upper_first_n"). It is written here from the version 1
// files' documentation (docs/outputs.md before version 2), not taken from
// rowV1, so that it checks rowV1's tags.
func v1Column(id, field string) string {
	return strings.NewReplacer("-", "_", ".", "_").Replace(strings.ToLower(id)) + "_" + field
}

// cells is every value of an AtlasRow by the name of the column version 1
// stored it in: the row's own columns by their tags (by reflection), each
// statement's seven by v1Column.
func cells(r AtlasRow) map[string]any {
	m := map[string]any{}
	v := reflect.ValueOf(r)
	for i := 0; i < v.NumField(); i++ {
		tag := v.Type().Field(i).Tag.Get("parquet")
		if tag == "" || tag == "-" {
			continue
		}
		m[tag] = v.Field(i).Interface()
	}
	for _, c := range r.Checks {
		for f, x := range map[string]any{"status": c.Status, "cases": c.Cases, "failures": c.Failures,
			"first_n": c.FirstN, "first": c.First, "last_n": c.LastN, "last": c.Last} {
			m[v1Column(c.ID, f)] = x
		}
	}
	return m
}

// value is a Parquet value as the Go value of its column's type.
func value(v parquet.Value, like any) any {
	switch like.(type) {
	case string:
		return string(v.ByteArray())
	case int32:
		return v.Int32()
	case float64:
		return v.Double()
	}
	return v.Int64()
}

// The committed atlases of schema version 1 read (Read), and every cell
// of them, read straight from the file by column name with parquet-go's
// own row API, is the converted row's: the row's own columns and the
// seven of each of the five statements, no cell left over on either side.
func TestCommittedV1AtlasesReadCellByCell(t *testing.T) {
	for _, path := range committedV1 {
		// As stored: Read recomputes the fits (refit_test.go).
		rows, meta, err := readStored(path, Kind)
		if err != nil {
			t.Fatal(err)
		}
		if versionOf(meta) != "1" {
			t.Fatalf("%s: schema version %q, want the committed 1", path, versionOf(meta))
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		st, _ := f.Stat()
		pf, err := parquet.OpenFile(f, st.Size())
		if err != nil {
			t.Fatal(err)
		}
		fields := pf.Schema().Fields()
		r := parquet.NewReader(pf)
		compared := 0
		for i := 0; ; i++ {
			raw := parquet.Row{}
			rr := []parquet.Row{raw}
			n, err := r.ReadRows(rr)
			if n == 0 {
				if i != len(rows) {
					t.Fatalf("%s: %d rows in the file, %d read", path, i, len(rows))
				}
				break
			}
			want := cells(rows[i])
			if len(want) != len(fields) {
				t.Fatalf("%s row %d: %d cells in the row, %d columns in the file", path, i, len(want), len(fields))
			}
			rr[0].Range(func(col int, vals []parquet.Value) bool {
				name := fields[col].Name()
				w, ok := want[name]
				if !ok {
					t.Fatalf("%s: column %s has no cell in the converted row", path, name)
				}
				var got any
				if fields[col].Repeated() {
					var xs []int64
					for _, v := range vals {
						xs = append(xs, v.Int64())
					}
					got = xs
				} else {
					got = value(vals[0], w)
				}
				if !reflect.DeepEqual(got, w) && !(reflect.ValueOf(w).Kind() == reflect.Slice && reflect.ValueOf(w).Len() == 0 && got == nil) {
					t.Errorf("%s row %d (a = %s), column %s: file %v, converted %v", path, i, rows[i].Multiplier, name, got, w)
				}
				compared++
				return true
			})
			if err != nil {
				break
			}
		}
		f.Close()
		if compared != len(rows)*len(fields) {
			t.Errorf("%s: %d cells compared, want %d rows x %d columns", path, compared, len(rows), len(fields))
		}
		t.Logf("%s: %d rows x %d columns, every cell equal", path, len(rows), len(fields))
	}
}

// Converting a committed atlas to today's schema (WriteFile) and reading
// it back gives the same rows, and the same report, findings and changes
// to the byte: the report does not depend on the schema version.
func TestSchemaRoundTrip(t *testing.T) {
	dir := t.TempDir()
	earlier, err := ReadEarlier(committedV1[1], 1e8)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range committedV1 {
		// As stored: Read recomputes the fits (refit_test.go).
		rows, meta, err := readStored(path, Kind)
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, filepath.Base(path))
		if err := WriteFile(out, meta, rows); err != nil {
			t.Fatal(err)
		}
		again, meta2, err := ReadMeta(out)
		if err != nil {
			t.Fatal(err)
		}
		if meta2[MetaSchema] != SchemaVersion || meta2[MetaList] != meta[MetaList] || meta2[MetaRows] != meta[MetaRows] {
			t.Errorf("%s: metadata %v after the round trip, was %v", path, meta2, meta)
		}
		if !reflect.DeepEqual(rows, again) {
			t.Fatalf("%s: the rows differ after the round trip through schema %s", path, SchemaVersion)
		}
		plan := Plan{List: meta[MetaList], N: int(rows[0].N)}
		if !bytes.Equal(Report(plan, rows, earlier, nil), Report(plan, again, earlier, nil)) ||
			strings.Join(Findings(rows, plan.List, earlier, nil), "\n") != strings.Join(Findings(again, plan.List, earlier, nil), "\n") {
			t.Errorf("%s: the report or the findings differ between the schema versions", path)
		}
	}
}

// A file is read by the schema its metadata declares: one whose columns
// are not those of its version, of a version this package does not know,
// or whose statement lists disagree, is refused, never read as it
// would come.
func TestSchemaRefusals(t *testing.T) {
	rows, meta, err := ReadMeta(committedV1[1])
	if err != nil {
		t.Fatal(err)
	}
	raw, _, err := table.ReadFile[rowV1](committedV1[1])
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), ParquetFile)
	with := func(k, v string) map[string]string {
		m := map[string]string{}
		for a, b := range meta {
			m[a] = b
		}
		if v == "" {
			delete(m, k)
		} else {
			m[k] = v
		}
		return m
	}
	refused := func(what, want string) {
		t.Helper()
		if _, _, err := Read(p); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error wrapping ErrInvalid that says %q", what, err, want)
		}
	}
	// Version 1's columns under version 2's metadata.
	if err := parquetfile.WriteFile(p, with(MetaSchema, SchemaVersion), raw); err != nil {
		t.Fatal(err)
	}
	refused("version 1 columns declared as 2", "columns")
	// Version 2's columns with no version: read as version 1, refused.
	if err := writeRows(p, with(MetaSchema, ""), rows); err != nil {
		t.Fatal(err)
	}
	refused("version 2 columns declared as none", "columns are not those of an atlas row of schema version 1")
	// A version from the future.
	if err := writeRows(p, with(MetaSchema, "3"), rows); err != nil {
		t.Fatal(err)
	}
	refused("version 3", `schema version "3"`)
	// Today's writer and version: accepted.
	if err := writeRows(p, with(MetaSchema, SchemaVersion), rows); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Read(p); err != nil {
		t.Fatalf("the converted file: %v", err)
	}
	// Rows of AtlasRow alone (no statement lists), as a writer that
	// bypassed this package would store them.
	if err := parquetfile.WriteFile(p, with(MetaSchema, SchemaVersion), rows); err != nil {
		t.Fatal(err)
	}
	refused("rows without their statements", "columns")
	// Lists of different lengths, and a statement twice.
	for what, bad := range map[string]func(f *fileRow){
		"a status missing":     func(f *fileRow) { f.CheckStatus = f.CheckStatus[1:] },
		"a last n too many":    func(f *fileRow) { f.CheckLastN = append(f.CheckLastN, 7) },
		"a statement twice":    func(f *fileRow) { f.CheckID[1] = f.CheckID[0] },
		"a statement nameless": func(f *fileRow) { f.CheckID[2] = "" },
	} {
		files := make([]fileRow, len(rows))
		for i, r := range rows {
			files[i] = toFile(r.Clone())
		}
		bad(&files[3])
		if err := parquetfile.WriteFile(p, with(MetaSchema, SchemaVersion), files); err != nil {
			t.Fatal(err)
		}
		refused(what, "row 3")
	}
}

// A statement that joins the registry after an atlas was computed has no
// entry in that atlas's rows: they still read, the report gives it a
// column with n/a where a row has no result and says why, and the rows
// that have it are read and reported like any other.
func TestStatementAddedLater(t *testing.T) {
	rows := []AtlasRow{synthetic("3/2", 2.9, 0.3, 0), synthetic("2", 4, 0.4, 0), synthetic("3", 5, 0.3, 0)}
	for i := range rows {
		rows[i].H = []int64{0, 1, 3} // not nil: a list read back is never nil
	}
	rows[2].Checks = append(rows[2].Checks, CheckResult{ID: "NEW-statement", Status: "fails", Cases: 9, Failures: 2, FirstN: 4, First: "x", LastN: 8, Last: "y"})
	p := filepath.Join(t.TempDir(), ParquetFile)
	if err := WriteFile(p, map[string]string{table.MetaN: "1500", MetaList: "3/2,2,3", MetaRows: "3"}, rows); err != nil {
		t.Fatal(err)
	}
	got, list, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, rows) {
		t.Fatal("rows with and without the new statement do not round-trip")
	}
	ids := CheckIDs(got)
	if k := len(rows[0].Checks); len(ids) != k+1 || ids[k] != "NEW-statement" {
		t.Errorf("CheckIDs = %v", ids)
	}
	head := ""
	for _, id := range ids {
		head += " | " + columnName(id)
	}
	list2, _ := ParseList(list)
	md := string(Report(NewPlan(list, list2, 1500), got, nil, nil))
	for _, want := range []string{
		"| a | G(N) | alpha | beta | RMS" + head + " | last outside [1, 2] | differences |",
		"| 2 | 0 | 4.0000 | 0.0000 | 0.400 | " + verdicts(rows[1], "ok") + " | n/a | - | 1: 600, 2: 400 |",
		"| 3 | 0 | 5.0000 | 0.0000 | 0.300 | " + verdicts(rows[0], "ok") + " | 2 | - | 1: 600, 2: 400 |",
		"The " + count(len(ids)) + " checks",
		"NEW-statement(a) fails for 1 of the 3 multipliers: a = 3 (2 failures). The rows of a = 3/2, 2 have no result for it",
		"Also NEW-statement(a), a statement the registry no longer puts for every a",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the report lacks %q:\n%s", want, md)
		}
	}
	f := strings.Join(Findings(got, list, nil, nil), "\n")
	if !strings.Contains(f, "NEW-statement(a) fails for 1 of them") {
		t.Errorf("the findings lack the new statement:\n%s", f)
	}
}
