package grundyproof

import (
	"math/big"
	"os"
	"testing"
	"time"

	au "fibnim/automatic"
	"fibnim/grundy"
)

func TestScratchBand3(t *testing.T) {
	if os.Getenv("BANDS_SCRATCH") == "" {
		t.Skip()
	}
	r := mustRun(t, grundy.Multiplier{P: 3, Q: 1})
	for J := 0; J <= 4; J++ {
		t0 := time.Now()
		res, err := ProveBand(t.Context(), big.NewRat(3, 1), big.NewRat(7, 2), r.System, r.S, J, BandOptions{Step: func(r au.Result) { t.Logf("  %s", StepLine(r)) }})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("J=%d proved %v by %s failed %s %v (%v)", J, res.Proved, res.Method, res.Failed, res.Least, time.Since(t0))
		if !res.Proved {
			break
		}
	}
}
