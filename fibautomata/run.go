package fibautomata

import (
	"context"
	"errors"
	"fmt"
	"time"

	"fibnim/grundy"
	"fibnim/internal/rss"
)

// Config says what Run learns and proves.
type Config struct {
	N        int   // rows of the table the learner reads (n = 0..N); 0 means 100000
	K        int   // learn and prove S_0..S_K
	Suffixes []int // suffix lengths m the learner tries, in order; nil means 6, 8, 10, 12, 14, 16
	// Start is the first table size the learner tries for each threshold
	// (then 10 times more, up to N); 0 means 100000. A guess learned on a
	// smaller table is kept only if it agrees with the whole table.
	Start int
	// Tier is the largest table kept for every threshold at once (0 means
	// 10^7): past it, a threshold that needs more rows gets a pass of the
	// engine of its own that keeps its layer alone (4 bytes a row), and a
	// last pass checks every guess against the engine to N, streaming.
	Tier int
	// MaxPrefix caps the prefix length the learner classifies (0 means 26).
	MaxPrefix int
}

// Learned is what the learner did for one threshold T_g = {(n, R'_g(n))}.
type Learned struct {
	G         int
	Attempts  []LearnStats // one per suffix length tried, the last the one kept
	Converged bool
	States    int // states of T_g's minimal automaton (0 if it did not converge)
	Time      time.Duration
}

// Step is one timed step of Run.
type Step struct {
	Name string
	Time time.Duration
}

// Result is what Run found: the learned automata, the proofs and the times.
type Result struct {
	N, K     int
	Learned  []Learned // T_1..T_{K+1}
	T        []*Automaton
	S        []*Automaton // S_0..S_{K'}: K' = K unless a threshold did not converge
	Mex      []Statement
	Paper    []Statement
	Steps    []Step
	Complete bool  // every S_g, g <= K, learned and its statement proved
	PeakRSS  int64 // peak resident memory of the process at the end (bytes; -1 unknown)
}

// layer returns R'_g(n) for n = 0..N, from a pass of the engine that keeps
// this layer alone.
func layer(ctx context.Context, N, g int) ([]uint32, error) {
	f := make([]uint32, N+1)
	for n0, R := range grundy.FirstLayers(ctx, N, grundy.Fibonacci, g) {
		for i, r := range R[g-1] {
			f[n0+i] = min(r, uint32(n0+i+1))
		}
	}
	return f, ctx.Err()
}

// checkGuesses streams R_1..R_{len(T)-1} of the engine to N and checks
// (n, R'_g(n)) against T[g] for every n; it returns the first g and n
// where a guess rejects, or ok.
func checkGuesses(ctx context.Context, T []*Automaton, N int) (int, int, bool) {
	k := len(T) - 1
	ws := make([]*pairWalker, k+1)
	for g := 1; g <= k; g++ {
		ws[g] = newPairWalker(T[g], uint64(N)+1)
	}
	for n0, R := range grundy.FirstLayers(ctx, N, grundy.Fibonacci, k) {
		for i := range R[0] {
			n := n0 + i
			mn := ZeckendorfMask(uint64(n))
			for g := 1; g <= k; g++ {
				y := min(R[g-1][i], uint32(n+1))
				if !ws[g].accepts(mn, ZeckendorfMask(uint64(y))) {
					return g, n, false
				}
			}
		}
	}
	return 0, 0, true
}

// disagreement returns the first n whose (n, f(n)) a rejects, or ok. It
// reads consecutive words from their first changed digit (pairWalker).
func disagreement(a *Automaton, f []uint32) (int, bool) {
	w := newPairWalker(a, uint64(len(f)))
	mn := uint64(0)
	for n, y := range f {
		if !w.accepts(mn, ZeckendorfMask(uint64(y))) {
			return n, false
		}
		mn = ZeckendorfNext(mn)
	}
	return 0, true
}

// ProvedUpTo returns the largest g such that the statements for 0..g all
// hold (-1 if none): S_0..S_g are then the positions of value 0..g for all n.
func (r *Result) ProvedUpTo() int {
	g := -1
	for _, st := range r.Mex {
		if !st.Holds {
			break
		}
		g++
	}
	return g
}

// Run computes R'_1..R'_{K+1} to N with the breakpoint engine, learns
// each threshold's automaton, defines S_0..S_K, proves the mex-induction
// statements (ProveMex) and the paper's theorems (ProvePaperTheorems). A
// threshold that does not converge at any suffix length stops the
// learning there: S is defined up to the value before it, and the
// attempts are kept as evidence.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if cfg.N == 0 {
		cfg.N = 100000
	}
	if cfg.Suffixes == nil {
		cfg.Suffixes = []int{6, 8, 10, 12, 14, 16}
	}
	if cfg.Start == 0 {
		cfg.Start = 100000
	}
	if cfg.MaxPrefix == 0 {
		cfg.MaxPrefix = 26
	}
	if cfg.Tier == 0 {
		cfg.Tier = 10000000
	}
	if cfg.K < 0 {
		return nil, fmt.Errorf("fibautomata: K = %d", cfg.K)
	}
	small := min(cfg.N, cfg.Tier)
	res := &Result{N: cfg.N, K: cfg.K}
	step := func(name string, t time.Time) { res.Steps = append(res.Steps, Step{name, time.Since(t)}) }
	t := time.Now()
	thr, err := Thresholds(ctx, small, cfg.K)
	if err != nil {
		return nil, err
	}
	step(fmt.Sprintf("thresholds R'_1..R'_%d to N = %d (grundy.FirstLayers)", cfg.K+1, small), t)
	t = time.Now()
	res.T = []*Automaton{nil}
	for g := 1; g <= cfg.K+1; g++ {
		l := Learned{G: g}
		tg := time.Now()
	sizes:
		for n := min(cfg.Start, cfg.N); ; n = min(10*n, cfg.N) {
			var f, whole []uint32
			if n <= small {
				f, whole = thr[g][:n+1], thr[g]
			} else {
				if f, err = layer(ctx, n, g); err != nil {
					return nil, err
				}
				whole = f
			}
			for _, m := range cfg.Suffixes {
				if DigitsFor(uint64(n))-m < 2 {
					break
				}
				a, st, err := LearnFunction(ctx, f, m, cfg.MaxPrefix)
				if err == nil {
					if bad, ok := disagreement(a, whole); !ok {
						err = fmt.Errorf("%w: the guess from N = %d rejects (%d, %d)", ErrNotConverged, n, bad, whole[bad])
						st.Converged = false
					}
				}
				l.Attempts = append(l.Attempts, st)
				if err == nil {
					l.Converged, l.States = true, a.States()
					res.T = append(res.T, a)
					break sizes
				}
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				if !errors.Is(err, ErrNotConverged) {
					return nil, err
				}
			}
			if n == cfg.N {
				break
			}
		}
		l.Time = time.Since(tg)
		res.Learned = append(res.Learned, l)
		if !l.Converged {
			break
		}
	}
	step("learn T_g", t)
	thr = nil
	if cfg.N > small && len(res.T) > 1 {
		t = time.Now()
		if g, n, ok := checkGuesses(ctx, res.T, cfg.N); !ok {
			return nil, fmt.Errorf("fibautomata: the guess of T_%d rejects the engine's R'_%d(%d)", g, g, n)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		step(fmt.Sprintf("check every T_g against the engine to N = %d (streamed)", cfg.N), t)
	}
	if len(res.T) < 2 {
		res.PeakRSS = rss.Peak()
		return res, nil
	}
	t = time.Now()
	p, err := PositionsFromThresholds(res.T)
	if err != nil {
		return nil, err
	}
	res.S = p.S
	step("define S_g from T_g, T_{g+1}", t)
	t = time.Now()
	if res.Mex, err = ProveMex(ctx, p); err != nil {
		return nil, err
	}
	step("prove the mex-induction statements", t)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	t = time.Now()
	if res.Paper, err = ProvePaperTheorems(p); err != nil {
		return nil, err
	}
	step("prove Theorems 4.1, 4.5, 4.6, 4.7", t)
	res.Complete = len(res.S) == cfg.K+1 && res.ProvedUpTo() == cfg.K
	res.PeakRSS = rss.Peak()
	return res, ctx.Err()
}
