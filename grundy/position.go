package grundy

import "fmt"

// Position is a position (n, r) of the game: N tokens, at most R of which
// may be removed now (0 <= R <= N).
type Position struct {
	N, R int
}

// Start is the starting position (n, n-1) of a pile of n >= 1 (the first
// player may not take the whole pile), and (0, 0) for n = 0.
func Start(n int) Position { return Position{N: n, R: max(n-1, 0)} }

// After is the position reached by removing k tokens, 1 <= k <= p.R:
// (n-k, min(floor(a*k), n-k)). It panics if k is not a legal move.
func (p Position) After(a Multiplier, k int) Position {
	if k < 1 || k > p.R {
		panic(fmt.Sprintf("grundy: removing %d from %v is not a move", k, p))
	}
	m := p.N - k
	return Position{N: m, R: min(a.Quota(k), m)}
}

// IsStart reports whether p is the starting position of its pile, (n, n-1)
// with n >= 1.
func (p Position) IsStart() bool { return p.N >= 1 && p.R == p.N-1 }

// Valid reports whether 0 <= R <= N.
func (p Position) Valid() bool { return p.N >= 0 && p.R >= 0 && p.R <= p.N }

// String writes (n, r).
func (p Position) String() string { return fmt.Sprintf("(%d, %d)", p.N, p.R) }
