package ntimes

import (
	"context"
	"fmt"
	"math/big"
	"sync"

	"fibnim/internal/pool"
)

// Solved is one multiplier's sequence, its eventual behaviour, the proof
// of c by the Lemma (proof.go) where the terms hold a window, and the
// theorem clauses its terms violate.
type Solved struct {
	A          *big.Rat
	Seq        *Seq
	Eventual   Eventual
	Proof      Proof
	Violations []Violation
}

// Solve1 solves one multiplier: Solve, Prove, and CheckTheorems, with a
// violation "lemma" if the proved c differs from the observed one (which
// the Lemma rules out: it would be a defect).
func Solve1(a *big.Rat, minStable, factor, maxTerms int) Solved {
	out, _ := solve1(context.Background(), a, minStable, factor, maxTerms)
	return out
}

func solve1(ctx context.Context, a *big.Rat, minStable, factor, maxTerms int) (Solved, error) {
	s, e, err := SolveContext(ctx, a, minStable, factor, maxTerms)
	if err != nil {
		return Solved{}, err
	}
	out := Solved{A: a, Seq: s, Eventual: e, Proof: Prove(s.R), Violations: CheckTheorems(s, e)}
	if p := out.Proof; p.OK && p.C != e.C {
		out.Violations = append(out.Violations, Violation{"lemma", p.K, fmt.Sprintf("the window ending at k = %d proves c = %d, but k - r(k) = %d at the last term", p.K, p.C, e.C)})
	}
	return out, nil
}

// SolveAll runs Solve1 for every multiplier on workers
// goroutines; the results come back in input order, so they do not depend
// on scheduling. It stops handing out multipliers when ctx is done, and
// then returns ctx's error.
//
// Each Solved keeps the first keep terms of its sequence (all of them if
// keep < 0): the terms past those are dropped once the multiplier is
// solved and checked. A sequence of a = 1000 holds about 128,000 terms
// (over 10 MB), and all of 2..1000 together about 6*10^7, so keeping
// every term of every multiplier takes gigabytes (results/bench.md); with
// keep = 200 the memory is that of the sequences being solved, one per
// worker (SolveAllBytes).
//
// It calls progress, if not nil, after each multiplier, from the worker
// that solved it.
func SolveAll(ctx context.Context, mults []*big.Rat, workers, minStable, factor, maxTerms, keep int, progress func(done int)) ([]Solved, error) {
	var mu sync.Mutex
	done := 0
	out := make([]Solved, len(mults))
	err := pool.Each(ctx, len(mults), max(workers, 1), func(i int) error {
		out[i], _ = solve1(ctx, mults[i], minStable, factor, maxTerms)
		if s := out[i].Seq; s != nil && keep >= 0 && keep < s.Len() {
			out[i].Seq = s.Head(keep)
		}
		if progress != nil {
			mu.Lock()
			done++
			progress(done)
			mu.Unlock()
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
