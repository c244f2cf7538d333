package atlas

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"fibnim/grundy"
	"fibnim/internal/atomicfile"
)

// PlanFile, in ROOT/atlas/, records what an atlas was asked for: the list
// as given, N, and the multipliers it stands for. Every shard writes it
// (the same bytes) before its first multiplier, so that the merge knows
// what must be there, whichever shards ran.
const PlanFile = "plan.json"

// Plan is what an atlas was asked for.
type Plan struct {
	List        string   `json:"list"`        // the LIST as first given
	N           int      `json:"n"`           // every table covers 0..N
	Multipliers []string `json:"multipliers"` // exactly, sorted by value
}

// NewPlan is the plan of a sorted list (ParseList) to size N.
func NewPlan(list string, mults []grundy.Multiplier, N int) Plan {
	p := Plan{List: list, N: N}
	for _, a := range mults {
		p.Multipliers = append(p.Multipliers, a.String())
	}
	return p
}

// Mults parses the plan's multipliers.
func (p Plan) Mults() ([]grundy.Multiplier, error) {
	return grundy.ParseExactList(p.Multipliers)
}

// ErrOtherPlan is returned, wrapped, when a folder already holds an atlas
// of another list or N.
var ErrOtherPlan = errors.New("holds an atlas of another list or N")

// Dir is the atlas folder under a results folder.
func Dir(root string) string { return filepath.Join(root, dirName) }

// SummaryPath is multiplier a's summary file under root.
func SummaryPath(root string, a grundy.Multiplier) string {
	return filepath.Join(Dir(root), a.FolderName(), SummaryFile)
}

// checkPlan checks that the plan under root, if there is one, has the same
// N and multipliers as p (the list's text may differ: 2..3 and 2,3 are one
// list): else an error wrapping ErrOtherPlan.
func checkPlan(root string, p Plan) error {
	_, err := havePlan(root, p)
	return err
}

// havePlan is checkPlan, and reports whether a plan is there.
func havePlan(root string, p Plan) (bool, error) {
	old, err := ReadPlan(root)
	switch {
	case err == nil:
		if old.N != p.N || !slices.Equal(old.Multipliers, p.Multipliers) {
			return true, fmt.Errorf("%s %w (-mults %q -n %d, %d multipliers)", Dir(root), ErrOtherPlan, old.List, old.N, len(old.Multipliers))
		}
		return true, nil
	case errors.Is(err, os.ErrNotExist):
		return false, nil
	}
	return false, err
}

// writePlan records p under root, or checks that the plan already there
// has the same N and multipliers (checkPlan).
func writePlan(root string, p Plan) error {
	if there, err := havePlan(root, p); there || err != nil {
		return err
	}
	if err := os.MkdirAll(Dir(root), 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(Dir(root), PlanFile), append(b, '\n'))
}

// ReadPlan reads the plan of the atlas under root. A missing plan gives an
// error satisfying errors.Is(err, os.ErrNotExist).
func ReadPlan(root string) (Plan, error) {
	path := filepath.Join(Dir(root), PlanFile)
	b, err := os.ReadFile(path)
	if err != nil {
		return Plan{}, err
	}
	var p Plan
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return Plan{}, fmt.Errorf("%s: not an atlas plan: %v", path, err)
	}
	if len(p.Multipliers) == 0 || p.N < 0 {
		return Plan{}, fmt.Errorf("%s: not an atlas plan: no multipliers, or N < 0", path)
	}
	if _, err := p.Mults(); err != nil {
		return Plan{}, fmt.Errorf("%s: not an atlas plan: %v", path, err)
	}
	return p, nil
}
