package figures_test

import (
	"fmt"
	"image/png"
	"log"
	"os"
	"path/filepath"

	"gonum.org/v1/plot/vg"

	"fibnim/figures"
	"fibnim/grundy"
	"fibnim/internal/parquetfile"
	"fibnim/internal/tablewrite"
	"fibnim/table"
)

// ExampleDraw computes a small table of Fibonacci nim, writes it as
// "compute" would, and draws the cell-by-cell figure from it.
func ExampleDraw() {
	dir, err := os.MkdirTemp("", "figures-example-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	// G(n, r) for 0 <= r <= n <= 60, in the files compute writes.
	const N = 60
	t, err := grundy.Dense(N, grundy.Fibonacci, 1)
	if err != nil {
		log.Fatal(err)
	}
	var starts []table.StartValue
	var cells []table.DenseCell
	for n := 0; n <= N; n++ {
		starts = append(starts, table.StartValue{N: int64(n), GStart: int32(t.Start(n)), GFull: int32(t.Full(n))})
		for r := 0; r <= n; r++ {
			cells = append(cells, table.DenseCell{N: int32(n), R: int32(r), G: int32(t.At(n, r))})
		}
	}
	gdir := filepath.Join(dir, "grundy", "mult=2")
	if err := os.MkdirAll(gdir, 0o755); err != nil {
		log.Fatal(err)
	}
	meta := tablewrite.Meta("dense", N, grundy.Fibonacci, N, "example")
	if err := parquetfile.WriteFile(filepath.Join(gdir, "start_values.parquet"), meta, starts); err != nil {
		log.Fatal(err)
	}
	if err := parquetfile.WriteFile(filepath.Join(gdir, "dense.parquet"), meta, cells); err != nil {
		log.Fatal(err)
	}

	// Draw one figure and save it as a PNG at 100 dpi.
	src := figures.NewSource(dir, grundy.Fibonacci)
	f, err := figures.Draw(src, "grundy_table")
	if err != nil {
		log.Fatal(err)
	}
	path := filepath.Join(dir, f.Name+".png")
	if err := figures.Save(path, "png", f, 100); err != nil {
		log.Fatal(err)
	}
	file, err := os.Open(path)
	if err != nil {
		log.Fatal(err)
	}
	defer file.Close()
	cfg, err := png.DecodeConfig(file)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s: %.1f × %.1f in, %d × %d pixels\n", f.Name, f.Width/vg.Inch, f.Height/vg.Inch, cfg.Width, cfg.Height)

	// The whole-table figure needs a table beyond n = 60: it is skipped.
	_, err = figures.Draw(src, "grundy_table_full")
	fmt.Println(err)
	// Output:
	// grundy_table: 6.5 × 4.6 in, 650 × 460 pixels
	// the dense table only reaches n = 60; grundy_table shows it all
}
