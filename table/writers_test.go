package table_test

import (
	"fibnim/grundy"
	"fibnim/internal/tablewrite"
	"fibnim/table"
)

// The in-package tests write their tables with the real writers, through
// the variables of export_test.go.
func init() {
	table.Meta = tablewrite.Meta
	table.CreateRunFile = func(path string, meta map[string]string, g int) (grundy.RunWriter, error) {
		return tablewrite.CreateRunFile(path, meta, g)
	}
	table.WriteDense = tablewrite.WriteDense
	table.WriteStartValues = tablewrite.WriteStartValues
	table.WriteDenseTable = tablewrite.WriteDenseTable
}
