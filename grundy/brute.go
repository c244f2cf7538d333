package grundy

import "math/big"

// Brute returns G(n, r) for all 0 <= r <= n <= N, computed straight from the
// definition: G(n, r) is the mex of G(n-k, min(floor(a*k), n-k)) over
// 1 <= k <= r, by memoised recursion. The quota floor(a*k) is computed with
// big.Rat. It shares no code with Dense or the breakpoint engine and is meant
// only as a test oracle for small N. The result is indexed [n][r].
func Brute(N int, a *big.Rat) [][]int {
	quota := make([]int, N+1)
	for k := 0; k <= N; k++ {
		x := new(big.Rat).Mul(a, new(big.Rat).SetInt64(int64(k)))
		quota[k] = int(new(big.Int).Quo(x.Num(), x.Denom()).Int64())
	}
	memo := make([][]int, N+1)
	for n := range memo {
		memo[n] = make([]int, n+1)
		for r := range memo[n] {
			memo[n][r] = -1
		}
	}
	var g func(n, r int) int
	g = func(n, r int) int {
		if memo[n][r] >= 0 {
			return memo[n][r]
		}
		seen := map[int]bool{}
		for k := 1; k <= r; k++ {
			seen[g(n-k, min(quota[k], n-k))] = true
		}
		v := 0
		for seen[v] {
			v++
		}
		memo[n][r] = v
		return v
	}
	for n := 0; n <= N; n++ {
		for r := 0; r <= n; r++ {
			g(n, r)
		}
	}
	return memo
}
