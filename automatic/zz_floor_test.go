package automatic

import (
	"testing"
	"time"
)

func TestZZFloor(t *testing.T) {
	for _, ns := range []*Numeration{Zeckendorf(), mustNumeration("ntc3", []int64{1, 2, 3, 4, 6}, 3)} {
		for _, pq := range [][2]int64{{2, 1}, {3, 1}, {5, 2}, {7, 2}, {13, 4}, {10, 3}, {41, 12}} {
			t0 := time.Now()
			a := ns.Floor(t.Context(), pq[0], pq[1])
			if a == nil {
				t.Logf("%s %d/%d: nil (%v)", ns, pq[0], pq[1], time.Since(t0))
				continue
			}
			bad := 0
			for k := uint64(0); k < 200; k++ {
				for tt := uint64(0); tt < 700; tt++ {
					if a.AcceptsUint(k, tt) != (tt == k*uint64(pq[0])/uint64(pq[1])) {
						bad++
					}
				}
			}
			t.Logf("%s %d/%d: %d states, %d bad (%v)", ns, pq[0], pq[1], a.States(), bad, time.Since(t0))
		}
	}
}
