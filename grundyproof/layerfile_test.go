package grundyproof

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"fibnim/grundy"
)

// TestLayerFile: the layer files of one engine pass (a = 5/2) hold R'_g as
// Thresholds computes it, row for row; a truncated or foreign file is
// refused on opening, and a changed row fails Verify.
func TestLayerFile(t *testing.T) {
	dir := t.TempDir()
	const N = 50000
	if err := WriteLayerFiles(t.Context(), dir, grundy.Multiplier{P: 5, Q: 2}, N, []int{3, 7}, nil); err != nil {
		t.Fatal(err)
	}
	thr, err := Thresholds(t.Context(), grundy.Multiplier{P: 5, Q: 2}, N, 6)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []int{3, 7} {
		path := filepath.Join(dir, LayerFileName(g))
		l, err := OpenLayerFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if l.G != g || l.N != N || l.Rows() != N+1 || l.A != (grundy.Multiplier{P: 5, Q: 2}) {
			t.Fatalf("header: g %d, N %d", l.G, l.N)
		}
		got := make([]uint32, N+1)
		if err := l.ReadAt(got, 0); err != nil {
			t.Fatal(err)
		}
		for n := range got {
			if got[n] != thr[g][n] {
				t.Fatalf("R'_%d(%d): file %d, Thresholds %d", g, n, got[n], thr[g][n])
			}
		}
		if err := l.Verify(t.Context()); err != nil {
			t.Fatal(err)
		}
		if err := l.ReadAt(got[:2], N); err == nil {
			t.Error("a read past N succeeded")
		}
		l.Close()
	}
	path := filepath.Join(dir, LayerFileName(3))
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.layer")
	for name, data := range map[string][]byte{
		"truncated": b[:len(b)-4],
		"foreign":   append([]byte("PAR1xxxx"), b[8:]...),
		"empty":     nil,
	} {
		if err := os.WriteFile(bad, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if l, err := OpenLayerFile(bad); err == nil {
			l.Close()
			t.Errorf("%s file opened", name)
		}
	}
	changed := append([]byte(nil), b...)
	changed[layerHeaderSize+4*12345] ^= 1
	if err := os.WriteFile(bad, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := OpenLayerFile(bad)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if err := l.Verify(t.Context()); err == nil {
		t.Error("a changed row passed Verify")
	}
}

// A cancelled context leaves no layer file.
func TestLayerFileCancelled(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if err := WriteLayerFiles(ctx, dir, grundy.Fibonacci, 100000, []int{2}, nil); err == nil {
		t.Fatal("a cancelled pass wrote its files")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("a cancelled pass left %d files", len(ents))
	}
}
