package grundyproof

// The sweep: Run for every multiplier of a list (the atlas's farey:10:12),
// each to the largest K the learner reaches within a stated budget, in
// shards that can run anywhere, in any order, and again (the way package
// atlas computes the multiplier atlas). Its files, under ROOT/automata/:
//
//	plan.json            what the sweep was asked for (SweepPlan), written by every shard
//	mult=A/sweep.json    multiplier A's row (SweepRow): byte-stable, no times
//	mult=A/timing.json   its measurements (SweepTiming): time, CPU, peak memory, host
//	mult=A/...           its automata folder (Write), where something was proved
//	summary.json         the merged rows (SweepSummary), byte-stable
//	summary.md           the rows as a table, byte-stable (SummaryMarkdown)
//	edge.md              where the method ends (EdgeMarkdown), byte-stable
//	timings.md           the measurements of every multiplier (TimingsMarkdown)

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"time"

	au "fibnim/automatic"
	"fibnim/grundy"
	"fibnim/internal/rss"
)

// SweepConfig describes one shard's sweep.
type SweepConfig struct {
	Root  string              // results folder; the sweep is Root/automata/
	Plan  SweepPlan           // what the whole sweep asks (NewSweepPlan)
	Mine  []grundy.Multiplier // this shard's multipliers, in order
	Write FolderWriter        // writes a multiplier's automata folder
	// Done, if not nil, is called after each multiplier of the shard,
	// computed or found complete.
	Done func(SweepEvent)
	// Progress, if not nil, is told what Run is doing for multiplier a.
	Progress func(a grundy.Multiplier, line string)
}

// FolderWriter writes the automata folder dir of a run's result (the
// classes, their proof and what the command renders beside them: compute
// automata's report, figures). nc is the threshold that did not converge,
// or nil.
type FolderWriter func(dir string, res *Result, nc *NotConvergedError) error

// SweepEvent is one multiplier of a shard, done.
type SweepEvent struct {
	A            grundy.Multiplier
	Index, Total int  // the multiplier's place in the shard: 1..Total
	Skipped      bool // its row and folder were already there: nothing computed
	Row          SweepRow
	Timing       SweepTiming // zero when skipped
}

// The sweep's budget, per multiplier (SweepPlan):
//   - tables: the learner reads the engine's table to FirstTable (or N, if
//     smaller) first; a threshold that does not converge there is tried on
//     a table ten times larger, and so on up to N;
//   - states: no automaton of a proof step has more than StateBudget
//     states (automatic's budget; about 170 bytes a state at its peak, as
//     measured on cap at a = 28/11: 15,000,000 states, 2.5 GB, but more
//     elsewhere);
//   - CPU: no attempt uses more than CPUBudget of CPU time (the process's,
//     user and system), which a loaded machine stretches less than wall
//     time;
//   - memory: no attempt lets the process's resident set pass
//     MemoryBudget (the state budget alone does not bound it: at a =
//     18/7, cap passed 6 GiB below 20,000,000 states);
//   - a proof that passes one of these budgets at a step of value g is
//     tried once more with K = g-1 (the steps of values below g passed),
//     so that what can be proved within the budget is.
//
// An attempt that passed the CPU or the memory budget makes its row depend
// on the machine: the row says so.
const (
	FirstTable          = 1_000_000
	DefaultStateBudget  = 10_000_000
	DefaultMemoryBudget = 4 << 30
	DefaultCPUBudget    = 5 * time.Minute
	// DefaultEdgeBudget bounds the adder's search of a multiplier >= 7/2
	// (EdgeOf): about a second of CPU each.
	DefaultEdgeBudget = 200_000
)

// ErrCPUBudget and ErrMemoryBudget are the causes of an attempt stopped
// at its CPU or memory budget.
var (
	ErrCPUBudget    = errors.New("the CPU budget passed")
	ErrMemoryBudget = errors.New("the memory budget passed")
)

// Sweep runs the multipliers of cfg.Mine that have no row yet, in order:
// for each, the attempts of SweepPlan's budget (sweepOne), then its
// automata folder (cfg.Write, where something was proved), its timing and
// last its row (mult=A/sweep.json), each through a temporary file and a
// rename. Before the first it records the plan (SweepPlanFile), or checks
// that the plan already there is the same (else an error wrapping
// ErrOtherSweep). A multiplier whose row is there and valid, with its
// folder valid from its proof.json (readRowChecked), is skipped, so a
// killed shard started again resumes with the multiplier it was working
// on; a row that does not validate is an error, never overwritten. When
// ctx is done Sweep stops within about a second; the rows written so far
// stay.
func Sweep(ctx context.Context, cfg SweepConfig) (computed, skipped int, err error) {
	if err := cfg.Plan.check(); err != nil {
		return 0, 0, err
	}
	if err := writeSweepPlan(cfg.Root, cfg.Plan); err != nil {
		return 0, 0, err
	}
	for i, a := range cfg.Mine {
		if err := ctx.Err(); err != nil {
			return computed, skipped, err
		}
		ev := SweepEvent{A: a, Index: i + 1, Total: len(cfg.Mine)}
		row, err := readRowChecked(cfg.Root, a, cfg.Plan)
		switch {
		case err == nil:
			ev.Skipped, ev.Row = true, row
			skipped++
		case errors.Is(err, os.ErrNotExist):
			var prog func(string)
			if cfg.Progress != nil {
				prog = func(s string) { cfg.Progress(a, s) }
			}
			ev.Row, ev.Timing, err = sweepOne(ctx, cfg.Root, a, cfg.Plan, cfg.Write, prog)
			if err != nil {
				return computed, skipped, err
			}
			computed++
		default:
			return computed, skipped, err
		}
		if cfg.Done != nil {
			cfg.Done(ev)
		}
	}
	return computed, skipped, nil
}

// attemptResult is one attempt's Run.
type attemptResult struct {
	res *Result
	nc  *NotConvergedError
}

// sweepOne computes multiplier a's row and writes its files.
func sweepOne(ctx context.Context, root string, a grundy.Multiplier, plan SweepPlan, write FolderWriter, progress func(string)) (SweepRow, SweepTiming, error) {
	debug.FreeOSMemory() // the multiplier starts from a small heap, and its peak is its own
	reset := rss.ResetPeak()
	host, _ := os.Hostname()
	tm := SweepTiming{Format: TimingFormat, Multiplier: a.String(), Host: host, CPUs: runtime.NumCPU(), PeakIsOwn: reset}
	t0, c0 := time.Now(), rss.CPU()
	sys, err := SystemOf(a)
	if err != nil {
		return SweepRow{}, tm, err
	}
	row := SweepRow{Format: RowFormat, Multiplier: a.String(), C: sys.C, Numeration: sys.NS.Name(), Pisot: sys.Pisot,
		MaxG: plan.MaxG, ProvedUpTo: -1}
	dir := Dir(root, a)
	if !sys.Pisot {
		e, err := EdgeOf(ctx, sys, plan.EdgeBudget)
		if err != nil {
			return row, tm, err
		}
		row.Edge = &e
		row.Status = StatusNotPisot
	} else {
		best, attempts, err := attempts(ctx, a, plan, progress, &tm)
		if err != nil {
			return row, tm, err
		}
		row.Attempts = attempts
		row.Status = StatusShort
		if best.res != nil && best.res.Proof != nil {
			if err := write(dir, best.res, best.nc); err != nil {
				return row, tm, err
			}
			f, err := cachedFolder(dir, a)
			if err != nil {
				return row, tm, fmt.Errorf("the folder just written does not load: %w", err)
			}
			row.ProvedUpTo = f.Proved
			row.ClassStates = f.Record.Classes[:f.Proved+1]
			row.TableN = f.Record.TableN
			row.Largest = largestStates(f.Record)
			if f.Proved == plan.MaxG {
				row.Status = StatusProved
			}
		}
		row.Stop = stopReason(row, attempts)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return row, tm, err
	}
	tm.Seconds = time.Since(t0).Seconds()
	tm.CPUSeconds = (rss.CPU() - c0).Seconds()
	tm.PeakRSS = rss.HighWater()
	if err := writeJSON(filepath.Join(dir, TimingFile), tm); err != nil {
		return row, tm, err
	}
	if err := writeJSON(filepath.Join(dir, RowFile), row); err != nil {
		return row, tm, err
	}
	return row, tm, nil
}

// attempts runs the attempts of plan's budget for a Pisot multiplier a and
// returns the best (the most values proved, the first of equals) with the
// record of every attempt. Only ctx's own end is an error; budgets and
// thresholds that do not converge are attempts' outcomes.
func attempts(ctx context.Context, a grundy.Multiplier, plan SweepPlan, progress func(string), tm *SweepTiming) (attemptResult, []SweepAttempt, error) {
	var best attemptResult
	bestK := -1
	var out []SweepAttempt
	K, n := plan.MaxG, min(FirstTable, plan.N)
	for {
		at := SweepAttempt{K: K, N: n, ProvedUpTo: -1}
		t0 := time.Now()
		res, last, unconv, err := runAttempt(ctx, a, plan, K, n, progress)
		tm.Attempts = append(tm.Attempts, AttemptTiming{K: K, N: n, Seconds: time.Since(t0).Seconds()})
		if ctx.Err() != nil {
			return best, out, ctx.Err()
		}
		var nc *NotConvergedError
		var be *au.BudgetError
		stepG := -1
		switch {
		case err == nil:
			at.Outcome = OutcomeComplete
		case errors.As(err, &nc):
			at.Outcome = OutcomeNotConverged
			at.Step = fmt.Sprintf("T_%d", nc.G)
			at.Detail = nc.Error()
		case errors.As(err, &be):
			at.Outcome = OutcomeStateBudget
			at.Step = stepOf(err.Error())
			at.Detail = err.Error()
			stepG = valueOf(at.Step)
			at.NotConverged = unconv.text
		case errors.Is(err, ErrCPUBudget):
			at.Outcome = OutcomeCPUBudget
			at.Step = last
			at.Detail = fmt.Sprintf("%v (%v of CPU) during %s", ErrCPUBudget, plan.cpu(), last)
			stepG = valueOf(last)
			at.NotConverged = unconv.text
		case errors.Is(err, ErrMemoryBudget):
			at.Outcome = OutcomeMemoryBudget
			at.Step = last
			at.Detail = fmt.Sprintf("%v (%d MiB resident) during %s", ErrMemoryBudget, plan.MemoryMiB, last)
			stepG = valueOf(last)
			at.NotConverged = unconv.text
		default:
			return best, out, fmt.Errorf("a = %s, K = %d, N = %d: %w", a, K, n, err)
		}
		if res != nil && res.Proof != nil {
			at.ProvedUpTo = res.ProvedUpTo()
			if at.ProvedUpTo > bestK {
				best, bestK = attemptResult{res, nc}, at.ProvedUpTo
			}
		}
		out = append(out, at)
		switch {
		case nc != nil && n < plan.N:
			n = min(10*n, plan.N) // a larger table, the same K
		case stepG >= 0 && min(stepG-1, unconv.upTo(K)) > bestK:
			// The values below the step that passed the budget (and below
			// a threshold that did not converge).
			K = min(stepG-1, unconv.upTo(K))
		default:
			return best, out, nil
		}
	}
}

// unconverged is a threshold T_g that did not converge in an attempt that
// then stopped at a budget (Run's error is the budget's).
type unconverged struct {
	g    int // 0: none
	text string
}

// upTo is the largest K the attempt could have proved: g-2, or K.
func (u unconverged) upTo(K int) int {
	if u.g == 0 {
		return K
	}
	return u.g - 2
}

var notConvergedLine = regexp.MustCompile(`^the learner did not converge for T_([0-9]+) on the table to N = ([0-9]+)`)

// runAttempt is Run of a, K and table n under plan's budgets; last is the
// step it was at (the learner's threshold "T_g" or a proof step's name),
// unconv the threshold that did not converge, if one did.
func runAttempt(ctx context.Context, a grundy.Multiplier, plan SweepPlan, K, n int, progress func(string)) (res *Result, last string, unconv unconverged, err error) {
	actx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	stop := watch(actx, plan.cpu(), int64(plan.MemoryMiB)<<20, cancel)
	defer stop()
	last = "the thresholds (the breakpoint engine)"
	cfg := Config{A: a, N: n, K: K, Budget: plan.StateBudget, Start: min(100_000, n), Tier: min(n, FirstTable), Suffixes: plan.Suffixes,
		Progress: func(s string) {
			if st := progressStep(s); st != "" {
				last = st
			}
			if m := notConvergedLine.FindStringSubmatch(s); m != nil {
				g, _ := strconv.Atoi(m[1])
				N, _ := strconv.Atoi(m[2])
				unconv = unconverged{g, fmt.Sprintf("T_%d did not converge on the table to N = %s", g, group(N))}
			}
			if progress != nil {
				progress(s)
			}
		}}
	res, err = Run(actx, cfg)
	if cause := context.Cause(actx); err != nil && ctx.Err() == nil && (errors.Is(cause, ErrCPUBudget) || errors.Is(cause, ErrMemoryBudget)) {
		err = cause
	}
	return res, last, unconv, err
}

// watch cancels ctx with ErrCPUBudget once the process has used budget
// of CPU time from now, or with ErrMemoryBudget once its resident set
// passes mem bytes (0: no limit); stop ends the watch.
func watch(ctx context.Context, budget time.Duration, mem int64, cancel context.CancelCauseFunc) (stop func()) {
	c0 := rss.CPU()
	done := make(chan struct{})
	over := func() bool {
		if c0 >= 0 && budget > 0 && rss.CPU()-c0 > budget {
			cancel(ErrCPUBudget)
			return true
		}
		if mem > 0 && rss.Current() > mem {
			cancel(ErrMemoryBudget)
			return true
		}
		return false
	}
	if over() {
		// Already past a budget: the attempt stops at its first step,
		// however short it is (a check only at the ticks would miss an
		// attempt shorter than one).
		return func() {}
	}
	go func() {
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				if over() {
					return
				}
			}
		}
	}()
	return func() { close(done) }
}

var (
	stepPrefix  = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*): `)
	learnLine   = regexp.MustCompile(`^T_([0-9]+): `)
	proofLine   = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*) (holds|FAILS|defined)`)
	valueOfStep = regexp.MustCompile(`^(?:w|v|to|mex)([0-9]+)$`)
)

// stepOf is the name of the proof step an error of Prove starts with
// (automatic's errors are "NAME: ...").
func stepOf(msg string) string {
	if m := stepPrefix.FindStringSubmatch(msg); m != nil {
		return m[1]
	}
	return ""
}

// progressStep is the step a progress line of Run is at: "T_g" while the
// learner works on threshold g, "the step after NAME" once proof step NAME
// is done, the line itself for Run's other phases ("" for none).
func progressStep(line string) string {
	if m := learnLine.FindStringSubmatch(line); m != nil {
		return "T_" + m[1]
	}
	if m := proofLine.FindStringSubmatch(line); m != nil {
		return "the step after " + m[1]
	}
	for _, p := range []string{"thresholds ", "checking ", "defining "} {
		if _, ok := cutPrefix(line, p); ok {
			return line
		}
	}
	return ""
}

// valueOf is the value g whose mex proof a step belongs to (w_g, v_g,
// to_g, mex_g; "the step after NAME" is the next step: of NAME's value, or
// of the next value after mex_g), or -1 (the adder, cap, the theorems, the
// learner).
func valueOf(step string) int {
	s, after := cutPrefix(step, "the step after ")
	m := valueOfStep.FindStringSubmatch(s)
	if m == nil {
		return -1
	}
	g, _ := strconv.Atoi(m[1])
	if after && s == fmt.Sprintf("mex%d", g) {
		return g + 1
	}
	return g
}

func cutPrefix(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && s[:len(prefix)] == prefix {
		return s[len(prefix):], true
	}
	return s, false
}

// largestStates is the largest automaton of a folder's proof.
func largestStates(rec ProofRecord) int {
	m := 0
	for _, s := range rec.Steps {
		m = max(m, s.Largest)
	}
	return m
}

// stopReason says why a Pisot multiplier's row stops below MaxG, from its
// attempts ("" when it does not): each attempt's reason, in order, but a
// threshold that did not converge only on the largest table it was tried
// on.
func stopReason(row SweepRow, at []SweepAttempt) string {
	if row.ProvedUpTo == row.MaxG {
		return ""
	}
	var why []string
	for i, t := range at {
		switch t.Outcome {
		case OutcomeNotConverged:
			if slices.ContainsFunc(at[i+1:], func(u SweepAttempt) bool { return u.N > t.N }) {
				continue // a larger table was tried after: its outcome says more
			}
			why = append(why, fmt.Sprintf("%s did not converge on the table to N = %s", t.Step, group(t.N)))
		case OutcomeStateBudget:
			why = append(why, fmt.Sprintf("K = %d: %s passed the state budget%s", t.K, orStep(t.Step), alsoText(t.NotConverged)))
		case OutcomeCPUBudget:
			why = append(why, fmt.Sprintf("K = %d: the CPU budget passed during %s%s", t.K, t.Step, alsoText(t.NotConverged)))
		case OutcomeMemoryBudget:
			why = append(why, fmt.Sprintf("K = %d: the memory budget passed during %s%s", t.K, t.Step, alsoText(t.NotConverged)))
		case OutcomeComplete:
			if t.ProvedUpTo < t.K {
				why = append(why, fmt.Sprintf("K = %d: the mex statement of S_%d fails", t.K, t.ProvedUpTo+1))
			}
		}
	}
	s := ""
	for i, w := range why {
		if i > 0 {
			s += "; "
		}
		s += w
	}
	return s
}

func alsoText(s string) string {
	if s == "" {
		return ""
	}
	return " (and " + s + ")"
}

func orStep(s string) string {
	if s == "" {
		return "a proof step"
	}
	return s
}

// group writes x with commas between groups of three digits.
func group(x int) string {
	s := strconv.Itoa(x)
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	out := ""
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out += ","
		}
		out += string(c)
	}
	if neg {
		return "-" + out
	}
	return out
}
