package fibautomata

import (
	"errors"
	"math/big"
	"path/filepath"
	"testing"

	"fibnim/grundy"
)

// Query (Value of the proved classes) from the committed automata equals the dense engine at every
// position (n, r), n <= 300: the value where it is at most K, the bound
// otherwise.
func TestQueryEqualsDense(t *testing.T) {
	const N = 300
	d, err := grundy.Dense(N, grundy.Fibonacci, 1)
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join("..", "results")
	S, _, err := LoadProved(t.Context(), filepath.Join(root, Folder))
	if err != nil {
		t.Fatal(err)
	}
	one, err := Query(t.Context(), root, big.NewInt(200), big.NewInt(7))
	if err != nil || one.K != len(S)-1 {
		t.Fatalf("Query: %v, %v", one, err)
	}
	if g, ok := Value(S, big.NewInt(200), big.NewInt(7)); one.Known != ok || one.G != g {
		t.Fatalf("Query(200, 7) = %v, Value says %d %v", one, g, ok)
	}
	exact := 0
	for n := 0; n <= N; n++ {
		for r := 0; r <= n; r++ {
			v, known := Value(S, big.NewInt(int64(n)), big.NewInt(int64(r)))
			g := d.At(n, r)
			if known != (g <= len(S)-1) || known && v != g {
				t.Fatalf("G(%d, %d) = %d, the automata say %d (%v)", n, r, g, v, known)
			}
			if known {
				exact++
			}
		}
	}
	if exact == 0 {
		t.Fatal("no position answered exactly")
	}
	if _, err := Query(t.Context(), t.TempDir(), big.NewInt(5), big.NewInt(1)); !errors.Is(err, ErrNoAutomata) {
		t.Errorf("an empty folder: %v, want ErrNoAutomata", err)
	}
	if _, err := Query(t.Context(), root, big.NewInt(5), big.NewInt(6)); err == nil {
		t.Error("r > n was answered")
	}
}
