package cli

import (
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"sync"
	"time"
)

// Progress shows a breakpoint run's progress: a bar with rate and
// ETA on a terminal, otherwise a log line every few seconds.
type Progress struct {
	w        io.Writer
	tty      bool
	every    time.Duration
	start    time.Time
	N        int
	mu       sync.Mutex
	g        int       // values Finished
	h        []float64 // h(g): first n with G(n) >= g
	hg       []int     // the g of each h
	stopOnce sync.Once
	done     chan struct{}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func NewProgress(w io.Writer, N, fromG int) *Progress {
	p := &Progress{w: w, tty: isTerminal(w), every: 5 * time.Second, start: time.Now(), N: N, g: fromG, done: make(chan struct{})}
	if p.tty {
		p.every = 500 * time.Millisecond
	}
	go func() {
		t := time.NewTicker(p.every)
		defer t.Stop()
		for {
			select {
			case <-p.done:
				return
			case <-t.C:
				p.print(false)
			}
		}
	}()
	return p
}

// Finished records that value g is complete and h(g) = firstN.
func (p *Progress) Finished(g, firstN int) {
	p.mu.Lock()
	p.g = g
	p.h = append(p.h, float64(max(firstN, 1)))
	p.hg = append(p.hg, g)
	p.mu.Unlock()
}

// estimate extrapolates the number of values still to come from the growth
// of h(g): if h grows by a factor q per value, about log(N/h)/log(q) more
// values fit below N. It returns -1 when there is too little to go on.
func (p *Progress) estimate() float64 {
	k := len(p.h)
	if k < 6 {
		return -1
	}
	// Values may be reported in steps (a sparse run reports every
	// Workers-th): q is per value.
	q := math.Pow(p.h[k-1]/p.h[k-6], 1/float64(p.hg[k-1]-p.hg[k-6]))
	if q <= 1.0001 {
		return -1
	}
	return math.Max(0, math.Log(float64(p.N)/p.h[k-1])/math.Log(q)) + 1
}

func (p *Progress) print(final bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	el := time.Since(p.start)
	rest := p.estimate()
	total := float64(p.g) + rest
	eta := "?"
	frac := 0.0
	if rest >= 0 && p.g > 0 {
		frac = float64(p.g) / total
		eta = (time.Duration(float64(el) / frac * (1 - frac))).Round(time.Second).String()
	}
	rate := float64(p.g) * float64(p.N+1) / el.Seconds()
	if final {
		frac, eta = 1, "0s"
	}
	if p.tty {
		width := 30
		fill := int(frac * float64(width))
		fmt.Fprintf(p.w, "\r[%s%s] g=%d  %.3g rows/s  elapsed %v  ETA %s   ", strings.Repeat("#", fill), strings.Repeat(".", width-fill), p.g, rate, el.Round(time.Second), eta)
		if final {
			fmt.Fprintln(p.w)
		}
		return
	}
	fmt.Fprintf(p.w, "grundy: %d values done, %.3g rows/s, elapsed %v, ETA %s (extrapolated from h(g))\n", p.g, rate, el.Round(time.Second), eta)
}

func (p *Progress) Stop(ok bool) {
	p.stopOnce.Do(func() {
		close(p.done)
		if ok {
			p.print(true)
		} else if p.tty {
			fmt.Fprintln(p.w)
		}
	})
}

// Every returns a function that writes a line to w at most once per
// period (and always for the first call): the log lines of long runs that
// have no value count to draw a bar with.
func Every(w io.Writer, period time.Duration) func(format string, args ...any) {
	var mu sync.Mutex
	var last time.Time
	return func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		if !last.IsZero() && time.Since(last) < period {
			return
		}
		last = time.Now()
		fmt.Fprintf(w, format+"\n", args...)
	}
}
