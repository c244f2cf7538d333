package automatic

import (
	"context"
	"fmt"
)

// BudgetError is what an operation returns when an automaton it is building
// passes the state budget it was given.
type BudgetError struct {
	Budget int // the most states allowed
	Tracks int // tracks of the automaton under construction
	Op     string
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("automatic: %s built more than %d states (%d tracks), the state budget", e.Op, e.Budget, e.Tracks)
}

// limits is what a long construction looks at: a context (cancelled:
// stop), a state budget, and the largest automaton seen so far. A nil
// *limits has none.
type limits struct {
	ctx     context.Context
	budget  int
	op      string
	ticks   int
	largest Size
}

// Size is the size of an automaton: states (the dead state not counted) and
// tracks.
type Size struct {
	States, Tracks int
}

func (s Size) String() string { return fmt.Sprintf("%d states, %d tracks", s.States, s.Tracks) }

// check is called once per state a construction adds (states so far, k
// tracks): it returns the budget's error or the context's.
func (l *limits) check(states, k int) error {
	if l == nil {
		return nil
	}
	if l.budget > 0 && states > l.budget {
		return &BudgetError{Budget: l.budget, Tracks: k, Op: l.op}
	}
	l.ticks++
	if l.ticks&255 == 0 && l.ctx != nil {
		if err := l.ctx.Err(); err != nil {
			return err
		}
	}
	return nil
}

// record notes an automaton of states states on k tracks.
func (l *limits) record(states, k int) {
	if l != nil && states > l.largest.States {
		l.largest = Size{states, k}
	}
}

// cancelled returns the context's error, if any.
func (l *limits) cancelled() error {
	if l == nil || l.ctx == nil {
		return nil
	}
	return l.ctx.Err()
}
