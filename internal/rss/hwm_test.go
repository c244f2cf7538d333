package rss

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// After a large allocation, HighWater is above it; after ResetPeak with the
// memory given back, it falls below it (where the reset works).
func TestResetPeak(t *testing.T) {
	const size = 256 << 20
	b := make([]byte, size)
	for i := 0; i < len(b); i += 4096 {
		b[i] = 1
	}
	if cur := Current(); cur >= 0 && cur < size {
		t.Fatalf("Current = %d while %d bytes are touched", cur, size)
	}
	if hw := HighWater(); hw < size {
		t.Fatalf("HighWater = %d after touching %d bytes", hw, size)
	}
	runtime.KeepAlive(b)
	b = nil
	runtime.GC()
	debug.FreeOSMemory()
	if !ResetPeak() {
		t.Skip("the peak cannot be reset on this system (/proc/self/clear_refs)")
	}
	if hw := HighWater(); hw >= size {
		t.Errorf("HighWater = %d after ResetPeak with the %d bytes freed", hw, size)
	}
}
