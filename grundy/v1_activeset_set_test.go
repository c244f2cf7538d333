package grundy

import (
	"math/rand/v2"
	"testing"
)

// TestActiveSet checks prev against a plain boolean slice under random
// adds and removes, for sizes around the word and level boundaries.
func TestActiveSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, N := range []int{0, 1, 62, 63, 64, 65, 4095, 4096, 4097, 300000} {
		s := newActiveSet(N)
		ref := make([]bool, N+1)
		for step := 0; step < 20000; step++ {
			x := rng.IntN(N + 1)
			switch rng.IntN(3) {
			case 0:
				s.add(x)
				ref[x] = true
			case 1:
				s.remove(x)
				ref[x] = false
			default:
				want := -1
				for y := x; y >= 0; y-- {
					if ref[y] {
						want = y
						break
					}
				}
				if got := s.prev(x); got != want {
					t.Fatalf("N=%d step %d: prev(%d) = %d, want %d", N, step, x, got, want)
				}
			}
		}
		if s.prev(-1) != -1 {
			t.Fatalf("prev(-1) should be -1")
		}
		s.clear()
		if got := s.prev(N); got != -1 {
			t.Fatalf("after clear, prev(N) = %d", got)
		}
	}
}
