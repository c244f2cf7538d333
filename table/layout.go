package table

import (
	"fmt"
	"path/filepath"

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
//	ROOT/grundy/.mult=A.*                a run in progress, its lock and swap
//	                                     marker (hidden; package tablebuild owns them)
//	ROOT/global/mult=A/                  a global game's table (package globalnim)
//	ROOT/ntimes/*.parquet                n-times nim tables (package ntimes' rows)
//	ROOT/atlas/, ROOT/atlas.parquet      the multiplier atlas (package atlas)
//
// A multiplier appears in a folder name as mult=P or mult=P_Q
// (grundy.Multiplier.FolderName, the one spelling of it): digits and '_'
// only, and hive-style, so that DuckDB and pyarrow add a mult column.
const (
	StartValuesFile = "start_values.parquet" // StartValue rows
	DenseFile       = "dense.parquet"        // DenseCell rows
	BreakpointsDir  = "breakpoints"          // the folder of the Breakpoint files (BreakpointFile)
	ManifestFile    = "manifest.json"        // the Manifest
)

// Key-value metadata that every Parquet file of a table folder carries.
const (
	MetaN        = "fibnim.N"         // largest pile size
	MetaMult     = "fibnim.mult"      // the multiplier, exactly ("2", "7/2")
	MetaEngine   = "fibnim.engine"    // dense, breakpoint or brute
	MetaDenseMax = "fibnim.dense_max" // largest n asked of dense.parquet
	MetaMaxG     = "fibnim.max_g"     // breakpoint runs: the largest G(n)
	MetaG        = "fibnim.g"         // breakpoint files: the value g
	MetaRevision = "fibnim.revision"  // the source revision that wrote it
	MetaGame     = "fibnim.game"      // the game's rules in words; "global" for a global table
)

// Dir is the table folder of multiplier a under a results folder.
func Dir(root string, a grundy.Multiplier) string {
	return filepath.Join(root, "grundy", a.FolderName())
}

// BreakpointFile is the path of value g's file in a breakpoints folder.
func BreakpointFile(dir string, g int) string {
	return filepath.Join(dir, fmt.Sprintf("g=%04d.parquet", g))
}
