package main

import (
	"context"
	"io"

	"fibnim/grundy"
)

func runNtimes(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return usagef("ntimes: not implemented yet")
}
func runVerify(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return usagef("verify: not implemented yet")
}
func runExport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return usagef("export: not implemented yet")
}
func newBreakpointValuer(N int, a grundy.Multiplier) (valuer, error) {
	return nil, usagef("query: n=%d is above the dense query limit %d", N, maxQueryDense)
}
