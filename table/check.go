package table

import "context"

// Check reads every row of every file of the table and checks it: the
// start values (one row per n, values in range), dense.parquet (every
// cell once) and every run of every breakpoint file (as Runs does), and
// that the runs of file g cover exactly the n with G(n) >= g. It is what
// "compute info -full" runs: Open alone reads only the files' footers.
// It is Scan with every file and no caller (scan.go): each file is read
// once, and the memory does not grow with N. It keeps no rows of
// dense.parquet that it read. It stops when ctx is done.
func (t *Table) Check(ctx context.Context) error {
	loaded := t.dense != nil
	err := t.Scan(ctx, ScanOptions{Every: true}, nil)
	if !loaded {
		t.dense = nil // 2 bytes per cell: do not keep it
	}
	return err
}
