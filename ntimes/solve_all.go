package ntimes

import (
	"context"
	"math/big"
	"sync"
)

// Solved is one multiplier's sequence, its eventual behaviour and the
// theorem clauses its terms violate.
type Solved struct {
	A          *big.Rat
	Seq        *Seq
	Eventual   Eventual
	Violations []Violation
}

// SolveAll runs Solve and CheckTheorems for every multiplier on workers
// goroutines; the results come back in input order, so they do not depend
// on scheduling. It stops handing out multipliers when ctx is done, and
// then returns ctx's error.
func SolveAll(ctx context.Context, mults []*big.Rat, workers, minStable, factor, maxTerms int) ([]Solved, error) {
	out := make([]Solved, len(mults))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < max(workers, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				s, e := Solve(mults[i], minStable, factor, maxTerms)
				out[i] = Solved{A: mults[i], Seq: s, Eventual: e, Violations: CheckTheorems(s, e)}
			}
		}()
	}
	for i := range mults {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}
