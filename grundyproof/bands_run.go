package grundyproof

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"

	au "fibnim/automatic"
	"fibnim/grundy"
	"fibnim/internal/atomicfile"
)

// BandsFile is the band theorems' file under ROOT/automata.
const BandsFile = "bands.json"

// BandRecord is one band theorem in bands.json: "for every real a in
// [From, To), the positions of values 0..MaxValue are those of a = Like",
// proved, or failed with what failed.
type BandRecord struct {
	From       string `json:"from"` // included
	To         string `json:"to"`   // excluded
	Like       string `json:"like"`
	Numeration string `json:"numeration"`
	MaxValue   int    `json:"max_value"`
	Status     string `json:"status"` // "proved" or "failed"
	// Method: "class by class", or "sandwich" where the sandwich claims
	// hold to MaxValue too.
	Method string `json:"method,omitempty"`
	// SandwichUpTo is the largest J whose sandwich claims hold.
	SandwichUpTo int `json:"sandwich_up_to"`
	// Failed: the claim that failed and its least counterexample.
	FailedClaim string            `json:"failed_claim,omitempty"`
	Least       map[string]string `json:"least_counterexample,omitempty"`
	// RefutedBy is a multiplier of the band and a position where its
	// positions of values 0..MaxValue differ from Like's (brute force):
	// the statement is false, not merely unproved. Absent when none was
	// found on n <= WitnessN.
	RefutedBy *BandWitness `json:"refuted_by,omitempty"`
	WitnessN  int          `json:"witness_searched_to,omitempty"`
	// LargestStates is the largest automaton the proof built.
	LargestStates int `json:"largest_states"`
}

// BandsConfig says what RunBands proves.
type BandsConfig struct {
	MaxJ     []int // the largest value tried in each of Bands (nil: 4, 5, 6, 5)
	N        int   // the table the like multipliers' classes are learned from (0: 10^5)
	Budget   int
	Progress func(string)
}

// RunBands proves, for each of the four Pisot bands, the band theorem of
// the largest J it can (up to MaxJ), like the band's left end, whose
// classes it learns and proves first (Run), and looks for a refutation of
// the first J that fails (FindBandWitness, on n up to the failure + 20).
// It returns two records a band: the proved J and the failed J+1 (one when
// every J tried was proved).
func RunBands(ctx context.Context, cfg BandsConfig) ([]BandRecord, error) {
	if cfg.MaxJ == nil {
		cfg.MaxJ = []int{4, 5, 6, 5}
	}
	if cfg.N == 0 {
		cfg.N = 100000
	}
	say := func(format string, args ...any) {
		if cfg.Progress != nil {
			cfg.Progress(fmt.Sprintf(format, args...))
		}
	}
	var out []BandRecord
	for i, b := range Bands {
		J := cfg.MaxJ[i]
		like := grundy.Multiplier{P: uint64(b.From.Num().Int64()), Q: uint64(b.From.Denom().Int64())}
		say("band [%s, %s): the classes of a = %s to %d", b.From.RatString(), b.To.RatString(), like, J)
		res, err := Run(ctx, Config{A: like, N: cfg.N, K: J, Budget: cfg.Budget})
		if err != nil && res == nil {
			return nil, err
		}
		J = min(J, res.ProvedUpTo())
		if J < 0 {
			return nil, fmt.Errorf("grundyproof: a = %s: no class proved", like)
		}
		br, err := ProveBand(ctx, b.From, b.To, res.System, res.S, J, BandOptions{Budget: cfg.Budget, Step: func(r au.Result) {
			if r.Kind == au.ClaimStep {
				say("band [%s, %s): %s", b.From.RatString(), b.To.RatString(), StepLine(r))
			}
		}})
		if err != nil {
			return nil, err
		}
		base := BandRecord{From: b.From.RatString(), To: b.To.RatString(), Like: like.String(), Numeration: res.System.NS.Name(),
			SandwichUpTo: br.Sandwich, LargestStates: br.Largest.States}
		if br.Proved >= 0 {
			r := base
			r.MaxValue, r.Status, r.Method = br.Proved, "proved", string(ClassCheck)
			if br.Sandwich >= br.Proved {
				r.Method = string(Sandwich)
			}
			out = append(out, r)
		}
		if br.Failed != "" {
			r := base
			r.MaxValue, r.Status, r.FailedClaim = br.Proved+1, "failed", br.Failed
			r.Least = map[string]string{}
			n := 0
			for _, x := range br.Least {
				r.Least[x.Var] = x.Value.String()
				if x.Var == "n" && x.Value.IsInt64() {
					n = int(x.Value.Int64())
				}
			}
			r.WitnessN = min(n+20, 200)
			say("band [%s, %s): looking for a multiplier that refutes values 0..%d, on n <= %d", b.From.RatString(), b.To.RatString(), r.MaxValue, r.WitnessN)
			if r.RefutedBy, err = FindBandWitness(ctx, b.From, b.To, like, r.MaxValue, r.WitnessN); err != nil {
				return nil, err
			}
			out = append(out, r)
		}
	}
	return out, nil
}

// BandClaim names what proved a band theorem.
type BandClaim string

const (
	Sandwich   BandClaim = "sandwich"
	ClassCheck BandClaim = "class by class"
)

// WriteBands writes the records to ROOT/automata/bands.json.
func WriteBands(root string, recs []BandRecord) error {
	dir := filepath.Join(root, "automata")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(recs, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(dir, BandsFile), append(b, '\n'))
}

// ReadBands reads ROOT/automata/bands.json.
func ReadBands(root string) ([]BandRecord, error) {
	b, err := os.ReadFile(filepath.Join(root, "automata", BandsFile))
	if err != nil {
		return nil, err
	}
	var recs []BandRecord
	if err := json.Unmarshal(b, &recs); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(root, "automata", BandsFile), err)
	}
	for _, r := range recs {
		if _, ok := new(big.Rat).SetString(r.From); !ok || r.Status != "proved" && r.Status != "failed" {
			return nil, fmt.Errorf("%s: a record of [%s, %s) is not a band theorem", filepath.Join(root, "automata", BandsFile), r.From, r.To)
		}
	}
	return recs, nil
}
