package ntimes

import (
	"context"
	"math/big"
)

// RealTables computes the rows of real_c.parquet and real_terms.parquet as
// compute ntimes writes them: the intervals of c in [1, x]
// (CIntervalsContext with maxK = 1<<12), and the pieces of [1, x] on which
// the first K terms are constant, each with c at its lower end (certain
// only where c reached U at both ends of the piece) and the Lemma's proof
// from its terms. unresolved lists the pieces whose c differs at their two
// ends within maxK terms. compute verify calls it with the parameters the
// files' metadata record, so that what it compares with the files is what
// the writer would write.
func RealTables(ctx context.Context, K int, x *big.Rat, minStable, factor, maxTerms int) (realC, realT []RealRow, unresolved []Piece, err error) {
	cs, unresolved, err := CIntervalsContext(ctx, K, 1<<12, x, minStable, factor, maxTerms)
	if err != nil {
		return nil, nil, nil, err
	}
	pieces, err := PiecesContext(ctx, K, big.NewRat(1, 1), x)
	if err != nil {
		return nil, nil, nil, err
	}
	for _, c := range cs {
		realC = append(realC, NewRealRow(c.Lo, c.Hi, c.C, nil, int64(c.MinStable), c.Certain, Proof{C: c.C, K: c.ProvedFrom, OK: c.Proved}))
	}
	for _, p := range pieces {
		_, e, err := SolveContext(ctx, p.Lo, minStable, factor, maxTerms)
		if err != nil {
			return nil, nil, nil, err
		}
		// certain, as in real_c: c reached U at both ends of the piece.
		if p.Hi != nil && e.Certain {
			_, e2, err := SolveContext(ctx, JustBelow(p.Lo, p.Hi), minStable, factor, maxTerms)
			if err != nil {
				return nil, nil, nil, err
			}
			e.Certain = e2.Certain && e2.C == e.C
		}
		realT = append(realT, NewRealRow(p.Lo, p.Hi, e.C, p.F, int64(e.Stable), e.Certain, p.Prove()))
	}
	return realC, realT, unresolved, nil
}
