package table

import (
	"math/rand/v2"
	"os"
	"testing"
)

// The read benchmarks need a table folder: FIBNIM_BENCH_TABLE names it
// (ROOT/grundy/mult=A, as compute grundy writes it; scripts/bench_reads.sh
// makes one of N = 10^7). This file uses only Open and Value, so that it
// also runs on commits from before Values and Row, for a baseline.
func benchTable(b *testing.B) *Table {
	b.Helper()
	dir := os.Getenv("FIBNIM_BENCH_TABLE")
	if dir == "" {
		b.Skip("set FIBNIM_BENCH_TABLE to a table folder (compute grundy -n 1e7 -out DIR; then DIR/grundy/mult=2)")
	}
	t, err := Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { t.Close() })
	return t
}

// benchSeed seeds the positions of every read benchmark.
const benchSeed = 366

// randomCells returns k positions (n, r), n uniform in [lo, hi], r uniform
// in [0, n], from a source seeded with benchSeed.
func randomCells(k, lo, hi int) (ns, rs []int) {
	rng := rand.New(rand.NewPCG(benchSeed, 0))
	for range k {
		n := lo + rng.IntN(hi-lo+1)
		ns = append(ns, n)
		rs = append(rs, rng.IntN(n+1))
	}
	return ns, rs
}

// BenchmarkValueWarm asks G(n, r) of 256 positions with n in one window of
// 256 rows and r anywhere in 0..n, over and over: the pages they need have
// been read by an earlier call. It is the cost of a query near others, as
// when a player follows a game or a researcher walks a row.
func BenchmarkValueWarm(b *testing.B) {
	t := benchTable(b)
	n0 := t.N() / 3
	ns, rs := randomCells(256, n0, min(n0+255, t.N()))
	for i := range ns {
		if _, err := t.Value(ns[i], rs[i]); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := t.Value(ns[i%len(ns)], rs[i%len(rs)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValueRandom asks G(n, r) of positions drawn uniformly from the
// whole table (n in 0..N, r in 0..n): nearly every call reads pages no
// earlier call read (the operating system's file cache is warm).
func BenchmarkValueRandom(b *testing.B) {
	t := benchTable(b)
	ns, rs := randomCells(4096, 0, t.N())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := t.Value(ns[i%len(ns)], rs[i%len(rs)]); err != nil {
			b.Fatal(err)
		}
	}
}
