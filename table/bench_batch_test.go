package table

import (
	"context"
	"testing"

	"fibnim/grundy"
)

// BenchmarkValues answers 1000 positions drawn uniformly from the whole
// table in one call, with the cache emptied first: the cost of a batch.
func BenchmarkValues(b *testing.B) {
	t := benchTable(b)
	ns, rs := randomCells(1000, 0, t.N())
	ps := make([]grundy.Position, len(ns))
	for i := range ns {
		ps[i] = grundy.Position{N: ns[i], R: rs[i]}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t.SetCacheBytes(DefaultCacheBytes)
		if _, err := t.Values(context.Background(), ps); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRow reads the whole row R_1(n)..R_G(n) of n drawn uniformly
// from the table.
func BenchmarkRow(b *testing.B) {
	t := benchTable(b)
	ns, _ := randomCells(4096, 0, t.N())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := t.Row(ns[i%len(ns)]); err != nil {
			b.Fatal(err)
		}
	}
}
