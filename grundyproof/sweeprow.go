package grundyproof

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"fibnim/grundy"
	"fibnim/internal/atomicfile"
)

// The sweep's files (sweep.go), their formats, and the statuses of a row.
const (
	SweepPlanFile = "plan.json"
	RowFile       = "sweep.json"
	TimingFile    = "timing.json"

	PlanFormat   = "fibnim-automata-sweep-plan/1"
	RowFormat    = "fibnim-automata-sweep-row/1"
	TimingFormat = "fibnim-automata-sweep-timing/1"

	StatusProved   = "proved"        // S_0..S_MaxG proved
	StatusShort    = "short"         // fewer values proved than asked: Stop says why
	StatusNotPisot = "not decidable" // a >= 7/2: not decidable by this method

	OutcomeComplete     = "complete"      // Run finished: every value asked was learned and its statement decided
	OutcomeNotConverged = "not converged" // a threshold did not converge on the table
	OutcomeStateBudget  = "state budget"  // a proof step passed the state budget
	OutcomeCPUBudget    = "CPU budget"    // the attempt passed the CPU budget
	OutcomeMemoryBudget = "memory budget" // the attempt passed the memory budget
)

// NotPisotText is what a row of a multiplier >= 7/2 says.
const NotPisotText = "not decidable by this method: numeration not Pisot"

// ErrOtherSweep is returned, wrapped, when a folder already holds a sweep
// of another list or budget.
var ErrOtherSweep = errors.New("holds a sweep of another list, K, N or budget")

// ErrInvalidSweep is wrapped by the errors of a sweep's files that do not
// read or do not agree.
var ErrInvalidSweep = errors.New("not a valid sweep file")

// SweepPlan is what a sweep was asked for: the list, the values, the
// largest table and the budgets (sweep.go says how they are spent). Every
// shard writes it before its first multiplier, and a shard of another plan
// refuses the folder.
type SweepPlan struct {
	Format      string   `json:"format"`
	List        string   `json:"list"`
	MaxG        int      `json:"max_g"`
	N           int      `json:"n"`
	Suffixes    []int    `json:"suffixes"`
	StateBudget int      `json:"state_budget"`
	CPUSeconds  int      `json:"cpu_budget_seconds"`
	MemoryMiB   int      `json:"memory_budget_mib"`
	EdgeBudget  int      `json:"edge_budget"`
	Prover      string   `json:"prover"`
	Multipliers []string `json:"multipliers"`
}

// NewSweepPlan is the plan of a sorted list (atlas.ParseList) with the
// given values, table and budgets (zero budgets: the defaults).
func NewSweepPlan(list string, mults []grundy.Multiplier, maxG, N, stateBudget int, cpu time.Duration, memory int64, edgeBudget int, suffixes []int) SweepPlan {
	if stateBudget == 0 {
		stateBudget = DefaultStateBudget
	}
	if cpu == 0 {
		cpu = DefaultCPUBudget
	}
	if memory == 0 {
		memory = DefaultMemoryBudget
	}
	if edgeBudget == 0 {
		edgeBudget = DefaultEdgeBudget
	}
	if suffixes == nil {
		suffixes = []int{6, 8, 10, 12, 14, 16}
	}
	p := SweepPlan{Format: PlanFormat, List: list, MaxG: maxG, N: N, Suffixes: slices.Clone(suffixes), StateBudget: stateBudget,
		CPUSeconds: int(cpu.Round(time.Second) / time.Second), MemoryMiB: int(memory >> 20), EdgeBudget: edgeBudget, Prover: ProverVersion}
	for _, a := range mults {
		p.Multipliers = append(p.Multipliers, a.String())
	}
	return p
}

func (p SweepPlan) cpu() time.Duration { return time.Duration(p.CPUSeconds) * time.Second }

// check reports a plan that cannot run.
func (p SweepPlan) check() error {
	switch {
	case p.Format != PlanFormat:
		return fmt.Errorf("grundyproof: plan format %q", p.Format)
	case len(p.Multipliers) == 0:
		return errors.New("grundyproof: a sweep of no multipliers")
	case p.MaxG < 0 || p.N < 1000 || p.StateBudget < 1 || p.CPUSeconds < 1 || p.MemoryMiB < 1 || p.EdgeBudget < 1 || len(p.Suffixes) == 0:
		return fmt.Errorf("grundyproof: plan: K = %d, N = %d, budgets %d states, %d s, %d MiB, edge %d, %d suffix lengths", p.MaxG, p.N, p.StateBudget, p.CPUSeconds, p.MemoryMiB, p.EdgeBudget, len(p.Suffixes))
	}
	_, err := p.Mults()
	return err
}

// Mults parses the plan's multipliers (exactly written, increasing).
func (p SweepPlan) Mults() ([]grundy.Multiplier, error) {
	return grundy.ParseExactList(p.Multipliers)
}

// SweepDir is the sweep's folder under a results folder: ROOT/automata.
func SweepDir(root string) string { return filepath.Join(root, "automata") }

// writeSweepPlan records p under root, or checks that the plan already
// there is the same (the list's text may differ: 2..3 and 2,3 are one list).
func writeSweepPlan(root string, p SweepPlan) error {
	old, err := ReadSweepPlan(root)
	switch {
	case err == nil:
		o, q := old, p
		o.List, q.List = "", ""
		a, _ := json.Marshal(o)
		b, _ := json.Marshal(q)
		if !bytes.Equal(a, b) {
			return fmt.Errorf("%s %w (-mults %q -max-g %d -n %d, state budget %d, CPU budget %d s, %d multipliers)", SweepDir(root), ErrOtherSweep, old.List, old.MaxG, old.N, old.StateBudget, old.CPUSeconds, len(old.Multipliers))
		}
		return nil
	case !errors.Is(err, os.ErrNotExist):
		return err
	}
	if err := os.MkdirAll(SweepDir(root), 0o755); err != nil {
		return err
	}
	return writeJSON(filepath.Join(SweepDir(root), SweepPlanFile), p)
}

// ReadSweepPlan reads the plan of the sweep under root. A missing plan
// gives an error satisfying errors.Is(err, os.ErrNotExist).
func ReadSweepPlan(root string) (SweepPlan, error) {
	path := filepath.Join(SweepDir(root), SweepPlanFile)
	var p SweepPlan
	if err := readJSON(path, &p); err != nil {
		return p, err
	}
	if err := p.check(); err != nil {
		return p, fmt.Errorf("%s: %w: %v", path, ErrInvalidSweep, err)
	}
	return p, nil
}

// SweepRow is one multiplier's row of the sweep (mult=A/sweep.json): what
// was proved and why it stops there, with the evidence. It holds no time.
type SweepRow struct {
	Format     string `json:"format"`
	Multiplier string `json:"multiplier"`
	C          int    `json:"c"`
	Numeration string `json:"numeration"` // Walnut's msd_NAME
	Pisot      bool   `json:"pisot"`
	Status     string `json:"status"` // StatusProved, StatusShort or StatusNotPisot
	MaxG       int    `json:"max_g"`  // values asked
	// ProvedUpTo is K: S_0..S_K proved for all n (-1: none).
	ProvedUpTo  int   `json:"proved_up_to"`
	ClassStates []int `json:"class_states,omitempty"` // states of S_0..S_K
	TableN      int   `json:"table_n,omitempty"`      // the table the proved classes were learned from
	Largest     int   `json:"largest_states,omitempty"`
	// Stop says why ProvedUpTo < MaxG, from the attempts.
	Stop     string         `json:"stop,omitempty"`
	Attempts []SweepAttempt `json:"attempts,omitempty"`
	// Edge is the adder's search of a multiplier >= 7/2 (EdgeOf).
	Edge *Edge `json:"edge,omitempty"`
}

// SweepAttempt is one Run of a multiplier's sweep.
type SweepAttempt struct {
	K          int    `json:"k"` // values asked
	N          int    `json:"n"` // the largest table the learner might read
	Outcome    string `json:"outcome"`
	ProvedUpTo int    `json:"proved_up_to"`
	Step       string `json:"step,omitempty"`   // the threshold or proof step where it stopped
	Detail     string `json:"detail,omitempty"` // the error, verbatim
	// NotConverged names a threshold that did not converge in an attempt
	// that then stopped at a budget.
	NotConverged string `json:"not_converged,omitempty"`
}

// MachineDependent reports whether the row depends on the machine: an
// attempt stopped by the CPU budget (its speed) or the memory budget (its
// memory allocator and garbage collector).
func (r SweepRow) MachineDependent() bool {
	return slices.ContainsFunc(r.Attempts, func(a SweepAttempt) bool {
		return a.Outcome == OutcomeCPUBudget || a.Outcome == OutcomeMemoryBudget
	})
}

// SweepTiming is what one multiplier's sweep measured (mult=A/timing.json):
// kept apart from the row, so that rows are the same bytes on every machine.
type SweepTiming struct {
	Format     string  `json:"format"`
	Multiplier string  `json:"multiplier"`
	Host       string  `json:"host"`
	CPUs       int     `json:"cpus"`
	Seconds    float64 `json:"seconds"`     // wall time, all attempts and the folder's writing
	CPUSeconds float64 `json:"cpu_seconds"` // CPU time of the process over the same span
	PeakRSS    int64   `json:"peak_rss_bytes"`
	// PeakIsOwn is true when the process's peak was reset before the
	// multiplier (Linux): PeakRSS is then this multiplier's own, else
	// the process's so far.
	PeakIsOwn bool            `json:"peak_is_own"`
	Attempts  []AttemptTiming `json:"attempts,omitempty"`
}

// AttemptTiming is one attempt's wall time.
type AttemptTiming struct {
	K       int     `json:"k"`
	N       int     `json:"n"`
	Seconds float64 `json:"seconds"`
}

// writeJSON writes v as indented JSON through a temporary file and a rename.
func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(path, append(b, '\n'))
}

// readJSON reads path into v, refusing unknown fields and trailing data.
func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%s: %w: %v", path, ErrInvalidSweep, err)
	}
	if dec.More() {
		return fmt.Errorf("%s: %w: data after the object", path, ErrInvalidSweep)
	}
	return nil
}

// ReadRow reads multiplier a's row under root and checks it on its own:
// its format, multiplier, a status that fits its numbers. A missing row
// gives an error satisfying errors.Is(err, os.ErrNotExist).
func ReadRow(root string, a grundy.Multiplier) (SweepRow, error) {
	path := filepath.Join(Dir(root, a), RowFile)
	var r SweepRow
	if err := readJSON(path, &r); err != nil {
		return r, err
	}
	if err := r.valid(a); err != nil {
		return r, fmt.Errorf("%s: %w: %v", path, ErrInvalidSweep, err)
	}
	return r, nil
}

// valid checks a row's own consistency.
func (r SweepRow) valid(a grundy.Multiplier) error {
	switch {
	case r.Format != RowFormat:
		return fmt.Errorf("format %q, want %q", r.Format, RowFormat)
	case r.Multiplier != a.String():
		return fmt.Errorf("it is the row of a = %s, not %s", r.Multiplier, a)
	case r.ProvedUpTo < -1 || r.ProvedUpTo > r.MaxG:
		return fmt.Errorf("proved_up_to %d outside -1..%d", r.ProvedUpTo, r.MaxG)
	case len(r.ClassStates) != r.ProvedUpTo+1:
		return fmt.Errorf("%d class sizes for S_0..S_%d", len(r.ClassStates), r.ProvedUpTo)
	}
	switch r.Status {
	case StatusNotPisot:
		if r.Pisot || r.Edge == nil || r.ProvedUpTo != -1 {
			return errors.New("a row not decidable has a numeration not Pisot, its edge, and nothing proved")
		}
	case StatusProved:
		if !r.Pisot || r.ProvedUpTo != r.MaxG || r.Stop != "" {
			return fmt.Errorf("status proved, but %d of 0..%d proved", r.ProvedUpTo, r.MaxG)
		}
	case StatusShort:
		if !r.Pisot || r.ProvedUpTo >= r.MaxG || r.Stop == "" || len(r.Attempts) == 0 {
			return errors.New("status short, but all values proved, or no reason, or no attempt")
		}
		if want := stopReason(r, r.Attempts); r.Stop != want {
			return fmt.Errorf("stop %q, but its attempts say %q", r.Stop, want)
		}
	default:
		return fmt.Errorf("status %q", r.Status)
	}
	return nil
}

// readRowChecked reads multiplier a's row and checks it against the plan
// and its automata folder: proved from proof.json alone (cachedFolder),
// with the same K, class sizes and table.
func readRowChecked(root string, a grundy.Multiplier, plan SweepPlan) (SweepRow, error) {
	r, err := ReadRow(root, a)
	if err != nil {
		return r, err
	}
	path := filepath.Join(Dir(root, a), RowFile)
	if r.MaxG != plan.MaxG {
		return r, fmt.Errorf("%s: %w: values 0..%d asked, the plan asks 0..%d", path, ErrInvalidSweep, r.MaxG, plan.MaxG)
	}
	if r.ProvedUpTo < 0 {
		return r, nil
	}
	f, err := cachedFolder(Dir(root, a), a)
	if err != nil {
		return r, fmt.Errorf("%s: %w: its automata folder: %v", path, ErrInvalidSweep, err)
	}
	if f.Proved != r.ProvedUpTo || !slices.Equal(f.Record.Classes[:f.Proved+1], r.ClassStates) || f.Record.TableN != r.TableN {
		return r, fmt.Errorf("%s: %w: the row says S_0..S_%d of sizes %v from N = %d, proof.json S_0..S_%d of sizes %v from N = %d",
			path, ErrInvalidSweep, r.ProvedUpTo, r.ClassStates, r.TableN, f.Proved, f.Record.Classes[:f.Proved+1], f.Record.TableN)
	}
	return r, nil
}

// cachedFolder loads the automata folder dir from its proof.json alone: a
// folder whose proof.json does not match its files is an error here, not
// proved again (Load with a done context proves nothing).
func cachedFolder(dir string, a grundy.Multiplier) (*Folder, error) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f, err := Load(ctx, dir, a, LoadOptions{})
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return nil, fmt.Errorf("%s: its proof.json does not match its files (or is missing)", dir)
		}
		return nil, err
	}
	if !f.Cached {
		return nil, fmt.Errorf("%s: its proof.json does not match its files", dir)
	}
	return f, nil
}
