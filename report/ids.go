package report

import "strings"

// The ids of the checks (package conjectures names them) that the LaTeX
// tables and the note single out. They are spelt here and nowhere else
// in this package, in package paper or in their tests, so a renamed check
// is a change of one line.
var IDs = struct {
	ConjUpper   string // the closing conjecture's upper half, a = 2: its stats hold by_decade
	ConjLower   string // its lower half: its stats hold h, the log fit and the differences
	Lower53     string // Theorem 5.3's lower bound: its stats hold least_C
	Upper53     string
	Brilliant   string
	FTTable1    string
	FTCProved   string
	OEISA003411 string
	// The statements put for every multiplier a, as MultID(base, a) names them.
	MultBases []string
	// GlobalPrefix begins the id of every check of the global game, and
	// GlobalStartP (a base id) is its lemma on the P-positions at the start.
	GlobalPrefix string
	GlobalStartP string
}{
	ConjUpper:    "LRS-conj-upper",
	ConjLower:    "LRS-conj-lower",
	Lower53:      "LRS-5.3-log-lower",
	Upper53:      "LRS-5.3-sqrt-upper",
	Brilliant:    "BRILLIANT-count",
	FTTable1:     "FT-table1",
	FTCProved:    "FT-c-proved",
	OEISA003411:  "OEIS-A003411",
	MultBases:    []string{"FT-P-positions", "SCHWENK-strategy", "LRS-5.2", "LRS-5.3-step", "LRS-conj-upper"},
	GlobalPrefix: "GLOBAL-",
	GlobalStartP: "GLOBAL-start-P",
}

// MultID is the id of statement base put for multiplier a ("2", "5/2").
func MultID(base, a string) string { return base + "(a=" + a + ")" }

// MultOf is the multiplier of an id that MultID made ("" for another id).
func MultOf(id string) string {
	if i := strings.Index(id, "(a="); i > 0 && strings.HasSuffix(id, ")") {
		return id[i+3 : len(id)-1]
	}
	return ""
}

// BaseID is id without a multiplier's suffix: MultID(base, a) gives base.
func BaseID(id string) string {
	if i := strings.Index(id, "(a="); i > 0 && strings.HasSuffix(id, ")") {
		return id[:i]
	}
	return id
}

// texStatements are the statements of the checks in LaTeX, short enough
// for a table's cell, by id (BaseID for the statements put for every a).
// A check missing here is shown by its id alone.
var texStatements = map[string]string{
	"LRS-4.1":            `Thm 4.1: $G(n,r)=0$ iff $r<z_1(n)$`,
	"LRS-4.5":            `Thm 4.5: the cells of value $1$`,
	"LRS-4.6":            `Thm 4.6: the cells of value $2$`,
	"LRS-4.7":            `Thm 4.7: the cells of value $3$`,
	"LRS-5.1":            `Thm 5.1: $G(n,n-1)$ off $F$`,
	"LRS-5.2":            `Thm 5.2: $G(n)\le G(n+1)\le G(n)+1$`,
	"LRS-5.3-log-lower":  `Thm 5.3: $\log_{3/2} n\le G(n)$`,
	"LRS-5.3-sqrt-upper": `Thm 5.3: $G(n)\le\lceil 2\sqrt n\,\rceil+1$`,
	"LRS-conj-lower":     `Conj.: $G(n)+1\le G(\lceil 3n/2\rceil)$`,
	"LRS-conj-upper":     `Conj.: $G(\lceil 3n/2\rceil)\le G(n)+2$`,
	"WHI-strategy":       `Whinihan: take $z_1(n)$`,
	"WHI-start":          `Whinihan: $G(n,n-1)=0$ on $F$`,
	"BRILLIANT-count":    `Brilliant: first-player wins`,
	"FT-1":               `F\&T Thm 1 (i)--(v), eq.\ (1)`,
	"FT-2":               `F\&T Thm 2 (vi), (vii)`,
	"FT-c-proved":        `Lemma: $c(a)$ proved`,
	"FT-table1":          `F\&T Table 1 as printed`,
	"OEIS-A003411":       `A003411's recurrence`,
	"OEIS-A003413":       `A003413's terms`,
}

// texMultStatements are the statements put for every multiplier a, by
// their base id. LRS-5.3-step(a) is not LRS-5.3-log-lower: for a = 2 it is
// the step n -> n + ceil(n/2) of Theorem 5.3's proof, not the printed bound.
var texMultStatements = map[string]string{
	"FT-P-positions":   `$G(n,n-1)=0\iff n\in F(a)$`,
	"SCHWENK-strategy": `$G(n,r)=0\iff r<z_1(n)$, greedy by $F(a)$`,
	"LRS-5.2":          `$G(n)\le G(n+1)\le G(n)+1$`,
	"LRS-5.3-step":     `$G(n+\lceil n/a\rceil)\ge G(n)+1$`,
	"LRS-conj-upper":   `$G(n+\lceil n/a\rceil)\le G(n)+2$`,
}
