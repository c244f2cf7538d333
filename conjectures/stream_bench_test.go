package conjectures

import (
	"context"
	"testing"

	"fibnim/grundy"
)

// BenchmarkStream is one pass of every streamed check of a = 2 (scopes
// Fibonacci and EveryMultiplier) over 10^6 rows held in arrays, with
// R_1..R_4: the checks' own cost, without decoding. It uses only Stream,
// NewArraySource and Pass, so it runs unchanged on commits before the
// registry, for a comparison.
func BenchmarkStream(b *testing.B) {
	const N = 1_000_000
	s := &Starts{Start: make([]uint16, N+1), Full: make([]uint16, N+1)}
	// Every value up to 63 (G(n) < 40 at this N): G(n, r) is the number
	// of g with R_g(n) <= r.
	var R [4][]uint32
	for g := range R {
		R[g] = make([]uint32, N+1)
	}
	for n0, layers := range grundy.FirstLayers(context.Background(), N, grundy.Fibonacci, 63) {
		for g := range R {
			copy(R[g][n0:], layers[g])
		}
		for g := range layers {
			for i, r := range layers[g] {
				n := n0 + i
				if int(r) <= max(n-1, 0) {
					s.Start[n]++
				}
				if int(r) <= n {
					s.Full[n]++
				}
			}
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Stream(NewArraySource(s, R[:]...), Pass{Mult: grundy.Fibonacci, Paper: true, Mults: true}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(N+1), "ns/row")
}
