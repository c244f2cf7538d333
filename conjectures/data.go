package conjectures

// Starts holds the start values of every pile n = 0..N.
type Starts struct {
	Start []uint16 // G(n, n-1); G(0, 0) for n = 0
	Full  []uint16 // G(n) = G(n, n)
}

// N is the largest pile covered.
func (s *Starts) N() int { return len(s.Full) - 1 }

// LowRows holds R_g(n), the least r with G(n, r) >= g, for g = 1..4 and
// n = 0..N: enough to know every cell of value 0..3, so Theorems 4.1-4.7
// are checked on every (n, r), not on a sample.
type LowRows struct {
	R [4][]uint32 // R[g-1][n]; grundy.Inf where absent
}

// N is the largest row covered.
func (l *LowRows) N() int { return len(l.R[0]) - 1 }
