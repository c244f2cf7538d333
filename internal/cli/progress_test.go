package cli

import (
	"bytes"
	"strings"
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
