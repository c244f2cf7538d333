package grundy

// FirstWithValueBound returns a lower bound on h(g), the least n with
// G(n) = G(n, n) >= g, for g >= 0: the sum of ceil(v/a) over v = 1..g-1.
// No pile below it has a start value of g or more, so a table of size
// N < FirstWithValueBound(a, MaxStartValue+1) cannot overflow its uint16
// start values (for a = 1 that is N < 2,147,450,880; for a = 2,
// N < 1,073,741,824).
//
// Proof. G(m, q) <= q, since (m, q) has at most q options, and G(m, q) is
// nondecreasing in q, since the options of (m, q) are those of (m, q-1) and
// one more. If G(n, n) >= g >= 1, some move k leads to a position of value
// g-1: G(n-k, c) = g-1 with c = min(floor(a*k), n-k). Then g-1 <= c <=
// floor(a*k), so k >= ceil((g-1)/a), and G(n-k, n-k) >= g-1, so
// n-k >= h(g-1). Hence h(g) >= h(g-1) + ceil((g-1)/a), with h(0) = 0.
//
// The bound is far from tight: for a = 1, h(256) is 2,272,949 while the
// bound is 32,640. NimPrefix is the other side: where it reaches g, h(g)
// is exactly g.
func FirstWithValueBound(a Multiplier, g int) int64 {
	var sum int64
	for v := 1; v < g; v++ {
		sum += int64(a.MinRemoval(v))
	}
	return sum
}

// NimPrefix returns floor(a) + 1: G(n) = n for every n <= NimPrefix(a), as
// in nim. So a table of a >= 65535 and N >= 65536 holds the value 65536,
// past what it can store, and can be refused before it is computed.
//
// Proof, by induction on n. For 1 <= k <= n <= floor(a) + 1, floor(a*k) >=
// floor(a) >= n - 1 >= n - k, so removing k leads to (n-k, n-k), of value
// n - k; the options of (n, n) are the values 0..n-1, and G(n) = n.
func NimPrefix(a Multiplier) int64 {
	return int64(a.P/a.Q) + 1
}
