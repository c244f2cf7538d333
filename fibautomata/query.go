package fibautomata

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"os"
	"path/filepath"
)

// ErrNoAutomata is what Query's error matches (errors.Is) when the
// results folder holds no automata (no Folder/g0.txt).
var ErrNoAutomata = errors.New("fibautomata: no automata in this folder")

// NoAutomataError is the error of [Query] for a results folder Root whose
// automata folder Dir holds no g0.txt; it matches [ErrNoAutomata].
type NoAutomataError struct{ Root, Dir string }

func (e *NoAutomataError) Error() string {
	return fmt.Sprintf("%s holds no g0.txt: %v", e.Dir, ErrNoAutomata)
}

// Is reports whether target is [ErrNoAutomata].
func (e *NoAutomataError) Is(target error) bool { return target == ErrNoAutomata }

// Answer is what proved automata say about one position (n, r) of
// Fibonacci nim.
type Answer struct {
	N, R  *big.Int
	Known bool   // G(n, r) = G; otherwise G(n, r) >= K+1
	G     int    // when Known
	K     int    // S_0..S_K were proved
	Dir   string // the folder of the automata, as given
}

// String states the answer and where it comes from.
func (a Answer) String() string {
	if a.Known {
		return fmt.Sprintf("G = %d, proved for all n (automata, %s: S_0..S_%d, proved again on loading)", a.G, a.Dir, a.K)
	}
	return fmt.Sprintf("G >= %d (in none of the proved S_0..S_%d: automata, %s)", a.K+1, a.K, a.Dir)
}

// Query answers G(n, r) (0 <= r <= n, any size) of Fibonacci nim from the
// automata of the results folder root (root/Folder), which it proves
// again first (LoadProved): the value when it is at most K, else the
// bound G >= K+1.
func Query(ctx context.Context, root string, n, r *big.Int) (Answer, error) {
	if n.Sign() < 0 || r.Sign() < 0 || r.Cmp(n) > 0 {
		return Answer{}, fmt.Errorf("fibautomata: (%s, %s) is not a position: want 0 <= r <= n", n, r)
	}
	dir := filepath.Join(root, Folder)
	if _, err := os.Stat(filepath.Join(dir, "g0.txt")); errors.Is(err, fs.ErrNotExist) {
		return Answer{}, &NoAutomataError{Root: root, Dir: dir}
	}
	S, _, err := LoadProved(ctx, dir)
	if err != nil {
		return Answer{}, err
	}
	g, ok := Value(S, n, r)
	return Answer{N: n, R: r, Known: ok, G: g, K: len(S) - 1, Dir: dir}, nil
}
