package grundyproof

import (
	"context"
	"errors"
	"fmt"
	"time"

	"fibnim/automatic"
	"fibnim/grundy"
)

// Config says what Run learns and proves.
type Config struct {
	A        grundy.Multiplier // the multiplier (zero: a = 2)
	N        int               // rows of the table the learner reads (n = 0..N); 0 means 100000
	K        int               // learn and prove S_0..S_K
	Suffixes []int             // suffix lengths m the learner tries, in order; nil means 6, 8, 10, 12, 14, 16
	// Start is the first table size the learner tries for each threshold
	// (then 10 times more, up to N); 0 means 100000. A guess learned on a
	// smaller table is kept only if it agrees with the whole table.
	Start int
	// Tier is the largest table kept for every threshold at once (0 means
	// 10^7; 10^6 with the table learner): past it, a threshold that needs more rows gets a pass of the
	// engine of its own that keeps its layer alone (4 bytes a row), and a
	// last pass checks every guess against the engine to N, streaming.
	Tier int
	// MaxPrefix caps the prefix length the learner classifies (0 means 26).
	MaxPrefix int
	// Budget caps the states of every automaton a proof step builds (0: none).
	Budget int
	// Learner picks the learner: LearnerSuffix (zero: the bounded-suffix
	// learner, automatic.LearnFunction) or LearnerTable (the table learner,
	// automatic.LearnTable, which reads only the rows it needs from the
	// tables in memory or from layer files on disk).
	Learner Learner
	// MaxSuffix caps the suffix lengths the table learner hashes (0 means 20).
	MaxSuffix int
	// LayerDir is where the table learner writes its layer files (empty: a
	// temporary folder, removed at the end). Given, the layer file of a
	// threshold that does not converge on the table to N is kept there,
	// with R<g>.bound, the distinguishing set of its classes (CheckBoundFile).
	LayerDir string
	// Method proves the mex statements (zero: MethodMex, the mex induction
	// as written; MethodThresholds: the thresholds' recurrence).
	Method Method
	// Progress, when not nil, is told what Run is doing, a line at a time.
	Progress func(string)
}

// Learned is what the learner did for one threshold T_g = {(n, R'_g(n))}.
type Learned struct {
	G         int
	Attempts  []automatic.LearnStats // one per suffix length (table learner: per table) tried, the last the one kept
	TableRuns []TableAttempt         // the table learner's runs, one per table tried
	// LowerBound is, for a threshold the table learner did not learn from a
	// layer file, the states its distinguishing set certifies (0: none).
	LowerBound int
	Converged  bool
	States     int // states of T_g's minimal automaton (0 if it did not converge)
	Time       time.Duration
}

// Step is one timed step of Run.
type Step struct {
	Name string
	Time time.Duration
}

// Result is what Run found: the learned automata, the proofs and the times.
type Result struct {
	System   *System
	N, K     int
	Learned  []Learned              // T_1..T_{K'+1}
	T        []*automatic.Automaton // T_0..T_{K'+1}
	S        []*automatic.Automaton // S_0..S_{K'}: K' = K unless a threshold did not converge
	Proof    *Proof                 // nil when no class was learned
	Steps    []Step
	Complete bool // every S_g, g <= K, learned and its statement proved
}

// ProvedUpTo returns the largest g whose classes 0..g are proved (-1: none).
func (r *Result) ProvedUpTo() int {
	if r.Proof == nil {
		return -1
	}
	return r.Proof.ProvedUpTo()
}

// NotConvergedError is Run's account of a threshold the learner did not
// learn: the table size that could help.
type NotConvergedError struct {
	G, N  int
	Next  int // the table size to try (-n), 10 times N
	Stats automatic.LearnStats
}

func (e *NotConvergedError) Error() string {
	return fmt.Sprintf("the learner did not converge for T_%d on the table to N = %d (classes per prefix length %v); a larger table may help: N = %d", e.G, e.N, e.Stats.ClassesPerLength, e.Next)
}

// Run computes R'_1..R'_{K+1} to N with the breakpoint engine, learns
// each threshold's automaton, defines S_0..S_K, and proves them with
// ProofScript (Prove). A threshold that does not converge at any suffix
// length stops the learning there: S is defined up to the value before it,
// the attempts are kept as evidence, and Result.NotConverged says which
// table to try.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if cfg.A == (grundy.Multiplier{}) {
		cfg.A = grundy.Fibonacci
	}
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
		if cfg.Learner == LearnerTable {
			// The table learner reads layer files past it at little cost.
			cfg.Tier = 1000000
		}
	}
	if _, err := ParseLearner(string(cfg.Learner)); err != nil {
		return nil, err
	}
	if _, err := ParseMethod(string(cfg.Method)); err != nil {
		return nil, err
	}
	if cfg.K < 0 {
		return nil, fmt.Errorf("grundyproof: K = %d", cfg.K)
	}
	say := func(format string, args ...any) {
		if cfg.Progress != nil {
			cfg.Progress(fmt.Sprintf(format, args...))
		}
	}
	sys, err := SystemOf(cfg.A)
	if err != nil {
		return nil, err
	}
	if err := sys.Decidable(); err != nil {
		return nil, err
	}
	ns := sys.NS
	if uint64(cfg.N) >= ns.Top64() {
		return nil, fmt.Errorf("grundyproof: N = %d needs more digits of %s than 64", cfg.N, ns)
	}
	res := &Result{System: sys, N: cfg.N, K: cfg.K}
	step := func(name string, t time.Time) { res.Steps = append(res.Steps, Step{name, time.Since(t)}) }
	var notConverged *NotConvergedError
	if cfg.Learner == LearnerTable {
		notConverged, err = learnTable(ctx, cfg, res, say, step)
	} else {
		notConverged, err = learnSuffix(ctx, cfg, res, say, step)
	}
	if err != nil {
		return nil, err
	}
	if len(res.T) < 2 {
		return res, notConverged
	}
	t := time.Now()
	say("defining S_0..S_%d from the thresholds", len(res.T)-2)
	if res.S, err = ClassesFromThresholds(ctx, ns, res.T); err != nil {
		return nil, err
	}
	step("define S_g from T_g, T_{g+1}", t)
	t = time.Now()
	res.Proof, err = Prove(ctx, sys, res.S, ProveOptions{Budget: cfg.Budget, Method: cfg.Method, Step: func(r automatic.Result) { say("%s", StepLine(r)) }})
	if err != nil {
		return nil, err
	}
	step("prove the adder, the mex induction and the theorems", t)
	res.Complete = len(res.S) == cfg.K+1 && res.ProvedUpTo() == cfg.K
	if notConverged != nil {
		return res, notConverged
	}
	return res, ctx.Err()
}

// thresholdZero is T_0 = {(n, 0)}: R'_0 = 0.
func thresholdZero(ctx context.Context, ns *automatic.Numeration) (*automatic.Automaton, error) {
	e := automatic.NewEnv(ns)
	return e.DefineFormula(ctx, "T0", []string{"n", "y"}, automatic.And(automatic.Eq(automatic.V("y"), automatic.N(0)), automatic.Le(automatic.V("n"), automatic.V("n"))))
}

// ClassesFromThresholds defines S_g for g = 0..len(T)-2 from the threshold
// automata T[g] (tracks n, y; y = R'_g(n)):
//
//	lo_g(n, r) := exists y: T_g(n, y) & y <= r
//	S_g(n, r)  := r <= n & lo_g(n, r) & not lo_{g+1}(n, r)
//
// (R'_g(n) <= r < R'_{g+1}(n); T_g is a function of n, one y for each n).
func ClassesFromThresholds(ctx context.Context, ns *automatic.Numeration, T []*automatic.Automaton) ([]*automatic.Automaton, error) {
	e := automatic.NewEnv(ns)
	n, r, y := automatic.V("n"), automatic.V("r"), automatic.V("y")
	for g, t := range T {
		if t.Tracks() != 2 {
			return nil, fmt.Errorf("grundyproof: threshold %d has %d tracks, want 2", g, t.Tracks())
		}
		if err := e.Define(fmt.Sprintf("T%d", g), t); err != nil {
			return nil, fmt.Errorf("threshold T_%d: %w", g, err)
		}
		if _, err := e.DefineFormula(ctx, fmt.Sprintf("lo%d", g), []string{"n", "r"},
			automatic.Exists("y", automatic.And(automatic.Pred(fmt.Sprintf("T%d", g), n, y), automatic.Le(y, r)))); err != nil {
			return nil, err
		}
	}
	var S []*automatic.Automaton
	for g := 0; g+1 < len(T); g++ {
		s, err := e.DefineFormula(ctx, ClassName(g), []string{"n", "r"}, automatic.And(automatic.Le(r, n),
			automatic.Pred(fmt.Sprintf("lo%d", g), n, r), automatic.Not(automatic.Pred(fmt.Sprintf("lo%d", g+1), n, r))))
		if err != nil {
			return nil, err
		}
		S = append(S, s)
	}
	return S, nil
}

// StepLine describes a step's result in one line, for progress.
func StepLine(r automatic.Result) string {
	switch r.Kind {
	case automatic.ClaimStep:
		verdict := "holds"
		if !r.Holds {
			verdict = "FAILS at " + r.CounterString()
		}
		return fmt.Sprintf("%s %s (largest automaton %s, %.3f s)", r.Name, verdict, r.Largest, r.Time.Seconds())
	default:
		return fmt.Sprintf("%s defined: %s (largest automaton %s, %.3f s)", r.Name, r.Size, r.Largest, r.Time.Seconds())
	}
}

// smallThresholds computes R'_1..R'_{K+1} to N = small with the
// breakpoint engine, the first table of either learner, saying so.
func smallThresholds(ctx context.Context, cfg Config, small int, say func(string, ...any), step func(string, time.Time)) ([][]uint32, error) {
	t := time.Now()
	say("thresholds R'_1..R'_%d to N = %d (the breakpoint engine)", cfg.K+1, small)
	thr, err := Thresholds(ctx, cfg.A, small, cfg.K)
	if err != nil {
		return nil, err
	}
	step(fmt.Sprintf("thresholds R'_1..R'_%d to N = %d (grundy.FirstLayers)", cfg.K+1, small), t)
	return thr, nil
}

// learnSuffix learns T_1..T_{K+1} with the bounded-suffix learner
// (automatic.LearnFunction) into res.T and res.Learned.
func learnSuffix(ctx context.Context, cfg Config, res *Result, say func(string, ...any), step func(string, time.Time)) (*NotConvergedError, error) {
	ns := res.System.NS
	small := min(cfg.N, cfg.Tier)
	thr, err := smallThresholds(ctx, cfg, small, say, step)
	if err != nil {
		return nil, err
	}
	t := time.Now()
	zero, err := thresholdZero(ctx, ns)
	if err != nil {
		return nil, err
	}
	res.T = []*automatic.Automaton{zero}
	var notConverged *NotConvergedError
	for g := 1; g <= cfg.K+1; g++ {
		l := Learned{G: g}
		tg := time.Now()
	sizes:
		for n := min(cfg.Start, cfg.N); ; n = min(10*n, cfg.N) {
			var f, whole []uint32
			if n <= small {
				f, whole = thr[g][:n+1], thr[g]
			} else {
				say("T_%d: R'_%d to N = %d (a pass of the engine of its own)", g, g, n)
				if f, err = layer(ctx, cfg.A, n, g); err != nil {
					return nil, err
				}
				whole = f
			}
			for _, m := range cfg.Suffixes {
				if ns.DigitsFor(uint64(n))-m < 2 {
					break
				}
				say("T_%d: learning on N = %d, suffixes of %d digits", g, n, m)
				a, st, err := automatic.LearnFunction(ctx, ns, f, m, cfg.MaxPrefix)
				if err == nil {
					if bad, ok := disagreement(a, whole); !ok {
						err = fmt.Errorf("%w: the guess from N = %d rejects (%d, %d)", automatic.ErrNotConverged, n, bad, whole[bad])
						st.Converged = false
					}
				}
				l.Attempts = append(l.Attempts, st)
				if err == nil {
					l.Converged, l.States = true, a.States()
					res.T = append(res.T, a)
					say("T_%d: %d states", g, a.States())
					break sizes
				}
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				if !errors.Is(err, automatic.ErrNotConverged) {
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
			notConverged = &NotConvergedError{G: g, N: cfg.N, Next: 10 * cfg.N, Stats: l.Attempts[len(l.Attempts)-1]}
			say("%v", notConverged)
			break
		}
	}
	step("learn T_g", t)
	thr = nil
	if cfg.N > small && len(res.T) > 1 {
		t = time.Now()
		say("checking every T_g against the engine to N = %d", cfg.N)
		if g, n, ok := checkGuesses(ctx, cfg.A, res.T, cfg.N); !ok {
			return nil, fmt.Errorf("grundyproof: the guess of T_%d rejects the engine's R'_%d(%d)", g, g, n)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		step(fmt.Sprintf("check every T_g against the engine to N = %d (streamed)", cfg.N), t)
	}
	return notConverged, nil
}
