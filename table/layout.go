package table

import (
	"fmt"
	"path/filepath"
	"strconv"

	"fibnim/grundy"
)

// The layout of a results folder ROOT (compute's -out, default results):
//
//	ROOT/grundy/mult=A/                  a table folder (Dir), one per multiplier
//	    start_values.parquet             StartValue rows, n = 0..N
//	    dense.parquet                    DenseCell rows, 0 <= r <= n <= dense_max
//	    breakpoints/g=0001.parquet ...   Breakpoint rows, one file per value g
//	    manifest.json                    every file's size and SHA-256, the
//	                                     run's parameters (Manifest); written last
//	ROOT/grundy/.mult=A.staging/         a run in progress (package build): the
//	                                     new table as it is made, and
//	                                     .checkpoint.bin; swapped in when complete
//	ROOT/grundy/.mult=A.lock             the lock a writer holds (its pid, command)
//	ROOT/grundy/.mult=A.swap             a swap in progress (SwapMarker)
//	ROOT/ntimes/c_table.parquet          CRow
//	ROOT/ntimes/sequences.parquet        SeqRow
//	ROOT/ntimes/real_c.parquet           RealCRow
//	ROOT/ntimes/real_terms.parquet       RealRow
//
// A multiplier appears in a folder name as mult=P or mult=P_Q
// (grundy.Multiplier.Folder): digits and '_' only, and hive-style, so that
// DuckDB and pyarrow add a mult column.
const (
	StartValuesFile = "start_values.parquet"
	DenseFile       = "dense.parquet"
	BreakpointsDir  = "breakpoints"
	ManifestFile    = "manifest.json"

	// StagingSuffix ends the name of a table folder's staging folder.
	StagingSuffix = ".staging"

	// runDir is where runs made before staging folders kept their work,
	// inside the table folder.
	runDir = ".run"
)

// StagingDir is the folder, beside the table folder dir, in which a run
// makes the new table before it is swapped in (SwapDir).
func StagingDir(dir string) string {
	dir = filepath.Clean(dir)
	return filepath.Join(filepath.Dir(dir), "."+filepath.Base(dir)+StagingSuffix)
}

// LockFile is the file, beside the table folder dir, that a writer of dir
// locks for its whole run.
func LockFile(dir string) string {
	dir = filepath.Clean(dir)
	return filepath.Join(filepath.Dir(dir), "."+filepath.Base(dir)+".lock")
}

// SwapMarker is the file, beside the table folder dir, that a run writes
// just before it swaps its staging folder in and removes once the old
// table is gone: it holds the SHA-256 of the new manifest, which tells a
// later run whether the swap happened.
func SwapMarker(dir string) string {
	dir = filepath.Clean(dir)
	return filepath.Join(filepath.Dir(dir), "."+filepath.Base(dir)+".swap")
}

// OldRunDir is the .run/ folder that runs made before staging folders
// left inside the table folder dir.
func OldRunDir(dir string) string { return filepath.Join(dir, runDir) }

// Key-value metadata that every Parquet file of a table folder carries.
const (
	MetaN        = "fibnim.N"         // largest pile size
	MetaMult     = "fibnim.mult"      // the multiplier, exactly ("2", "7/2")
	MetaEngine   = "fibnim.engine"    // dense, breakpoint or brute
	MetaDenseMax = "fibnim.dense_max" // largest n asked of dense.parquet
	MetaMaxG     = "fibnim.max_g"     // breakpoint runs: the largest G(n)
	MetaG        = "fibnim.g"         // breakpoint files: the value g
	MetaRevision = "fibnim.revision"  // the source revision that wrote it
)

// Dir is the table folder of multiplier a under a results folder.
func Dir(root string, a grundy.Multiplier) string {
	return filepath.Join(root, "grundy", "mult="+a.Folder())
}

// BreakpointFile is the path of value g's file in a breakpoints folder.
func BreakpointFile(dir string, g int) string {
	return filepath.Join(dir, fmt.Sprintf("g=%04d.parquet", g))
}

// Meta is the metadata of a table's files: the run's parameters and the
// source revision, and no timestamps, so that reruns reproduce the files
// byte for byte.
func Meta(engine string, N int, a grundy.Multiplier, denseMax int, revision string) map[string]string {
	return map[string]string{
		MetaEngine:    engine,
		MetaN:         strconv.Itoa(N),
		MetaMult:      a.String(),
		MetaDenseMax:  strconv.Itoa(denseMax),
		MetaRevision:  revision,
		"fibnim.game": "position (n,r); removing k<=r leads to (n-k, min(floor(a*k), n-k)); start (n, n-1)",
	}
}
