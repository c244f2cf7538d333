package conjectures

import (
	"fmt"
	"maps"
	"slices"

	"fibnim/grundy"
)

// growth checks G(m) >= G(n) + 1 (statement lo) and G(m) <= G(n) + 2
// (statement up), m = n + ceil(n/a), for every n >= 1 with m <= N, on the
// runs of G that the cursor kept, with the distribution of G(m) - G(n)
// overall and by decade. Both n and m move forward, so each finds its run
// by moving a pointer. The closing conjecture (a = 2, conjecture.go) and
// its analogue for every a (step.go) run it at the end of a pass.
func growth(c *cursor, a grundy.Multiplier, loSt, upSt Statement, cells string) (Result, Result) {
	lo := loSt.result(c.p.Mult)
	up := upSt.result(c.p.Mult)
	if c.tooMany {
		why := fmt.Sprintf("G(n) changes more than %d times on 0..%d (Theorem 5.2 would allow one change per value, at most %d)", maxRuns, c.N, grundy.MaxStartValue)
		return loSt.notRun(c.p.Mult, why), upSt.notRun(c.p.Mult, why)
	}
	N := c.N
	top := lastStep(a, 0, N, N)
	d := Domain{From: 1, To: top, Cells: cells}
	lo.Domain, up.Domain = d, d
	// dist and first by difference G(m) - G(n), which may be anything
	// in -65535..65535 on corrupt data.
	dist := map[int]int64{}
	first := map[int]int64{}
	var decades decadeTable
	runs := c.runs
	i, j := 0, 0 // runs[i] holds n, runs[j] holds m
	for n := int64(1); n <= top; {
		for i+1 < len(runs) && runs[i+1].from <= n {
			i++
		}
		m := n + int64(a.MinRemoval(int(n)))
		for j+1 < len(runs) && runs[j+1].from <= m {
			j++
		}
		// Every n up to the end of runs[i] whose m stays in runs[j] has
		// the same difference: count them at once.
		nEnd := top
		if i+1 < len(runs) {
			nEnd = min(nEnd, runs[i+1].from-1)
		}
		if j+1 < len(runs) {
			nEnd = lastStep(a, n, nEnd, runs[j+1].from-1)
		}
		gn, gm := runs[i].g, runs[j].g
		diff := int(gm) - int(gn)
		count := nEnd - n + 1
		if dist[diff] == 0 {
			first[diff] = n
		}
		dist[diff] += count
		decades.addRange(n, nEnd, diff)
		lo.Cases += count
		up.Cases += count
		if diff < 1 || diff > 2 {
			mk := func(k int64) Counterexample {
				m := k + int64(a.MinRemoval(int(k)))
				c := Counterexample{N: k, Computed: fmt.Sprintf("G(%d) = %d, G(%d) = %d", k, gn, m, gm)}
				if diff < 1 {
					c.Predicted = fmt.Sprintf("G(%d) >= %d", m, int(gn)+1)
				} else {
					c.Predicted = fmt.Sprintf("G(%d) <= %d", m, int(gn)+2)
				}
				return c
			}
			if diff < 1 {
				lo.failRange(mk, n, nEnd)
			} else {
				up.failRange(mk, n, nEnd)
			}
		}
		n = nEnd + 1
	}
	var diffs []DifferenceCount
	for _, k := range slices.Sorted(maps.Keys(dist)) {
		diffs = append(diffs, DifferenceCount{Difference: int64(k), Count: dist[k], FirstN: first[k]})
	}
	up.setStats(StepStats{Differences: diffs, ByDecade: decades.rows()})
	lo.closeRange()
	up.closeRange()
	return *lo, *up
}

// lastStep is the largest n in [lo, hi] with n + ceil(n/a) <= lim, or lo
// if there is none; n + ceil(n/a) increases with n.
func lastStep(a grundy.Multiplier, lo, hi, lim int64) int64 {
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if mid+int64(a.MinRemoval(int(mid))) <= lim {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// growthState is the state of a check that runs growth: the cursor keeps
// the runs of G(n), so there is nothing to do row by row.
type growthState struct{}

func (growthState) visit(*cursor, []Row) {}
