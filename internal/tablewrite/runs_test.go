package tablewrite

import (
	"math/rand/v2"
	"testing"

	"fibnim/grundy"
	"fibnim/table"
)

// BenchmarkRunEncoder encodes an R_g shaped like the engine's at large N:
// runs of about 7, and G(n, n) < g at about 7% of rows, in stretches.
func BenchmarkRunEncoder(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	const N = 1 << 22
	R := make([]uint32, N)
	for n := 1; n < N; n++ {
		switch p := rng.IntN(100); {
		case R[n-1] == grundy.Inf && p < 70, R[n-1] != grundy.Inf && p < 1:
			R[n] = grundy.Inf
		case R[n-1] != grundy.Inf && p < 87:
			R[n] = R[n-1] + 1
		default:
			R[n] = 1 + uint32(rng.IntN(n))
		}
	}
	R[0] = grundy.Inf
	rows := make([]table.Breakpoint, 0, N)
	b.SetBytes(4 * N)
	for b.Loop() {
		enc := NewRunEncoder(1)
		rows = rows[:0]
		for lo := 0; lo < N; lo += 1 << 16 {
			rows = enc.Add(rows, R[lo:lo+1<<16])
		}
		rows = enc.Flush(rows)
	}
	b.ReportMetric(float64(N)/float64(len(rows)), "entries/row")
}
