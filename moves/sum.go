package moves

import (
	"context"
	"fmt"

	"fibnim/grundy"
)

// A sum of local piles: each pile keeps its own quota, a move is a move in
// one pile, and by the Sprague-Grundy theorem the sum's value is the
// nim-sum (XOR) of the piles' values (Larsson & Rubinstein-Salzedo,
// Section 2). A move in pile i zeroes the nim-sum s exactly when it leads
// to value v_i XOR s. Unlike nim, a pile may have options of value above
// its own (G is the mex of the options, not their maximum), so such moves
// can raise a pile's value as well as lower it. Below v_i there is always
// one (G is the mex): in every pile whose value has the highest bit of s,
// where v_i XOR s < v_i; so a sum with s != 0 has a winning move.

// SumMove is a move in pile Pile of a sum (an index into its piles).
type SumMove struct {
	Pile int
	Move
}

// NimSum returns the values of the piles ps and their nim-sum, the value
// of the sum.
func (s *Solver) NimSum(ctx context.Context, ps []grundy.Position) (values []int, sum int, err error) {
	values, err = s.Values(ctx, ps)
	if err != nil {
		return nil, 0, err
	}
	for _, v := range values {
		sum ^= v
	}
	return values, sum, nil
}

// SumMoves returns every move that brings the nim-sum of the sum ps to
// zero, pile by pile in the order given, each pile's by increasing Take:
// those that lower a pile's value and those that raise it. values are the
// piles' values (NimSum). None if the nim-sum is already zero. It reads
// the moves of every pile: SumMove finds one for less.
func (s *Solver) SumMoves(ctx context.Context, ps []grundy.Position, values []int) ([]SumMove, error) {
	sum, err := nimSum(ps, values)
	if err != nil || sum == 0 {
		return nil, err
	}
	var out []SumMove
	for i, p := range ps {
		ms, err := s.pileMoves(ctx, i, p, values[i], values[i]^sum)
		if err != nil {
			return nil, err
		}
		for _, m := range ms {
			out = append(out, SumMove{Pile: i, Move: m})
		}
	}
	return out, nil
}

// SumMove returns one move that brings the nim-sum of the sum ps to zero:
// the one removing the fewest tokens in the first pile whose value it
// lowers. ok is false if the nim-sum is already zero.
func (s *Solver) SumMove(ctx context.Context, ps []grundy.Position, values []int) (m SumMove, ok bool, err error) {
	sum, err := nimSum(ps, values)
	if err != nil || sum == 0 {
		return m, false, err
	}
	for i, p := range ps {
		if target := values[i] ^ sum; target < values[i] {
			ms, err := s.pileMoves(ctx, i, p, values[i], target)
			if err != nil {
				return m, false, err
			}
			return SumMove{Pile: i, Move: ms[0]}, true, nil
		}
	}
	return m, false, fmt.Errorf("moves: nim-sum %d, but no pile's value has its highest bit", sum)
}

func nimSum(ps []grundy.Position, values []int) (int, error) {
	if len(values) != len(ps) {
		return 0, fmt.Errorf("moves: %d values for %d piles", len(values), len(ps))
	}
	sum := 0
	for _, v := range values {
		sum ^= v
	}
	return sum, nil
}

// pileMoves lists the moves of pile i, p of value v, to value target, and
// refuses a source in which a value below v has no move.
func (s *Solver) pileMoves(ctx context.Context, i int, p grundy.Position, v, target int) ([]Move, error) {
	ms, err := s.MovesTo(ctx, p, target)
	if err == nil && len(ms) == 0 && target < v {
		err = fmt.Errorf("moves: pile %d %v has value %d but no move to value %d: the source is not a Grundy table", i+1, p, v, target)
	}
	return ms, err
}
