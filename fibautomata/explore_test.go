package fibautomata

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"
)

func TestExploreLearn(t *testing.T) {
	if os.Getenv("FA_EXPLORE") == "" {
		t.Skip("FA_EXPLORE unset")
	}
	N, _ := strconv.Atoi(os.Getenv("FA_N"))
	K, _ := strconv.Atoi(os.Getenv("FA_K"))
	st := time.Now()
	T, err := Thresholds(context.Background(), N, K)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("thresholds %v", time.Since(st))
	for _, m := range []int{6, 8, 10, 12} {
		for g := 1; g < len(T); g++ {
			st := time.Now()
			a, s, err := LearnFunction(context.Background(), T[g], m)
			states := 0
			if a != nil {
				states = a.States()
			}
			t.Logf("m=%d g=%d states=%d classes=%d conflicts=%d newAtLast=%d perLen=%v err=%v %v", m, g, states, s.Classes, s.Conflicts, s.NewAtLast, s.ClassesPerLength, err, time.Since(st))
		}
	}
}

func TestExploreProve(t *testing.T) {
	if os.Getenv("FA_EXPLORE") == "" {
		t.Skip("FA_EXPLORE unset")
	}
	N, _ := strconv.Atoi(os.Getenv("FA_N"))
	K, _ := strconv.Atoi(os.Getenv("FA_K"))
	T, _ := Thresholds(context.Background(), N, K)
	auts := []*Automaton{nil}
	for g := 1; g < len(T); g++ {
		a, _, err := LearnFunction(context.Background(), T[g], 8)
		if err != nil {
			t.Fatal(err)
		}
		auts = append(auts, a)
	}
	st := time.Now()
	p, err := PositionsFromThresholds(auts)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("positions %v", time.Since(st))
	for g, s := range p.S {
		t.Logf("S%d: %d states", g, s.States())
	}
	res, err := ProveMex(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		t.Logf("%s holds=%v cx=%v states=%v %v", r.Name, r.Holds, r.Counter, r.States, r.Time)
	}
}
