package grundyproof

import (
	"os"
	"testing"
	"time"

	au "fibnim/automatic"
	"fibnim/grundy"
)

func TestZZCap(t *testing.T) {
	if os.Getenv("ZZCAP") == "" {
		t.Skip()
	}
	for _, a := range []grundy.Multiplier{{P: 13, Q: 4}, {P: 10, Q: 3}, {P: 41, Q: 12}, {P: 29, Q: 10}, {P: 12, Q: 5}} {
		sys, _ := SystemOf(a)
		e := au.NewEnv(sys.NS)
		t0 := time.Now()
		r, err := e.RunStep(t.Context(), Cap(a))
		t.Logf("a=%s (%s): %v %s (%v)", a, sys.NS, err, StepLine(r), time.Since(t0))
	}
}
