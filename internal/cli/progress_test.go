package cli

import (
	"bytes"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestProgressETARows: the ETA is based on rows swept, and says so; with
// the values done standing still while the rows swept grow at a steady
// rate, it falls (issue 36, item 9: it grew while the count of values
// stood still). Before 6 values are done there is no ETA, and the line
// says why and shows the rows swept.
func TestProgressETARows(t *testing.T) {
	var b bytes.Buffer
	p := &Progress{w: &b, N: 999_999, done: make(chan struct{})}
	var swept atomic.Int64
	p.CountRows(&swept)
	swept.Store(3e6)
	p.start = time.Now().Add(-10 * time.Second)
	p.print(false)
	if l := b.String(); !strings.Contains(l, "ETA ? (known once 6 values are done)") || !strings.Contains(l, "3e+06 rows swept") {
		t.Errorf("before 6 values: %q", l)
	}
	h := 1.0
	for g := 1; g <= 8; g++ { // h(g) grows by 1.5 a value
		p.Finished(g, int(h))
		h *= 1.5
	}
	eta := func(el time.Duration, rows int64) time.Duration {
		b.Reset()
		swept.Store(rows)
		p.start = time.Now().Add(-el)
		p.print(false)
		l := b.String()
		if !strings.Contains(l, "from the rows swept") {
			t.Fatalf("no basis in %q", l)
		}
		s, _, _ := strings.Cut(l[strings.Index(l, "ETA ")+4:], " ")
		d, err := time.ParseDuration(s)
		if err != nil {
			t.Fatalf("ETA in %q: %v", l, err)
		}
		return d
	}
	e1, e2 := eta(10*time.Second, 5e6), eta(20*time.Second, 10e6)
	if !(e2 < e1) {
		t.Errorf("at a steady rate with the values standing still the ETA went from %v to %v", e1, e2)
	}
}

// A Meter says nothing for a computation that ends within its quiet
// period, and after it a line with what the computation has done, the
// time elapsed and, where the fraction done is known, an ETA that says
// its basis; on a file no bar.
func TestMeter(t *testing.T) {
	quiet, every := MeterQuiet, MeterEvery
	defer func() { MeterQuiet, MeterEvery = quiet, every }()
	MeterQuiet, MeterEvery = time.Hour, time.Hour
	var b lockedBuffer
	NewMeter(&b, "p", func() (float64, string) { return 0.5, "half" }).Stop()
	if b.String() != "" {
		t.Errorf("a meter stopped in its quiet period wrote %q", b.String())
	}
	MeterQuiet, MeterEvery = 0, 5*time.Millisecond
	var frac atomic.Int64
	m := NewMeter(&b, "p", func() (float64, string) {
		f := frac.Add(1)
		if f > 2 {
			return -1, "not known"
		}
		return float64(f) / 4, "some done"
	})
	for strings.Count(b.String(), "\n") < 3 {
		time.Sleep(time.Millisecond)
	}
	m.Stop()
	n := b.String()
	lines := strings.Split(strings.TrimSpace(n), "\n")
	if !strings.HasPrefix(lines[0], "p: some done, elapsed ") || !strings.Contains(lines[0], "ETA ") || !strings.HasSuffix(lines[0], "(extrapolated from the fraction done)") {
		t.Errorf("first line %q", lines[0])
	}
	if !strings.HasPrefix(lines[2], "p: not known, elapsed ") || strings.Contains(lines[2], "ETA") {
		t.Errorf("a line without a fraction: %q", lines[2])
	}
	if strings.Contains(n, "[") || strings.Contains(n, "\r") {
		t.Errorf("a bar on a file: %q", n)
	}
	time.Sleep(20 * time.Millisecond)
	if b.String() != n {
		t.Error("the meter wrote after Stop")
	}
}

// lockedBuffer is a bytes.Buffer that a Meter writes while a test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
