package grundyproof

import (
	"math/big"
	"os"
	"testing"
	"time"

	au "fibnim/automatic"
	"fibnim/grundy"
)

func TestScratchBands(t *testing.T) {
	if os.Getenv("BANDS_SCRATCH") == "" {
		t.Skip()
	}
	for _, c := range []struct {
		lo, hi *big.Rat
		like   grundy.Multiplier
		J      int
	}{
		{big.NewRat(1, 1), big.NewRat(2, 1), grundy.Multiplier{P: 1, Q: 1}, 5},
		{big.NewRat(2, 1), big.NewRat(5, 2), grundy.Fibonacci, 5},
		{big.NewRat(5, 2), big.NewRat(3, 1), grundy.Multiplier{P: 5, Q: 2}, 4},
		{big.NewRat(3, 1), big.NewRat(7, 2), grundy.Multiplier{P: 3, Q: 1}, 4},
	} {
		r := mustRun(t, c.like)
		for J := 0; J <= c.J && J < len(r.S); J++ {
			t0 := time.Now()
			res, err := ProveBand(t.Context(), c.lo, c.hi, r.System, r.S, J, BandOptions{Depth: 0, Step: func(r au.Result) { t.Logf("  %s", StepLine(r)) }})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("[%s, %s) like %s values 0..%d: proved %v by %s pieces %v failed %s at [%s,%s) %v largest %v (%v)", c.lo.RatString(), c.hi.RatString(), c.like, J, res.Proved, res.Method, len(res.Pieces), res.Failed, res.FailFrom, res.FailTo, res.Least, res.Largest, time.Since(t0))
			if !res.Proved {
				break
			}
		}
	}
}

func TestScratchWitness(t *testing.T) {
	if os.Getenv("BANDS_SCRATCH") == "" {
		t.Skip()
	}
	for _, c := range []struct {
		lo, hi *big.Rat
		like   grundy.Multiplier
		J, N   int
	}{
		{big.NewRat(1, 1), big.NewRat(2, 1), grundy.Multiplier{P: 1, Q: 1}, 2, 40},
		{big.NewRat(2, 1), big.NewRat(5, 2), grundy.Fibonacci, 4, 60},
		{big.NewRat(2, 1), big.NewRat(5, 2), grundy.Fibonacci, 3, 60},
	} {
		w, err := FindBandWitness(t.Context(), c.lo, c.hi, c.like, c.J, c.N)
		t.Logf("%v %+v", err, w)
	}
}
