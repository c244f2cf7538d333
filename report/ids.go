package report

import "fibnim/conjectures"

// The ids of the checks that the report, the LaTeX tables and the note
// single out. Package conjectures names them (its registry); they are
// spelt nowhere in this package, in package paper or in their tests, so a
// renamed check is a change in its own file.
var IDs = struct {
	ConjUpper   string // the closing conjecture's upper half, a = 2: its stats hold by_decade
	ConjLower   string // its lower half: its stats hold h, the log fit and the differences
	Lower53     string // Theorem 5.3's lower bound: its stats hold least_C
	Upper53     string
	Brilliant   string
	FTTable1    string
	FTCProved   string
	OEISA003411 string
	// The statements put for every multiplier a, as MultID(base, a) names
	// them, in the order of the registry.
	MultBases []string
	// GlobalPrefix begins the id of every check of the global game, and
	// GlobalStartP (a base id) is its lemma on the P-positions at the start.
	GlobalPrefix string
	GlobalStartP string
}{
	ConjUpper:    conjectures.IDConjUpper,
	ConjLower:    conjectures.IDConjLower,
	Lower53:      conjectures.IDLower53,
	Upper53:      conjectures.IDUpper53,
	Brilliant:    conjectures.IDBrilliant,
	FTTable1:     conjectures.IDFTTable1,
	FTCProved:    conjectures.IDFTCProved,
	OEISA003411:  conjectures.IDOEISA003411,
	MultBases:    statementIDs(conjectures.EveryMultiplier),
	GlobalPrefix: conjectures.GlobalPrefix,
	GlobalStartP: conjectures.IDGlobalStartP,
}

func statementIDs(scope conjectures.Scope) []string {
	var ids []string
	for _, s := range conjectures.Statements(scope) {
		ids = append(ids, s.ID)
	}
	return ids
}

// MultID is the id of statement base put for multiplier a ("2", "5/2").
func MultID(base, a string) string { return conjectures.MultID(base, a) }

// MultOf is the multiplier of an id that MultID made ("" for another id).
func MultOf(id string) string { return conjectures.MultOf(id) }

// BaseID is id without a multiplier's suffix: MultID(base, a) gives base.
func BaseID(id string) string { return conjectures.BaseID(id) }

// isGlobal reports whether r is a check of the global game.
func isGlobal(id string) bool {
	s, ok := conjectures.Lookup(id)
	return ok && s.Scope == conjectures.Global
}

// isOEIS reports whether r compares with an OEIS entry.
func isOEIS(id string) bool {
	s, ok := conjectures.Lookup(id)
	return ok && s.Scope == conjectures.OEIS
}

// texStatement0 is the statement of a check in LaTeX, short enough for a
// table's cell (Statement.TeX in the registry), or "" where it has none.
func texStatement0(id string) string {
	s, _ := conjectures.Lookup(id)
	return s.TeX
}
