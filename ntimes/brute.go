package ntimes

import "math/big"

// Brute returns the pile sizes s, 1 <= s <= B, from which the second player
// wins, found by solving the game from its rules alone. Position (n, r) has
// n stones and a quota of r; removing k <= r leads to
// (n-k, min(floor(a*k), n-k)). It is a loss for the player to move iff no
// move reaches such a loss. Adding moves cannot turn a win into a loss, so
// the losing quotas of n are exactly r < w(n), where w(n) is the least k
// whose move reaches a loss (n+1 if none). A pile s starts at (s, s-1).
func Brute(a *big.Rat, B int) []int {
	checkMultiplier(a)
	quota := make([]int, B+1)
	for k := 0; k <= B; k++ {
		x := new(big.Rat).Mul(a, new(big.Rat).SetInt64(int64(k)))
		quota[k] = int(new(big.Int).Quo(x.Num(), x.Denom()).Int64())
	}
	w := make([]int, B+1)
	w[0] = 1 // (0, 0) is a loss: no move at all
	for n := 1; n <= B; n++ {
		w[n] = n + 1
		for k := 1; k <= n; k++ {
			if min(quota[k], n-k) < w[n-k] {
				w[n] = k
				break
			}
		}
	}
	var out []int
	for s := 1; s <= B; s++ {
		if s-1 < w[s] {
			out = append(out, s)
		}
	}
	return out
}
