package fibautomata

import (
	"context"
	"fmt"

	"fibnim/grundy"
)

// Thresholds returns R'_g(n) = min(R_g(n), n+1) for g = 0..K+1 and n =
// 0..N, where R_g(n) is the least r with G(n, r) >= g in Fibonacci nim
// (a = 2), from the breakpoint engine (grundy.FirstLayers). R'_0 = 0.
// G(n, r) is nondecreasing in r, so G(n, r) = g iff R'_g(n) <= r <
// R'_{g+1}(n) (for r <= n).
func Thresholds(ctx context.Context, N, K int) ([][]uint32, error) {
	if N < 1 || K < 0 {
		return nil, fmt.Errorf("fibautomata: Thresholds(N=%d, K=%d)", N, K)
	}
	out := make([][]uint32, K+2)
	for g := range out {
		out[g] = make([]uint32, N+1)
	}
	for n0, R := range grundy.FirstLayers(ctx, N, grundy.Fibonacci, K+1) {
		for g := range R {
			dst := out[g+1][n0:]
			for i, r := range R[g] {
				dst[i] = min(r, uint32(n0+i+1))
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}
