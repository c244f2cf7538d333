package atlas

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"fibnim/grundy"
	"fibnim/internal/atomicfile"
	"fibnim/table"
)

// ErrNoAtlas is returned, wrapped, by Merge for a folder where no shard
// has run (no plan).
var ErrNoAtlas = errors.New("no atlas")

// ErrIncomplete is returned, wrapped, by Merge when a multiplier of the
// plan has no summary yet.
var ErrIncomplete = errors.New("the atlas is incomplete")

// NoAtlasError is the error of [Merge] for a folder Root where no shard
// has run (no plan); it matches [ErrNoAtlas].
type NoAtlasError struct{ Root string }

func (e *NoAtlasError) Error() string {
	return fmt.Sprintf("%v under %s (no %s)", ErrNoAtlas, e.Root, filepath.Join(Dir(e.Root), PlanFile))
}

// Is reports whether target is [ErrNoAtlas].
func (e *NoAtlasError) Is(target error) bool { return target == ErrNoAtlas }

// IncompleteError is the error of [Merge] when Missing, multipliers of
// Plan (Total in all), have no summary under Root yet; it matches
// [ErrIncomplete] and names the first five.
type IncompleteError struct {
	Root    string
	Plan    Plan
	Missing []string
	Total   int
}

func (e *IncompleteError) Error() string {
	show := e.Missing[:min(len(e.Missing), 5)]
	more := ""
	if len(e.Missing) > len(show) {
		more = ", ..."
	}
	return fmt.Sprintf("%v: %d of %d multipliers have no summary under %s (a = %s%s)",
		ErrIncomplete, len(e.Missing), e.Total, Dir(e.Root), strings.Join(show, ", "), more)
}

// Is reports whether target is [ErrIncomplete].
func (e *IncompleteError) Is(target error) bool { return target == ErrIncomplete }

// Merge gathers the atlas under root: it reads the plan, checks that
// every multiplier of it has a valid summary and that ROOT/atlas/ holds
// nothing else (no folder of a multiplier outside the plan, no stray
// file), and returns the rows in the plan's order. It writes nothing; see
// Write. A missing summary gives an error wrapping ErrIncomplete that
// names the first few multipliers without one.
func Merge(root string) (Plan, []AtlasRow, error) {
	plan, err := ReadPlan(root)
	if errors.Is(err, os.ErrNotExist) {
		return plan, nil, &NoAtlasError{Root: root}
	}
	if err != nil {
		return plan, nil, err
	}
	mults, err := plan.Mults()
	if err != nil {
		return plan, nil, err
	}
	inPlan := map[string]bool{}
	for _, a := range mults {
		inPlan[a.FolderName()] = true
	}
	entries, err := os.ReadDir(Dir(root))
	if err != nil {
		return plan, nil, err
	}
	for _, e := range entries {
		name := e.Name()
		switch {
		case strings.HasPrefix(name, "."), name == PlanFile && !e.IsDir():
		case inPlan[name] && e.IsDir():
		default:
			return plan, nil, fmt.Errorf("%s: %w: %s is not part of the atlas of -mults %q (only %s and its multipliers' folders belong there)", Dir(root), ErrInvalid, name, plan.List, PlanFile)
		}
	}
	var rows []AtlasRow
	var missing []string
	for _, a := range mults {
		row, err := ReadSummary(SummaryPath(root, a), a, plan.N)
		if errors.Is(err, os.ErrNotExist) {
			missing = append(missing, a.String())
			continue
		}
		if err != nil {
			return plan, nil, err
		}
		rows = append(rows, row)
	}
	if len(missing) > 0 {
		return plan, nil, &IncompleteError{Root: root, Plan: plan, Missing: missing, Total: len(mults)}
	}
	return plan, rows, nil
}

// WriteAll writes ROOT/atlas.parquet and ROOT/tables/atlas.md (Report) as
// one set (atomicfile.FileSet): a merge stopped part way leaves both earlier
// files, or its journal, which the next merge of ROOT completes first
// (recovered says so). With an earlier atlas (not nil), the report
// compares with it and atlas.parquet names its file (MetaSince), so
// that Regenerate finds it beside atlas.parquet.
func WriteAll(root string, plan Plan, rows []AtlasRow, earlier *Earlier, revision string) (recovered bool, err error) {
	set, recovered, err := atomicfile.NewFileSet(root, "atlas-merge")
	if err != nil {
		return recovered, err
	}
	defer set.Abort()
	extra := map[string]string{
		MetaList: plan.List,
		MetaRows: strconv.Itoa(len(rows)),
	}
	if earlier != nil {
		extra[MetaSince] = earlier.File
	}
	meta := fileMeta(Kind, plan.N, revision, extra)
	if err := writeRows(set.Stage(filepath.Join(root, ParquetFile)), meta, rows); err != nil {
		return recovered, err
	}
	further, err := ReadFurther(root)
	if err != nil {
		return recovered, err
	}
	proved, err := ReadProved(root)
	if err != nil {
		return recovered, err
	}
	if err := set.Add(filepath.Join(root, "tables", ReportFile), ReportWith(plan, rows, earlier, further, proved)); err != nil {
		return recovered, err
	}
	return recovered, set.Commit()
}

// ReadEarlier reads an earlier atlas to compare with (Changes): a merged
// atlas at a size below N.
func ReadEarlier(path string, N int) (*Earlier, error) {
	rows, _, err := Read(path)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 || rows[0].N >= int64(N) {
		return nil, fmt.Errorf("%s: an earlier atlas must have rows at an N below %d", path, N)
	}
	return &Earlier{File: filepath.Base(path), Rows: rows}, nil
}

// Regenerate renders the report (Report) of the merged atlas in root
// again from ROOT/atlas.parquet alone, the earlier atlas its metadata
// names (MetaSince), beside it, the frontier's failures under ROOT
// (ReadFurther) and the sweep of proved classes (ReadProved): what a test
// compares with the committed tables/atlas.md.
func Regenerate(root string) ([]byte, error) {
	rows, list, earlier, err := ReadWithEarlier(root)
	if err != nil {
		return nil, err
	}
	plan := Plan{List: list}
	if len(rows) > 0 {
		plan.N = int(rows[0].N)
	}
	for _, r := range rows {
		plan.Multipliers = append(plan.Multipliers, r.Multiplier)
	}
	further, err := ReadFurther(root)
	if err != nil {
		return nil, err
	}
	proved, err := ReadProved(root)
	if err != nil {
		return nil, err
	}
	return ReportWith(plan, rows, earlier, further, proved), nil
}

// ReadWithEarlier reads root's merged atlas (Read) and the earlier atlas
// its metadata names (MetaSince), beside it (nil if it names none).
func ReadWithEarlier(root string) (rows []AtlasRow, list string, earlier *Earlier, err error) {
	path := filepath.Join(root, ParquetFile)
	rows, meta, err := readChecked(path)
	if err != nil {
		return nil, "", nil, err
	}
	if since := meta[MetaSince]; since != "" {
		N, _ := strconv.Atoi(meta[table.MetaN]) // readFile checked it
		if earlier, err = ReadEarlier(filepath.Join(root, since), N); err != nil {
			return nil, "", nil, err
		}
	}
	return rows, meta[MetaList], earlier, nil
}

// Read reads a merged atlas (ROOT/atlas.parquet) and checks it: the
// columns and metadata of an atlas (readFile), as many rows as it
// says, one per multiplier, in increasing order of a.
func Read(path string) (rows []AtlasRow, list string, err error) {
	rows, meta, err := readChecked(path)
	if err != nil {
		return nil, "", err
	}
	return rows, meta[MetaList], nil
}

// ReadMeta is Read, returning the file's metadata (of its schema version,
// MetaSchema) in place of the list.
func ReadMeta(path string) ([]AtlasRow, map[string]string, error) {
	return readChecked(path)
}

// WriteFile writes rows to path as a merged atlas file of schema
// SchemaVersion, through a temporary file and a rename: meta's entries
// (those ReadMeta returns: MetaList, MetaRows, MetaSince, table.MetaN,
// table.MetaRevision), with MetaKind set to Kind and MetaSchema to
// SchemaVersion, and MetaFit (the rows' fits are weighted: Read recomputed
// those of an earlier file). It is for a program that changes an atlas's rows and
// writes them back (a test's corruption, a conversion); compute atlas
// -merge writes through WriteAll. It does not check the rows: Read does.
func WriteFile(path string, meta map[string]string, rows []AtlasRow) error {
	m := map[string]string{}
	for k, v := range meta {
		m[k] = v
	}
	m[MetaKind], m[MetaSchema], m[MetaFit] = Kind, SchemaVersion, fitMeta
	return writeRows(path, m, rows)
}

// readChecked is Read, returning the file's metadata.
func readChecked(path string) ([]AtlasRow, map[string]string, error) {
	rows, meta, err := readFile(path, Kind)
	if err != nil {
		return nil, nil, err
	}
	if n, err := strconv.Atoi(meta[MetaRows]); err != nil || n != len(rows) {
		return nil, nil, fmt.Errorf("%s: %w: it has %d rows, its metadata says %q", path, ErrInvalid, len(rows), meta[MetaRows])
	}
	var prev grundy.Multiplier
	for i, r := range rows {
		a := grundy.Multiplier{P: uint64(r.ANum), Q: uint64(r.ADen)}
		if i > 0 && !Less(prev, a) {
			return nil, nil, fmt.Errorf("%s: %w: a = %s follows a = %s: rows must increase in a", path, ErrInvalid, a, prev)
		}
		prev = a
	}
	return rows, meta, nil
}
