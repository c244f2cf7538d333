package grundyproof

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"fibnim/grundy"
	"fibnim/internal/atomicfile"
)

// The merged sweep's files, in ROOT/automata/.
const (
	SummaryJSON   = "summary.json"
	SummaryMD     = "summary.md"
	EdgeMD        = "edge.md"
	TimingsMD     = "timings.md"
	SummaryFormat = "fibnim-automata-sweep/1"
)

// SweepSummary is summary.json: the plan and every multiplier's row, in
// the plan's order. It holds no time (timings.md does), so a sweep made in
// shards, in one process or on a cluster writes the same bytes (unless a
// row's attempt stopped at the CPU or memory budget: MachineDependent).
type SweepSummary struct {
	Format string     `json:"format"`
	Plan   SweepPlan  `json:"plan"`
	Rows   []SweepRow `json:"rows"`
}

// Row returns the row of multiplier a.
func (s *SweepSummary) Row(a grundy.Multiplier) (SweepRow, bool) {
	for _, r := range s.Rows {
		if r.Multiplier == a.String() {
			return r, true
		}
	}
	return SweepRow{}, false
}

// IncompleteSweepError is MergeSweep's error when multipliers of the plan
// have no row yet.
type IncompleteSweepError struct {
	Root    string
	Missing []string
	Total   int
}

func (e *IncompleteSweepError) Error() string {
	show := e.Missing[:min(len(e.Missing), 5)]
	more := ""
	if len(e.Missing) > len(show) {
		more = ", ..."
	}
	return fmt.Sprintf("the sweep is incomplete: %d of %d multipliers have no row under %s (a = %s%s)", len(e.Missing), e.Total, SweepDir(e.Root), strings.Join(show, ", "), more)
}

// MergeSweep gathers the sweep under root: the plan, every multiplier's row
// checked against its automata folder (from proof.json alone), and the
// timings. ROOT/automata/ must hold nothing else than the plan, the merged
// files and the plan's multipliers' folders. It writes nothing (see
// WriteSweep). A missing row is an *IncompleteSweepError naming the first.
func MergeSweep(root string) (*SweepSummary, []SweepTiming, error) {
	plan, err := ReadSweepPlan(root)
	if err != nil {
		return nil, nil, err
	}
	mults, _ := plan.Mults() // ReadSweepPlan checked them
	inPlan := map[string]bool{}
	for _, a := range mults {
		inPlan[a.FolderName()] = true
	}
	ents, err := os.ReadDir(SweepDir(root))
	if err != nil {
		return nil, nil, err
	}
	for _, e := range ents {
		name := e.Name()
		switch {
		case strings.HasPrefix(name, "."), atomicfile.IsJournal(name):
		case !e.IsDir() && (name == SweepPlanFile || name == SummaryJSON || name == SummaryMD || name == EdgeMD || name == TimingsMD):
		case e.IsDir() && inPlan[name]:
		default:
			return nil, nil, fmt.Errorf("%s: %w: %s is not part of the sweep of -mults %q (only its plan, its merged files and its multipliers' folders belong there)", SweepDir(root), ErrInvalidSweep, name, plan.List)
		}
	}
	s := &SweepSummary{Format: SummaryFormat, Plan: plan}
	var timings []SweepTiming
	var missing []string
	for _, a := range mults {
		row, err := readRowChecked(root, a, plan)
		if errors.Is(err, os.ErrNotExist) {
			missing = append(missing, a.String())
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		s.Rows = append(s.Rows, row)
		var tm SweepTiming
		if err := readJSON(filepath.Join(Dir(root, a), TimingFile), &tm); err == nil && tm.Multiplier == a.String() {
			timings = append(timings, tm)
		}
	}
	if len(missing) > 0 {
		return nil, nil, &IncompleteSweepError{Root: root, Missing: missing, Total: len(mults)}
	}
	return s, timings, nil
}

// WriteSweep writes summary.json, summary.md, edge.md and timings.md under
// ROOT/automata as one set (atomicfile.FileSet): a merge stopped part way
// leaves the earlier files, or its journal, which the next merge completes
// first (recovered says so). machine describes where the timings were
// measured, for timings.md.
func WriteSweep(root string, s *SweepSummary, timings []SweepTiming, machine string) (recovered bool, err error) {
	dir := SweepDir(root)
	set, recovered, err := atomicfile.NewFileSet(dir, "automata-merge")
	if err != nil {
		return recovered, err
	}
	defer set.Abort()
	js, err := s.Marshal()
	if err != nil {
		return recovered, err
	}
	for _, f := range []struct {
		name string
		data []byte
	}{
		{SummaryJSON, js},
		{SummaryMD, SummaryMarkdown(s)},
		{EdgeMD, EdgeMarkdown(s)},
		{TimingsMD, TimingsMarkdown(s, timings, machine)},
	} {
		if err := set.Add(filepath.Join(dir, f.name), f.data); err != nil {
			return recovered, err
		}
	}
	return recovered, set.Commit()
}

// Marshal is summary.json's bytes.
func (s *SweepSummary) Marshal() ([]byte, error) {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// ReadSweepSummary reads ROOT/automata/summary.json (the path given) and
// checks it: its format, its plan, one valid row per multiplier of the
// plan, in its order. It does not look at the folders (MergeSweep does).
// A missing file gives an error satisfying errors.Is(err, os.ErrNotExist).
func ReadSweepSummary(path string) (*SweepSummary, error) {
	var s SweepSummary
	if err := readJSON(path, &s); err != nil {
		return nil, err
	}
	bad := func(format string, args ...any) (*SweepSummary, error) {
		return nil, fmt.Errorf("%s: %w: %s", path, ErrInvalidSweep, fmt.Sprintf(format, args...))
	}
	if s.Format != SummaryFormat {
		return bad("format %q, want %q", s.Format, SummaryFormat)
	}
	if err := s.Plan.check(); err != nil {
		return bad("%v", err)
	}
	mults, _ := s.Plan.Mults()
	if len(s.Rows) != len(mults) {
		return bad("%d rows for the plan's %d multipliers", len(s.Rows), len(mults))
	}
	for i, a := range mults {
		r := s.Rows[i]
		if err := r.valid(a); err != nil {
			return bad("row %d: %v", i+1, err)
		}
		if r.MaxG != s.Plan.MaxG {
			return bad("row of a = %s: values 0..%d asked, the plan asks 0..%d", a, r.MaxG, s.Plan.MaxG)
		}
		if below := a.Rat().Cmp(PisotLimit) < 0; below != r.Pisot {
			return bad("row of a = %s: pisot is %v", a, r.Pisot)
		}
	}
	return &s, nil
}

// SummaryPath is summary.json under a results folder: where the committed
// sweep lives (ROOT/multipliers/automata/summary.json for ROOT = results).
func SummaryPath(root string) string { return filepath.Join(SweepDir(root), SummaryJSON) }

// ProvedText is what a row says of the values proved for all n, for the
// atlas's column and the note: "0..8", "none", or "not Pisot".
func (r SweepRow) ProvedText() string {
	switch {
	case !r.Pisot:
		return "not Pisot"
	case r.ProvedUpTo < 0:
		return "none"
	}
	return fmt.Sprintf("0..%d", r.ProvedUpTo)
}

// KText is "K = 7", or "nothing proved".
func (r SweepRow) KText() string {
	if r.ProvedUpTo < 0 {
		return "nothing proved"
	}
	return fmt.Sprintf("K = %d", r.ProvedUpTo)
}

// Cause is why a row stops short, in a few words, from its last attempt:
// the budget or the threshold that bound it (for grouping the short rows).
func (r SweepRow) Cause() string {
	if len(r.Attempts) == 0 {
		return ""
	}
	t := r.Attempts[len(r.Attempts)-1]
	switch {
	case t.Outcome == OutcomeNotConverged:
		return fmt.Sprintf("a threshold did not converge on the table to N = %s", group(t.N))
	case t.Outcome == OutcomeStateBudget && t.Step == "cap":
		return "cap(k, t) (t = floor(a k)) passed the state budget"
	case t.Outcome == OutcomeStateBudget:
		return "a proof step passed the state budget"
	case t.Outcome == OutcomeCPUBudget:
		return "the CPU budget passed"
	case t.Outcome == OutcomeComplete && t.ProvedUpTo < t.K:
		return "a learned class fails its mex statement"
	}
	return t.Outcome
}

// ShortCause is the short rows of one cause, in the summary's order.
type ShortCause struct {
	Cause string
	Rows  []SweepRow
}

// ShortByCause groups Counts().Short by Cause, in order of first
// appearance.
func (c SweepCounts) ShortByCause() []ShortCause {
	var out []ShortCause
	at := map[string]int{}
	for _, r := range c.Short {
		k := r.Cause()
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, ShortCause{Cause: k})
		}
		out[i].Rows = append(out[i].Rows, r)
	}
	return out
}

// SweepCounts are the summary's tallies.
type SweepCounts struct {
	Pisot, NotPisot int // rows below and from 7/2
	AtLeast         int // Pisot rows with K >= Target
	Full            int // Pisot rows with every value asked proved
	MinK, MaxK      int // over the Pisot rows
	None            int // Pisot rows with nothing proved
	Short           []SweepRow
}

// Range says how far the Pisot rows got: "K from 6 to 8", "K up to 8;
// nothing proved for 12", "nothing proved".
func (c SweepCounts) Range() string {
	switch {
	case c.MaxK < 0:
		return "nothing proved"
	case c.None > 0:
		return fmt.Sprintf("K up to %d; nothing proved for %d", c.MaxK, c.None)
	}
	return fmt.Sprintf("K from %d to %d", c.MinK, c.MaxK)
}

// Target is the K issue 45 asks of every multiplier below 7/2.
const Target = 8

// Counts tallies the summary's rows.
func (s *SweepSummary) Counts() SweepCounts {
	c := SweepCounts{MinK: 1 << 30, MaxK: -1}
	for _, r := range s.Rows {
		if !r.Pisot {
			c.NotPisot++
			continue
		}
		c.Pisot++
		c.MinK, c.MaxK = min(c.MinK, r.ProvedUpTo), max(c.MaxK, r.ProvedUpTo)
		if r.ProvedUpTo < 0 {
			c.None++
		}
		if r.ProvedUpTo >= min(Target, s.Plan.MaxG) {
			c.AtLeast++
		} else {
			c.Short = append(c.Short, r)
		}
		if r.ProvedUpTo == s.Plan.MaxG {
			c.Full++
		}
	}
	return c
}

// SummaryMarkdown renders summary.md from the summary alone (no times).
func SummaryMarkdown(s *SweepSummary) []byte {
	var b bytes.Buffer
	p := s.Plan
	c := s.Counts()
	target := min(Target, p.MaxG)
	fmt.Fprintf(&b, "# Grundy values proved for all n, multiplier by multiplier\n\n")
	fmt.Fprintf(&b, "Written by `compute automata -merge` from the rows of `compute automata -mults %s -max-g %d -n %d` (summary.json holds the same rows;\n", p.List, p.MaxG, p.N)
	fmt.Fprintf(&b, "docs/automata.md, \"The sweep\"). For each multiplier a below 7/2 the classes S_g = {(n, r) : G(n, r) = g} were learned from the\n")
	fmt.Fprintf(&b, "breakpoint table and proved for all n by the mex induction over the numeration of a's P-position piles (prover `%s`);\n", p.Prover)
	fmt.Fprintf(&b, "each proved folder is `mult=A/` (gG.txt, prove.txt for Walnut, proof.json). The budget of each multiplier: values 0..%d;\n", p.MaxG)
	fmt.Fprintf(&b, "tables to N = %s first, ten times larger for a threshold that does not converge, up to N = %s; at most %s states in any\n", group(min(FirstTable, p.N)), group(p.N), group(p.StateBudget))
	fmt.Fprintf(&b, "automaton of a proof, %d s of CPU and %d MiB resident per attempt; a proof that passes one of them at the step of value g is tried again\n", p.CPUSeconds, p.MemoryMiB)
	fmt.Fprintf(&b, "with K = g-1.\n")
	fmt.Fprintf(&b, "Time and peak memory are measurements: they are in [timings.md](timings.md), not here, so that this file is the same on every machine.\n\n")
	fmt.Fprintf(&b, "**%d multipliers below 7/2: K >= %d for %d of them", c.Pisot, target, c.AtLeast)
	if c.Pisot > 0 {
		fmt.Fprintf(&b, " (%s; all of 0..%d for %d)", c.Range(), p.MaxG, c.Full)
	}
	fmt.Fprintf(&b, ".** %d multipliers from 7/2 on: %s ([edge.md](edge.md)).\n\n", c.NotPisot, NotPisotText)
	if len(c.Short) > 0 {
		fmt.Fprintf(&b, "Below K = %d (%d):\n\n", target, len(c.Short))
		for _, r := range c.Short {
			fmt.Fprintf(&b, "- a = %s: %s; %s.\n", r.Multiplier, r.KText(), r.Stop)
		}
		b.WriteString("\n")
	}
	if dep := machineDependent(s); len(dep) > 0 {
		fmt.Fprintf(&b, "The rows of a = %s stopped at the CPU or memory budget in some attempt: they may differ on another machine.\n\n", strings.Join(dep, ", "))
	}
	b.WriteString("| a | c | numeration | K proved | states of S_0..S_K | table N | largest automaton | stops because |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|\n")
	for _, r := range s.Rows {
		if !r.Pisot {
			fmt.Fprintf(&b, "| %s | %d | msd_%s | - | - | - | - | %s (%s) |\n", r.Multiplier, r.C, r.Numeration, NotPisotText, r.Edge.Short())
			continue
		}
		k, sizes, n, big := "none", "-", "-", "-"
		if r.ProvedUpTo >= 0 {
			k = strconv.Itoa(r.ProvedUpTo)
			sizes = ints(r.ClassStates)
			n = group(r.TableN)
			big = group(r.Largest)
		}
		stop := r.Stop
		if stop == "" {
			stop = fmt.Sprintf("values 0..%d asked, all proved", r.MaxG)
		}
		link := r.Multiplier
		if r.ProvedUpTo >= 0 {
			link = fmt.Sprintf("[%s](%s/report.md)", r.Multiplier, folderOf(r.Multiplier))
		}
		fmt.Fprintf(&b, "| %s | %d | msd_%s | %s | %s | %s | %s | %s |\n", link, r.C, r.Numeration, k, sizes, n, big, stop)
	}
	return b.Bytes()
}

func machineDependent(s *SweepSummary) []string {
	var out []string
	for _, r := range s.Rows {
		if r.MachineDependent() {
			out = append(out, r.Multiplier)
		}
	}
	return out
}

func folderOf(mult string) string {
	a, err := grundy.ParseMultiplier(mult)
	if err != nil {
		return grundy.FolderPrefix + mult
	}
	return a.FolderName()
}

func ints(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}

// Short is the edge in a few words, for a table cell.
func (e Edge) Short() string {
	switch {
	case !e.Searched:
		return fmt.Sprintf("c = %d; the adder's search not run: %s", e.C, e.Why)
	case e.Closed:
		return fmt.Sprintf("c = %d; the adder's search closed at %s states", e.C, group(e.Explored))
	}
	last := e.PerLength[max(0, len(e.PerLength)-3):]
	trend := "still growing"
	if !e.Growing() {
		trend = "not closed"
	}
	return fmt.Sprintf("c = %d; the adder's search passed %s states at digit length %d, new states per length ... %s, %s", e.C, group(e.Budget), len(e.PerLength)-1, joinGroups(last), trend)
}

func joinGroups(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = group(x)
	}
	return strings.Join(s, ", ")
}

// EdgeMarkdown renders edge.md from the summary's rows from 7/2 on: one
// section per c, with the Pisot reason and the adder's search of each
// multiplier, and the search of a Pisot band for contrast (the adder
// built for the band's numeration is in its folders).
func EdgeMarkdown(s *SweepSummary) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Where the method ends: a >= 7/2\n\n")
	fmt.Fprintf(&b, "Written by `compute automata -merge` from summary.json (docs/automata.md, \"The edge\"). The proofs of summary.md need addition\n")
	fmt.Fprintf(&b, "in the numeration of the game's P-position piles to be computed by a finite automaton. The weights follow\n")
	fmt.Fprintf(&b, "f_{k+1} = f_k + f_{k-c} (Frankl & Tokushige, Theorem 1), and for c <= 3 (a < 7/2) the dominant root of x^{c+1} - x^c - 1 is a\n")
	fmt.Fprintf(&b, "Pisot number, so addition is automatic (Frougny 1992; Frougny & Solomyak 1996; Bruyère & Hansel 1997) and the adder's\n")
	fmt.Fprintf(&b, "search closes. From a = 7/2 on, c >= 4 and it is not:\n\n")
	fmt.Fprintf(&b, "- c = 4 (a in [7/2, 43/11)): x^5 - x^4 - 1 = (x^2 - x + 1)(x^3 - x - 1), and the two roots of x^2 - x + 1, e^{±i pi/3}, lie on the unit circle.\n")
	fmt.Fprintf(&b, "- A root of modulus 1 solves |x - 1| = 1 and x^c (x - 1) = 1, so it is e^{±i pi/3} and c = 4 mod 6 (c = 4, 10, 16, 22): exactly then are there roots on the circle.\n")
	fmt.Fprintf(&b, "- The other roots, computed (Durand-Kerner, then Newton; moduli to 1e-9): the table gives, for each c, how many lie outside the unit circle besides the dominant root, and the largest modulus among them.\n\n")
	fmt.Fprintf(&b, "The adder's search (automatic.BuildAdder: deficit vectors x + y - z carried digit by digit, states whose dominant part passes the bound\n")
	fmt.Fprintf(&b, "dropped) closes for c <= 3: its states new at each digit length fall to none. From c = 4 on, run with a state budget of %s, it\n", group(s.Plan.EdgeBudget))
	fmt.Fprintf(&b, "does not close: the states new at each length keep growing until the budget stops it. The search's state holds c <= 11; beyond,\n")
	fmt.Fprintf(&b, "only the roots speak. **So the multipliers from 7/2 on are not decidable by this method: numeration not Pisot.** That is a limit of\n")
	fmt.Fprintf(&b, "the method, not a statement that their Grundy classes are not automatic.\n\n")
	byC := map[int][]SweepRow{}
	var cs []int
	for _, r := range s.Rows {
		if r.Pisot || r.Edge == nil {
			continue
		}
		if _, ok := byC[r.C]; !ok {
			cs = append(cs, r.C)
		}
		byC[r.C] = append(byC[r.C], r)
	}
	sort.Ints(cs)
	if len(cs) == 0 {
		b.WriteString("The sweep's list has no multiplier from 7/2 on.\n")
		return b.Bytes()
	}
	b.WriteString("| c | multipliers | dominant root | roots on the unit circle | roots outside besides the dominant | largest other modulus | the adder's search |\n")
	b.WriteString("|---|---|---|---|---|---|---|\n")
	for _, c := range cs {
		rows := byC[c]
		e := rows[0].Edge
		var ms []string
		for _, r := range rows {
			ms = append(ms, r.Multiplier)
		}
		search := "not run (c > 11)"
		if e.Searched {
			open, growing := 0, 0
			for _, r := range rows {
				if !r.Edge.Closed {
					open++
				}
				if r.Edge.Growing() {
					growing++
				}
			}
			search = fmt.Sprintf("not closed for %d of %d (new states per length still growing at the budget for %d)", open, len(rows), growing)
		}
		fmt.Fprintf(&b, "| %d | %d: %s | %.6f | %d | %d | %.6f | %s |\n", c, len(rows), rangeText(ms), e.Dominant, e.OnCircle, e.Outside, e.MaxOther, search)
	}
	b.WriteString("\nThe searches, multiplier by multiplier (states first reached after each digit length, from length 0):\n\n")
	for _, c := range cs {
		for _, r := range byC[c] {
			e := r.Edge
			if !e.Searched {
				continue
			}
			verdict := fmt.Sprintf("passed the budget of %s states", group(e.Budget))
			if e.Closed {
				verdict = fmt.Sprintf("closed at %s states", group(e.Explored))
			}
			fmt.Fprintf(&b, "- a = %s (c = %d, msd_%s): %s: %s\n", r.Multiplier, c, r.Numeration, verdict, ints(e.PerLength))
		}
	}
	return b.Bytes()
}

func rangeText(ms []string) string {
	if len(ms) <= 4 {
		return strings.Join(ms, ", ")
	}
	return ms[0] + ", " + ms[1] + ", ..., " + ms[len(ms)-1]
}

// TimingsMarkdown renders timings.md: what each multiplier of the sweep
// took, as measured, and where (machine: a sentence on the machine and its
// load, from the command line of the merge).
func TimingsMarkdown(s *SweepSummary, timings []SweepTiming, machine string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# What the sweep took\n\n")
	fmt.Fprintf(&b, "Written by `compute automata -merge` from each multiplier's timing.json: measurements, not results, so they are kept out of\n")
	fmt.Fprintf(&b, "summary.json and summary.md. Seconds are wall time of all the multiplier's attempts and its folder's writing; CPU is the process's\n")
	fmt.Fprintf(&b, "CPU time over the same span; the peak is the resident set's high-water mark, reset before each multiplier (Linux), so it is the\n")
	fmt.Fprintf(&b, "multiplier's own.")
	if machine != "" {
		fmt.Fprintf(&b, " %s", machine)
	}
	b.WriteString("\n\n")
	byA := map[string]SweepTiming{}
	hosts := map[string]bool{}
	var total, cpu float64
	for _, t := range timings {
		byA[t.Multiplier] = t
		hosts[fmt.Sprintf("%s (%d CPUs)", t.Host, t.CPUs)] = true
		total += t.Seconds
		cpu += t.CPUSeconds
	}
	var hs []string
	for h := range hosts {
		hs = append(hs, h)
	}
	sort.Strings(hs)
	fmt.Fprintf(&b, "%d multipliers timed, %.0f s of wall time and %.0f s of CPU in all, on %s.\n\n", len(timings), total, cpu, strings.Join(hs, ", "))
	b.WriteString("| a | K proved | seconds | CPU seconds | peak memory | attempts (K, N: seconds) | host |\n")
	b.WriteString("|---|---|---|---|---|---|---|\n")
	for _, r := range s.Rows {
		t, ok := byA[r.Multiplier]
		if !ok {
			fmt.Fprintf(&b, "| %s | %s | - | - | - | - | no timing.json |\n", r.Multiplier, r.ProvedText())
			continue
		}
		var at []string
		for _, x := range t.Attempts {
			at = append(at, fmt.Sprintf("%d, %s: %.1f", x.K, group(x.N), x.Seconds))
		}
		peak := "-"
		if t.PeakRSS > 0 {
			peak = fmt.Sprintf("%.0f MiB", float64(t.PeakRSS)/(1<<20))
			if !t.PeakIsOwn {
				peak += " (process)"
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %.1f | %.1f | %s | %s | %s |\n", r.Multiplier, r.ProvedText(), t.Seconds, t.CPUSeconds, peak, strings.Join(at, "; "), t.Host)
	}
	return b.Bytes()
}

// Below reports whether a < 7/2 (PisotLimit).
func Below(a grundy.Multiplier) bool { return a.Rat().Cmp(PisotLimit) < 0 }
