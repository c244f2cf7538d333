package globalnim

import (
	"fmt"
	"math"
)

// Inf marks an absent breakpoint: R_g(x, y) = Inf means G(x, y, max(x, y)) < g.
const Inf = math.MaxUint16

// MaxValue is the largest Grundy value a table holds: counts of
// breakpoints are uint16. (The largest seen is 119, a = 2 at M = 8000.)
const MaxValue = math.MaxUint16

// MaxM is the largest pile the engine accepts: limits and breakpoints are
// uint16 with Inf = 65535 kept apart, and position indices fit an int32
// ((M+1)(M+2)/2 < 2^31). Memory stops a run long before (Bytes).
const MaxM = 65533

// Index is the place of the position {x, y} in the engine's order, which
// runs through the larger pile y = 0, 1, ..., M and, for each, the smaller
// pile x = 0..y: Index(x, y) = y(y+1)/2 + x for x <= y. The piles may be
// given in either order.
func Index(x, y int) int {
	if x > y {
		x, y = y, x
	}
	return y*(y+1)/2 + x
}

// Positions is the number of positions {x, y} with 0 <= x <= y <= M.
func Positions(M int) int { return (M + 1) * (M + 2) / 2 }

// StartLimit is the limit of the starting position (x, y) in this
// package's convention: the first player may take any number of tokens
// from either pile but not every token of the game, r = x + y - 1, which,
// capped at the larger pile, is min(x+y-1, max(x, y)). With both piles
// non-empty that is an unrestricted first move (r = max(x, y)); with one
// empty it is the single pile's start (n, n-1). The empty game has r = 0.
func StartLimit(x, y int) int {
	return max(0, min(x+y-1, max(x, y)))
}

func checkM(M int) error {
	if M < 0 || M > MaxM {
		return fmt.Errorf("global: largest pile %d outside 0..%d", M, MaxM)
	}
	return nil
}
