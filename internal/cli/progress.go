package cli

import (
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Progress shows a breakpoint run's progress: a bar with rate and
// ETA on a terminal, otherwise a log line every few seconds.
//
// The ETA is based on rows swept (CountRows): each value's sweep passes the
// N+1 rows, and the sweeps of several values run at once, so the count
// of values done stands still for a long time (at N = 10^9 no value is
// done for the first 15 s) while the rows swept grow steadily. The total
// is (values to make) x (N+1) rows, with the number of values
// extrapolated from h(g) once 6 are done; before that there is no ETA.
type Progress struct {
	swept *atomic.Int64 // CountRows; nil: the ETA is based on values done

	w        io.Writer
	tty      bool
	every    time.Duration
	start    time.Time
	N        int
	fromG    int
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
	p := &Progress{w: w, tty: isTerminal(w), every: 5 * time.Second, start: time.Now(), N: N, g: fromG, fromG: fromG, done: make(chan struct{})}
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

// CountRows bases the ETA on the rows swept that c counts
// (tablebuild.Config.Swept).
func (p *Progress) CountRows(c *atomic.Int64) {
	p.mu.Lock()
	p.swept = c
	p.mu.Unlock()
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

// eta returns the time left and what it is based on, or "?" and why not.
func (p *Progress) eta(el time.Duration) (eta string, frac float64, basis string) {
	rest := p.estimate()
	if rest < 0 {
		return "?", 0, "known once 6 values are done"
	}
	total := float64(p.g) + rest // values, counted from 0
	if p.swept != nil {
		swept := float64(p.swept.Load())
		all := (total - float64(p.fromG)) * float64(p.N+1)
		if swept <= 0 || all <= 0 {
			return "?", 0, "no row swept yet"
		}
		frac = min(1, swept/all)
		left := time.Duration(float64(el) / swept * max(0, all-swept))
		return left.Round(time.Second).String(), frac, fmt.Sprintf("from the rows swept, %.3g of about %.3g: %.0f values of %d rows, the count of values extrapolated from h(g)", swept, all, total-float64(p.fromG), p.N+1)
	}
	if p.g <= 0 {
		return "?", 0, "no value done yet"
	}
	frac = float64(p.g) / total
	return time.Duration(float64(el) / frac * (1 - frac)).Round(time.Second).String(), frac, "extrapolated from h(g)"
}

func (p *Progress) print(final bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	el := time.Since(p.start)
	eta, frac, basis := p.eta(el)
	rate := float64(p.g-p.fromG) * float64(p.N+1) / el.Seconds()
	if p.swept != nil {
		rate = float64(p.swept.Load()) / el.Seconds()
	}
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
	swept := ""
	if p.swept != nil {
		swept = fmt.Sprintf(", %.3g rows swept", float64(p.swept.Load()))
	}
	fmt.Fprintf(p.w, "grundy: %d values done%s, %.3g rows/s, elapsed %v, ETA %s (%s)\n", p.g, swept, rate, el.Round(time.Second), eta, basis)
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

// Meter shows the progress of a computation that is not a breakpoint run
// (Progress): a query's dense table, its global game's table, its proof
// of the automata. On a terminal it redraws a line twice a second, with a
// bar where the fraction done is known; otherwise it writes a line every
// 5 seconds. A computation that ends within its first 2 seconds shows
// nothing. state says where the computation is: the fraction done (< 0
// when it is not known: no bar and no ETA) and, in words, what it has done
// and what the fraction is of.
type Meter struct {
	w        io.Writer
	prefix   string
	state    func() (frac float64, detail string)
	tty      bool
	start    time.Time
	stopOnce sync.Once
	done     chan struct{}
	ended    chan struct{}
	drawn    bool // a terminal line is up: Stop ends it
}

// MeterQuiet is how long a Meter waits before its first line, and
// MeterEvery how often it writes one on a file or pipe (on a terminal it
// redraws every 500 ms): variables so that a test can see a line without
// a computation that takes seconds.
var (
	MeterQuiet = 2 * time.Second
	MeterEvery = 5 * time.Second
)

// NewMeter starts a Meter whose lines go to w, after "prefix: ".
func NewMeter(w io.Writer, prefix string, state func() (frac float64, detail string)) *Meter {
	m := &Meter{w: w, prefix: prefix, state: state, tty: isTerminal(w), start: time.Now(), done: make(chan struct{}), ended: make(chan struct{})}
	every := MeterEvery
	if m.tty {
		every = 500 * time.Millisecond
	}
	quiet := MeterQuiet
	if quiet <= 0 {
		// No quiet period: the first line is written now, however short
		// the computation (a test sees it whatever the scheduler does).
		m.print()
	}
	go func() {
		defer close(m.ended)
		if quiet > 0 {
			select {
			case <-m.done:
				return
			case <-time.After(quiet):
			}
			m.print()
		}
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-m.done:
				return
			case <-t.C:
				m.print()
			}
		}
	}()
	return m
}

func (m *Meter) print() {
	frac, detail := m.state()
	el := time.Since(m.start)
	eta := ""
	if frac > 0 && frac < 1 {
		eta = ", ETA " + time.Duration(float64(el)/frac*(1-frac)).Round(time.Second).String()
	}
	if !m.tty {
		if eta != "" {
			eta += " (extrapolated from the fraction done)"
		}
		fmt.Fprintf(m.w, "%s: %s, elapsed %v%s\n", m.prefix, detail, el.Round(time.Second), eta)
		return
	}
	bar := ""
	if frac >= 0 {
		const width = 30
		fill := int(min(frac, 1) * width)
		bar = "[" + strings.Repeat("#", fill) + strings.Repeat(".", width-fill) + "] "
	}
	fmt.Fprintf(m.w, "\r%s%s: %s, elapsed %v%s   ", bar, m.prefix, detail, el.Round(time.Second), eta)
	m.drawn = true
}

// Stop ends the meter; on a terminal it ends its line. It returns once
// the meter writes no more.
func (m *Meter) Stop() {
	if m == nil {
		return
	}
	m.stopOnce.Do(func() {
		close(m.done)
		<-m.ended
		if m.drawn {
			fmt.Fprintln(m.w)
		}
	})
}
