package conjectures

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
)

// The statistics a check attaches to its Result, one Go type per check
// that has them. The json tags are the keys of checks.json (Result.Stats),
// which readers of checks.json depend on: they must not change. A check
// fills its type and stores it with setStats; a reader (package report,
// package paper, package atlas, the README's findings, Verify itself)
// gets it back with StatsOf, which works the same on a Result fresh from
// a check and on one read from checks.json, and returns an error rather
// than a zero value when a key holds something of another type.

// ConjLowerStats are LRS-conj-lower's statistics: those of the start
// values (h(g), its ratios, the log fit) and the distribution of the
// difference G(ceil(3n/2)) - G(n), shared with the upper half.
//
// The fit (LogFit) is over FitRange, with the estimator FitEstimator
// names; FitByDecade is the same fit on each decade alone. A checks.json
// without fit_estimator was written before the estimator was named, by
// ordinary least squares (every n weighted alike), and has no
// fit_by_decade.
type ConjLowerStats struct {
	Differences    []DifferenceCount `json:"differences"`
	FitAlpha       float64           `json:"fit_alpha"`
	FitBeta        float64           `json:"fit_beta"`
	FitByDecade    []LogFit          `json:"fit_by_decade,omitempty"`
	FitEstimator   string            `json:"fit_estimator,omitempty"`
	FitMaxAtN      int64             `json:"fit_max_at_n"`
	FitMaxResidual float64           `json:"fit_max_residual"`
	FitRange       string            `json:"fit_range"`
	FitRMSResidual float64           `json:"fit_rms_residual"`
	H              []int64           `json:"h"`       // h(g), the first n with G(n) = g
	HRatio         []float64         `json:"h_ratio"` // h(g+1)/h(g) for g >= 1
}

// StepStats are the statistics of the closing conjecture's upper half (and
// of its analogue put for a): the distribution of G(n + ceil(n/a)) - G(n),
// in all and by decade of n.
type StepStats struct {
	ByDecade    []DecadeCount     `json:"by_decade"`
	Differences []DifferenceCount `json:"differences"`
}

// DifferenceCount is how often the difference takes one value.
type DifferenceCount struct {
	Count      int64 `json:"count"`
	Difference int64 `json:"difference"`
	FirstN     int64 `json:"first_n"`
}

// DecadeCount is how often the difference takes one value for n in
// [10^Decade, 10^(Decade+1)), with the first and last such n.
type DecadeCount struct {
	Count      int64 `json:"count"`
	Decade     int64 `json:"decade"`
	Difference int64 `json:"difference"`
	FirstN     int64 `json:"first_n"`
	LastN      int64 `json:"last_n"`
}

// LowerBoundStats are LRS-5.3-log-lower's: the least C with
// log_{3/2}(n) - C <= G(n) on the range.
type LowerBoundStats struct {
	LeastC           float64 `json:"least_C"`
	LeastCAttainedAt int64   `json:"least_C_attained_at_n"`
	LeastCMeaning    string  `json:"least_C_meaning"`
}

// BrilliantStats are BRILLIANT-count's.
type BrilliantStats struct {
	FirstPlayerWins int64 `json:"first_player_wins"`
}

// PE366Stats are PE366's: the sum and M(n) for n = 1..100.
type PE366Stats struct {
	M   []int64 `json:"M_1_to_100"`
	Sum int64   `json:"sum"`
}

// FTProofStats are FT-c-proved's.
type FTProofStats struct {
	LargestProvedFrom int64 `json:"largest_proved_from"`
	NotProved         int64 `json:"not_proved"`
	Proved            int64 `json:"proved"`
}

// OEISStats are the OEIS checks': what a holding check means, and for
// A003411 the lemma's window.
type OEISStats struct {
	LemmaWindowEndK int64  `json:"lemma_window_end_K,omitempty"`
	Meaning         string `json:"meaning"`
	ProvedForNFrom  int64  `json:"proved_for_n_from,omitempty"`
}

// GlobalStats are the global game's checks' counts; each check sets its
// own (the others are left out of checks.json).
type GlobalStats struct {
	Below             *int64 `json:"below,omitempty"`
	Equal             *int64 `json:"equal,omitempty"`
	GlobalNLocalP     *int64 `json:"global_N_local_P,omitempty"`
	GlobalPLocalN     *int64 `json:"global_P_local_N,omitempty"`
	PPositions        *int64 `json:"p_positions,omitempty"`
	PredictedFKMinus1 *int64 `json:"predicted_F_k_minus_1,omitempty"`
	SameValue         *int64 `json:"same_value,omitempty"`
	TheTermBefore     *int64 `json:"the_term_before,omitempty"`
}

// setStats stores v, a statistics type of this file, as r.Stats: the keys
// of its json tags, with values as checks.json holds them (numbers as
// json.Number, so that integers stay exact).
func (r *Result) setStats(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		panic("conjectures: statistics that do not encode: " + err.Error())
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var m map[string]any
	if err := d.Decode(&m); err != nil {
		panic("conjectures: statistics that do not decode: " + err.Error())
	}
	r.Stats = m
}

// StatsOf decodes r's statistics into the type T (one of this file's). It
// reports false, with no error, where r has none (a check that did not
// run, or has no statistics at that range), and an error where a key
// holds a value T cannot take: a reader never reads a silent zero.
func StatsOf[T any](r Result) (T, bool, error) {
	var v T
	if len(r.Stats) == 0 {
		return v, false, nil
	}
	b, err := json.Marshal(r.Stats)
	if err != nil {
		return v, false, fmt.Errorf("%s: statistics: %v", r.ID, err)
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return v, false, fmt.Errorf("%s: statistics: %v", r.ID, err)
	}
	return v, true, nil
}

func ptr[T any](x T) *T { return &x }

// Stat decodes the one statistic key of r into v, the field of its type
// (StatsOf) that a reader needs alone. It reports false, with no error,
// where r has no such key, and an error where the key holds a value v
// cannot take.
func (r Result) Stat(key string, v any) (bool, error) {
	x, ok := r.Stats[key]
	if !ok {
		return false, nil
	}
	b, err := json.Marshal(x)
	if err == nil {
		err = json.Unmarshal(b, v)
	}
	if err != nil {
		return false, fmt.Errorf("%s: statistic %s: %v", r.ID, key, err)
	}
	return true, nil
}

// statsTypeOf is the statistics type of the check of id, as a strict
// decoder (nil for a check without statistics).
func statsTypeOf(id string) func(Result) error {
	strict := func(v any) func(Result) error {
		return func(r Result) error {
			b, err := json.Marshal(r.Stats)
			if err != nil {
				return err
			}
			d := json.NewDecoder(bytes.NewReader(b))
			d.DisallowUnknownFields()
			return d.Decode(v)
		}
	}
	base := BaseID(id)
	switch {
	case base == IDConjLower:
		return strict(&ConjLowerStats{})
	case base == IDConjUpper:
		return strict(&StepStats{})
	case base == IDLower53:
		return strict(&LowerBoundStats{})
	case base == IDBrilliant:
		return strict(&BrilliantStats{})
	case base == "PE366":
		return strict(&PE366Stats{})
	case base == IDFTCProved:
		return strict(&FTProofStats{})
	case len(base) > 5 && base[:5] == "OEIS-":
		return strict(&OEISStats{})
	case len(base) > 7 && base[:7] == "GLOBAL-":
		return strict(&GlobalStats{})
	}
	return nil
}

// ValidateStats decodes the statistics of every result into its check's
// type, refusing a key the type does not have and a value of another
// type: package report, package paper, the README's findings and the
// atlas call it on what they read, so that a renamed key or a changed type
// is an error, never a statistic silently read as zero.
func ValidateStats(results []Result) error {
	for _, r := range results {
		if len(r.Stats) == 0 {
			continue
		}
		dec := statsTypeOf(r.ID)
		if dec == nil {
			return fmt.Errorf("%s: statistics %v, of no type known to package conjectures", r.ID, keys(r.Stats))
		}
		if err := dec(r); err != nil {
			return fmt.Errorf("%s: statistics: %v", r.ID, err)
		}
	}
	return nil
}

func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
