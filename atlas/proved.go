package atlas

import (
	"errors"
	"os"
	"path/filepath"

	"fibnim/grundyproof"
)

// ProvedSummary is where a results folder keeps the sweep of proved Grundy
// classes over many multipliers (compute automata -mults ... -out
// ROOT/multipliers): the atlas's column "values proved for all n" comes
// from it.
const ProvedSummary = "multipliers/automata/summary.json"

// Proved is what the sweep proved, by multiplier: "0..K" (S_0..S_K proved
// for all n), "none", or "not Pisot" (a >= 7/2: not decidable by the
// method). Path is the summary it was read from, relative to the folder
// that holds the results folder.
type Proved struct {
	Path   string
	Values map[string]string
}

// ReadProved reads root's sweep summary (ProvedSummary; nil when there is
// none). A summary that is there but does not read is an error.
func ReadProved(root string) (*Proved, error) {
	path := filepath.Join(root, filepath.FromSlash(ProvedSummary))
	s, err := grundyproof.ReadSweepSummary(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	rel, err := filepath.Rel(filepath.Dir(filepath.Clean(root)), path)
	if err != nil {
		rel = path
	}
	p := &Proved{Path: filepath.ToSlash(rel), Values: map[string]string{}}
	for _, r := range s.Rows {
		p.Values[r.Multiplier] = r.ProvedText()
	}
	return p, nil
}

// value is the column's cell of multiplier a ("-" where the sweep has no
// row).
func (p *Proved) value(a string) string {
	if v, ok := p.Values[a]; ok {
		return v
	}
	return "-"
}
