package tablewrite

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"fibnim/grundy"
)

// engineRuns is what the breakpoint engine hands to the RunWriter of one
// value: its runs, and the lengths of the pieces it handed them in.
type engineRuns struct {
	N      int
	Mult   grundy.Multiplier
	G      int
	Runs   []grundy.Run
	Pieces []int
}

var (
	engineRunsMu    sync.Mutex
	engineRunsCache = map[string]*engineRuns{}
)

// runsOf runs the breakpoint engine on (N, a) with 2 workers and returns
// what it wrote into R_g's RunWriter, computed once per test binary.
func runsOf(tb testing.TB, N int, a grundy.Multiplier, g int) *engineRuns {
	tb.Helper()
	key := fmt.Sprintf("%d/%s/%d", N, a, g)
	engineRunsMu.Lock()
	defer engineRunsMu.Unlock()
	if e, ok := engineRunsCache[key]; ok {
		return e
	}
	e := &engineRuns{N: N, Mult: a, G: g}
	err := eachRunWriter(N, a, func(h int) (grundy.RunWriter, error) {
		if h != g {
			return nil, nil
		}
		return (*collector)(e), nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	if len(e.Runs) == 0 {
		tb.Fatalf("a = %s, N = %d: no runs of value %d", a, N, g)
	}
	engineRunsCache[key] = e
	return e
}

// eachRunWriter runs the breakpoint engine on (N, a) with 2 workers and
// hands R_g's runs to w(g) (none if nil).
func eachRunWriter(N int, a grundy.Multiplier, w func(g int) (grundy.RunWriter, error)) error {
	_, err := grundy.Breakpoints(context.Background(), grundy.BreakpointConfig{N: N, Mult: a, Workers: 2, Runs: w})
	return err
}

// collector keeps the runs of one R_g and its pieces' lengths.
type collector engineRuns

func (c *collector) Write(runs []grundy.Run) error {
	c.Runs = append(c.Runs, runs...)
	c.Pieces = append(c.Pieces, len(runs))
	return nil
}

func (c *collector) Close() error { return nil }
func (c *collector) Abort()       {}
