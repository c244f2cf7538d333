package tablebuild

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"fibnim/grundy"
)

// fuzzN is the table size of the checkpoints FuzzCheckpoint reads: small,
// so that an iteration costs microseconds.
const fuzzN = 40

// fuzzCheckpoints are valid checkpoints of size fuzzN, R_G held as rows
// and as runs, the seeds of FuzzCheckpoint.
func fuzzCheckpoints(f *testing.F) [][]byte {
	f.Helper()
	a := grundy.Fibonacci
	dir := f.TempDir()
	rows := grundy.NewRowLayer(fuzzN)
	r := make([]uint32, fuzzN+1)
	for n := range r {
		r[n] = uint32(max(n/2, 1))
	}
	rows.Fill(0, r)
	runs, err := grundy.NewRunLayer(fuzzN, []grundy.Run{{N: 1, R: 1, Len: 10}, {N: 20, R: 5, Len: 3}})
	if err != nil {
		f.Fatal(err)
	}
	var out [][]byte
	for i, R := range []*grundy.Layer{rows, runs} {
		path := filepath.Join(dir, "c"+string(rune('0'+i)))
		c := &checkpoint{N: fuzzN, G: 2, P: a.P, Q: a.Q, breakpoints: true, R: R, counts: grundy.NewStartCounts(fuzzN)}
		if err := c.save(context.Background(), path); err != nil {
			f.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// FuzzCheckpoint: the checkpoint reader returns a checkpoint or an error
// on any bytes, never a panic, a hang or an allocation beyond the table
// of size N it was asked for (issue 33, T6).
func FuzzCheckpoint(f *testing.F) {
	for _, b := range fuzzCheckpoints(f) {
		f.Add(b)
	}
	f.Add([]byte("FIBNIMCK3 an older format"))
	f.Add([]byte{})
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, b []byte) {
		path := filepath.Join(dir, "checkpoint.bin")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := loadCheckpoint(path, fuzzN, grundy.Fibonacci, true)
		if err != nil {
			return
		}
		defer c.R.Free()
		if c.N != fuzzN || c.G < 1 {
			t.Fatalf("loaded a checkpoint of N = %d, G = %d", c.N, c.G)
		}
	})
}
