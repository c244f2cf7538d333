package table

import (
	"context"
	"fmt"
	"path/filepath"
)

// CheckFolders runs [Table.Check], the deep check of "compute info
// -full", on every table folder under root/grundy (ROOT/grundy/mult=A),
// in increasing a. It returns, for each, one line that says what was read:
// every row of every data file, each page's checksum included. A check
// that vouches for a table (package conjectures' verify hashes its files
// against the manifest) runs it so as to vouch only for what it read: a
// damaged page whose file's hash was recomputed into the manifest fails
// here. progress, if not nil, is called before each folder. It stops
// when ctx is done.
func CheckFolders(ctx context.Context, root string, progress func(dir string)) ([]string, error) {
	mults, err := Mults(filepath.Join(root, "grundy"))
	if err != nil {
		return nil, err
	}
	var lines []string
	for _, a := range mults {
		dir := Dir(root, a)
		if progress != nil {
			progress(dir)
		}
		line, err := checkFolder(ctx, dir)
		if err != nil {
			return nil, err
		}
		lines = append(lines, line)
	}
	return lines, nil
}

func checkFolder(ctx context.Context, dir string) (string, error) {
	t, err := Open(dir)
	if err != nil {
		return "", err
	}
	defer t.Close()
	return t.DeepCheck(ctx)
}

// DeepCheck runs [Table.Check] on t and returns one line that says what
// it read, as [CheckFolders] does for each folder. Where the check fails
// and the table has a manifest, the files are hashed first, so that a
// file that changed after it was written is named as such.
func (t *Table) DeepCheck(ctx context.Context) (string, error) {
	if err := t.Check(ctx); err != nil {
		// A file that changed after it was written is named as such, as
		// info -full names it (it hashes first); the hashes are not taken
		// twice on the way to success, since verify takes them after.
		if t.Manifest() != nil && ctx.Err() == nil {
			if herr := t.CheckHashes(ctx); herr != nil {
				return "", herr
			}
		}
		return "", err
	}
	return t.CheckedLine()
}

// CheckedLine is the line that says what [Table.Check] read, for a table
// that passed it, or a [Table.Scan] with ScanOptions.Every that returned
// nil: DeepCheck's line, for a reader that ran the check inside a pass of
// its own (compute verify).
func (t *Table) CheckedLine() (string, error) {
	dir := t.dir
	files, err := dataFiles(dir)
	if err != nil {
		return "", err
	}
	what := "the start values"
	if t.DenseN() >= 0 {
		what += fmt.Sprintf(", dense.parquet to n = %d", t.DenseN())
	}
	if t.HasBreakpoints() {
		what += fmt.Sprintf(" and the runs of g = 1..%d, which cover exactly the n with G(n) >= g", len(t.files))
	}
	return fmt.Sprintf("Table %s: every row of its %d data files was read and checked, each page's checksum included (%s): the check of compute info -full.", dir, len(files), what), nil
}
