package table

import (
	"context"

	"fibnim/grundy"
	"fibnim/internal/filehash"
)

// The writers of a table folder live in internal/tablewrite, which imports
// this package, so this package's own tests cannot import them. They reach
// them through these variables instead, which writers_test.go (package
// table_test, which may import internal/tablewrite) sets before any test
// runs: the tests read what the real writers write.
var (
	Meta             func(engine string, N int, a grundy.Multiplier, denseMax int, revision string) map[string]string
	CreateRunFile    func(path string, meta map[string]string, g int) (grundy.RunWriter, error)
	WriteDense       func(ctx context.Context, path string, meta map[string]string, tab *grundy.Table, upto int) (filehash.Sum, error)
	WriteStartValues func(ctx context.Context, path string, meta map[string]string, N, workers int, values func(first int, start, full []int32)) (filehash.Sum, error)
	WriteDenseTable  func(ctx context.Context, dir string, meta map[string]string, N int, start, full func(int) int, tab *grundy.Table, denseMax int) error
)
