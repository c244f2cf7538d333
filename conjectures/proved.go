package conjectures

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"fibnim/grundy"
	"fibnim/grundyproof"
)

// Proof says that a statement is proved for all n, and by what: the range
// check of its Result says what the tables show, the Proof what the
// automata prove (package grundyproof).
type Proof struct {
	For    string `json:"for"`    // "all n" (all (n, r) with r <= n)
	By     string `json:"by"`     // in words
	Folder string `json:"folder"` // the automata folder, relative to the results folder
	Claim  string `json:"claim"`  // the claim of its prove.txt
	Prover string `json:"prover"` // grundyproof.ProverVersion
	// Values is the largest value whose class the folder proves (the
	// theorem speaks of one class at most that).
	Values int `json:"values_proved"`
}

// checkOfTheorem is the ID of the range check of a grundyproof theorem:
// the paper's theorems are checked under their own names, Schwenk's rule
// as SCHWENK-strategy(a).
func checkOfTheorem(th grundyproof.Theorem) string {
	if th.Name == grundyproof.SchwenkTheorem().Name {
		return "SCHWENK-strategy"
	}
	return th.Name
}

// AttachProofs reads the automata folders of root (root/automata/mult=A,
// and under root/heavy and root/multipliers, the one that proves the most
// values of each a; grundyproof.LoadRoot, from proof.json where it
// matches the files) for every multiplier whose checks v holds, and marks
// each check whose statement a folder proves for all n (Result.Proved). A
// folder that does not load, or whose class files fail their statements,
// is an error naming them: verify must not pass over it.
func AttachProofs(ctx context.Context, root string, v *Verification) error {
	mults := map[string]grundy.Multiplier{}
	for _, r := range v.Results {
		m := r.Mult
		if m == "" {
			m = "2"
		}
		if a, err := grundy.ParseMultiplier(m); err == nil {
			mults[a.String()] = a
		}
	}
	for _, a := range mults {
		f, rel, err := bestFolder(ctx, root, a)
		if err != nil {
			return err
		}
		if f == nil {
			continue
		}
		if len(f.Failures) > 0 {
			return fmt.Errorf("%s: %s", f.Dir, f.Failures[0])
		}
		for _, th := range grundyproof.TheoremsOf(a) {
			if th.G > f.Proved || !theoremHolds(f, th) {
				continue
			}
			id := checkOfTheorem(th)
			for i := range v.Results {
				r := &v.Results[i]
				mult := r.Mult
				if mult == "" {
					mult = "2"
				}
				if r.ID != id || mult != a.String() {
					continue
				}
				r.Proved = &Proof{For: "all n", Folder: rel, Claim: th.Claim, Prover: f.Record.Prover, Values: f.Proved,
					By: fmt.Sprintf("automata: the claim %s of %s/prove.txt, over the classes S_0..S_%d proved by the mex induction, decided by fibnim's prover (%s); Walnut replays it", th.Claim, rel, f.Proved, f.Record.Prover)}
			}
		}
	}
	return nil
}

// theoremHolds reports whether the folder's proof.json holds th's claim.
func theoremHolds(f *grundyproof.Folder, th grundyproof.Theorem) bool {
	for _, s := range f.Record.Steps {
		if s.Name == th.Claim {
			return s.Holds != nil && *s.Holds
		}
	}
	return false
}

// bestFolder loads the automata folder of a that proves the most values
// (grundyproof.LoadBest); nil when there is none. rel is its path relative
// to root. A folder that does not load, or reads only in part, is an
// error: verify must not pass over it.
func bestFolder(ctx context.Context, root string, a grundy.Multiplier) (*grundyproof.Folder, string, error) {
	f, cands, err := grundyproof.LoadBest(ctx, root, a, grundyproof.BestOptions{})
	var none *grundyproof.NoFolderError
	if errors.As(err, &none) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", err
	}
	for _, c := range cands {
		if c.Err != nil {
			return nil, "", c.Err
		}
		if c.Damaged != "" {
			return nil, "", fmt.Errorf("%s: %v", c.Damaged, c.Damage)
		}
	}
	rel, _ := filepath.Rel(root, f.Dir)
	return f, filepath.ToSlash(rel), nil
}
