package main

import (
	"context"
	"io"
)

func runVerify(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return usagef("verify: not implemented yet")
}
func runExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return usagef("export: not implemented yet")
}
